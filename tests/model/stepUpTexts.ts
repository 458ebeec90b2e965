import type { StepUpMethod } from '../../schemas/stepUp.schema';

/** The button that picks a way to confirm a sensitive action (src/ui/OneTimeCodeStep.tsx and the journeys' own). */
export function stepUpMethodButton(option: StepUpMethod): string {
  if (option.method === 'totp') return 'Use a code from your authenticator app';
  return `Send a code by ${option.method === 'email' ? 'email' : 'SMS'} to ${option.destination}`;
}
