import type { ApiFailure } from '../../machines/apiFailure';
import {
  addAuthenticatorMachine,
  selectAddAuthenticatorStep,
  type AddAuthenticatorError,
  type AddAuthenticatorSnapshot,
} from '../../machines/addAuthenticator.machine';
import type { SecuritySettings, TotpEnrollment } from '../../schemas/settings.schema';
import type { Fixtures, Model, ModelPath, ScreenExpectation } from './generatePaths';
import { failureWords, pathTitle, screenEnd } from './generatePaths';
import { codeMethodButton, codeMethods, codeTexts } from './oneTimeCode.paths';
import { securityPath } from './changePassword.paths';

/*
 * The test model of adding an authenticator app (machines/addAuthenticator.machine.ts), run on the real journey at
 * /settings/security by addAuthenticator.model.test.tsx: Dora Demou confirms with a one-time code, scans the QR code
 * of the secret JBSWY3DPEHPK3PXP, types the app's first code 135790 and sees the app added.
 */

export const enrollment = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Tameio:demo%40tameio.test?secret=JBSWY3DPEHPK3PXP&issuer=Tameio',
} satisfies TotpEnrollment;
export const appCode = '135790';

export const addedSettings = {
  methods: [
    { method: 'email', destination: 'd***@tameio.test', is_default: true },
    { method: 'sms', destination: '+30 ******0001', is_default: false },
    { method: 'totp', destination: null, is_default: false },
  ],
  can_add: [],
} satisfies SecuritySettings;

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const authenticatorTexts = {
  title: 'Add an authenticator app',
  retry: 'Try again',
  codeLabel: 'Code from the app',
  confirm: 'Confirm',
  restart: 'Start again',
  deadTitle: 'Set-up expired',
  addedTitle: 'Your authenticator app is set up',
  addedToast: 'Authenticator app added',
  endedTitle: 'No authenticator app added',
};

