import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { staffSessionMachine } from '../../machines/staffSession.machine';
import type { ApiClient } from '../api/client';

/** What the back office's screens reach: its own API client (the staff token) and the staff session (./backOffice.tsx). */
export type StaffSessionActor = ActorRefFrom<typeof staffSessionMachine>;

export type BackOffice = { api: ApiClient; session: StaffSessionActor };
export const BackOfficeContext = createContext<BackOffice | null>(null);

export function useBackOffice(): BackOffice {
  const value = useContext(BackOfficeContext);
  if (!value) throw new Error('useBackOffice needs <BackOfficeProviders>');
  return value;
}
