import { defineMessages, useIntl } from 'react-intl';
import type { LoginMfaMethod } from '../../../schemas/auth.schema';
import { OneTimeCodeStep, type OneTimeCodeActor } from '../../ui/OneTimeCodeStep';

const m = defineMessages({
  methodTitle: { id: 'login.method.title', defaultMessage: 'Choose where to get your code' },
  codeTitle: { id: 'login.code.title', defaultMessage: 'Enter your code' },
  restart: { id: 'login.method.restart', defaultMessage: 'Sign in with another account' },
});

const methodLabels = defineMessages<Record<LoginMfaMethod, { destination: string }>>({
  email: { id: 'login.method.email', defaultMessage: 'Email: {destination}' },
  sms: { id: 'login.method.sms', defaultMessage: 'SMS: {destination}' },
  totp: { id: 'login.method.totp', defaultMessage: 'Authenticator app' },
});

/**
 * Steps 2 and 3: where the one-time code should go (the methods come from `available_mfa_methods`), then the code,
 * with resend after a cooldown and a way back to the method choice: the oneTimeCode child's step, in the sign-in's
 * words. Cancelling signs in with another account.
 */
export function CodeStep({ code }: { code: OneTimeCodeActor }) {
  const intl = useIntl();
  return (
    <OneTimeCodeStep
      actor={code}
      texts={{
        methodTitle: intl.formatMessage(m.methodTitle),
        codeTitle: intl.formatMessage(m.codeTitle),
        cancel: intl.formatMessage(m.restart),
        method: (option) =>
          intl.formatMessage(methodLabels[option.method], { destination: option.destination }),
      }}
    />
  );
}
