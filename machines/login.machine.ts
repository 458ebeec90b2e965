import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AvailableMfaMethodsResponse, SessionResponse } from '../schemas/auth.schema';
import { authDefaults, signInLimits } from '../schemas/authLimits';
import { knownErrors, toApiFailure } from './apiFailure';
import { oneTimeCodeMachine, refusalOf, type OneTimeCodeOutput } from './oneTimeCode.machine';
import { count, duration } from './ruleWords';

export type MfaOption = AvailableMfaMethodsResponse['available_mfa_methods'][number];

/** Why the last step failed; the screen turns it into a translated message. The code's own failures are the child's. */
export const toLoginError = knownErrors([
  'invalid_credentials',
  /** The owner disabled this employee: no sign-in until enabled again. */
  'account_disabled',
  'bot_check_failed',
  'rate_limited',
  'login_expired',
  'network',
]);
export type LoginError = ReturnType<typeof toLoginError>;

export type LoginContext = {
  email: string;
  loginToken: string | null;
  methods: MfaOption[];
  error: LoginError | null;
  /** How long the server asked to wait (its `Retry-After`) with the last error, when it said so. */
  retryAfterSeconds: number | null;
  /** Bumped after every failed password step: the single-use bot-check proof must be solved again. */
  botCheckRound: number;
  session: SessionResponse | null;
};

export type LoginEvent = { type: 'credentials.submit'; email: string; password: string; altcha: string };

export type InitializeLoginInput = { email: string; password: string; altcha: string };
export type LoginTicketInput = { loginToken: string };

