import { useIntl, type IntlShape } from 'react-intl';
import type { LoginError as LoginErrorCode } from '../../../machines/login.machine';
import { loginErrorText } from '../../i18n/errorMessages';
import { Alert } from '../../ui/Layout';

/** The last failure of the journey, announced at once (role="alert"). */
export function LoginError({
  error,
  attemptsLeft,
}: {
  error: LoginErrorCode | null;
  attemptsLeft: number | null;
}) {
  const intl = useIntl();
  if (!error) return null;
  return <Alert role="alert">{loginErrorText(intl, error, attemptsLeft)}</Alert>;
}

/**
 * What a sign-in slowed by the limits of docs/decisions/020-sign-in-limits.md says: when to try again, from the
 * server's Retry-After (the general "wait a moment" when it sent none).
 */
export function tryAgainText(intl: IntlShape, retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null) return loginErrorText(intl, 'rate_limited', null);
  if (retryAfterSeconds < 60) {
    return intl.formatMessage(
      {
        id: 'login.limits.tryAgainInSeconds',
        defaultMessage:
          'Too many failed sign-ins. Try again in {seconds, plural, one {# second} other {# seconds}}.',
      },
      { seconds: retryAfterSeconds },
    );
  }
  return intl.formatMessage(
    {
      id: 'login.limits.tryAgainInMinutes',
      defaultMessage:
        'Too many failed sign-ins. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
    },
    { minutes: Math.ceil(retryAfterSeconds / 60) },
  );
}
