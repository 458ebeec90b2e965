import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectCanResend,
  selectCodeDead,
  selectLoginBusy,
  selectResending,
  selectUsesApp,
  selectVerifying,
} from '../../../machines/login.machine';
import { Button } from '../../ui/Button';
import { OtpCodeForm } from '../../ui/OtpCodeForm';
import { LoginError } from './LoginError';
import { StepHeading } from '../../ui/StepHeading';
import { useLogin, type LoginActor } from './loginActor';

/** Step 3: the one-time code, with resend after a cooldown and a way back to the method choice. */
export function CodeStep({ login }: { login: LoginActor }) {
  const intl = useIntl();
  const busy = useLogin(login, selectLoginBusy);
  const dead = useLogin(login, selectCodeDead);
  const verifying = useLogin(login, selectVerifying);
  const resending = useLogin(login, selectResending);
  const canResend = useLogin(login, selectCanResend);
  const destination = useLogin(login, (s) => s.context.destination);
  const resendIn = useLogin(login, (s) => s.context.resendIn);
  const error = useLogin(login, (s) => s.context.error);
  const attemptsLeft = useLogin(login, (s) => s.context.attemptsLeft);
  const usesApp = useLogin(login, selectUsesApp);
  return (
    <OtpCodeForm
      heading={
        <StepHeading>
          <FormattedMessage id="login.code.title" defaultMessage="Enter your code" />
        </StepHeading>
      }
      label={intl.formatMessage({ id: 'login.code.label', defaultMessage: 'One-time code' })}
      destination={destination}
      {...(usesApp
        ? {
            noResend: true,
            intro: intl.formatMessage({
              id: 'login.code.appIntro',
              defaultMessage: 'Enter the 6-digit code your authenticator app shows now.',
            }),
          }
        : {})}
      error={<LoginError error={error} attemptsLeft={attemptsLeft} />}
      rejection={error ? `${error}:${attemptsLeft}` : null}
      dead={dead}
      busy={busy}
      verifying={verifying}
      resending={resending}
      canResend={canResend}
      resendIn={resendIn}
      onSubmit={(code) => login.send({ type: 'otp.submit', code })}
      onResend={() => login.send({ type: 'otp.resend' })}
      secondary={
        <Button variant="quiet" disabled={busy} onClick={() => login.send({ type: 'method.change' })}>
          <FormattedMessage id="login.code.changeMethod" defaultMessage="Use another method" />
        </Button>
      }
    />
  );
}
