import { useIntl } from 'react-intl';
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
