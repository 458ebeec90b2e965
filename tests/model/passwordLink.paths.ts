import type { SnapshotFrom } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import {
  passwordLinkMachine,
  selectCanAskAgain,
  selectPasswordLinkStep,
  type PasswordLink,
  type PasswordLinkError,
} from '../../machines/passwordLink.machine';
import { duration } from '../../machines/ruleWords';
import { authDefaults } from '../../schemas/authLimits';
import {
  passwordLinkCooldownSeconds,
  type PasswordTokenPurpose,
} from '../../schemas/passwordJourneys.schema';
import type { Fixtures, Model, ModelPath, ScreenExpectation } from './generatePaths';
import { failureWords, pathTitle, screenEnd } from './generatePaths';

/*
 * The test models of the two password journeys (machines/passwordLink.machine.ts): the same machine runs the
 * reset journey (/reset_password/) and the create journey (/create-password/:step?); each has its own model so
 * both screens are walked through every state and transition.
 */

export const demoLink = {
  uid: '00000000-0000-4000-8000-000000000001',
  token: 'model-test-token-0123456789abcdefghijklmnopq',
  email: 'demo@tameio.test',
} satisfies PasswordLink;
export const newPassword = 'Fresh-Start-2026!';

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

/** Where the journey starts: the emailed link, or the page without one. */
export function startPath(purpose: PasswordTokenPurpose, link: PasswordLink | null): string {
  if (purpose === 'reset') {
    if (!link) return '/reset_password/';
    return `/reset_password/?${new URLSearchParams({ uid: link.uid, token: link.token, email: link.email ?? '' })}`;
  }
  if (!link) return '/create-password';
  return `/create-password/set?${new URLSearchParams({ uid: link.uid, token: link.token })}`;
}

