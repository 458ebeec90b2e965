import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectCanResendCode,
  selectCodeDead,
  selectRegistrationBusy,
  selectRegistrationError,
  selectSendingCode,
  selectVerifyingCode,
} from '../../../machines/registration.machine';
import { Button } from '../../ui/Button';
import { OtpCodeForm } from '../../ui/OtpCodeForm';
import { StepHeading } from '../../ui/StepHeading';
import { RegistrationError } from './RegistrationError';
import { useRegistration, type RegistrationActor } from './registrationActor';

/** Steps 2 and 3: the 6-digit code sent to the email, then the one sent by SMS. */
export function CodeStep({
  registration,
  channel,
}: {
  registration: RegistrationActor;
  channel: 'email' | 'sms';
}) {
  const intl = useIntl();
  const busy = useRegistration(registration, selectRegistrationBusy);
  const canResend = useRegistration(registration, selectCanResendCode);
  const dead = useRegistration(registration, selectCodeDead);
  const sending = useRegistration(registration, selectSendingCode);
  const verifying = useRegistration(registration, selectVerifyingCode);
  const destination = useRegistration(registration, (s) => s.context.destination);
  const resendIn = useRegistration(registration, (s) => s.context.resendIn);
  const error = useRegistration(registration, selectRegistrationError);
  const attemptsLeft = useRegistration(registration, (s) => s.context.attemptsLeft);
  return (
    <OtpCodeForm
      heading={
        <StepHeading>
          {channel === 'email' ? (
            <FormattedMessage id="registration.code.emailTitle" defaultMessage="Confirm your email" />
          ) : (
            <FormattedMessage id="registration.code.phoneTitle" defaultMessage="Confirm your mobile number" />
          )}
        </StepHeading>
      }
      label={intl.formatMessage({ id: 'registration.code.label', defaultMessage: 'Verification code' })}
      destination={destination}
      error={<RegistrationError error={error} attemptsLeft={attemptsLeft} />}
      rejection={error ? `${error}:${attemptsLeft}` : null}
      dead={dead}
      busy={busy}
      verifying={verifying}
      resending={sending}
      canResend={canResend}
      resendIn={resendIn}
      inputDisabled={sending}
      onSubmit={(code) => registration.send({ type: 'code.submit', code })}
      onResend={() => registration.send({ type: 'code.resend' })}
      secondary={
        <Button
          variant="quiet"
          disabled={busy}
          onClick={() => registration.send({ type: 'registration.restart' })}
        >
          <FormattedMessage id="registration.restart" defaultMessage="Start again" />
        </Button>
      }
    />
  );
}
