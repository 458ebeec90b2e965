import { assign, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import type {
  AvailableMfaMethodsResponse,
  LoginMfaMethod,
  MfaMethod,
  SendLoginOtpResponse,
  SessionResponse,
} from '../schemas/auth.schema';
import { failureCode, toApiFailure } from './apiFailure';

export type MfaOption = AvailableMfaMethodsResponse['available_mfa_methods'][number];

/** Why the last step failed; the screen turns it into a translated message. */
export type LoginError =
  | 'invalid_credentials'
  /** The owner disabled this employee (issue 6): no sign-in until enabled again. */
  | 'account_disabled'
  | 'bot_check_failed'
  | 'rate_limited'
  | 'login_expired'
  | 'otp_invalid'
  | 'otp_exhausted'
  | 'otp_expired'
  | 'otp_cooldown'
  | 'network'
  | 'unknown';

const knownErrors: ReadonlySet<string> = new Set<LoginError>([
  'invalid_credentials',
  'account_disabled',
  'bot_check_failed',
  'rate_limited',
  'login_expired',
  'otp_invalid',
  'otp_exhausted',
  'otp_expired',
  'otp_cooldown',
  'network',
]);

function toLoginError(error: unknown): LoginError {
  const code = failureCode(error);
  return knownErrors.has(code) ? (code as LoginError) : 'unknown';
}

export type LoginContext = {
  email: string;
  loginToken: string | null;
  methods: MfaOption[];
  method: LoginMfaMethod | null;
  destination: string | null;
  /** Seconds until another code may be requested, as the server last said. */
  resendIn: number;
  attemptsLeft: number | null;
  error: LoginError | null;
  /** Bumped after every failed password step: the single-use bot-check proof must be solved again. */
  botCheckRound: number;
  session: SessionResponse | null;
};

export type LoginEvent =
  | { type: 'credentials.submit'; email: string; password: string; altcha: string }
  | { type: 'method.selected'; method: LoginMfaMethod }
  | { type: 'otp.submit'; code: string }
  | { type: 'otp.resend' }
  | { type: 'method.change' }
  | { type: 'login.restart' };

export type InitializeLoginInput = { email: string; password: string; altcha: string };
export type LoginTicketInput = { loginToken: string };
export type SendCodeInput = { loginToken: string; method: MfaMethod };
export type VerifyCodeInput = { loginToken: string; code: string; method: LoginMfaMethod };

/** The method a code is sent by; an authenticator app's code is never sent. */
const sentBy = (method: LoginMfaMethod | null): MfaMethod => (method === 'sms' ? 'sms' : 'email');

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/**
 * Sign-in with a password and a one-time code (SPEC §2 /login, docs/product.md "Identity and sessions").
 * Effects are the four API calls, provided by the app; the machine only decides what comes next.
 * An authenticator app (issue 8, `totp`) has no code to send: choosing it goes straight to the code, with no resend.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as SessionResponse,
  },
  actors: {
    initializeLogin: fromPromise<{ login_token: string }, InitializeLoginInput>(async () =>
      notProvided('initializeLogin'),
    ),
    availableMfaMethods: fromPromise<AvailableMfaMethodsResponse, LoginTicketInput>(async () =>
      notProvided('availableMfaMethods'),
    ),
    sendLoginOtp: fromPromise<SendLoginOtpResponse, SendCodeInput>(async () => notProvided('sendLoginOtp')),
    otpLogin: fromPromise<SessionResponse, VerifyCodeInput>(async () => notProvided('otpLogin')),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toLoginError(params.error) }),
    clearError: assign({ error: null, attemptsLeft: null }),
    nextBotCheck: assign({ botCheckRound: ({ context }) => context.botCheckRound + 1 }),
    forgetTicket: assign({ loginToken: null, methods: [], method: null, destination: null }),
  },
  guards: {
    isLoginExpired: (_, params: { error: unknown }) => failureCode(params.error) === 'login_expired',
    isCodeDead: (_, params: { error: unknown }) => {
      const code = failureCode(params.error);
      return code === 'otp_exhausted' || code === 'otp_expired';
    },
    isCooldown: (_, params: { error: unknown }) => failureCode(params.error) === 'otp_cooldown',
    /** The authenticator app was chosen: nothing to send. */
    choseApp: ({ event }) => event.type === 'method.selected' && event.method === 'totp',
  },
  delays: {
    resendCooldown: ({ context }) => Math.max(0, context.resendIn) * 1000,
  },
}).createMachine({
  id: 'login',
  context: {
    email: '',
    loginToken: null,
    methods: [],
    method: null,
    destination: null,
    resendIn: 0,
    attemptsLeft: null,
    error: null,
    botCheckRound: 0,
    session: null,
  },
  initial: 'enteringCredentials',
  states: {
    enteringCredentials: {
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
          target: 'choosingMethod',
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
    choosingMethod: {
      on: {
        'method.selected': [
          {
            guard: 'choseApp',
            // The code region starts as usual; the resend region starts (and stays) unavailable.
            target: '#login.awaitingCode.resend.unavailable',
            actions: ['clearError', assign({ method: ({ event }) => event.method, destination: null })],
          },
          {
            target: 'sendingCode',
            actions: ['clearError', assign({ method: ({ event }) => event.method })],
          },
        ],
        'login.restart': {
          target: 'enteringCredentials',
          actions: ['clearError', 'forgetTicket', 'nextBotCheck'],
        },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'sendLoginOtp',
        src: 'sendLoginOtp',
        input: ({ context }) => ({ loginToken: context.loginToken ?? '', method: sentBy(context.method) }),
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            destination: ({ event }) => event.output.destination,
            resendIn: ({ event }) => event.output.resend_in,
          }),
        },
        onError: [
          {
            guard: { type: 'isLoginExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'enteringCredentials',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              'forgetTicket',
              'nextBotCheck',
            ],
          },
          {
            target: 'choosingMethod',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    awaitingCode: {
      type: 'parallel',
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                'otp.submit': { target: 'verifying', actions: 'clearError' },
                'method.change': { target: '#login.choosingMethod', actions: 'clearError' },
              },
            },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'otpLogin',
                src: 'otpLogin',
                input: ({ context, event }) => {
                  if (event.type !== 'otp.submit') throw new Error(`unexpected ${event.type}`);
                  return {
                    loginToken: context.loginToken ?? '',
                    code: event.code,
                    method: context.method ?? 'email',
                  };
                },
                onDone: {
                  target: '#login.signedIn',
                  actions: assign({ session: ({ event }) => event.output }),
                },
                onError: [
                  {
                    guard: { type: 'isLoginExpired', params: ({ event }) => ({ error: event.error }) },
                    target: '#login.enteringCredentials',
                    actions: [
                      { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                      'forgetTicket',
                      'nextBotCheck',
                    ],
                  },
                  {
                    guard: { type: 'isCodeDead', params: ({ event }) => ({ error: event.error }) },
                    target: 'dead',
                    actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    target: 'entering',
                    actions: [
                      { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                      assign({
                        attemptsLeft: ({ event }) => {
                          const failure = toApiFailure(event.error);
                          const left =
                            failure.kind === 'http' ? failure.details?.['attempts_left'] : undefined;
                          return typeof left === 'number' ? left : null;
                        },
                      }),
                    ],
                  },
                ],
              },
            },
            /** The code is spent (too many tries or expired): only a new code helps. */
            dead: {
              on: { 'method.change': { target: '#login.choosingMethod', actions: 'clearError' } },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: {
              after: { resendCooldown: 'ready' },
            },
            /** An authenticator app's code: nothing to resend. */
            unavailable: {},
            ready: {
              on: {
                'otp.resend': {
                  // A code under verification may still sign the user in: no new code until it is answered.
                  guard: not(stateIn({ awaitingCode: { code: 'verifying' } })),
                  target: '#login.resendingCode',
                  actions: 'clearError',
                },
              },
            },
          },
        },
      },
    },
    resendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'resendLoginOtp',
        src: 'sendLoginOtp',
        input: ({ context }) => ({ loginToken: context.loginToken ?? '', method: sentBy(context.method) }),
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            destination: ({ event }) => event.output.destination,
            resendIn: ({ event }) => event.output.resend_in,
          }),
        },
        onError: [
          {
            guard: { type: 'isLoginExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'enteringCredentials',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              'forgetTicket',
              'nextBotCheck',
            ],
          },
          {
            guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingCode',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({
                resendIn: ({ event }) => {
                  const failure = toApiFailure(event.error);
                  return failure.kind === 'http' ? (failure.retryAfterSeconds ?? 30) : 30;
                },
              }),
            ],
          },
          {
            target: 'awaitingCode',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
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
export function selectLoginStep(snapshot: LoginSnapshot): 'credentials' | 'method' | 'code' | 'done' {
  if (snapshot.matches('signedIn')) return 'done';
  if (snapshot.matches('awaitingCode') || snapshot.matches('resendingCode')) return 'code';
  if (snapshot.matches('choosingMethod') || snapshot.matches('sendingCode')) return 'method';
  return 'credentials';
}

export const selectLoginBusy = (snapshot: LoginSnapshot): boolean => snapshot.hasTag('busy');
export const selectCanResend = (snapshot: LoginSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { resend: 'ready' } });
export const selectCodeDead = (snapshot: LoginSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { code: 'dead' } });
export const selectResending = (snapshot: LoginSnapshot): boolean => snapshot.matches('resendingCode');
/** The code comes from an authenticator app: none was sent, none can be resent. */
export const selectUsesApp = (snapshot: LoginSnapshot): boolean => snapshot.context.method === 'totp';
export const selectVerifying = (snapshot: LoginSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { code: 'verifying' } });
