import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectCanResend,
  selectCodeDead,
  selectLoginBusy,
  selectResending,
  selectVerifying,
} from '../../../machines/login.machine';
import { useCountdown } from '../../app/useCountdown';
import { Button } from '../../ui/Button';
import { Muted, Stack } from '../../ui/Layout';
import { TextField } from '../../ui/TextField';
import { LoginError } from './LoginError';
import { StepHeading } from './StepHeading';
import { useLogin, type LoginActor } from './loginActor';

const codeShape = /^\d{6}$/;

/** The label of the resend button while the server's cooldown runs; mounted when a cooldown starts. */
function ResendCountdown({ seconds }: { seconds: number }) {
  // The machine enables the button; the count only informs, so it never shows 0 before the button is usable.
  const left = Math.max(1, useCountdown(seconds));
  return (
    <FormattedMessage
      id="login.code.resendIn"
      defaultMessage="Send a new code in {seconds} s"
      values={{ seconds: left }}
    />
  );
}

/** Step 3: the one-time code, with resend after a cooldown and a way back to the method choice. */
export function CodeStep({ login }: { login: LoginActor }) {
  const intl = useIntl();
  const busy = useLogin(login, selectLoginBusy);
  const canResend = useLogin(login, selectCanResend);
  const dead = useLogin(login, selectCodeDead);
  const resending = useLogin(login, selectResending);
  const verifying = useLogin(login, selectVerifying);
  const destination = useLogin(login, (s) => s.context.destination);
  const resendIn = useLogin(login, (s) => s.context.resendIn);
  const error = useLogin(login, (s) => s.context.error);
  const attemptsLeft = useLogin(login, (s) => s.context.attemptsLeft);
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
          id: 'login.code.shape',
          defaultMessage: 'Enter the 6-digit code from the message.',
        }),
      );
      return;
    }
    setShapeError(null);
    login.send({ type: 'otp.submit', code: trimmed });
  };

  return (
    <form onSubmit={submit} noValidate>
      <StepHeading>
        <FormattedMessage id="login.code.title" defaultMessage="Enter your code" />
      </StepHeading>
      {destination ? (
        <Muted>
          <FormattedMessage
            id="login.code.sentTo"
            defaultMessage="We sent a 6-digit code to {destination}. It is valid for 5 minutes."
            values={{ destination }}
          />
        </Muted>
      ) : null}
      <LoginError error={error} attemptsLeft={attemptsLeft} />
      <TextField
        ref={input}
        label={intl.formatMessage({ id: 'login.code.label', defaultMessage: 'One-time code' })}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        disabled={dead}
        value={code}
        error={shapeError}
        onChange={(event) => setCode(event.target.value)}
      />
      <Stack>
        <Button type="submit" block busy={verifying} disabled={dead || busy}>
          <FormattedMessage id="login.code.submit" defaultMessage="Verify" />
        </Button>
        <Button
          variant="secondary"
          block
          busy={resending}
          disabled={!canResend || busy}
          onClick={() => login.send({ type: 'otp.resend' })}
        >
          {canResend || resending ? (
            <FormattedMessage id="login.code.resend" defaultMessage="Send a new code" />
          ) : (
            <ResendCountdown key={resendIn} seconds={resendIn} />
          )}
        </Button>
        <Button variant="quiet" disabled={busy} onClick={() => login.send({ type: 'method.change' })}>
          <FormattedMessage id="login.code.changeMethod" defaultMessage="Use another method" />
        </Button>
      </Stack>
    </form>
  );
}
