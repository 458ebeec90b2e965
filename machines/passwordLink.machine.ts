import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { PasswordLinkRequestResponse, PasswordTokenPurpose } from '../schemas/passwordJourneys.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';

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
    linkCooldown: 60_000,
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
    linkMinutes: 60,
    error: null,
    fieldProblems: {},
    botCheckRound: 0,
    opened: false,
  }),
  initial: 'opening',
  states: {
    /** Until the screen has read the address: opened from an emailed link (uid and token) or to ask for one. */
    opening: {
      on: {
        'journey.opened': [
          {
            guard: 'opensWithLink',
            target: 'choosingPassword',
            actions: assign({
              opened: true,
              link: ({ event }) => event.link,
              email: ({ event }) => event.link?.email ?? '',
            }),
          },
          { target: 'enteringEmail', actions: assign({ opened: true }) },
        ],
      },
    },
    enteringEmail: {
      on: {
        'link.request': {
          target: 'requestingLink',
          actions: ['clearError', assign({ email: ({ event }) => event.email })],
        },
      },
    },
    requestingLink: {
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
          actions: assign({ linkMinutes: ({ event }) => Math.round(event.output.expires_in / 60) }),
        },
        onError: {
          target: 'enteringEmail',
          actions: [{ type: 'recordError', params: ({ event }) => ({ error: event.error }) }, 'nextBotCheck'],
        },
      },
    },
    /** "If an account exists for that email, we have sent a link": the same words whether or not one does. */
    linkSent: {
      initial: 'coolingDown',
      states: {
        /** The server sends no second link within a minute, so the page offers none either. */
        coolingDown: { after: { linkCooldown: 'ready' } },
        ready: {
          on: {
            'link.requestAnother': {
              target: '#passwordLink.enteringEmail',
              actions: ['clearError', 'nextBotCheck'],
            },
          },
        },
      },
    },
    choosingPassword: {
      on: { 'password.submit': { target: 'settingPassword', actions: 'clearError' } },
    },
    settingPassword: {
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
        onDone: { target: 'passwordSet' },
        onError: [
          {
            guard: { type: 'isTokenInvalid', params: ({ event }) => ({ error: event.error }) },
            target: 'linkInvalid',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'choosingPassword',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              { type: 'recordFieldProblems', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    /** Used, expired, for another account or purpose: nothing changed; only a new link helps. */
    linkInvalid: {
      on: {
        'link.requestAnother': {
          target: 'enteringEmail',
          actions: ['clearError', assign({ link: null })],
        },
      },
    },
    /** Every session was ended (reset); the user signs in with the new password and the second factor. */
    passwordSet: { type: 'final' },
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
