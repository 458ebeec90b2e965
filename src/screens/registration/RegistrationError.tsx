import { defineMessages, useIntl } from 'react-intl';
import type { RegistrationError as RegistrationErrorCode } from '../../../machines/registration.machine';
import { errorMessages } from '../../i18n/errorMessages';
import { Alert } from '../../ui/Layout';

const registrationMessages = defineMessages({
  conflict: {
    id: 'registration.error.taken',
    defaultMessage: 'An account already uses this email or mobile number. Sign in instead, or use another.',
  },
  not_found: {
    id: 'registration.error.gone',
    defaultMessage: 'This registration has expired or does not exist. Please start again.',
  },
  validation_failed: {
    id: 'registration.error.validation',
    defaultMessage: 'Some details are not valid. Check the fields and try again.',
  },
});

/** The last failure of the journey, announced at once (role="alert"). */
export function RegistrationError({ error }: { error: RegistrationErrorCode | null }) {
  const intl = useIntl();
  if (!error) return null;
  let text: string;
  switch (error) {
    case 'conflict':
    case 'not_found':
    case 'validation_failed':
      text = intl.formatMessage(registrationMessages[error]);
      break;
    default:
      text = intl.formatMessage(errorMessages[error]);
  }
  return <Alert role="alert">{text}</Alert>;
}
