import { defineMessages, useIntl } from 'react-intl';
import { selectRegistrationCodeActor, selectRegistrationError } from '../../../machines/registration.machine';
import { OneTimeCodeStep } from '../../ui/OneTimeCodeStep';
import { PageSpinner } from '../../ui/Spinner';
import { RegistrationError } from './RegistrationError';
import { useRegistration, type RegistrationActor } from './registrationActor';

const m = defineMessages({
  emailTitle: { id: 'registration.code.emailTitle', defaultMessage: 'Confirm your email' },
  phoneTitle: { id: 'registration.code.phoneTitle', defaultMessage: 'Confirm your mobile number' },
  label: { id: 'registration.code.label', defaultMessage: 'Verification code' },
  restart: { id: 'registration.restart', defaultMessage: 'Start again' },
});

/**
 * Steps 2 and 3: the 6-digit code sent to the email, then the one sent by SMS: the oneTimeCode child's step, the code
 * sent at once to the address being confirmed. "Start again" cancels it.
 */
export function CodeStep({
  registration,
  channel,
}: {
  registration: RegistrationActor;
  channel: 'email' | 'sms';
}) {
  const intl = useIntl();
  const code = useRegistration(registration, selectRegistrationCodeActor);
  const error = useRegistration(registration, selectRegistrationError);
  if (!code) return <PageSpinner />;
  const title = intl.formatMessage(channel === 'email' ? m.emailTitle : m.phoneTitle);
  return (
    <OneTimeCodeStep
      key={code.sessionId}
      actor={code}
      notice={<RegistrationError error={error} />}
      texts={{
        methodTitle: title,
        codeTitle: title,
        codeLabel: intl.formatMessage(m.label),
        cancel: intl.formatMessage(m.restart),
      }}
    />
  );
}
