import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { selectLoginBusy } from '../../../machines/login.machine';
import type { LoginMfaMethod } from '../../../schemas/auth.schema';
import { Button } from '../../ui/Button';
import { Stack } from '../../ui/Layout';
import { LoginError } from './LoginError';
import { StepHeading } from '../../ui/StepHeading';
import { useLogin, type LoginActor } from './loginActor';

const methodLabels = defineMessages<Record<LoginMfaMethod, { destination: string }>>({
  email: { id: 'login.method.email', defaultMessage: 'Email: {destination}' },
  sms: { id: 'login.method.sms', defaultMessage: 'SMS: {destination}' },
  totp: { id: 'login.method.totp', defaultMessage: 'Authenticator app' },
});

/** Step 2: where the one-time code should go (the methods come from `available_mfa_methods`). */
export function MethodStep({ login }: { login: LoginActor }) {
  const intl = useIntl();
  const busy = useLogin(login, selectLoginBusy);
  const methods = useLogin(login, (s) => s.context.methods);
  const chosen = useLogin(login, (s) => s.context.method);
  const error = useLogin(login, (s) => s.context.error);
  return (
    <div>
      <StepHeading>
        <FormattedMessage id="login.method.title" defaultMessage="Choose where to get your code" />
      </StepHeading>
      <LoginError error={error} attemptsLeft={null} />
      <Stack>
        {methods.map((option) => (
          <Button
            key={option.method}
            variant="secondary"
            block
            disabled={busy}
            busy={busy && chosen === option.method}
            onClick={() => login.send({ type: 'method.selected', method: option.method })}
          >
            {intl.formatMessage(methodLabels[option.method], { destination: option.destination })}
          </Button>
        ))}
        <Button variant="quiet" disabled={busy} onClick={() => login.send({ type: 'login.restart' })}>
          <FormattedMessage id="login.method.restart" defaultMessage="Sign in with another account" />
        </Button>
      </Stack>
    </div>
  );
}
