import type { SnapshotFrom } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import { loginMachine, selectLoginStep, type LoginError } from '../../machines/login.machine';
import type { OneTimeCodeError } from '../../machines/oneTimeCode.machine';
import { selectConfirmingSignOut, selectIdleWarning, sessionMachine } from '../../machines/session.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { Fixtures, Model, ScreenExpectation } from './generatePaths';

/*
 * The test models of signing in and the session: for the login and session machines, the fixtures (what the tester
 * does, what the server answers, how long the waits are) and what the screen must show in each state. Paths come from
 * ./generatePaths.ts; tests/model/*.model.test.tsx run them and scripts/testPaths.ts prints them as the QA plan.
 */

export const demoUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'demo@tameio.test',
  first_name: 'Dora',
  last_name: 'Demou',
  is_owner: true,
  employee_type: null,
  language: 'en',
  merchant: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Demo Coffee', status: 'approved' },
} satisfies SessionResponse['user'];

export const demoSession = {
  access_token: 'eyJhbGciOiJIUzI1NiJ9.model-test.signature',
  token_type: 'Bearer',
  expires_in: 600,
  user: demoUser,
} satisfies SessionResponse;

export const demoCredentials = { email: 'demo@tameio.test', password: 'Demo-Merchant-2026!' };
export const demoMethods = [
  { method: 'email', destination: 'd***@tameio.test' },
  { method: 'sms', destination: '+30 ******0001' },
] as const satisfies ReadonlyArray<{ method: 'email' | 'sms'; destination: string }>;
/** The login also offers the authenticator app the user has added (no destination: nothing is sent). */
export const loginMethods = [
  ...demoMethods,
  { method: 'totp', destination: '' },
] as const satisfies ReadonlyArray<{ method: 'email' | 'sms' | 'totp'; destination: string }>;
export const demoCode = '246810';
/** Seconds the server makes the user wait before another code (resend_in of sendLoginOtp). */
export const resendSeconds = 30;

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const loginFixtures = {
  events: {
    'credentials.submit': [
      {
        event: { type: 'credentials.submit', ...demoCredentials, altcha: 'test-payload' },
        does: `Type "${demoCredentials.email}" as Email and the password, wait for the bot check, click "Continue"`,
      },
    ],
  },
  actors: {
    initializeLogin: {
      done: {
        output: { login_token: 'login-ticket-1' },
        says: 'Server accepts the password and issues a login ticket',
      },
      errors: [
        {
          failure: http(401, 'invalid_credentials', 'Email or password is incorrect.'),
          says: 'Server answers 401 invalid_credentials (wrong password or unknown email)',
        },
        {
          failure: http(400, 'bot_check_failed', 'The bot check failed.'),
          says: 'Server answers 400 bot_check_failed',
        },
        {
          failure: http(429, 'rate_limited', 'Too many attempts.', { retryAfterSeconds: 60 }),
          says: 'Server answers 429 rate_limited (Retry-After 60)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    availableMfaMethods: {
      done: {
        output: { available_mfa_methods: [...loginMethods] },
        says: 'Server lists the email, SMS and authenticator app methods',
      },
      errors: [
        {
          failure: http(401, 'login_expired', 'The sign-in has expired.'),
          says: 'Server answers 401 login_expired (the login ticket ran out)',
        },
      ],
    },
    oneTimeCode: {
      done: {
        output: { session: demoSession },
        says: `Choose "${methodButton(demoMethods[0])}", type the emailed code ${demoCode}, click "Verify" (the server opens the session)`,
      },
      alsoDone: [
        {
          output: { refused: http(401, 'login_expired', 'The sign-in has expired.') },
          says: `Choose "${methodButton(demoMethods[0])}": the server answers 401 login_expired (the login ticket ran out)`,
        },
        { output: null, says: 'Click "Sign in with another account"' },
      ],
      errors: [],
    },
  },
  delays: {},
} satisfies Fixtures<typeof loginMachine>;

// ---------------------------------------------------------------------------------------------------------------
// What the screens show (the UI contract the model tests hold them to; texts as in lang/en.json).

export const texts = {
  signIn: 'Sign in to Tameio',
  chooseMethod: 'Choose where to get your code',
  enterCode: 'Enter your code',
  continue: 'Continue',
  verify: 'Verify',
  resend: 'Send a new code',
  changeMethod: 'Use another method',
  restart: 'Sign in with another account',
  signOut: 'Sign out',
  signOutDialog: 'Sign out?',
  idleDialog: 'Are you still there?',
  sessionExpired: 'Session has expired. Please log in again to continue!',
  /** The stand-in for the dashboard in jsdom (screens that fetch are not rendered) shows the merchant's name. */
  signedInHeading: demoUser.merchant.name,
};

export function methodButton(option: { method: 'email' | 'sms' | 'totp'; destination: string }): string {
  if (option.method === 'totp') return 'Authenticator app';
  return `${option.method === 'email' ? 'Email' : 'SMS'}: ${option.destination}`;
}

/** The sentence the login screen and its code step show for each failure (src/i18n/errorMessages.ts, English). */
export function loginErrorText(error: LoginError | OneTimeCodeError, attemptsLeft: number | null): string {
  switch (error) {
    case 'invalid_credentials':
      return 'Email or password is incorrect.';
    case 'account_disabled':
      return 'This account has been disabled. Ask the owner of your company to enable it again.';
    case 'bot_check_failed':
      return 'The robot check did not pass. Wait until it is finished, then try again.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'login_expired':
      return 'Your sign-in took too long. Please enter your email and password again.';
    case 'otp_invalid':
      if (attemptsLeft === null) return 'That code is not right.';
      return `That code is not right. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`;
    case 'otp_exhausted':
      return 'Too many wrong tries. Send a new code.';
    case 'otp_expired':
      return 'That code has expired. Send a new code.';
    case 'otp_cooldown':
      return 'Please wait a little before asking for another code.';
    case 'mfa_method_unavailable':
      return 'This method is not available for your account. Choose another.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

function loginScreen(snapshot: SnapshotFrom<typeof loginMachine>): ScreenExpectation {
  const { error, methods } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  // A sign-in that must wait says when beside the password field, not in the alert (tests/model/login.model.test.tsx).
  const alert = error && error !== 'rate_limited' ? loginErrorText(error, null) : null;
  switch (selectLoginStep(snapshot)) {
    case 'credentials':
      return {
        path: '/login',
        heading: texts.signIn,
        alert,
        ...(busy ? { disabled: [texts.continue] } : { enabled: [texts.continue] }),
      };
    case 'code':
      // The oneTimeCode child starts at the method choice (its own paths are the oneTimeCode model's).
      return {
        path: '/login/method',
        heading: texts.chooseMethod,
        alert: null,
        enabled: [...methods.map(methodButton), texts.restart],
      };
    case 'done':
      // Signed in: the guest-only login page hands over to the remembered protected page (default `/`).
      return { path: '/', heading: texts.signedInHeading, alert: null, enabled: [texts.signOut] };
  }
}

function sessionScreen(snapshot: SnapshotFrom<typeof sessionMachine>): ScreenExpectation {
  if (snapshot.matches('restoring')) return { path: '/', heading: null, absent: [texts.signOut] };
  if (snapshot.matches('signingOut') || snapshot.matches('expiring')) {
    return { path: '/', heading: null, dialogs: [], absent: [texts.signOut] };
  }
  if (snapshot.matches('unauthenticated')) {
    return {
      path: '/login',
      heading: texts.signIn,
      alert: null,
      dialogs: [],
      absent: [texts.signOut],
      ...(snapshot.context.notice === 'sessionExpired' ? { toast: texts.sessionExpired } : {}),
    };
  }
  const dialogs = [
    ...(selectConfirmingSignOut(snapshot) ? [texts.signOutDialog] : []),
    ...(selectIdleWarning(snapshot) ? [texts.idleDialog] : []),
  ];
  return { path: '/', heading: texts.signedInHeading, dialogs, enabled: [texts.signOut] };
}

export const loginModel: Model<typeof loginMachine> = {
  name: 'login',
  machine: loginMachine,
  file: 'login.machine.ts',
  start: 'Open /login without a session (no refresh cookie)',
  fixtures: loginFixtures,
  // botCheckRound grows with every failure and the email, ticket and methods come from fixtures: none changes what
  // the screen offers, so they stay out of the key (otherwise the state space is infinite).
  serialize: (snapshot) => JSON.stringify({ value: snapshot.value, error: snapshot.context.error }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 40 },
  screen: loginScreen,
};

/** Idle limits the session model runs with (docs/product.md: 15 minutes, warning 30 s before). */
export const sessionInput = { idleTimeoutMs: 15 * 60_000, idleWarningMs: 30_000, networkRetryMs: 5_000 };

export const sessionFixtures = {
  events: {
    'user.activity': [{ event: { type: 'user.activity' }, does: 'Press a key on the page', gesture: true }],
    'idle.stay': [
      { event: { type: 'idle.stay' }, does: 'Click "Stay" in "Are you still there?"', gesture: true },
    ],
    'idle.cancel': [
      { event: { type: 'idle.cancel' }, does: 'Click "Cancel" in "Are you still there?"', gesture: true },
    ],
    'signOut.request': [
      { event: { type: 'signOut.request' }, does: 'Click "Sign out" in the header', gesture: true },
    ],
    'signOut.confirm': [
      {
        event: { type: 'signOut.confirm' },
        does: 'Click "Sign out" in the "Sign out?" dialog',
        gesture: true,
      },
    ],
    'signOut.cancel': [
      { event: { type: 'signOut.cancel' }, does: 'Click "Cancel" in the "Sign out?" dialog', gesture: true },
    ],
    'session.refresh': [
      {
        event: { type: 'session.refresh' },
        does: 'The app forces a token refresh (an API call was refused)',
      },
    ],
    'session.started': [
      {
        event: { type: 'session.started', session: demoSession },
        does: 'Another journey (registration) ends and hands over its session',
      },
    ],
    'notice.dismissed': [
      {
        event: { type: 'notice.dismissed' },
        does: 'The app shows the expiry toast once and marks it as seen',
        auto: (context) => context.notice !== null,
      },
    ],
  },
  actors: {
    refreshSession: {
      done: {
        output: demoSession,
        says: 'Server refreshes from the cookie: a new access token for 10 minutes',
      },
      errors: [
        {
          failure: http(401, 'session_expired', 'The session has expired.'),
          says: 'Server answers 401 session_expired (no live session)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    signOut: {
      done: { output: undefined, says: 'Server revokes the session; keys, cookies and storage are cleared' },
      errors: [
        {
          failure: { kind: 'network' },
          says: 'The network fails during sign-out (tokens are cleared in the browser anyway)',
        },
      ],
    },
    login: {
      done: {
        output: demoSession,
        says: 'Sign in with password and one-time code (the login journey completes)',
      },
      // The login journey ends only by succeeding; it has no error outcome.
      errors: [],
    },
  },
  delays: {
    refreshDue: 'Wait until 5 s before the access token expires',
    idleWarningDue: 'Wait without touching the page until 30 s before the idle limit',
    idleWarningLength: 'Wait 30 s more without answering the idle dialog',
    networkRetry: 'Wait 5 s for the next refresh attempt',
  },
} satisfies Fixtures<typeof sessionMachine>;

export const sessionModel: Model<typeof sessionMachine> = {
  name: 'session',
  machine: sessionMachine,
  file: 'session.machine.ts',
  start: 'Open / (the app asks the server to restore the session from the refresh cookie)',
  input: sessionInput,
  fixtures: sessionFixtures,
  // Token values come from fixtures; what matters is whether a session is held and whether a notice is pending.
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      signedIn: snapshot.context.accessToken !== null,
      notice: snapshot.context.notice,
    }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 40 },
  screen: sessionScreen,
  activity: {
    event: { type: 'user.activity' },
    throttleMs: 5_000,
    enabled: (snapshot) => snapshot.hasTag('authenticated'),
  },
};
