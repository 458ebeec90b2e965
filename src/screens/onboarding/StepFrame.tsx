import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import {
  selectOnboardingBusy,
  selectOnboardingError,
  selectReturnToReview,
  type OnboardingError,
} from '../../../machines/onboarding.machine';
import type { ErrorCode } from '../../../schemas/error.schema';
import { defaultUploadLimitBytes } from '../../../schemas/kyc.schema';
import { OnboardingDocument } from '../../../schemas/onboarding.schema';
import { errorMessages } from '../../i18n/errorMessages';
import { fileErrorText, type FileRules } from '../../ui/fileErrors';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Layout';
import { WizardActions } from '../../ui/WizardFrame';
import { StepHeading } from '../../ui/StepHeading';
import { useOnboarding, type OnboardingActor } from './onboardingActor';

/**
 * What the documents step accepts: the content types an onboarding document may have (the schema the server answers
 * with) and the default upload limit (setting UPLOAD_LIMIT_BYTES; no onboarding endpoint tells the configured one).
 */
export const documentRules: FileRules = {
  types: OnboardingDocument.shape.content_type.options,
  maxBytes: defaultUploadLimitBytes,
};

/** Codes only an upload answers: the documents step says them beside the file field (src/ui/fileErrors.ts). */
const fileFieldErrors: ReadonlySet<string> = new Set(['unsupported_file_type', 'payload_too_large']);

/**
 * The sentence shown for a failed load, save, upload or submission. Any code an onboarding endpoint answers has
 * its own words (tests/api/uploadErrorWords.test.ts), also those the journey does not tell apart yet.
 */
export function onboardingErrorText(intl: IntlShape, error: OnboardingError | ErrorCode): string {
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
    case 'step_locked':
      return intl.formatMessage({
        id: 'onboarding.error.stepLocked',
        defaultMessage:
          'The bank asked for more information on other steps: this one stays as it is. Change the steps it named, then submit again.',
      });
    case 'payload_too_large':
    case 'unsupported_file_type':
      return fileErrorText(intl, { code: error }, documentRules);
    case 'forbidden':
      return intl.formatMessage({
        id: 'onboarding.error.forbidden',
        defaultMessage: 'Only the owner of the company can fill in and submit the application.',
      });
    case 'not_found':
      return intl.formatMessage({
        id: 'onboarding.error.notFound',
        defaultMessage: 'This is no longer there. Reload the page to see the application as it is now.',
      });
    case 'conflict':
      return intl.formatMessage({
        id: 'onboarding.error.conflict',
        defaultMessage: 'This changed in the meantime. Reload the page, then try again.',
      });
    case 'bad_request':
      return intl.formatMessage({
        id: 'onboarding.error.badRequest',
        defaultMessage: 'What was sent could not be read. Reload the page, then try again.',
      });
    case 'rate_limited':
      return intl.formatMessage({
        id: 'onboarding.error.rateLimited',
        defaultMessage: 'Too many tries in a short time. Wait a minute, then try again.',
      });
    case 'unauthorized':
    case 'session_expired':
      return intl.formatMessage(errorMessages.session_expired);
    case 'internal_error':
      return intl.formatMessage({
        id: 'onboarding.error.server',
        defaultMessage:
          'This could not be saved on our side. What you entered is kept: try again in a few minutes.',
      });
    case 'network':
    case 'service_unavailable':
      return intl.formatMessage(errorMessages.network);
    default:
      return intl.formatMessage(errorMessages.unknown);
  }
}

export function OnboardingErrorAlert({ onboarding }: { onboarding: OnboardingActor }) {
  const intl = useIntl();
  const error = useOnboarding(onboarding, selectOnboardingError);
  if (!error || fileFieldErrors.has(error)) return null;
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
