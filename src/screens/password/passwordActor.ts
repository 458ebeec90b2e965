import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PasswordLinkSnapshot, passwordLinkMachine } from '../../../machines/passwordLink.machine';

export type PasswordLinkActor = ActorRefFrom<typeof passwordLinkMachine>;
export type PasswordLinkLogic = typeof passwordLinkMachine;

/** Reads one value of the password journey; re-renders only when that value changes. */
export function usePasswordLink<T>(
  journey: PasswordLinkActor,
  selector: (snapshot: PasswordLinkSnapshot) => T,
): T {
  return useSelector(journey, selector);
}
