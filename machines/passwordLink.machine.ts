import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { authDefaults } from '../schemas/authLimits';
import { passwordPolicy } from '../schemas/password.schema';
import {
  passwordLinkCooldownSeconds,
  type PasswordLinkRequestResponse,
  type PasswordTokenPurpose,
} from '../schemas/passwordJourneys.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';
import { duration } from './ruleWords';

/*
 * One machine for both password journeys: "Forgot your password?" (/reset_password/, purpose 'reset')
 * and "create your password" (/create-password/:step?, purpose 'create'). They are one journey: ask for a link by
 * email (bot check; the same answer whether or not the account exists), or, having opened the emailed link, choose
 * the password once; a used or expired link offers to ask for a new one. Only the two endpoints and the words on
 * screen differ, and those come from the `purpose` input and the provided actors, so two machines would be two
 * copies of the same chart that could drift apart.
 */

const toPasswordLinkError = knownErrors([
  'bot_check_failed',
  'rate_limited',
  'token_invalid',
  'validation_failed',
  'network',
]);
/** Why the last step failed; the screen turns it into a translated message. */
export type PasswordLinkError = ReturnType<typeof toPasswordLinkError>;

/** The uid and token of an emailed link (SPEC §2: read from the query string), and the email a reset link names. */
export type PasswordLink = { uid: string; token: string; email: string | null };

export type PasswordLinkInput = { purpose: PasswordTokenPurpose };

/** The server's problem with a field of the new password, by field (its `fields`), e.g. `contains_email`. */
export type PasswordFieldProblems = { password?: string; password_confirmation?: string };

export type PasswordLinkContext = {
  purpose: PasswordTokenPurpose;
  link: PasswordLink | null;
  /** The address a link was asked for, to say where it went. */
  email: string;
  /** Minutes a sent link stays valid, as the server said. */
  linkMinutes: number;
  error: PasswordLinkError | null;
  fieldProblems: PasswordFieldProblems;
  /** Bumped after every failed request: the single-use bot-check proof must be solved again. */
  botCheckRound: number;
  /** The screen has read the address and opened the journey (`journey.opened`). */
  opened: boolean;
};

export type PasswordLinkEvent =
  /** Sent by the screen once it has read the query string: with the emailed link, or null to ask for one. */
  | { type: 'journey.opened'; link: PasswordLink | null }
  | { type: 'link.request'; email: string; altcha: string }
  | { type: 'link.requestAnother' }
  | { type: 'password.submit'; password: string; confirmation: string };

export type RequestLinkInput = { purpose: PasswordTokenPurpose; email: string; altcha: string };
export type SetPasswordInput = {
  purpose: PasswordTokenPurpose;
  uid: string;
  token: string;
  password: string;
  confirmation: string;
};

// Rules for the descriptions, from the constants the server uses.
const linkLife = `${duration(authDefaults.passwordTokenTtlSeconds * 1000)} by default (setting PASSWORD_TOKEN_TTL_SECONDS)`;
const linkCooldown = duration(passwordLinkCooldownSeconds * 1000);
const passwordRules =
  `${passwordPolicy.minLength} to ${passwordPolicy.maxLength} characters, not one of the most common passwords, ` +
  'not containing the name part of the email';

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

