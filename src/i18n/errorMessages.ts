import { defineMessages, type IntlShape } from 'react-intl';

/** User-facing texts for the API error codes the app reacts to (schemas/error.schema.ts), keyed by code. */
export const errorMessages = defineMessages({
  invalid_credentials: {
    id: 'errors.invalid_credentials',
    defaultMessage: 'Email or password is incorrect.',
  },
  account_disabled: {
    id: 'errors.account_disabled',
    defaultMessage: 'This account has been disabled. Ask the owner of your company to enable it again.',
  },
  passkey_refused: {
    id: 'errors.passkey_refused',
    defaultMessage: 'This passkey was not accepted. Try again, or use your authenticator app.',
  },
  bot_check_failed: {
    id: 'errors.bot_check_failed',
    defaultMessage: 'The robot check did not pass. Wait until it is finished, then try again.',
  },
  rate_limited: {
    id: 'errors.rate_limited',
    defaultMessage: 'Too many attempts. Please wait a moment and try again.',
  },
  login_expired: {
    id: 'errors.login_expired',
    defaultMessage: 'Your sign-in took too long. Please enter your email and password again.',
  },
  otp_invalid: { id: 'errors.otp_invalid', defaultMessage: 'That code is not right.' },
  otp_exhausted: { id: 'errors.otp_exhausted', defaultMessage: 'Too many wrong tries. Send a new code.' },
  otp_expired: { id: 'errors.otp_expired', defaultMessage: 'That code has expired. Send a new code.' },
  otp_cooldown: {
    id: 'errors.otp_cooldown',
    defaultMessage: 'Please wait a little before asking for another code.',
  },
  network: { id: 'errors.network', defaultMessage: 'A network error has occurred.' },
  unknown: { id: 'errors.unknown', defaultMessage: 'Something went wrong. Please try again.' },
  session_expired: {
    id: 'errors.session_expired',
    defaultMessage: 'Session has expired. Please log in again to continue!',
  },
});

/** The sentence for a failed login step; a wrong code says how many tries are left when the server told us. */
export function loginErrorText(
  intl: IntlShape,
  error: keyof typeof errorMessages,
  attemptsLeft: number | null,
): string {
  if (error === 'otp_invalid' && attemptsLeft !== null) {
    return intl.formatMessage(
      {
        id: 'errors.otp_invalid_attempts',
        defaultMessage:
          'That code is not right. {attemptsLeft, plural, one {# try left.} other {# tries left.}}',
      },
      { attemptsLeft },
    );
  }
  return intl.formatMessage(errorMessages[error]);
}
