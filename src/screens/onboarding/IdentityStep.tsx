import { FormattedMessage, useIntl } from 'react-intl';
import {
  identityChecked,
  selectIdentityVerification,
  selectOnboardingBusy,
} from '../../../machines/onboarding.machine';
import { Button } from '../../ui/Button';
import { StepHeading } from '../../ui/StepHeading';
import { WizardActions } from '../../ui/WizardFrame';
import { IdentitySummary } from './IdentitySummary';
import { useOnboarding, type OnboardingActor } from './onboardingActor';
import { OnboardingErrorAlert } from './StepFrame';
import { stepTitle } from './steps';

/**
 * The identity step, between the funding step and the review: what the verification asks, where it stands, and the
 * way into it (its own pages, which come back to the onboarding); "Continue" once the photos passed the automatic
 * checks (a person at the bank confirms them during the review).
 */
export function IdentityStep({ onboarding }: { onboarding: OnboardingActor }) {
  const intl = useIntl();
  const verification = useOnboarding(onboarding, selectIdentityVerification);
  const busy = useOnboarding(onboarding, selectOnboardingBusy);
  const passed = identityChecked(verification?.status);
  return (
    <div>
      <StepHeading>{stepTitle(intl, 'identity')}</StepHeading>
      <OnboardingErrorAlert onboarding={onboarding} />
      <p>
        <FormattedMessage
          id="onboarding.identity.intro"
          defaultMessage="The bank must confirm that the company's representative is who they say they are: a photo of their identity document, a selfie, and a code we send to you. Have the document at hand."
        />
      </p>
      <IdentitySummary verification={verification} />
      <WizardActions>
        {passed ? (
          <Button disabled={busy} onClick={() => onboarding.send({ type: 'identity.continue' })}>
            <FormattedMessage id="onboarding.continue" defaultMessage="Continue" />
          </Button>
        ) : null}
        <Button
          variant="secondary"
          data-back
          disabled={busy}
          onClick={() => onboarding.send({ type: 'step.back' })}
        >
          <FormattedMessage id="onboarding.back" defaultMessage="Back" />
        </Button>
      </WizardActions>
    </div>
  );
}
