import type { SnapshotFrom } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import {
  registrationMachine,
  selectRegistrationStep,
  type RegistrationError,
} from '../../machines/registration.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import {
  registrationTtlSeconds,
  type RegistrationState,
  type RegistrationStep,
} from '../../schemas/registration.schema';
import type { Fixtures, Model, ModelPath, ScreenExpectation } from './generatePaths';
import { failureWords, pathTitle, screenEnd } from './generatePaths';
import { loginErrorText } from './paths';

/*
 * The test model of the registration journey (machines/registration.machine.ts): fixtures (what the tester does and
 * what the server answers) and what the screen must show in each state. Each code (email, then SMS) is the
 * oneTimeCode child, sent at once: here it proves the address, is refused or is cancelled; its own paths are the
 * oneTimeCode model's. tests/model/registration.model.test.tsx runs
 * the paths against the real screens; scripts/testPaths.ts prints them as the QA plan.
 */

export const newEmail = 'eleni@olive-grove.test';
export const newPhone = '+306912345678';
export const newCode = '135790';
export const newPassword = 'Blue-Harbour-Lantern-42';
export const newDetails = {
  first_name: 'Eleni',
  last_name: 'Papadopoulou',
  company_name: 'Olive Grove Trading IKE',
};
/** The registration the journey starts. */
export const startedId = '5f0c2b1e-7a41-4c1b-9d3e-2a6b8c0d4e10';
/** Registrations the tester resumes from an address, each saved at another step. */
export const resumeIds = {
  'verify-email': '5f0c2b1e-7a41-4c1b-9d3e-2a6b8c0d4e11',
  'verify-phone': '5f0c2b1e-7a41-4c1b-9d3e-2a6b8c0d4e12',
  details: '5f0c2b1e-7a41-4c1b-9d3e-2a6b8c0d4e13',
  password: '5f0c2b1e-7a41-4c1b-9d3e-2a6b8c0d4e14',
} as const satisfies Record<RegistrationStep, string>;
const stepOfId = (id: string | null): RegistrationStep =>
  (Object.entries(resumeIds).find(([, value]) => value === id)?.[0] as RegistrationStep | undefined) ??
  'verify-email';

export const resendSeconds = 30;

function stateAt(step: RegistrationStep, id: string): RegistrationState {
  const order: RegistrationStep[] = ['verify-email', 'verify-phone', 'details', 'password'];
  const reached = order.indexOf(step);
  return {
    id,
    step,
    email: newEmail,
    phone: newPhone,
    email_verified: reached >= 1,
    phone_verified: reached >= 2,
    first_name: reached >= 3 ? newDetails.first_name : null,
    last_name: reached >= 3 ? newDetails.last_name : null,
    company_name: reached >= 3 ? newDetails.company_name : null,
    expires_at: '2026-01-16T09:00:00.000Z',
  };
}

export const newOwnerSession = {
  access_token: 'eyJhbGciOiJIUzI1NiJ9.registration-test.signature',
  token_type: 'Bearer',
  expires_in: 600,
  user: {
    id: '00000000-0000-4000-8000-000000000042',
    email: newEmail,
    first_name: newDetails.first_name,
    last_name: newDetails.last_name,
    is_owner: true,
    employee_type: null,
    language: 'en',
    merchant: {
      id: '00000000-0000-4000-8000-0000000000bb',
      name: newDetails.company_name,
      status: 'onboarding',
    },
  },
} satisfies SessionResponse;

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

const gone = {
  failure: http(404, 'not_found', 'This registration does not exist or has expired.'),
  says: 'Server answers 404 not_found (the registration expired or was finished elsewhere)',
};
const network = {
  failure: { kind: 'network' },
  says: 'The network fails (no answer from the server)',
} as const;