export const passwordLinkMachine = setup({
  types: {
    context: {} as PasswordLinkContext,
    events: {} as PasswordLinkEvent,
    input: {} as PasswordLinkInput,
  },
  actors: {
    requestLink: fromPromise<PasswordLinkRequestResponse, RequestLinkInput>(async () =>
      notProvided('requestLink'),
    ),
    setPassword: fromPromise<void, SetPasswordInput>(async () => notProvided('setPassword')),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toPasswordLinkError(params.error) }),
    recordFieldProblems: assign({
      fieldProblems: (_, params: { error: unknown }): PasswordFieldProblems => {
        const failure = toApiFailure(params.error);
        const fields = failure.kind === 'http' ? (failure.fields ?? {}) : {};
        return {
          ...(fields.password ? { password: fields.password } : {}),
          ...(fields.password_confirmation ? { password_confirmation: fields.password_confirmation } : {}),
        };
      },
    }),
    clearError: assign({ error: null, fieldProblems: {} }),
    nextBotCheck: assign({ botCheckRound: ({ context }) => context.botCheckRound + 1 }),
  },
  delays: {
    linkCooldown: passwordLinkCooldownSeconds * 1000,
  },
  guards: {
    opensWithLink: ({ event }) => event.type === 'journey.opened' && event.link !== null,
    isTokenInvalid: (_, params: { error: unknown }) => failureCode(params.error) === 'token_invalid',
  },
}).createMachine({
  id: 'passwordLink',
  context: ({ input }) => ({
    purpose: input.purpose,
    link: null,
    email: '',
    linkMinutes: authDefaults.passwordTokenTtlSeconds / 60,
    error: null,
    fieldProblems: {},
    botCheckRound: 0,
    opened: false,
  }),
  initial: 'opening',
  states: {
    opening: {
      description:
        'Until the screen has read the address: opened from an emailed link (uid and token) or to ask for one.',
      on: {
        'journey.opened': [
          {
            guard: 'opensWithLink',
            target: 'choosingPassword',
            description:
              'Opened from the emailed link: choose the password (the link is checked when it is sent).',
            actions: assign({
              opened: true,
              link: ({ event }) => event.link,
              email: ({ event }) => event.link?.email ?? '',
            }),
          },
          {
            target: 'enteringEmail',
            actions: assign({ opened: true }),
            description: 'Opened without a link: ask for one.',
          },
        ],
      },
    },
    enteringEmail: {
      description: 'The email to send the link to, and the bot check.',
      on: {
        'link.request': {
          target: 'requestingLink',
          description: '"Send link" with the solved bot check.',
          actions: ['clearError', assign({ email: ({ event }) => event.email })],
        },
      },
    },
    requestingLink: {
      description:
        'The server checks the bot check and records the request in the sign-in audit (password_reset_requested ' +
        'or password_create_requested) whether or not an account exists. A link goes out only when an account fits ' +
        `(a reset needs a password, a create none) and none went out within ${linkCooldown}. The link works once, ` +
        `for ${linkLife}; only a hash of its token is stored.`,
      tags: ['busy'],
      invoke: {
        id: 'requestLink',
        src: 'requestLink',
        input: ({ context, event }) => {
          if (event.type !== 'link.request') throw new Error(`unexpected ${event.type}`);
          return { purpose: context.purpose, email: event.email, altcha: event.altcha };
        },
        onDone: {
          target: 'linkSent',
          description: 'The same answer whether or not an account exists, so nobody learns which emails do.',
          actions: assign({ linkMinutes: ({ event }) => Math.round(event.output.expires_in / 60) }),
        },
        onError: {
          target: 'enteringEmail',
          description:
            'Refused (bot check, too many requests) or no answer: the form with the reason, a new bot check.',
          actions: [{ type: 'recordError', params: ({ event }) => ({ error: event.error }) }, 'nextBotCheck'],
        },
      },
    },
    linkSent: {
      description:
        '"If an account exists for that email, we have sent a link": the same words whether or not one does, ' +
        'with how long the link works.',
      initial: 'coolingDown',
      states: {
        coolingDown: {
          description: `The server sends no second link within ${linkCooldown}, so the page offers none either.`,
          after: {
            linkCooldown: {
              target: 'ready',
              description: `${linkCooldown} passed: another link may be asked for.`,
            },
          },
        },
        ready: {
          description: '"Send another link" is offered.',
          on: {
            'link.requestAnother': {
              target: '#passwordLink.enteringEmail',
              description: '"Send another link": the email form again, with a new bot check.',
              actions: ['clearError', 'nextBotCheck'],
            },
          },
        },
      },
    },
    choosingPassword: {
      description: `The new password, twice: ${passwordRules}. The screen checks the rules as the user types.`,
      on: {
        'password.submit': {
          target: 'settingPassword',
          actions: 'clearError',
          description: 'The user sends the password and its confirmation.',
        },
      },
    },
    settingPassword: {
      description:
        'In one transaction the server checks the link (this user, this purpose, unused, not expired) and the ' +
        'password, stores its hash, spends every outstanding link of the user, ends every session and half-done ' +
        'sign-in, records password_reset or password_created in the sign-in audit and emails a "password ' +
        'changed" notice. A bad link changes nothing, but its try is recorded.',
      tags: ['busy'],
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context, event }) => {
          if (event.type !== 'password.submit') throw new Error(`unexpected ${event.type}`);
          return {
            purpose: context.purpose,
            uid: context.link?.uid ?? '',
            token: context.link?.token ?? '',
            password: event.password,
            confirmation: event.confirmation,
          };
        },
        onDone: { target: 'passwordSet', description: 'The password is set.' },
        onError: [
          {
            guard: { type: 'isTokenInvalid', params: ({ event }) => ({ error: event.error }) },
            target: 'linkInvalid',
            description: 'The link is used, expired, or for another account or purpose: nothing changed.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'choosingPassword',
            description: 'The password breaks a rule (each field says which) or no answer: choose again.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              { type: 'recordFieldProblems', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    linkInvalid: {
      description: 'Used, expired, for another account or purpose: nothing changed; only a new link helps.',
      on: {
        'link.requestAnother': {
          target: 'enteringEmail',
          description: '"Send a new link": the email form.',
          actions: ['clearError', assign({ link: null })],
        },
      },
    },
    passwordSet: {
      type: 'final',
      description:
        'Every session was ended; the user signs in with the new password and the second factor as usual.',
    },
  },
});

export type PasswordLinkSnapshot = SnapshotFrom<typeof passwordLinkMachine>;

export type PasswordLinkStep = 'opening' | 'request' | 'sent' | 'password' | 'invalid' | 'done';

/** Which screen step to show; screens use this instead of comparing state names. */
export function selectPasswordLinkStep(snapshot: PasswordLinkSnapshot): PasswordLinkStep {
  if (snapshot.matches('opening')) return 'opening';
  if (snapshot.matches('passwordSet')) return 'done';
  if (snapshot.matches('linkInvalid')) return 'invalid';
  if (snapshot.matches('linkSent')) return 'sent';
  if (snapshot.matches('choosingPassword') || snapshot.matches('settingPassword')) return 'password';
  return 'request';
}

export const selectPasswordLinkBusy = (snapshot: PasswordLinkSnapshot): boolean => snapshot.hasTag('busy');
export const selectCanAskAgain = (snapshot: PasswordLinkSnapshot): boolean =>
  snapshot.matches({ linkSent: 'ready' });
export const selectOpened = (snapshot: PasswordLinkSnapshot): boolean => snapshot.context.opened;