export const addAuthenticatorFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'totp.submit': [
      {
        event: { type: 'totp.submit', code: appCode },
        does: `Type ${appCode} (the app's code) as Code from the app, click "Confirm"`,
      },
    ],
    'authenticator.restart': [{ event: { type: 'authenticator.restart' }, does: 'Click "Start again"' }],
  },
  actors: {
    loadStepUpMethods: {
      done: { output: [...codeMethods], says: 'Server says a code can go by email or SMS' },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    oneTimeCode: {
      done: {
        output: { stepUpToken: 'grant-1' },
        says: `Choose "${codeMethodButton(codeMethods[0])}", type the emailed code 246810, click "Verify" (the server grants the change)`,
        effect:
          'the code is spent (otp_codes.consumed_at) and a step-up grant for mfa_change is stored (step_up_grants).',
      },
      alsoDone: [{ output: null, says: 'Click "Cancel" on "Confirm it is you"' }],
      errors: [],
    },
    totpEnrollStart: {
      done: {
        output: enrollment,
        says: 'Server makes a new secret and its otpauth:// URI',
        effect:
          'a new secret is stored sealed and pending (totp_credentials, confirmed_at null), replacing any earlier ' +
          'pending one; the app is not a second factor yet and the grant is not spent.',
      },
      errors: [
        {
          failure: http(409, 'conflict', 'An authenticator app is set up already.'),
          says: 'Server answers 409 conflict (an app is set up already)',
        },
      ],
    },
    totpEnrollConfirm: {
      done: {
        output: addedSettings,
        says: 'Server accepts the code: the app is a second factor now',
        effect:
          'the step-up grant is used up (step_up_grants.consumed_at) and the app’s secret confirmed ' +
          '(totp_credentials.confirmed_at, with the code’s time step so it cannot be used again): the next sign-in ' +
          'offers “Authenticator app”.',
      },
      errors: [
        {
          failure: http(400, 'otp_invalid', 'The code is not correct.', { details: { attempts_left: 4 } }),
          says: 'Server answers 400 otp_invalid with 4 attempts left',
          does: 'Type 000000 (not the app\'s code) as Code from the app, click "Confirm"',
        },
        {
          failure: http(400, 'otp_expired', 'This set-up has expired.'),
          says: 'Server answers 400 otp_expired (the set-up is older than 15 minutes)',
        },
        {
          failure: http(403, 'step_up_required', 'Confirm with a one-time code first.'),
          says: 'Server answers 403 step_up_required (the grant expired)',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof addAuthenticatorMachine>;

export function addAuthenticatorErrorText(error: AddAuthenticatorError, attemptsLeft: number | null): string {
  switch (error) {
    case 'otp_invalid':
      if (attemptsLeft === null) return 'That code is not right.';
      return `That code is not right. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`;
    case 'otp_exhausted':
    case 'otp_expired':
      return 'This set-up has expired or had too many wrong codes. Start again with a new QR code.';
    case 'step_up_required':
      return 'Your confirmation has expired. Confirm it is you with a new one-time code.';
    case 'conflict':
      return 'An authenticator app is set up already. Remove it first to add another.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

function addAuthenticatorScreen(snapshot: AddAuthenticatorSnapshot): ScreenExpectation {
  const t = authenticatorTexts;
  const busy = snapshot.hasTag('busy');
  const { error, attemptsLeft } = snapshot.context;
  const alert = error ? addAuthenticatorErrorText(error, attemptsLeft) : null;
  const path = securityPath;
  switch (selectAddAuthenticatorStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.title, alert, enabled: [t.retry] };
    case 'code':
      return {
        path,
        heading: codeTexts.methodTitle,
        alert,
        enabled: [...codeMethods.map((option) => codeMethodButton(option)), codeTexts.cancel],
      };
    case 'scan':
      return {
        path,
        heading: t.title,
        alert,
        ...(busy ? { disabled: [t.confirm] } : { enabled: [t.confirm] }),
      };
    case 'dead':
      return { path, heading: t.deadTitle, alert, enabled: [t.restart] };
    case 'added':
      return { path, heading: t.addedTitle, alert: null, toast: t.addedToast };
    case 'ended':
      return { path, heading: t.endedTitle, alert };
  }
}

const authenticatorAnswers: Record<string, string> = {
  loadStepUpMethods: 'the code methods',
  totpEnrollStart: 'the set-up',
  totpEnrollConfirm: 'the app’s code',
};

function addAuthenticatorWords(step: ModelPath<AddAuthenticatorSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'event':
      if (action.event.type === 'load.retry') return 'load the set-up again';
      if (action.event.type === 'authenticator.restart') return 'start again';
      return null;
    case 'actorError':
      return failureWords(action, authenticatorAnswers[action.src] ?? action.src);
    case 'actorDone':
      if (action.src !== 'oneTimeCode') return null;
      return action.output ? 'a one-time code' : 'cancel the code';
    default:
      return null;
  }
}

/** Add an authenticator app: the code, the set-up's and the app code's answers, then added or where it stops. */
export function addAuthenticatorTitle(path: ModelPath<AddAuthenticatorSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const end =
    selectAddAuthenticatorStep(last) === 'added'
      ? 'authenticator app added'
      : screenEnd(addAuthenticatorScreen(last), last.hasTag('busy'));
  return pathTitle(path, addAuthenticatorWords, end);
}

export const addAuthenticatorModel: Model<typeof addAuthenticatorMachine> = {
  name: 'addAuthenticator',
  machine: addAuthenticatorMachine,
  file: 'addAuthenticator.machine.ts',
  start: `Signed in as Dora Demou (owner of Demo Coffee), open ${securityPath} and click "Add an authenticator app"`,
  fixtures: addAuthenticatorFixtures,
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({
      value,
      error: context.error,
      attemptsLeft: context.attemptsLeft,
      shown: context.enrollment !== null,
    });
  },
  bounds: { maxDepth: 12, simplePerState: 1, maxSimple: 6 },
  screen: addAuthenticatorScreen,
  title: addAuthenticatorTitle,
};
