import type { SnapshotFrom } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import { staffSessionMachine, type StaffSessionSnapshot } from '../../machines/staffSession.machine';
import {
  staffSignInMachine,
  type StaffLoginStep,
  type StaffSessionStart,
  type StaffSignInContext,
  type StaffSignInError,
} from '../../machines/staffSignIn.machine';
import {
  failureWords,
  pathTitle,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';

/*
 * The test models of the back office's sign-in and session (machines/staffSignIn.machine.ts,
 * machines/staffSession.machine.ts; docs/decisions/023-staff-realm.md): Eleni Markou, a reviewer at the bank, signs in
 * at /back-office with her work email and password, then her passkey or her authenticator app's code; her session is
 * restored from its cookie, refreshed and ended. staffSignIn.model.test.tsx runs the first on the real sign-in screen,
 * staffSession.model.test.tsx the second on the back office's real routes and shell.
 */

export const backOfficePath = '/back-office';

export const staffMember = {
  id: '00000000-0000-4000-8000-0000000005f1',
  email: 'eleni.markou@tameio.test',
  name: 'Eleni Markou',
  role: 'reviewer',
} as const satisfies StaffSessionStart['staff'];

export const staffCredentials = { email: staffMember.email, password: 'Back-Office-Desk-2026!' };
export const staffCode = '246810';

export const staffStart = {
  access_token: 'eyJhbGciOiJIUzI1NiJ9.staff-model-test.signature',
  expires_in: 600,
  staff: staffMember,
} satisfies StaffSessionStart;

/** Right password, a passkey registered: the server sends the WebAuthn challenge with the ticket. */
export const stepWithPasskey = {
  ticket: 'staff-ticket-1',
  methods: ['passkey', 'totp'],
  passkey_options: { challenge: 'staff-challenge-1' },
} satisfies StaffLoginStep;

/** Right password, no passkey yet: the authenticator app's code is the only second factor. */
export const stepWithoutPasskey = {
  ticket: 'staff-ticket-1',
  methods: ['totp'],
  passkey_options: null,
} satisfies StaffLoginStep;

export const staffTexts = {
  title: 'Tameio back office',
  email: 'Work email',
  password: 'Password',
  continue: 'Continue',
  usePasskey: 'Use my passkey',
  useCode: 'Use the authenticator app instead',
  code: '6-digit code',
  verify: 'Sign in',
  backToPasskey: 'Use my passkey instead',
  restart: 'Sign in with another account',
  signOut: 'Sign out',
  home: `Welcome, ${staffMember.name}`,
  /** The shell's "who is signed in": name and role. */
  signedInAs: `${staffMember.name}, reviewer`,
};

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

const signedInEffect = (factor: 'passkey' | 'totp') =>
  `a staff session is opened (staff_sessions, second_factor ${factor}) with the staff refresh cookie, the ticket ` +
  'is used (staff_login_tickets.used_at) and the audit trail records staff.signed_in.';
const refusedEffect =
  'the ticket counts one more try (staff_login_tickets.attempts) and the audit trail records staff.sign_in_failed.';

export const staffSignInFixtures = {
  events: {
    'credentials.submit': [
      {
        event: { type: 'credentials.submit', ...staffCredentials },
        does: `Type "${staffCredentials.email}" as Work email and the password, click "${staffTexts.continue}"`,
      },
    ],
    'passkey.use': [
      {
        event: { type: 'passkey.use' },
        does: `Click "${staffTexts.usePasskey}" (on the code step "${staffTexts.backToPasskey}") and confirm with the device’s lock`,
      },
    ],
    'code.choose': [{ event: { type: 'code.choose' }, does: `Click "${staffTexts.useCode}"` }],
    'code.submit': [
      {
        event: { type: 'code.submit', code: staffCode },
        does: `Type the 6 digits the authenticator app shows (${staffCode} in the tests), click "${staffTexts.verify}"`,
      },
    ],
    'signIn.restart': [{ event: { type: 'signIn.restart' }, does: `Click "${staffTexts.restart}"` }],
  },
  actors: {
    checkPassword: {
      done: {
        output: stepWithPasskey,
        says: 'Server accepts the password; Eleni has a passkey, so it is offered first',
        effect:
          'a sign-in ticket is stored with the passkey challenge (staff_login_tickets); no session yet.',
      },
      alsoDone: [
        {
          output: stepWithoutPasskey,
          says: 'Server accepts the password; Eleni has no passkey yet, so the authenticator code is asked',
          effect: 'a sign-in ticket is stored (staff_login_tickets); no session yet.',
        },
      ],
      errors: [
        {
          failure: http(
            401,
            'invalid_credentials',
            'The email or the password is not right. Check both and try again.',
          ),
          says: 'Server answers 401 invalid_credentials (the same for an unknown email)',
          does: `Type "${staffCredentials.email}" and "Wrong-Password-1" as Password, click "${staffTexts.continue}"`,
        },
        {
          failure: http(429, 'rate_limited', 'Too many attempts.'),
          says: 'Server answers 429 rate_limited',
          does: 'Try a wrong password more often than the limit allows, then the right one',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    signInWithPasskey: {
      done: {
        output: staffStart,
        says: 'Server verifies the passkey and starts the session',
        effect: signedInEffect('passkey'),
      },
      errors: [
        {
          failure: http(
            400,
            'passkey_refused',
            'This passkey was not accepted. Try again, or use your authenticator app.',
            { details: { attempts_left: 4 } },
          ),
          says: 'Server answers 400 passkey_refused (4 tries left)',
          does: 'Confirm with a passkey of another account on this device',
        },
        {
          failure: http(400, 'passkey_refused', 'The passkey prompt was cancelled.'),
          says: 'The browser’s prompt is cancelled: nothing reaches the server',
          does: 'Click "Use my passkey", then "Cancel" in the browser’s passkey prompt',
        },
        {
          failure: http(
            400,
            'passkey_refused',
            'This passkey was not accepted. Try again, or use your authenticator app.',
            { details: { attempts_left: 0 } },
          ),
          says: 'Server answers 400 passkey_refused with no tries left (the fifth refused try on this ticket)',
          does: 'Confirm with a passkey of another account on this device five times',
        },
      ],
    },
    signInWithCode: {
      done: {
        output: staffStart,
        says: 'Server accepts the code and starts the session',
        effect: signedInEffect('totp'),
      },
      errors: [
        {
          failure: http(400, 'otp_invalid', 'This code is not right.', {
            fields: { code: 'This code is not right.' },
            details: { attempts_left: 4 },
          }),
          says: `Server answers 400 otp_invalid (4 tries left); ${refusedEffect}`,
          does: `Type 000000, a wrong code, click "${staffTexts.verify}"`,
        },
        {
          failure: http(400, 'otp_invalid', 'This code is not right and no tries are left. Sign in again.', {
            fields: { code: 'This code is not right.' },
            details: { attempts_left: 0 },
          }),
          says: 'Server answers 400 otp_invalid with no tries left (the fifth wrong try on this ticket)',
          does: `Type a wrong code five times, clicking "${staffTexts.verify}" each time`,
        },
        {
          failure: http(
            401,
            'login_expired',
            'This sign-in has expired. Enter your email and password again.',
          ),
          says: 'Server answers 401 login_expired (the sign-in’s 5 minutes are over)',
          does: `Wait more than 5 minutes after the password, then type the code and click "${staffTexts.verify}"`,
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof staffSignInMachine>;

const errorWords: Record<StaffSignInError, string> = {
  invalid_credentials: 'The email or the password is not right. Check both and try again.',
  otp_invalid: 'This code is not right. Enter the 6 digits the app shows now.',
  passkey_refused: 'This passkey was not accepted. Try again, or use your authenticator app.',
  login_expired: 'That sign-in expired or ran out of tries. Enter your email and password again.',
  rate_limited: 'Too many attempts. Please wait a moment and try again.',
  validation_failed: 'Something went wrong. Please try again.',
  network: 'A network error has occurred.',
  unknown: 'Something went wrong. Please try again.',
};

/** What the sign-in screen says of a refusal: with the tries left, or "start again" when none are. */
export function staffSignInErrorText(error: StaffSignInError, attemptsLeft: number | null): string {
  if (attemptsLeft === 0) return errorWords.login_expired;
  const words = errorWords[error];
  if (attemptsLeft === null) return words;
  return `${words} ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`;
}

const hasPasskey = (context: StaffSignInContext) =>
  context.methods.includes('passkey') && context.passkeyOptions !== null;

type StaffSignInSnapshot = SnapshotFrom<typeof staffSignInMachine>;

function staffSignInScreen(snapshot: StaffSignInSnapshot): ScreenExpectation {
  const t = staffTexts;
  const path = backOfficePath;
  const heading = t.title;
  const { error, attemptsLeft } = snapshot.context;
  const alert = error ? staffSignInErrorText(error, attemptsLeft) : null;
  switch (snapshot.value) {
    case 'enteringCredentials':
      return { path, heading, alert, enabled: [t.continue] };
    case 'checkingPassword':
      return { path, heading, alert: null, disabled: [t.continue] };
    case 'choosingPasskey':
      return { path, heading, alert, enabled: [t.usePasskey, t.useCode, t.restart] };
    case 'usingPasskey':
      return { path, heading, alert: null, disabled: [t.usePasskey] };
    case 'enteringCode':
      return hasPasskey(snapshot.context)
        ? { path, heading, alert, enabled: [t.verify, t.backToPasskey, t.restart] }
        : { path, heading, alert, enabled: [t.verify, t.restart], absent: [t.backToPasskey] };
    case 'checkingCode':
      return { path, heading, alert: null, disabled: [t.verify] };
    case 'signedIn':
      return { path, heading: t.home, alert: null };
  }
}

const signInEnds: Record<StaffSignInSnapshot['value'], string> = {
  enteringCredentials: 'back at the email and password',
  checkingPassword: 'waits for the password check',
  choosingPasskey: 'stops at the passkey',
  usingPasskey: 'waits for the passkey',
  enteringCode: 'stops at the code',
  checkingCode: 'waits for the code check',
  signedIn: 'signed in',
};

function staffSignInWords(
  step: ModelPath<StaffSignInSnapshot>['steps'][number],
  index: number,
  steps: ModelPath<StaffSignInSnapshot>['steps'],
): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'event':
      if (action.event.type === 'code.choose') return 'switch to the code';
      if (action.event.type === 'signIn.restart') return 'restart';
      if (action.event.type === 'passkey.use' && steps[index - 1]?.state.value === 'enteringCode')
        return 'back to the passkey';
      return null;
    case 'actorDone':
      if (action.src === 'checkPassword')
        return (action.output as StaffLoginStep).passkey_options
          ? 'right password, passkey registered'
          : 'right password, no passkey';
      return action.src === 'signInWithPasskey' ? 'passkey accepted' : 'code accepted';
    case 'actorError': {
      const { failure } = action;
      const left = failure.kind === 'http' ? failure.details?.attempts_left : undefined;
      if (action.src === 'checkPassword')
        return failureWords(action, 'the password', { invalid_credentials: 'wrong password' });
      if (action.src === 'signInWithPasskey') {
        if (failure.kind === 'http' && failure.code === 'passkey_refused' && left === undefined)
          return 'passkey prompt cancelled';
        if (left === 0) return 'the passkey refused on the last try';
        return failureWords(action, 'the passkey', { passkey_refused: 'not accepted' });
      }
      if (left === 0) return 'the code refused on the last try';
      return failureWords(action, 'the code', {
        otp_invalid: 'wrong code',
        login_expired: 'sign-in expired',
      });
    }
    default:
      return null;
  }
}

/** "Staff sign-in: right password, passkey registered, passkey accepted: signed in". */
function staffSignInTitle(path: ModelPath<StaffSignInSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  return `Staff sign-in: ${pathTitle(path, staffSignInWords, signInEnds[last.value])}`;
}

export const staffSignInModel: Model<typeof staffSignInMachine> = {
  name: 'staffSignIn',
  machine: staffSignInMachine,
  file: 'staffSignIn.machine.ts',
  start: `Signed out of the back office, open ${backOfficePath}: the sign-in form asks for the work email and password`,
  fixtures: staffSignInFixtures,
  // The step, the refusal shown with its tries left, and whether a passkey can be offered decide the screen.
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({
      value,
      error: context.error,
      attemptsLeft: context.attemptsLeft,
      passkey: hasPasskey(context),
    });
  },
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 6 },
  screen: staffSignInScreen,
  title: staffSignInTitle,
};

// ---------------------------------------------------------------------------------------------------------------
// The staff session

export const staffSessionFixtures = {
  events: {
    'session.signOut': [
      {
        event: { type: 'session.signOut' },
        does: `Click "${staffTexts.signOut}" in the back office’s header`,
      },
    ],
    'session.refresh': [
      {
        event: { type: 'session.refresh' },
        does: 'The back office forces a token refresh (a call was refused with 401)',
      },
    ],
  },
  actors: {
    restoreSession: {
      done: {
        output: staffStart,
        says: 'Server exchanges the staff refresh cookie for a new access token',
        effect:
          'the staff refresh cookie is replaced (staff_sessions.refresh_hash) and the idle limit moves on ' +
          '(staff_sessions.idle_expires_at, 30 minutes, never past the 10 hours).',
      },
      errors: [
        {
          failure: http(401, 'session_expired', 'Sign in again.'),
          says: 'Server answers 401: no staff session (no cookie, or it ended)',
          does: 'Open the page without a staff cookie, or after the session ended (signed out elsewhere, idle, disabled)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    endSession: {
      done: {
        output: undefined,
        says: 'Server ends the session and clears the staff cookie',
        effect: 'the staff session is revoked (staff_sessions.revoked_at).',
      },
      errors: [
        {
          failure: { kind: 'network' },
          says: 'The network fails: the back office forgets the token anyway',
        },
      ],
    },
    staffSignIn: {
      done: {
        output: staffStart,
        says: `Sign in with the email, the password and the authenticator code (the staff sign-in plan)`,
        effect: signedInEffect('totp'),
      },
      // The sign-in journey ends only by succeeding.
      errors: [],
    },
  },
  delays: {
    beforeExpiry: 'Wait until a minute before the access token expires (8 minutes with a 10-minute token)',
    networkRetry: 'Wait 5 s for the next refresh attempt',
  },
} satisfies Fixtures<typeof staffSessionMachine>;

function staffSessionScreen(snapshot: StaffSessionSnapshot): ScreenExpectation {
  const t = staffTexts;
  const path = backOfficePath;
  switch (snapshot.value) {
    case 'restoring':
    case 'signingOut':
      return { path, heading: null };
    case 'signedOut':
      // The sign-in journey starts afresh each time.
      return { path, heading: t.title, alert: null, enabled: [t.continue] };
    case 'signedIn':
    case 'refreshing':
    case 'retryWaiting':
      // The shell stays while the token is renewed.
      return { path, heading: t.home, enabled: [t.signOut] };
  }
}

const sessionEnds: Record<StaffSessionSnapshot['value'], string> = {
  restoring: 'waits for the cookie',
  signedOut: 'the sign-in form',
  signedIn: 'signed in',
  refreshing: 'waits for a new token',
  retryWaiting: 'signed in, waiting to retry',
  signingOut: 'waits for the sign-out',
};

function staffSessionWords(step: ModelPath<StaffSessionSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'event':
      return action.event.type === 'session.signOut' ? 'sign out' : 'a refused call forces a refresh';
    case 'actorDone':
      if (action.id === 'restoreSession') return 'the cookie restores the session';
      if (action.id === 'refreshSession') return 'a new token';
      if (action.src === 'endSession') return 'signed out';
      return 'signed in with two factors';
    case 'actorError':
      return failureWords(
        action,
        { endSession: 'the sign-out', restoreSession: 'the cookie' }[action.id] ?? 'the refresh',
        {
          session_expired: 'no session',
        },
      );
    case 'delay':
      return action.delay === 'beforeExpiry' ? 'the token falls due' : 'the retry falls due';
    default:
      return null;
  }
}

/** "Staff session: the cookie refused (no session), signed in with two factors: signed in". */
function staffSessionTitle(path: ModelPath<StaffSessionSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  return `Staff session: ${pathTitle(path, staffSessionWords, sessionEnds[last.value])}`;
}

export const staffSessionModel: Model<typeof staffSessionMachine> = {
  name: 'staffSession',
  machine: staffSessionMachine,
  file: 'staffSession.machine.ts',
  start: `Open ${backOfficePath} (the back office asks the server to restore the staff session from its cookie)`,
  fixtures: staffSessionFixtures,
  // Tokens come from fixtures; what the screen shows follows the state and whether a session is held.
  serialize: (snapshot) =>
    JSON.stringify({ value: snapshot.value, signedIn: snapshot.context.accessToken !== null }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 8 },
  screen: staffSessionScreen,
  title: staffSessionTitle,
};
