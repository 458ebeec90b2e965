import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { AddAuthenticatorError } from '../../../machines/addAuthenticator.machine';
import type { ChangePasswordError } from '../../../machines/changePassword.machine';
import type { RemoveMfaMethodError } from '../../../machines/removeMfaMethod.machine';
import type { LoginMfaMethod } from '../../../schemas/auth.schema';
import { errorMessages } from '../../i18n/errorMessages';

/** Texts of the settings pages (SPEC §2 /settings/:page?). */
export const settingsText = {
  ...defineMessages({
    title: { id: 'settings.title', defaultMessage: 'Settings' },
    searchLabel: { id: 'settings.search.label', defaultMessage: 'Search settings' },
    navLabel: { id: 'settings.nav.label', defaultMessage: 'Settings pages' },
    languagePage: { id: 'settings.page.language', defaultMessage: 'Language' },
    securityPage: { id: 'settings.page.security', defaultMessage: 'Security' },
    retry: { id: 'settings.retry', defaultMessage: 'Try again' },
    loadFailed: { id: 'settings.loadFailed', defaultMessage: 'Your settings could not be loaded.' },
    saved: { id: 'settings.saved', defaultMessage: 'Settings saved' },
    languageIntro: {
      id: 'settings.language.intro',
      defaultMessage: 'The language of the app and of the emails and messages we send you, on every device.',
    },
    languageLegend: { id: 'settings.language.legend', defaultMessage: 'Language' },
    languageSave: { id: 'settings.language.save', defaultMessage: 'Save language' },
    passwordHeading: { id: 'settings.password.heading', defaultMessage: 'Password' },
    passwordIntro: {
      id: 'settings.password.intro',
      defaultMessage: 'Change it with your current password and a one-time code.',
    },
    changePassword: { id: 'settings.password.change', defaultMessage: 'Change password' },
    mfaHeading: { id: 'settings.mfa.heading', defaultMessage: 'Two-step authentication' },
    mfaIntro: {
      id: 'settings.mfa.intro',
      defaultMessage:
        'After your password, you confirm each sign-in with one of these. The default is offered first.',
    },
    mfaDefault: { id: 'settings.mfa.default', defaultMessage: 'Default' },
    lastMethod: {
      id: 'settings.mfa.lastMethod',
      defaultMessage: 'This is your only method: add another before removing it.',
    },
    addAuthenticator: { id: 'settings.mfa.addAuthenticator', defaultMessage: 'Add an authenticator app' },
    sessionsHeading: { id: 'settings.sessions.heading', defaultMessage: 'Active sessions' },
    sessionsIntro: {
      id: 'settings.sessions.intro',
      defaultMessage: 'Where you are signed in now. Sign out any session you do not recognise.',
    },
    thisDevice: { id: 'settings.sessions.current', defaultMessage: 'This device' },
    unknownDevice: { id: 'settings.sessions.unknownDevice', defaultMessage: 'Unknown device' },
    signOutSession: { id: 'settings.sessions.signOut', defaultMessage: 'Sign out this session' },
    sessionSignedOut: { id: 'settings.sessions.signedOut', defaultMessage: 'Session signed out' },
    backToSecurity: { id: 'settings.backToSecurity', defaultMessage: 'Back to security' },
    actionFailed: { id: 'settings.actionFailed', defaultMessage: 'That did not work. Please try again.' },
  }),
  searchNone: defineMessage<{ query: string }>({
    id: 'settings.search.none',
    defaultMessage: 'No setting matches “{query}”.',
  }),
  makeDefault: defineMessage<{ method: string }>({
    id: 'settings.mfa.makeDefault',
    defaultMessage: 'Make default: {method}',
  }),
  remove: defineMessage<{ method: string }>({
    id: 'settings.mfa.remove',
    defaultMessage: 'Remove: {method}',
  }),
  turnOn: defineMessage<{ method: string }>({
    id: 'settings.mfa.turnOn',
    defaultMessage: 'Turn on: {method}',
  }),
  sessionStarted: defineMessage<{ date: string }>({
    id: 'settings.sessions.started',
    defaultMessage: 'Signed in {date}',
  }),
  sessionActive: defineMessage<{ date: string }>({
    id: 'settings.sessions.active',
    defaultMessage: 'Last active {date}',
  }),
  methodTo: defineMessage<{ method: string; destination: string }>({
    id: 'settings.mfa.methodTo',
    defaultMessage: '{method} ({destination})',
  }),
  sessionFrom: defineMessage<{ ip: string }>({ id: 'settings.sessions.from', defaultMessage: 'From {ip}' }),
};

