import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AvailableMfaMethodsResponse, SessionResponse } from '../schemas/auth.schema';
import { knownErrors, toApiFailure } from './apiFailure';
import { oneTimeCodeMachine, refusalOf, type OneTimeCodeOutput } from './oneTimeCode.machine';

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
      description: 'Email, password and the bot check.',
      on: {
        'credentials.submit': {
          target: 'submittingCredentials',
          actions: ['clearError', assign({ email: ({ event }) => event.email })],
        },
      },
    },
    submittingCredentials: {
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
          actions: assign({ loginToken: ({ event }) => event.output.login_token }),
        },
        onError: {
          target: 'enteringCredentials',
          actions: [{ type: 'recordError', params: ({ event }) => ({ error: event.error }) }, 'nextBotCheck'],
        },
      },
    },
    loadingMethods: {
      tags: ['busy'],
      invoke: {
        id: 'availableMfaMethods',
        src: 'availableMfaMethods',
        input: ({ context }) => ({ loginToken: context.loginToken ?? '' }),
        onDone: {
          target: 'confirming',
          actions: assign({ methods: ({ event }) => event.output.available_mfa_methods }),
        },
        onError: {
          target: 'enteringCredentials',
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
        'A right code opens the session; an expired ticket or "Sign in with another account" starts again.',
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
            actions: assign({
              session: ({ event }) =>
                event.output !== null && 'session' in event.output ? event.output.session : null,
            }),
          },
          {
            target: 'enteringCredentials',
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
