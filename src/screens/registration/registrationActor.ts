import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { RegistrationSnapshot, registrationMachine } from '../../../machines/registration.machine';

export type RegistrationActor = ActorRefFrom<typeof registrationMachine>;

/** Reads one value of the registration journey; re-renders only when that value changes. */
export function useRegistration<T>(
  registration: RegistrationActor,
  selector: (snapshot: RegistrationSnapshot) => T,
): T {
  return useSelector(registration, selector);
}
