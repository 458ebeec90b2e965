import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { OnboardingSnapshot, onboardingMachine } from '../../../machines/onboarding.machine';

export type OnboardingActor = ActorRefFrom<typeof onboardingMachine>;

/** Reads one value of the onboarding journey; re-renders only when that value changes. */
export function useOnboarding<T>(
  onboarding: OnboardingActor,
  selector: (snapshot: OnboardingSnapshot) => T,
): T {
  return useSelector(onboarding, selector);
}
