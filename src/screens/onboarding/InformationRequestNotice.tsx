import { FormattedMessage, useIntl } from 'react-intl';
import type { OnboardingStep } from '../../../machines/onboarding.machine';
import type { InformationRequest } from '../../../schemas/onboarding.schema';
import { Alert, Muted } from '../../ui/Layout';
import { stepTitle } from './steps';

/*
 * The bank's request for more information (merchant status information_requested): which steps to change, each with
 * the bank's note. Only those steps can change (the server refuses the others with step_locked); the merchant then
 * submits again.
 */

/** The note the bank wrote for `step`, or null when it did not ask about it. */
export function requestedNote(request: InformationRequest | null, step: OnboardingStep): string | null {
  return request?.steps.find((asked) => asked.step === step)?.note ?? null;
}

/** At the top of the onboarding: what the bank asks, step by step. */
export function InformationRequestSummary({ request }: { request: InformationRequest | null }) {
  const intl = useIntl();
  if (!request) return null;
  return (
    <Alert role="note">
      <p>
        <FormattedMessage
          id="onboarding.informationRequest.title"
          defaultMessage="The bank needs more information on these steps. Change them and submit your application again; the other steps stay as they are."
        />
      </p>
      <ul>
        {request.steps.map((asked) => (
          <li key={asked.step}>
            <FormattedMessage
              id="onboarding.informationRequest.item"
              defaultMessage="{step}: {note}"
              values={{ step: <strong>{stepTitle(intl, asked.step)}</strong>, note: asked.note }}
            />
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * Beside one step: the bank's note when it asked about this step, or that the step stays as it is when the bank
 * asked about others. Nothing without a request.
 */
export function StepRequestNote({
  request,
  step,
}: {
  request: InformationRequest | null;
  step: OnboardingStep;
}) {
  if (!request || step === 'review') return null;
  const note = requestedNote(request, step);
  if (note === null) {
    return (
      <Muted>
        <FormattedMessage
          id="onboarding.informationRequest.locked"
          defaultMessage="The bank did not ask about this step: it stays as it is."
        />
      </Muted>
    );
  }
  return (
    <Alert role="note">
      <FormattedMessage
        id="onboarding.informationRequest.note"
        defaultMessage="The bank asks: {note}"
        values={{ note }}
      />
    </Alert>
  );
}