export const methodNames = defineMessages({
  email: { id: 'settings.method.email', defaultMessage: 'Code by email' },
  sms: { id: 'settings.method.sms', defaultMessage: 'Code by SMS' },
  totp: { id: 'settings.method.totp', defaultMessage: 'Authenticator app' },
});

export function methodName(intl: IntlShape, method: LoginMfaMethod): string {
  return intl.formatMessage(methodNames[method]);
}

/** Changing the password (machines/changePassword.machine.ts). */
export const passwordText = defineMessages({
  title: { id: 'settings.changePassword.title', defaultMessage: 'Change password' },
  current: { id: 'settings.changePassword.current', defaultMessage: 'Current password' },
  currentMissing: {
    id: 'settings.changePassword.currentMissing',
    defaultMessage: 'Enter your current password.',
  },
  signOutOthers: {
    id: 'settings.changePassword.signOutOthers',
    defaultMessage: 'Sign out of every other session',
  },
  submit: { id: 'settings.changePassword.submit', defaultMessage: 'Continue' },
  codeIntro: {
    id: 'settings.changePassword.codeIntro',
    defaultMessage: 'To change your password, confirm it is you with a one-time code.',
  },
  changedTitle: { id: 'settings.changePassword.changed', defaultMessage: 'Your password has been changed' },
  changedText: {
    id: 'settings.changePassword.changedText',
    defaultMessage: 'Use your new password the next time you sign in.',
  },
  changedToast: { id: 'settings.changePassword.toast', defaultMessage: 'Password changed' },
  invalidCurrent: {
    id: 'settings.changePassword.invalidCurrent',
    defaultMessage: 'Your current password is not correct.',
  },
  rejected: {
    id: 'settings.changePassword.rejected',
    defaultMessage: 'The new password was not accepted. Check the rules and try again.',
  },
  stepUp: {
    id: 'settings.changePassword.stepUp',
    defaultMessage: 'Your confirmation has expired. Confirm it is you with a new one-time code.',
  },
});

export function changePasswordErrorText(intl: IntlShape, error: ChangePasswordError): string {
  switch (error) {
    case 'invalid_current_password':
      return intl.formatMessage(passwordText.invalidCurrent);
    case 'validation_failed':
      return intl.formatMessage(passwordText.rejected);
    case 'step_up_required':
      return intl.formatMessage(passwordText.stepUp);
    case 'rate_limited':
      return intl.formatMessage(errorMessages.rate_limited);
    case 'network':
      return intl.formatMessage(errorMessages.network);
    case 'unknown':
      return intl.formatMessage(errorMessages.unknown);
  }
}

