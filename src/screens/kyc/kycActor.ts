import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type {
  IdentityVerificationSnapshot,
  identityVerificationMachine,
} from '../../../machines/identityVerification.machine';

export type KycActor = ActorRefFrom<typeof identityVerificationMachine>;

/** Reads one value of the identity verification journey; re-renders only when that value changes. */
export function useKyc<T>(kyc: KycActor, selector: (snapshot: IdentityVerificationSnapshot) => T): T {
  return useSelector(kyc, selector);
}
