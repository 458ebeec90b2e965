import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { ClosedState, InvitationError } from '../../../machines/invitation.machine';
import { errorMessages } from '../../i18n/errorMessages';

type Values = Record<string, string>;

/** The invitee's pages: /merchant-invitation/:key/accept and /invitation/success. */
export const invitationText = {
  ...defineMessages({
    loadTitle: { id: 'invitation.loadTitle', defaultMessage: 'Join your team' },
    retry: { id: 'invitation.retry', defaultMessage: 'Try again' },
    notFoundTitle: { id: 'invitation.notFound.title', defaultMessage: 'Invitation not found' },
    notFoundBody: {
      id: 'invitation.notFound.body',
      defaultMessage: 'Check that you opened the whole link from the invitation email.',
    },
    signIn: { id: 'invitation.signIn', defaultMessage: 'Sign in' },
    firstName: { id: 'invitation.details.firstName', defaultMessage: 'First name' },
    lastName: { id: 'invitation.details.lastName', defaultMessage: 'Last name' },
    required: { id: 'invitation.details.required', defaultMessage: 'This field is required.' },
    latinOnly: { id: 'invitation.details.latinOnly', defaultMessage: 'Only Latin characters allowed.' },
    continue: { id: 'invitation.details.continue', defaultMessage: 'Continue' },
    factorTitle: {
      id: 'invitation.factor.title',
      defaultMessage: 'Where should we send your sign-in codes?',
    },
    factorIntro: {
      id: 'invitation.factor.intro',
      defaultMessage: 'Each time you sign in, you enter your password and a one-time code we send you.',
    },
    factorSms: { id: 'invitation.factor.sms', defaultMessage: 'SMS to my mobile phone' },
    back: { id: 'invitation.back', defaultMessage: 'Back' },
    phoneTitle: { id: 'invitation.phone.title', defaultMessage: 'Your mobile phone' },
    phoneLabel: { id: 'invitation.phone.label', defaultMessage: 'Mobile phone' },
    phoneHint: {
      id: 'invitation.phone.hint',
      defaultMessage: 'Greek mobiles as 69XXXXXXXX; other countries with their code, like +357.',
    },
    phoneInvalid: {
      id: 'invitation.phone.invalid',
      defaultMessage: 'Enter a mobile number, like 6912345678 or +357 96123456.',
    },
    sendCode: { id: 'invitation.phone.send', defaultMessage: 'Send code' },
    codeTitle: { id: 'invitation.code.title', defaultMessage: 'Confirm your mobile number' },
    codeLabel: { id: 'invitation.code.label', defaultMessage: 'Verification code' },
    changePhone: { id: 'invitation.code.changePhone', defaultMessage: 'Change number' },
    passwordTitle: { id: 'invitation.password.title', defaultMessage: 'Choose a password' },
    accept: { id: 'invitation.password.accept', defaultMessage: 'Accept invitation' },
    successFallbackTitle: {
      id: 'invitation.success.fallbackTitle',
      defaultMessage: 'You have joined the team',
    },
    successFallbackBody: {
      id: 'invitation.success.fallbackBody',
      defaultMessage: 'Sign in with the email address the invitation was sent to and the password you chose.',
    },
    validation: {
      id: 'invitation.error.validation',
      defaultMessage: 'Some details are not valid. Check them and try again.',
    },
    conflict: {
      id: 'invitation.error.conflict',
      defaultMessage: 'An account already uses this email address. Sign in instead.',
    },
  }),
  detailsTitle: defineMessage<Values>({
    id: 'invitation.details.title',
    defaultMessage: 'Join {merchant} on Tameio',
  }),
  detailsIntro: defineMessage<Values>({
    id: 'invitation.details.intro',
    defaultMessage: '{merchant} invited you ({email}) as {role}.',
  }),
  factorEmail: defineMessage<Values>({ id: 'invitation.factor.email', defaultMessage: 'Email to {email}' }),
  passwordIntro: defineMessage<Values>({
    id: 'invitation.password.intro',
    defaultMessage: 'You will sign in as {email}.',
  }),
  successTitle: defineMessage<Values>({
    id: 'invitation.success.title',
    defaultMessage: 'Welcome to {merchant}',
  }),
  successBody: defineMessage<Values>({
    id: 'invitation.success.body',
    defaultMessage: 'You joined {merchant} as {role}. Sign in with {email} and the password you chose.',
  }),
};

const closedTitles = defineMessages({
  accepted: { id: 'invitation.closed.acceptedTitle', defaultMessage: 'Invitation already accepted' },
  cancelled: { id: 'invitation.closed.cancelledTitle', defaultMessage: 'Invitation cancelled' },
  expired: { id: 'invitation.closed.expiredTitle', defaultMessage: 'Invitation expired' },
});

const closedBodies = defineMessages({
  accepted: {
    id: 'invitation.closed.acceptedBody',
    defaultMessage: 'This invitation has been used. Sign in with the email address it was sent to.',
  },
  cancelled: {
    id: 'invitation.closed.cancelledBody',
    defaultMessage: 'This invitation was cancelled. Ask the person who invited you for a new one.',
  },
  expired: {
    id: 'invitation.closed.expiredBody',
    defaultMessage: 'This invitation has expired. Ask the person who invited you for a new one.',
  },
});

export const closedTitleText = (intl: IntlShape, state: ClosedState) =>
  intl.formatMessage(closedTitles[state]);
export const closedBodyText = (intl: IntlShape, state: ClosedState) =>
  intl.formatMessage(closedBodies[state]);

/** The sentence for the last failure of the invitee's journey (the code step words its own). */
export function invitationErrorText(intl: IntlShape, error: InvitationError): string {
  switch (error) {
    case 'validation_failed':
      return intl.formatMessage(invitationText.validation);
    case 'conflict':
      return intl.formatMessage(invitationText.conflict);
    default:
      return intl.formatMessage(errorMessages[error]);
  }
}