const seconds = (value: number) => duration(value * 1000);

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/**
 * Sign-in with a password and a one-time code (SPEC §2 /login, docs/engineering.md "Identity and session"). The password
 * step gives a login ticket; the second factor is the oneTimeCode child (purpose login, the ticket as its request): a
 * code by email or SMS, or one from an authenticator app (nothing to send). The child ends with the session; a
 * ticket that expired meanwhile (refused) or "Sign in with another account" (cancelled) start again from the password.
 * Effects are the API calls, provided by the app; the machine only decides what comes next.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as SessionResponse,
    children: {} as { oneTimeCode: 'oneTimeCode' },
  },
  actors: {
    initializeLogin: fromPromise<{ login_token: string }, InitializeLoginInput>(async () =>
      notProvided('initializeLogin'),
    ),
    availableMfaMethods: fromPromise<AvailableMfaMethodsResponse, LoginTicketInput>(async () =>
      notProvided('availableMfaMethods'),
    ),
    oneTimeCode: oneTimeCodeMachine,
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => {
      const failure = toApiFailure(params.error);
      return {
        error: toLoginError(params.error),
        retryAfterSeconds: failure.kind === 'http' ? (failure.retryAfterSeconds ?? null) : null,
      };
    }),
    /** The code step ended without a session: the refusal's reason, or nothing when the user chose to. */
    recordOutcome: assign({
      error: (_, params: { output: OneTimeCodeOutput }) => {
        const refusal = refusalOf(params.output);
        return refusal ? toLoginError(refusal) : null;
      },
      retryAfterSeconds: null,
    }),
    clearError: assign({ error: null, retryAfterSeconds: null }),
    nextBotCheck: assign({ botCheckRound: ({ context }) => context.botCheckRound + 1 }),
    forgetTicket: assign({ loginToken: null, methods: [] }),
  },
  guards: {
    signedIn: (_, params: { output: OneTimeCodeOutput }) =>
      params.output !== null && 'session' in params.output,
  },
}).createMachine({
  id: 'login',
  context: {
    email: '',
    loginToken: null,
    methods: [],
    error: null,
    retryAfterSeconds: null,
    botCheckRound: 0,
    session: null,
  },
  initial: 'enteringCredentials',
  states: {
    enteringCredentials: {
      description:
        'The sign-in form: email, password and the bot check (a small proof of work the browser solves). After a ' +
        'refused try the form shows why, and a new bot check is solved: each proof is good for one try.',
      on: {
        'credentials.submit': {
          target: 'submittingCredentials',
          description: 'The user sends the email, the password and the solved bot check.',
          actions: ['clearError', assign({ email: ({ event }) => event.email })],
        },
      },
    },
    submittingCredentials: {
      description:
        `The server checks, in this order: whether this account and address must wait (after ` +
        `${count(signInLimits.passwordFreeFailures, 'wrong password')} from one address each try waits ` +
        `${seconds(signInLimits.passwordDelayBaseSeconds)}, doubling up to ${seconds(signInLimits.passwordDelayMaxSeconds)}; ` +
        `failures older than ${seconds(signInLimits.passwordFailureWindowSeconds)} are forgotten; after ` +
        `${count(signInLimits.accountFailureCeiling, 'wrong password')} in a row on the account only addresses that ` +
        `signed in within ${seconds(signInLimits.knownSourceSeconds)} may try), the bot check, then the password. ` +
        'Every outcome is written to the sign-in audit with the address and the browser: password_throttled, ' +
        'bot_check_failed, password_failed, account_disabled or password_ok.',
      tags: ['busy'],
      invoke: {
        id: 'initializeLogin',
        src: 'initializeLogin',
        input: ({ event }) => {
          if (event.type !== 'credentials.submit') throw new Error(`unexpected ${event.type}`);
          return { email: event.email, password: event.password, altcha: event.altcha };
        },
        onDone: {
          target: 'loadingMethods',
          description:
            `The right password: the server issues a login ticket for the second factor, good for ` +
            `${seconds(authDefaults.loginTicketTtlSeconds)} by default (setting LOGIN_TICKET_TTL_SECONDS).`,
          actions: assign({ loginToken: ({ event }) => event.output.login_token }),
        },
        onError: {
          target: 'enteringCredentials',
          description:
            'Refused: a wrong email or password (the same words for both, so nobody learns which emails exist), a ' +
            'wait with its length, a failed bot check, a disabled employee, or no answer. Back to the form with ' +
            'the reason and a new bot check.',
          actions: [{ type: 'recordError', params: ({ event }) => ({ error: event.error }) }, 'nextBotCheck'],
        },
      },
    },
    loadingMethods: {
      description:
        'With the ticket, the server says where the code can go: email, SMS when the user has a phone, the ' +
        "authenticator app once set up; the user's default first.",
      tags: ['busy'],
      invoke: {
        id: 'availableMfaMethods',
        src: 'availableMfaMethods',
        input: ({ context }) => ({ loginToken: context.loginToken ?? '' }),
        onDone: {
          target: 'confirming',
          description: 'The methods arrive: the second factor starts.',
          actions: assign({ methods: ({ event }) => event.output.available_mfa_methods }),
        },
        onError: {
          target: 'enteringCredentials',
          description:
            'The ticket expired or the server did not answer: the ticket is dropped and the user starts again ' +
            'from the password, with a new bot check.',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            'forgetTicket',
            'nextBotCheck',
          ],
        },
      },
    },
    confirming: {
      description:
        "The second factor: the oneTimeCode child with the login ticket (the user's methods, the default first). " +
        `A code lives ${seconds(authDefaults.otpTtlSeconds)} by default and takes ` +
        `${count(authDefaults.otpMaxAttempts, 'wrong try', 'wrong tries')}; over all tickets the account takes ` +
        `${count(signInLimits.codeFailuresPerAccount, 'wrong code')} in ${seconds(signInLimits.codeFailureWindowSeconds)}, ` +
        'then codes pause and the account holder is emailed. Recorded in the sign-in audit: otp_sent_<method>, ' +
        'code_wrong, otp_failed_<reason>, code_paused.',
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({
          purpose: 'login' as const,
          loginToken: context.loginToken ?? '',
          methods: context.methods,
        }),
        onDone: [
          {
            guard: { type: 'signedIn', params: ({ event }) => ({ output: event.output }) },
            target: 'signedIn',
            description:
              'A right code: the ticket is spent and the session starts; recorded as signed_in (signed_in_totp ' +
              'for the authenticator app), which also makes this address a known one for the account.',
            actions: assign({
              session: ({ event }) =>
                event.output !== null && 'session' in event.output ? event.output.session : null,
            }),
          },
          {
            target: 'enteringCredentials',
            description:
              'No session: the ticket expired meanwhile (the reason is shown) or the user chose "Sign in with ' +
              'another account". Back to the password, with a new bot check.',
            actions: [
              { type: 'recordOutcome', params: ({ event }) => ({ output: event.output }) },
              'forgetTicket',
              'nextBotCheck',
            ],
          },
        ],
      },
    },
    signedIn: {
      type: 'final',
      description: 'Signed in: the session (access token and user) goes to the session machine.',
    },
  },
  output: ({ context }) => {
    if (!context.session) throw new Error('signed in without a session');
    return context.session;
  },
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** Which screen step to show; screens use this instead of comparing state names. */
export function selectLoginStep(snapshot: LoginSnapshot): 'credentials' | 'code' | 'done' {
  if (snapshot.matches('signedIn')) return 'done';
  if (snapshot.matches('confirming')) return 'code';
  return 'credentials';
}

export const selectLoginBusy = (snapshot: LoginSnapshot): boolean => snapshot.hasTag('busy');
/** The running oneTimeCode child while the second factor is asked for. */
export const selectLoginCodeActor = (snapshot: LoginSnapshot) => snapshot.children.oneTimeCode;