export const registrationFixtures = {
  events: {
    'contact.check': [
      {
        event: { type: 'contact.check', field: 'email', value: newEmail },
        does: `Type "${newEmail}" as Email and leave the field`,
      },
    ],
    'contact.submit': [
      {
        event: { type: 'contact.submit', email: newEmail, phone: newPhone },
        does: `Type "${newEmail}" as Email and "6912345678" as Mobile phone, click "Continue"`,
      },
    ],
    'registration.resume': Object.entries(resumeIds).map(([step, id]) => ({
      event: { type: 'registration.resume' as const, id },
      does: `Open /registration/${step}/${id} (a reload, or the link on another device)`,
    })),
    'details.submit': [
      {
        event: { type: 'details.submit', details: newDetails },
        does: `Type "${newDetails.first_name}", "${newDetails.last_name}" and "${newDetails.company_name}", click "Continue"`,
      },
    ],
    'register.submit': [
      {
        event: {
          type: 'register.submit',
          password: newPassword,
          passwordConfirmation: newPassword,
          altcha: 'test-payload',
        },
        does: 'Type the new password twice, tick both acceptances, wait for the bot check, click "Create account"',
      },
    ],
    'registration.restart': [{ event: { type: 'registration.restart' }, does: 'Click "Start again"' }],
  },
  actors: {
    prevalidate: {
      done: {
        output: { email: { valid: true, available: true, normalized: newEmail } },
        says: 'Server says the email is valid and free',
      },
      errors: [network],
    },
    startRegistration: {
      done: {
        output: stateAt('verify-email', startedId),
        says: 'Server starts the registration',
        effect: (context) =>
          `a registration is stored (registrations: ${context.email}, ${context.phone}, neither verified yet), ` +
          `expiring ${registrationTtlSeconds / 3600} hours later; no account exists yet.`,
      },
      errors: [
        {
          failure: http(409, 'conflict', 'An account already uses this email or phone number.'),
          says: 'Server answers 409 conflict (the email or phone is taken)',
        },
        network,
      ],
    },
    getRegistration: {
      done: {
        output: (context) => stateAt(stepOfId(context.registrationId), context.registrationId ?? ''),
        says: 'Server returns the saved registration',
      },
      errors: [gone],
    },
    oneTimeCode: {
      done: {
        // The parent takes the addresses from it; which step the server is at next does not matter to it.
        output: (context) => ({ registration: stateAt('verify-phone', context.registrationId ?? '') }),
        says: `Server sends the code at once; type ${newCode} as Verification code, click "Verify" (the server accepts it)`,
        effect: (context) =>
          `the code is spent (otp_codes.consumed_at) and the registration records the ` +
          (context.codeStep === 'verify-phone'
            ? 'mobile number as proven (registrations.phone_verified_at).'
            : 'email as proven (registrations.email_verified_at).'),
      },
      alsoDone: [
        { output: { refused: gone.failure }, says: `Server refuses to send a code: ${gone.says}` },
        {
          output: { refused: http(409, 'conflict', 'This address is already verified.') },
          says: 'Server refuses to send a code: 409 conflict (the address was verified meanwhile, in another tab)',
        },
        { output: null, says: 'Server sends the code at once; click "Start again"' },
      ],
      errors: [],
    },
    saveDetails: {
      done: {
        output: (context) => stateAt('password', context.registrationId ?? ''),
        says: 'Server saves the names',
        effect:
          'the registration records the first and last names and the company name (registrations); no account ' +
          'exists yet.',
      },
      errors: [
        gone,
        {
          failure: http(400, 'validation_failed', 'Some fields are missing or not valid.'),
          says: 'Server answers 400 validation_failed',
        },
      ],
    },
    register: {
      done: {
        output: newOwnerSession,
        says: 'Server creates the merchant and its owner and opens a session',
        effect: (context) =>
          `in one transaction: a merchant "${context.details.company_name}" with status onboarding (merchants), its ` +
          `owner ${context.email} with the verified phone and the password's hash (users, is_owner), the accepted ` +
          'terms of use and privacy policy with their versions (legal_acceptances), the registration consumed ' +
          '(registrations.consumed_at) and a session opened (sessions, refresh_tokens); sign_in_audit records ' +
          'registered.',
      },
      errors: [
        gone,
        {
          failure: http(400, 'bot_check_failed', 'The bot check failed.'),
          says: 'Server answers 400 bot_check_failed',
        },
        network,
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof registrationMachine>;

// ---------------------------------------------------------------------------------------------------------------
// What the screens show (texts as in lang/en.json).

export const registrationTexts = {
  contact: 'Create your Tameio account',
  verifyEmail: 'Confirm your email',
  verifyPhone: 'Confirm your mobile number',
  details: 'About you and your company',
  password: 'Choose a password',
  continue: 'Continue',
  verify: 'Verify',
  resend: 'Send a new code',
  restart: 'Start again',
  createAccount: 'Create account',
};

export function registrationErrorText(error: RegistrationError): string {
  switch (error) {
    case 'conflict':
      return 'An account already uses this email or mobile number. Sign in instead, or use another.';
    case 'not_found':
      return 'This registration has expired or does not exist. Please start again.';
    case 'validation_failed':
      return 'Some details are not valid. Check the fields and try again.';
    default:
      return loginErrorText(error, null);
  }
}

type Snapshot = SnapshotFrom<typeof registrationMachine>;

/** The registration the tester is on, in an address (any one segment; see `ScreenExpectation.path`). */
const anyRegistration = ':registration';

function registrationScreen(snapshot: Snapshot): ScreenExpectation {
  const { error, registrationId } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const alert = error ? registrationErrorText(error) : null;
  const split = (names: Array<[string, boolean]>) => ({
    enabled: names.filter(([, on]) => on).map(([name]) => name),
    disabled: names.filter(([, on]) => !on).map(([name]) => name),
  });
  const step = selectRegistrationStep(snapshot);
  switch (step) {
    case 'contact':
      return {
        path: '/registration/contact',
        heading: registrationTexts.contact,
        alert,
        ...split([[registrationTexts.continue, !busy]]),
      };
    case 'loading':
      // The address names the registration being read: the one asked for, or the code step the server refused.
      return {
        path: `/registration/${snapshot.context.codeStep ?? stepOfId(registrationId)}/${registrationId ?? ''}`,
        heading: null,
      };
    case 'verify-email':
    case 'verify-phone':
      // The oneTimeCode child sends its code at once: the code form, greyed out until the code is on its way.
      return {
        path: `/registration/${step}/${registrationId ?? ''}`,
        heading: step === 'verify-email' ? registrationTexts.verifyEmail : registrationTexts.verifyPhone,
        alert,
        disabled: [registrationTexts.verify, registrationTexts.resend, registrationTexts.restart],
      };
    case 'details':
      // Which registration is no part of these states' keys (the same screens whichever was resumed), so a path may
      // reach them through another registration's snapshot: the address names the one the tester is on.
      return {
        path: `/registration/details/${anyRegistration}`,
        heading: registrationTexts.details,
        alert,
        ...split([
          [registrationTexts.continue, !busy],
          [registrationTexts.restart, !busy],
        ]),
      };
    case 'password':
      return {
        path: `/registration/password/${anyRegistration}`,
        heading: registrationTexts.password,
        alert,
        ...split([
          [registrationTexts.createAccount, !busy],
          [registrationTexts.restart, !busy],
        ]),
      };
    case 'done':
      // Signed in: the onboarding phase of the same route takes over at its first step (src/screens/onboarding;
      // in jsdom its data cannot load, so it shows its title with the load failure).
      return {
        path: `/registration/representative/${newOwnerSession.user.merchant.id}`,
        heading: 'Company onboarding',
      };
  }
}

const registrationAnswers: Record<string, string> = {
  prevalidate: 'the email check',
  startRegistration: 'the start',
  getRegistration: 'the saved registration',
  saveDetails: 'the names',
  register: 'the account',
};

function registrationWords(
  step: ModelPath<Snapshot>['steps'][number],
  index: number,
  steps: ModelPath<Snapshot>['steps'],
): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'event':
      if (action.event.type === 'registration.resume') {
        return `resume at ${stepOfId((action.event as unknown as { id: string }).id)}`;
      }
      if (action.event.type === 'registration.restart') return 'start again';
      if (action.event.type === 'contact.check') return 'check the email as typed';
      return null;
    case 'actorError':
      return failureWords(action, registrationAnswers[action.src] ?? action.src);
    case 'actorDone': {
      if (action.src !== 'oneTimeCode') return null;
      // Which code it was is where the path stood before the answer.
      const which = steps[index - 1]?.state.matches('confirmingPhone') ? 'the SMS code' : 'the email code';
      const output = action.output as { refused?: { kind: string; code?: string } } | null;
      if (output === null) return `start again at ${which}`;
      if (output.refused)
        return `${which} refused (${output.refused.code?.replace(/_/g, ' ') ?? 'no answer'})`;
      return which;
    }
    default:
      return null;
  }
}

/** Registration: resumed or typed, each code's outcome, refusals and faults, then registered or where it stops. */
export function registrationTitle(path: ModelPath<Snapshot>): string {
  const last = path.steps.at(-1)!.state;
  const end =
    selectRegistrationStep(last) === 'done'
      ? 'registered and signed in'
      : screenEnd(registrationScreen(last), last.hasTag('busy'));
  return pathTitle(path, registrationWords, end);
}

export const registrationModel: Model<typeof registrationMachine> = {
  name: 'registration',
  machine: registrationMachine,
  file: 'registration.machine.ts',
  start: 'Open /registration without a session',
  fixtures: registrationFixtures,
  // The ids, addresses and bot-check round come from fixtures and do not change what the screen offers, except
  // which saved registration a resume is loading (or a refused code step loads again).
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      resuming: snapshot.matches('resuming')
        ? [snapshot.context.registrationId, snapshot.context.codeStep]
        : null,
      // A refused code step reads the registration again: which one it is decides where that leads.
      proving:
        snapshot.matches('confirmingEmail') || snapshot.matches('confirmingPhone')
          ? snapshot.context.registrationId
          : null,
    }),
  bounds: { maxDepth: 6, simplePerState: 1, maxSimple: 10 },
  screen: registrationScreen,
  title: registrationTitle,
};