/** Adding an authenticator app (machines/addAuthenticator.machine.ts). */
export const authenticatorText = {
  ...defineMessages({
    title: { id: 'settings.authenticator.title', defaultMessage: 'Add an authenticator app' },
    codeIntro: {
      id: 'settings.authenticator.codeIntro',
      defaultMessage: 'To change how you sign in, confirm it is you with a one-time code.',
    },
    scanIntro: {
      id: 'settings.authenticator.scanIntro',
      defaultMessage:
        'Scan this QR code with your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.',
    },
    qrAlt: { id: 'settings.authenticator.qrAlt', defaultMessage: 'QR code for your authenticator app' },
    secretLabel: { id: 'settings.authenticator.secret', defaultMessage: 'Or type this key into the app' },
    codeLabel: { id: 'settings.authenticator.codeLabel', defaultMessage: 'Code from the app' },
    codeShape: {
      id: 'settings.authenticator.codeShape',
      defaultMessage: 'Enter the 6-digit code from the app.',
    },
    confirm: { id: 'settings.authenticator.confirm', defaultMessage: 'Confirm' },
    restart: { id: 'settings.authenticator.restart', defaultMessage: 'Start again' },
    deadTitle: { id: 'settings.authenticator.deadTitle', defaultMessage: 'Set-up expired' },
    addedTitle: { id: 'settings.authenticator.added', defaultMessage: 'Your authenticator app is set up' },
    addedText: {
      id: 'settings.authenticator.addedText',
      defaultMessage: 'From now on you can confirm your sign-ins with a code from the app.',
    },
    addedToast: { id: 'settings.authenticator.toast', defaultMessage: 'Authenticator app added' },
    endedTitle: { id: 'settings.authenticator.ended', defaultMessage: 'No authenticator app added' },
    invalid: { id: 'settings.authenticator.invalid', defaultMessage: 'That code is not right.' },
    dead: {
      id: 'settings.authenticator.dead',
      defaultMessage: 'This set-up has expired or had too many wrong codes. Start again with a new QR code.',
    },
    conflict: {
      id: 'settings.authenticator.conflict',
      defaultMessage: 'An authenticator app is set up already. Remove it first to add another.',
    },
  }),
  invalidLeft: defineMessage<{ count: number }>({
    id: 'settings.authenticator.invalidLeft',
    defaultMessage: 'That code is not right. {count, plural, one {# try} other {# tries}} left.',
  }),
};

export function addAuthenticatorErrorText(
  intl: IntlShape,
  error: AddAuthenticatorError,
  attemptsLeft: number | null,
): string {
  switch (error) {
    case 'otp_invalid':
      return attemptsLeft === null
        ? intl.formatMessage(authenticatorText.invalid)
        : intl.formatMessage(authenticatorText.invalidLeft, { count: attemptsLeft });
    case 'otp_exhausted':
    case 'otp_expired':
      return intl.formatMessage(authenticatorText.dead);
    case 'step_up_required':
      return intl.formatMessage(passwordText.stepUp);
    case 'conflict':
      return intl.formatMessage(authenticatorText.conflict);
    case 'rate_limited':
      return intl.formatMessage(errorMessages.rate_limited);
    case 'network':
      return intl.formatMessage(errorMessages.network);
    case 'unknown':
      return intl.formatMessage(errorMessages.unknown);
  }
}

/** Removing a second-factor method (machines/removeMfaMethod.machine.ts). */
export const removeMethodText = {
  title: defineMessage<{ method: string }>({
    id: 'settings.removeMethod.title',
    defaultMessage: 'Remove {method}?',
  }),
  ...defineMessages({
    intro: {
      id: 'settings.removeMethod.intro',
      defaultMessage:
        'You will no longer be able to sign in or confirm payments with it. You confirm this change with a one-time code.',
    },
    confirm: { id: 'settings.removeMethod.confirm', defaultMessage: 'Remove' },
    keep: { id: 'settings.removeMethod.keep', defaultMessage: 'Keep it' },
    codeIntro: {
      id: 'settings.removeMethod.codeIntro',
      defaultMessage: 'To remove this method, confirm it is you with a one-time code.',
    },
    failedTitle: { id: 'settings.removeMethod.failedTitle', defaultMessage: 'Nothing was removed' },
    retry: { id: 'settings.removeMethod.retry', defaultMessage: 'Try again' },
    back: { id: 'settings.removeMethod.back', defaultMessage: 'Back to security' },
    removed: { id: 'settings.removeMethod.removed', defaultMessage: 'Method removed' },
  }),
};

export function removeMethodErrorText(intl: IntlShape, error: RemoveMfaMethodError): string {
  switch (error) {
    case 'last_mfa_method':
      return intl.formatMessage(settingsText.lastMethod);
    case 'step_up_required':
      return intl.formatMessage(passwordText.stepUp);
    case 'network':
      return intl.formatMessage(errorMessages.network);
    case 'unknown':
      return intl.formatMessage(errorMessages.unknown);
  }
}
