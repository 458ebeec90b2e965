import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { LoginSnapshot, loginMachine } from '../../../machines/login.machine';

export type LoginActor = ActorRefFrom<typeof loginMachine>;

/** Reads one value of the login journey; re-renders only when that value changes. */
export function useLogin<T>(login: LoginActor, selector: (snapshot: LoginSnapshot) => T): T {
  return useSelector(login, selector);
}
