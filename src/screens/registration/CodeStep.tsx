import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectCanResendCode,
  selectCodeDead,
  selectRegistrationBusy,
  selectRegistrationError,
  selectSendingCode,
  selectVerifyingCode,
} from '../../../machines/registration.machine';
import { useCountdown } from '../../app/useCountdown';
import { Button } from '../../ui/Button';
import { Muted, Stack } from '../../ui/Layout';
import { TextField } from '../../ui/TextField';
import { StepHeading } from '../login/StepHeading';
import { RegistrationError } from './RegistrationError';
import { useRegistration, type RegistrationActor } from './registrationActor';

const codeShape = /^\d{6}$/;

function ResendCountdown({ seconds }: { seconds: number }) {
  // The machine enables the button; the count only informs, so it never shows 0 before the button is usable.
  const left = Math.max(1, useCountdown(seconds));
  return (
    <FormattedMessage
      id="registration.code.resendIn"
      defaultMessage="Send a new code in {seconds} s"
      values={{ seconds: left }}
    />
  );
}

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
  const [code, setCode] = useState('');
  const [shapeError, setShapeError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // After a rejected code the old digits are selected, so typing the next try replaces them.
  useEffect(() => {
    if (error) input.current?.select();
  }, [error, attemptsLeft]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    if (!codeShape.test(trimmed)) {
      setShapeError(
        intl.formatMessage({
          id: 'registration.code.shape',
          defaultMessage: 'Enter the 6-digit code from the message.',
        }),
      );
      return;
    }
    setShapeError(null);
    registration.send({ type: 'code.submit', code: trimmed });
  };

  return (
    <form onSubmit={submit} noValidate>
      <StepHeading>
        {channel === 'email' ? (
          <FormattedMessage id="registration.code.emailTitle" defaultMessage="Confirm your email" />
        ) : (
          <FormattedMessage id="registration.code.phoneTitle" defaultMessage="Confirm your mobile number" />
        )}
      </StepHeading>
      {destination ? (
        <Muted>
          <FormattedMessage
            id="registration.code.sentTo"
            defaultMessage="We sent a 6-digit code to {destination}. It is valid for 5 minutes."
            values={{ destination }}
          />
        </Muted>
      ) : null}
      <RegistrationError error={error} attemptsLeft={attemptsLeft} />
      <TextField
        ref={input}
        label={intl.formatMessage({ id: 'registration.code.label', defaultMessage: 'Verification code' })}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        disabled={dead || sending}
        value={code}
        error={shapeError}
        onChange={(event) => setCode(event.target.value)}
      />
      <Stack>
        <Button type="submit" block busy={verifying} disabled={dead || busy}>
          <FormattedMessage id="registration.code.submit" defaultMessage="Verify" />
        </Button>
        <Button
          variant="secondary"
          block
          busy={sending}
          disabled={!canResend || busy}
          onClick={() => registration.send({ type: 'code.resend' })}
        >
          {canResend || sending ? (
            <FormattedMessage id="registration.code.resend" defaultMessage="Send a new code" />
          ) : (
            <ResendCountdown key={resendIn} seconds={resendIn} />
          )}
        </Button>
        <Button
          variant="quiet"
          disabled={busy}
          onClick={() => registration.send({ type: 'registration.restart' })}
        >
          <FormattedMessage id="registration.restart" defaultMessage="Start again" />
        </Button>
      </Stack>
    </form>
  );
}
