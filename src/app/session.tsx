import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ session, children }: { session: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The one session actor of the page (main.tsx creates it; tests pass their own with faked effects). */
export function useSessionActor(): SessionActor {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSessionActor needs <AppProviders session={...}>');
  return session;
}