function fixturesFor(purpose: PasswordTokenPurpose) {
  const createLink = { ...demoLink, email: null };
  const link = purpose === 'reset' ? demoLink : createLink;
  return {
    events: {
      'journey.opened': [
        {
          event: { type: 'journey.opened', link },
          does: `Open the emailed link ${startPath(purpose, link)}`,
          auto: (context) => !context.opened,
        },
        {
          event: { type: 'journey.opened', link: null },
          does:
            purpose === 'reset'
              ? 'Open /reset_password/ (the "Forgot your password?" link on the sign-in page)'
              : 'Open /create-password without a link',
          auto: (context) => !context.opened,
        },
      ],
      'link.request': [
        {
          event: { type: 'link.request', email: demoLink.email, altcha: 'test-payload' },
          does: `Type "${demoLink.email}" as Email, wait for the bot check, click "Send link"`,
        },
      ],
      'link.requestAnother': [
        { event: { type: 'link.requestAnother' }, does: 'Click "Send another link" (or "Send a new link")' },
      ],
      'password.submit': [
        {
          event: { type: 'password.submit', password: newPassword, confirmation: newPassword },
          does: `Type "${newPassword}" as New password and as Confirm new password, click "Save password"`,
        },
      ],
    },
    actors: {
      requestLink: {
        done: {
          output: { expires_in: 3600 },
          says: 'Server answers 202 (the same whether or not the account exists; a link works 60 minutes)',
          effect:
            `sign_in_audit records password_${purpose}_requested; only if ${demoLink.email} is an account that ` +
            `${purpose === 'reset' ? 'has a password' : 'has no password yet'} and no link went out within ` +
            `${duration(passwordLinkCooldownSeconds * 1000)}, a link is stored (password_tokens, purpose ${purpose}, ` +
            `good for ${duration(authDefaults.passwordTokenTtlSeconds * 1000)}) and its email queued (outbox).`,
        },
        errors: [
          {
            failure: http(400, 'bot_check_failed', 'The bot check failed.'),
            says: 'Server answers 400 bot_check_failed',
          },
          {
            failure: http(429, 'rate_limited', 'Too many requests.', { retryAfterSeconds: 60 }),
            says: 'Server answers 429 rate_limited (Retry-After 60)',
          },
          { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
        ],
      },
      setPassword: {
        done: {
          output: undefined,
          says:
            purpose === 'reset'
              ? 'Server answers 204: password changed, every session ended'
              : 'Server answers 204: password created',
          effect:
            'the password’s hash is stored (users.password_hash); every unused link of the user is spent ' +
            '(password_tokens.used_at), every session ended (sessions.revoked_reason password_changed) and any ' +
            `half-done sign-in closed (login_tickets.consumed_at); sign_in_audit records ` +
            `${purpose === 'reset' ? 'password_reset' : 'password_created'} and a “password changed” email is ` +
            'queued (outbox).',
        },
        errors: [
          {
            failure: http(400, 'token_invalid', 'This link is not valid any more.'),
            says: 'Server answers 400 token_invalid (used, expired, or for another account or purpose)',
          },
          {
            failure: http(400, 'validation_failed', 'Some fields are not valid.', {
              fields: { password: 'contains_email' },
            }),
            says: 'Server answers 400 validation_failed: the password contains the email name',
          },
          { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
        ],
      },
    },
    delays: {
      linkCooldown: 'Wait a minute (no second link sooner)',
    },
  } satisfies Fixtures<typeof passwordLinkMachine>;
}

export const passwordTexts = {
  resetTitle: 'Reset your password',
  createTitle: 'Create your password',
  chooseTitle: 'Choose a new password',
  sentTitle: 'Check your email',
  invalidTitle: 'This link does not work any more',
  resetDone: 'Your password has been changed',
  createDone: 'Your password is ready',
  sendLink: 'Send link',
  sendAnother: 'Send another link',
  sendNew: 'Send a new link',
  save: 'Save password',
};

export function passwordErrorText(error: PasswordLinkError): string {
  switch (error) {
    case 'bot_check_failed':
      return 'The robot check did not pass. Wait until it is finished, then try again.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
    case 'token_invalid':
      return 'This link does not work any more. Ask for a new one.';
    case 'validation_failed':
      return 'The new password was not accepted. Check the fields below.';
  }
}

function screenFor(purpose: PasswordTokenPurpose) {
  const t = passwordTexts;
  const paths =
    purpose === 'reset'
      ? {
          request: '/reset_password/',
          sent: '/reset_password/',
          set: '/reset_password/',
          done: '/reset_password/',
        }
      : {
          request: '/create-password',
          sent: '/create-password/sent',
          set: '/create-password/set',
          done: '/create-password/done',
        };
  return (snapshot: SnapshotFrom<typeof passwordLinkMachine>): ScreenExpectation => {
    const busy = snapshot.hasTag('busy');
    const alert = snapshot.context.error ? passwordErrorText(snapshot.context.error) : null;
    const button = (name: string, enabled: boolean) => (enabled ? { enabled: [name] } : { disabled: [name] });
    switch (selectPasswordLinkStep(snapshot)) {
      case 'opening':
        return { path: paths.request, heading: null };
      case 'request':
        return {
          path: paths.request,
          heading: purpose === 'reset' ? t.resetTitle : t.createTitle,
          alert,
          ...button(t.sendLink, !busy),
        };
      case 'sent':
        return {
          path: paths.sent,
          heading: t.sentTitle,
          alert: null,
          ...button(t.sendAnother, selectCanAskAgain(snapshot)),
        };
      case 'password':
        return {
          path: paths.set,
          heading: purpose === 'reset' ? t.chooseTitle : t.createTitle,
          alert,
          ...button(t.save, !busy),
        };
      case 'invalid':
        return { path: paths.set, heading: t.invalidTitle, alert: null, enabled: [t.sendNew] };
      case 'done':
        return { path: paths.done, heading: purpose === 'reset' ? t.resetDone : t.createDone, alert: null };
    }
  };
}

type PasswordLinkSnapshot = SnapshotFrom<typeof passwordLinkMachine>;

const passwordAnswers: Record<string, string> = {
  requestLink: 'the link request',
  setPassword: 'the password',
};

function wordsFor(purpose: PasswordTokenPurpose) {
  const journey = purpose === 'reset' ? 'reset' : 'create';
  return (step: ModelPath<PasswordLinkSnapshot>['steps'][number]): string | null => {
    const { action } = step;
    switch (action.kind) {
      case 'event':
        switch (action.event.type) {
          case 'journey.opened':
            // Named for the journey: the two plans share every other word.
            return (action.event as unknown as { link: PasswordLink | null }).link
              ? `open the ${journey} link`
              : `open the ${journey} page without a link`;
          case 'link.request':
            return 'ask for a link';
          case 'link.requestAnother':
            return 'ask for another link';
          default:
            return null;
        }
      case 'delay':
        return 'wait a minute';
      case 'actorError':
        return failureWords(action, passwordAnswers[action.src] ?? action.src);
      case 'actorDone':
        return action.src === 'requestLink' ? 'link sent' : null;
      default:
        return null;
    }
  };
}

function titleFor(purpose: PasswordTokenPurpose) {
  const screen = screenFor(purpose);
  const words = wordsFor(purpose);
  return (path: ModelPath<PasswordLinkSnapshot>): string => {
    const last = path.steps.at(-1)!.state;
    const end =
      selectPasswordLinkStep(last) === 'done'
        ? purpose === 'reset'
          ? 'password changed'
          : 'password created'
        : screenEnd(screen(last), last.hasTag('busy'));
    return pathTitle(path, words, end);
  };
}

function modelFor(purpose: PasswordTokenPurpose): Model<typeof passwordLinkMachine> {
  return {
    name: purpose === 'reset' ? 'resetPassword' : 'createPassword',
    machine: passwordLinkMachine,
    file: 'passwordLink.machine.ts',
    start:
      purpose === 'reset'
        ? 'Signed out, open /reset_password/ (with or without the emailed link, as the first step says)'
        : 'Signed out, open /create-password (with or without the emailed link, as the first step says)',
    input: { purpose },
    fixtures: fixturesFor(purpose),
    // The bot-check round grows with every failure and changes nothing on screen: it stays out of the key.
    serialize: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        error: snapshot.context.error,
        fields: snapshot.context.fieldProblems,
        link: snapshot.context.link !== null,
        opened: snapshot.context.opened,
      }),
    bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 30 },
    screen: screenFor(purpose),
    title: titleFor(purpose),
  };
}

export const resetPasswordModel = modelFor('reset');
export const createPasswordModel = modelFor('create');
