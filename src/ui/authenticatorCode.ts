import { defineMessages, type IntlShape } from 'react-intl';
import type { LoginMfaMethod } from '../../schemas/auth.schema';

/**
 * A step-up confirmed with the user's authenticator app: the same journeys as a sent code, but nothing is
 * sent, so the code step has no resend and says where to look instead of where the code went.
 */
export const authenticatorMessages = defineMessages({
  method: { id: 'stepUp.method.totp', defaultMessage: 'Use a code from your authenticator app' },
  intro: {
    id: 'stepUp.code.totpIntro',
    defaultMessage: 'Enter the 6-digit code your authenticator app shows now.',
  },
});

/** The code form's props for the chosen method: none for a sent code. */
export function authenticatorCodeProps(
  intl: IntlShape,
  method: LoginMfaMethod | null,
): { noResend?: boolean; intro?: string } {
  return method === 'totp' ? { noResend: true, intro: intl.formatMessage(authenticatorMessages.intro) } : {};
}
