import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import {
  selectOnboardingBusy,
  selectOnboardingError,
  selectReturnToReview,
  type OnboardingError,
} from '../../../machines/onboarding.machine';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Layout';
import { WizardActions } from '../../ui/WizardFrame';
import { StepHeading } from '../../ui/StepHeading';
import { useOnboarding, type OnboardingActor } from './onboardingActor';

/** The sentence shown for a failed load, save, upload or submission. */
export function onboardingErrorText(intl: IntlShape, error: OnboardingError): string {
  switch (error) {
    case 'validation_failed':
      return intl.formatMessage({
        id: 'onboarding.error.validation',
        defaultMessage: 'Some fields need your attention.',
      });
    case 'onboarding_incomplete':
      return intl.formatMessage({
        id: 'onboarding.error.incomplete',
        defaultMessage: 'Some information is still missing.',
      });
    case 'onboarding_locked':
      return intl.formatMessage({
        id: 'onboarding.error.locked',
        defaultMessage: 'Your information is in review and cannot be changed now.',
      });
    case 'payload_too_large':
      return intl.formatMessage({
        id: 'onboarding.error.tooLarge',
        defaultMessage: 'The file is too large.',
      });
    case 'unsupported_file_type':
      return intl.formatMessage({
        id: 'onboarding.error.fileType',
        defaultMessage: 'This file is not a PDF, JPEG or PNG. Upload one of those.',
      });
    case 'network':
      return intl.formatMessage(errorMessages.network);
    case 'unknown':
      return intl.formatMessage(errorMessages.unknown);
  }
}

export function OnboardingErrorAlert({ onboarding }: { onboarding: OnboardingActor }) {
  const intl = useIntl();
  const error = useOnboarding(onboarding, selectOnboardingError);
  if (!error) return null;
  return <Alert role="alert">{onboardingErrorText(intl, error)}</Alert>;
}

/**
 * One step: its heading (focused when the step appears), the last error, the fields, and "Back" / "Continue".
 * "Continue" checks the form with the step's schema first; `onContinue` sends the values when they pass.
 */
export function StepFrame({
  onboarding,
  title,
  onContinue,
  back = true,
  children,
}: {
  onboarding: OnboardingActor;
  title: string;
  onContinue: () => void;
  back?: boolean;
  children: ReactNode;
}) {
  const busy = useOnboarding(onboarding, selectOnboardingBusy);
  const toReview = useOnboarding(onboarding, selectReturnToReview);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onContinue();
  };
  return (
    <form onSubmit={submit} noValidate>
      <StepHeading>{title}</StepHeading>
      <OnboardingErrorAlert onboarding={onboarding} />
      {children}
      <WizardActions>
        <Button type="submit" busy={busy}>
          {toReview ? (
            <FormattedMessage id="onboarding.saveAndReview" defaultMessage="Save and return to review" />
          ) : (
            <FormattedMessage id="onboarding.continue" defaultMessage="Continue" />
          )}
        </Button>
        {back ? (
          <Button
            variant="secondary"
            data-back
            disabled={busy}
            onClick={() => onboarding.send({ type: 'step.back' })}
          >
            <FormattedMessage id="onboarding.back" defaultMessage="Back" />
          </Button>
        ) : null}
      </WizardActions>
    </form>
  );
}
