import type { SnapshotFrom } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import { loginMachine, selectLoginStep, type LoginError } from '../../machines/login.machine';
import type { OneTimeCodeError } from '../../machines/oneTimeCode.machine';
import { selectConfirmingSignOut, selectIdleWarning, sessionMachine } from '../../machines/session.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import {
  failureWords,
  pathTitle,
  screenEnd,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';

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
        effect:
          'a login ticket is stored (login_tickets, good only for the code step) and sign_in_audit records ' +
          'password_ok; no session yet.',
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
        effect:
          'the code is spent (otp_codes.consumed_at) and the login ticket consumed (login_tickets.consumed_at); ' +
          'sign_in_audit records signed_in; a session is opened (a sessions row with this browser and IP, listed ' +
          'under active sessions in settings, and its first refresh token in refresh_tokens).',
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
  if (snapshot.matches('restoring') || snapshot.matches('restoreWaiting'))
    return { path: '/', heading: null, absent: [texts.signOut] };
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

// ---------------------------------------------------------------------------------------------------------------
// Path titles by what they prove (issue 18; as tests/model/sendMoney.paths.ts `sendMoneyTitle`).

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

function loginWords(step: ModelPath<LoginSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'actorError':
      if (action.src === 'availableMfaMethods') return failureWords(action, 'the code methods');
      return failureWords(action, 'the password');
    case 'actorDone':
      if (action.src !== 'oneTimeCode') return null;
      if (action.output === null) return 'another account';
      return (action.output as { session?: unknown }).session
        ? 'the emailed code'
        : 'the sign-in expired at the code';
    default:
      return null;
  }
}

/** Login: the password's answer, the code step's outcome, then signed in or the page it stops on. */
export function loginTitle(path: ModelPath<LoginSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const end =
    selectLoginStep(last) === 'done'
      ? 'signed in'
      : path.steps.length === 1
        ? 'the sign-in page'
        : screenEnd(loginScreen(last), last.hasTag('busy'));
  return pathTitle(path, loginWords, end);
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
  title: loginTitle,
};

/** Idle limits the session model runs with (docs/product.md: 15 minutes, warning 30 s before). */
export const sessionInput = { idleTimeoutMs: 15 * 60_000, idleWarningMs: 30_000, networkRetryMs: 5_000 };

export const sessionFixtures = {
  events: {
    'user.activity': [{ event: { type: 'user.activity' }, does: 'Press a key on the page', gesture: true }],
    'idle.stay': [
      {
        event: { type: 'idle.stay' },
        does: 'Click "Stay signed in" in "Are you still there?"',
        gesture: true,
      },
    ],
    'idle.signOut': [
      {
        event: { type: 'idle.signOut' },
        does: 'Click "Sign out now" in "Are you still there?"',
        gesture: true,
      },
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
        effect:
          'the refresh token presented is spent (refresh_tokens.used_at) and its successor issued in the same ' +
          'session; the session’s absolute limit does not move.',
      },
      errors: [
        {
          failure: http(401, 'session_expired', 'The session has expired.'),
          says: 'Server answers 401 session_expired (no live session)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
        {
          failure: {
            kind: 'http',
            status: 429,
            code: 'rate_limited',
            message: 'Too many requests.',
            retryAfterSeconds: 20,
          },
          says: 'Server answers 429 rate_limited with Retry-After: 20 (too many refreshes in a minute)',
        },
      ],
    },
    signOut: {
      done: {
        output: undefined,
        says: 'Server revokes the session; keys, cookies and storage are cleared',
        effect:
          'the session is revoked (sessions.revoked_at set, revoked_reason logout) unless the server had ended it ' +
          'already; its refresh token no longer works.',
      },
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
        effect: 'a new session is opened (sessions, refresh_tokens), as at the end of the login plan.',
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
    rateLimitRetry: 'Wait as long as the server asked (Retry-After) for the next refresh attempt',
  },
} satisfies Fixtures<typeof sessionMachine>;

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const sessionDelayWords: Record<string, string> = {
  refreshDue: 'the token falls due',
  idleWarningDue: 'idle until the warning',
  idleWarningLength: 'no answer to the warning',
  networkRetry: 'the retry falls due',
};

const sessionEventWords: Partial<Record<string, string>> = {
  'user.activity': 'a key press',
  'idle.stay': 'stay',
  'idle.signOut': 'sign out from the warning',
  'signOut.request': 'ask to sign out',
  'signOut.confirm': 'confirm the sign-out',
  'signOut.cancel': 'keep signed in',
  'session.refresh': 'a refused call forces a refresh',
  'session.started': 'a registration hands over its session',
};

function sessionWords(step: ModelPath<SessionSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
      return null;
    case 'delay':
      return sessionDelayWords[String(action.delay)] ?? null;
    case 'event':
      return sessionEventWords[action.event.type] ?? null;
    case 'actorError':
      if (action.id === 'restoreSession') return 'nothing to restore';
      if (action.src === 'signOut') return 'no answer to the sign-out';
      return failureWords(action, 'the refresh');
    case 'actorDone':
      if (action.id === 'restoreSession') return 'restored from the cookie';
      if (action.id === 'refreshSession') return 'refreshed';
      if (action.src === 'login') return 'sign in';
      return null;
  }
}

/** Session: how it was restored or begun, the waits, the user's answers and the server's, then where it is. */
export function sessionTitle(path: ModelPath<SessionSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  let end: string;
  if (last.matches('restoring')) end = 'waits while the session is restored';
  else if (last.matches('restoreWaiting')) end = 'waits as the server asked before restoring again';
  else if (last.matches('signingOut') || last.matches('expiring')) end = 'waits while signing out';
  else if (last.matches('unauthenticated')) {
    // The expiry notice is cleared once shown: whether the session expired (rather than was signed out) is in the path.
    const expired = path.steps.some((step) => step.state.matches('expiring'));
    end = expired ? 'signed out, told the session expired' : 'signed out';
  } else {
    const also = [
      ...(last.matches({ authenticated: { token: 'refreshing' } }) ? ['refreshing'] : []),
      ...(last.matches({ authenticated: { token: 'retryWaiting' } }) ? ['waiting to retry the refresh'] : []),
      ...(selectIdleWarning(last) ? ['asked “Are you still there?”'] : []),
      ...(selectConfirmingSignOut(last) ? ['“Sign out?” open'] : []),
    ];
    end = also.length ? `signed in, ${also.join(', ')}` : 'signed in';
  }
  return pathTitle(path, sessionWords, end);
}

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
  title: sessionTitle,
  activity: {
    event: { type: 'user.activity' },
    throttleMs: 5_000,
    enabled: (snapshot) => snapshot.hasTag('authenticated'),
  },
};
