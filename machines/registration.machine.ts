import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SessionResponse } from '../schemas/auth.schema';
import { authDefaults } from '../schemas/authLimits';
import { passwordPolicy } from '../schemas/password.schema';
import {
  companyNameMaxLength,
  legalVersions,
  nameMaxLength,
  registrationTtlSeconds,
  type FieldCheck,
  type PrevalidateResponse,
  type RegistrationState,
} from '../schemas/registration.schema';
import { failureCode, knownErrors } from './apiFailure';
import { oneTimeCodeMachine, refusalOf, type OneTimeCodeOutput } from './oneTimeCode.machine';
import { count, duration } from './ruleWords';

/**
 * Why the last step failed; the screen turns it into a translated message (`conflict`: the email or phone is taken;
 * `not_found`: the registration expired or was finished). The code's own failures are the child's.
 */
export const toRegistrationError = knownErrors([
  'conflict',
  'not_found',
  'bot_check_failed',
  'validation_failed',
  'rate_limited',
  'network',
]);
export type RegistrationError = ReturnType<typeof toRegistrationError>;

export type ContactField = 'email' | 'phone';
export type Details = { first_name: string; last_name: string; company_name: string };

export type RegistrationContext = {
  registrationId: string | null;
  /**
   * The code step the registration was last in. When the server refuses that step's code (the address was verified
   * meanwhile, in another tab), the registration is read again and the address keeps naming that step until then.
   */
  codeStep: 'verify-email' | 'verify-phone' | null;
  /** As the server stored them (lower-case email, E.164 phone); the form's starting values. */
  email: string;
  phone: string;
  details: Details;
  /** The last prevalidation answer per field, with the value it was for. */
  checks: { [F in ContactField]: { value: string; result: FieldCheck } | null };
  /** The field (and the value typed in it) being prevalidated. */
  checking: { field: ContactField; value: string } | null;
  error: RegistrationError | null;
  /** Bumped after every failed password step: the single-use bot-check proof must be solved again. */
  botCheckRound: number;
  session: SessionResponse | null;
};

export type RegistrationEvent =
  | { type: 'contact.check'; field: ContactField; value: string }
  | { type: 'contact.submit'; email: string; phone: string }
  | { type: 'registration.resume'; id: string }
  | { type: 'details.submit'; details: Details }
  | { type: 'register.submit'; password: string; passwordConfirmation: string; altcha: string }
  | { type: 'registration.restart' };

export type PrevalidateInput = { email?: string; phone?: string };
export type StartRegistrationInput = { email: string; phone: string };
export type RegistrationIdInput = { id: string };
export type SaveDetailsInput = { id: string; details: Details };
export type RegisterInput = {
  id: string;
  password: string;
  passwordConfirmation: string;
  altcha: string;
};

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

const emptyDetails: Details = { first_name: '', last_name: '', company_name: '' };

// Rules for the descriptions, from the constants the forms and the server check.
const kept = duration(registrationTtlSeconds * 1000);
const codeRules =
  `The code works for ${duration(authDefaults.otpTtlSeconds * 1000)} by default and takes ` +
  `${count(authDefaults.otpMaxAttempts, 'wrong try', 'wrong tries')}.`;
const passwordRules =
  `${passwordPolicy.minLength} to ${passwordPolicy.maxLength} characters, not one of the most common passwords, ` +
  'not containing the name part of the email';
const startAgain = {
  target: '#registration.contact',
  actions: ['clearError', 'forgetRegistration'],
  description: '"Start again": the registration is left behind and the form is empty.',
} as const;

function fromServer(state: RegistrationState) {
  return {
    registrationId: state.id,
    email: state.email,
    phone: state.phone,
    details: {
      first_name: state.first_name ?? '',
      last_name: state.last_name ?? '',
      company_name: state.company_name ?? '',
    },
  };
}

/**
 * The account phase of registration (SPEC §2 /registration/:step?/:id?): contact details checked as the user leaves each
 * field, the email and then the phone verified by one-time code (the oneTimeCode child each time, sent at once to the
 * address being verified), names, and the password with the legal acceptances and the bot check. The registration lives on the server, so a reload resumes it from its id.
 * Effects are the API calls, provided by the app; the machine only decides what comes next.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    output: {} as SessionResponse,
    children: {} as { oneTimeCode: 'oneTimeCode' },
  },
  actors: {
    prevalidate: fromPromise<PrevalidateResponse, PrevalidateInput>(async () => notProvided('prevalidate')),
    startRegistration: fromPromise<RegistrationState, StartRegistrationInput>(async () =>
      notProvided('startRegistration'),
    ),
    getRegistration: fromPromise<RegistrationState, RegistrationIdInput>(async () =>
      notProvided('getRegistration'),
    ),
    oneTimeCode: oneTimeCodeMachine,
    saveDetails: fromPromise<RegistrationState, SaveDetailsInput>(async () => notProvided('saveDetails')),
    register: fromPromise<SessionResponse, RegisterInput>(async () => notProvided('register')),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toRegistrationError(params.error) }),
    clearError: assign({ error: null }),
    /** The code step ended without proving the address: the refusal's reason, or nothing when the user chose to. */
    recordOutcome: assign({
      error: (_, params: { output: OneTimeCodeOutput }) => {
        const refusal = refusalOf(params.output);
        return refusal ? toRegistrationError(refusal) : null;
      },
    }),
    nextBotCheck: assign({ botCheckRound: ({ context }) => context.botCheckRound + 1 }),
    /** Back to an empty form: the registration is gone or the user starts over. */
    forgetRegistration: assign({ registrationId: null, codeStep: null, details: emptyDetails }),
  },
  guards: {
    isGone: (_, params: { error: unknown }) => failureCode(params.error) === 'not_found',
    verified: (_, params: { output: OneTimeCodeOutput }) =>
      params.output !== null && 'registration' in params.output,
    /** Refused for another reason than a gone registration (the address was verified meanwhile, say). */
    refusedOnTheWay: (_, params: { output: OneTimeCodeOutput }) => {
      const refusal = refusalOf(params.output);
      return refusal !== null && failureCode(refusal) !== 'not_found';
    },
    resumesAt: (_, params: { step: RegistrationState['step']; at: RegistrationState['step'] }) =>
      params.step === params.at,
  },
}).createMachine({
  id: 'registration',
  context: {
    registrationId: null,
    codeStep: null,
    email: '',
    phone: '',
    details: emptyDetails,
    checks: { email: null, phone: null },
    checking: null,
    error: null,
    botCheckRound: 0,
    session: null,
  },
  initial: 'contact',
  states: {
    contact: {
      description:
        'The first step: the email and the mobile number. Each is checked as the user leaves its field; the ' +
        'server checks both again on "Continue".',
      initial: 'editing',
      on: {
        'contact.submit': {
          target: 'starting',
          description: '"Continue": start a registration with these two addresses.',
          actions: [
            'clearError',
            assign({ email: ({ event }) => event.email, phone: ({ event }) => event.phone }),
          ],
        },
        // The screen sends it when the address names a registration (a reload, a link from another device).
        'registration.resume': {
          target: 'resuming',
          description: 'The address names a registration (a reload, a link on another device): pick it up.',
          actions: ['clearError', assign({ registrationId: ({ event }) => event.id })],
        },
      },
      states: {
        editing: {
          description: 'The user types the addresses.',
          on: {
            'contact.check': {
              target: 'prevalidating',
              description: 'The user left a field: check it.',
              actions: assign({ checking: ({ event }) => ({ field: event.field, value: event.value }) }),
            },
          },
        },
        prevalidating: {
          description:
            'The server says whether the address is well formed and not used by an account yet. Only a hint: ' +
            'nothing is stored.',
          invoke: {
            id: 'prevalidate',
            src: 'prevalidate',
            input: ({ event }) => {
              if (event.type !== 'contact.check') throw new Error(`unexpected ${event.type}`);
              return { [event.field]: event.value };
            },
            onDone: {
              target: 'editing',
              description: 'The answer shows beside the field, for the value it was asked for.',
              actions: assign({
                checks: ({ context, event }) => {
                  const checks = { ...context.checks };
                  const field = context.checking?.field;
                  const result = field ? event.output[field] : undefined;
                  if (field && result) checks[field] = { value: context.checking?.value ?? '', result };
                  return checks;
                },
                checking: null,
              }),
            },
            // Prevalidation only helps; the server checks again when the user continues.
            onError: {
              target: 'editing',
              actions: assign({ checking: null }),
              description: 'No answer: no hint.',
            },
          },
        },
      },
    },
    starting: {
      description:
        'The server checks both addresses again (well formed, not used by an account) and keeps the registration ' +
        `under a random id for ${kept}; after that it is gone.`,
      tags: ['busy'],
      invoke: {
        id: 'startRegistration',
        src: 'startRegistration',
        input: ({ context }) => ({ email: context.email, phone: context.phone }),
        onDone: {
          target: 'confirmingEmail',
          actions: assign(({ event }) => fromServer(event.output)),
          description: 'Started: the email is proven next.',
        },
        onError: {
          target: 'contact',
          description:
            'Refused (an address taken or not valid, too many requests) or no answer: the form with the reason.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    resuming: {
      description: 'The registration is read from the server, to go on at the step it stands at.',
      tags: ['busy'],
      invoke: {
        id: 'getRegistration',
        src: 'getRegistration',
        input: ({ context }) => ({ id: context.registrationId ?? '' }),
        onDone: [
          {
            guard: {
              type: 'resumesAt',
              params: ({ event }) => ({ step: event.output.step, at: 'verify-email' as const }),
            },
            target: 'confirmingEmail',
            description: 'The email is not proven yet: its code.',
            actions: assign(({ event }) => fromServer(event.output)),
          },
          {
            guard: {
              type: 'resumesAt',
              params: ({ event }) => ({ step: event.output.step, at: 'verify-phone' as const }),
            },
            target: 'confirmingPhone',
            description: 'The email is proven, the phone not yet: its code.',
            actions: assign(({ event }) => fromServer(event.output)),
          },
          {
            guard: {
              type: 'resumesAt',
              params: ({ event }) => ({ step: event.output.step, at: 'details' as const }),
            },
            target: 'details',
            description: 'Both addresses are proven: the names.',
            actions: assign(({ event }) => fromServer(event.output)),
          },
          {
            target: 'password',
            actions: assign(({ event }) => fromServer(event.output)),
            description: 'Addresses proven and names given: the password.',
          },
        ],
        onError: {
          target: 'contact',
          description: `Gone (older than ${kept}, or finished) or not readable: an empty form with the reason.`,
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            'forgetRegistration',
          ],
        },
      },
    },
    confirmingEmail: {
      entry: assign({ codeStep: 'verify-email' }),
      description:
        'The code sent at once to the email (the oneTimeCode child). Proven: the phone next. A registration ' +
        'refused as gone, or "Start again", goes back to an empty form; any other refusal re-reads where it stands. ' +
        codeRules,
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({
          purpose: 'registration' as const,
          registrationId: context.registrationId ?? '',
          channel: 'email' as const,
          methods: [{ method: 'email' as const, destination: context.email }],
          chosen: 'email' as const,
        }),
        onDone: [
          {
            guard: { type: 'verified', params: ({ event }) => ({ output: event.output }) },
            target: 'confirmingPhone',
            description: 'The right code: the email is proven (the server records it on the registration).',
            actions: assign(({ event }) =>
              event.output !== null && 'registration' in event.output
                ? fromServer(event.output.registration)
                : {},
            ),
          },
          {
            guard: { type: 'refusedOnTheWay', params: ({ event }) => ({ output: event.output }) },
            target: 'resuming',
            description:
              'The code step was refused for another reason (the address was proven meanwhile, in another tab): ' +
              'read the registration again.',
            actions: 'clearError',
          },
          {
            target: 'contact',
            description: `"Start again", or the registration is gone (older than ${kept}, or finished): an empty form.`,
            actions: [
              { type: 'recordOutcome', params: ({ event }) => ({ output: event.output }) },
              'forgetRegistration',
            ],
          },
        ],
      },
    },
    confirmingPhone: {
      entry: assign({ codeStep: 'verify-phone' }),
      description:
        'The code sent at once by SMS to the mobile number (the oneTimeCode child). Proven: the names next. ' +
        codeRules,
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({
          purpose: 'registration' as const,
          registrationId: context.registrationId ?? '',
          channel: 'sms' as const,
          methods: [{ method: 'sms' as const, destination: context.phone }],
          chosen: 'sms' as const,
        }),
        onDone: [
          {
            guard: { type: 'verified', params: ({ event }) => ({ output: event.output }) },
            target: 'details',
            description: 'The right code: the phone is proven (the server records it on the registration).',
            actions: assign(({ event }) =>
              event.output !== null && 'registration' in event.output
                ? fromServer(event.output.registration)
                : {},
            ),
          },
          {
            guard: { type: 'refusedOnTheWay', params: ({ event }) => ({ output: event.output }) },
            target: 'resuming',
            description:
              'The code step was refused for another reason (the address was proven meanwhile, in another tab): ' +
              'read the registration again.',
            actions: 'clearError',
          },
          {
            target: 'contact',
            description: `"Start again", or the registration is gone (older than ${kept}, or finished): an empty form.`,
            actions: [
              { type: 'recordOutcome', params: ({ event }) => ({ output: event.output }) },
              'forgetRegistration',
            ],
          },
        ],
      },
    },
    details: {
      description:
        `First and last name (Latin letters, at most ${count(nameMaxLength, 'character')} each) and the ` +
        `company name (at most ${count(companyNameMaxLength, 'character')}).`,
      initial: 'editing',
      states: {
        editing: {
          description: 'The names form.',
          on: {
            'details.submit': {
              target: 'saving',
              actions: ['clearError', assign({ details: ({ event }) => event.details })],
              description: '"Continue": save the names.',
            },
            'registration.restart': startAgain,
          },
        },
        saving: {
          description: 'The server checks the names and stores them on the registration.',
          tags: ['busy'],
          invoke: {
            id: 'saveDetails',
            src: 'saveDetails',
            input: ({ context }) => ({ id: context.registrationId ?? '', details: context.details }),
            onDone: {
              target: '#registration.password',
              actions: assign(({ event }) => fromServer(event.output)),
              description: 'Saved: the password next.',
            },
            onError: [
              {
                guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
                target: '#registration.contact',
                description: `The registration is gone (older than ${kept}, or finished): an empty form.`,
                actions: [
                  { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                  'forgetRegistration',
                ],
              },
              {
                target: 'editing',
                description: 'Refused (not Latin letters, too long) or no answer: the form with the reason.',
                actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    password: {
      description:
        'The last step: the password twice, acceptance of the terms of use and of the privacy policy, and the bot ' +
        `check. The password: ${passwordRules}.`,
      initial: 'editing',
      states: {
        editing: {
          description: 'The password form; the screen checks the rules as the user types.',
          on: {
            'register.submit': {
              target: 'registering',
              actions: 'clearError',
              description: '"Create account" with both acceptances and the solved bot check.',
            },
            'registration.restart': startAgain,
          },
        },
        registering: {
          description:
            'The server checks the bot check and the password, then in one transaction creates the merchant ' +
            '(status onboarding) and its owner, records the acceptance of the terms of use (version ' +
            `${legalVersions.terms_of_use}) and the privacy policy (version ${legalVersions.privacy_policy}) ` +
            "with the address and browser, records 'registered' in the sign-in audit and signs the owner in.",
          tags: ['busy'],
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context, event }) => {
              if (event.type !== 'register.submit') throw new Error(`unexpected ${event.type}`);
              return {
                id: context.registrationId ?? '',
                password: event.password,
                passwordConfirmation: event.passwordConfirmation,
                altcha: event.altcha,
              };
            },
            onDone: {
              target: '#registration.registered',
              actions: assign({ session: ({ event }) => event.output }),
              description: 'Registered and signed in.',
            },
            onError: [
              {
                guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
                target: '#registration.contact',
                description: `The registration is gone (older than ${kept}, or finished): an empty form.`,
                actions: [
                  { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                  'forgetRegistration',
                  'nextBotCheck',
                ],
              },
              {
                target: 'editing',
                description:
                  'Refused (a password rule, the bot check, an address taken meanwhile) or no answer: the form ' +
                  'with the reason and a new bot check.',
                actions: [
                  { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                  'nextBotCheck',
                ],
              },
            ],
          },
        },
      },
    },
    registered: {
      type: 'final',
      description: 'Registered: the owner is signed in and the onboarding of the business starts.',
    },
  },
  output: ({ context }) => {
    if (!context.session) throw new Error('registered without a session');
    return context.session;
  },
});

export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

export type RegistrationScreenStep =
  'contact' | 'verify-email' | 'verify-phone' | 'details' | 'password' | 'loading' | 'done';

/** Which step the screen shows (also the `:step` of the address); screens use this instead of state names. */
export function selectRegistrationStep(snapshot: RegistrationSnapshot): RegistrationScreenStep {
  if (snapshot.matches('registered')) return 'done';
  if (snapshot.matches('resuming')) return 'loading';
  if (snapshot.matches('contact') || snapshot.matches('starting')) return 'contact';
  if (snapshot.matches('confirmingEmail')) return 'verify-email';
  if (snapshot.matches('confirmingPhone')) return 'verify-phone';
  if (snapshot.matches('details')) return 'details';
  return 'password';
}

export const selectRegistrationBusy = (snapshot: RegistrationSnapshot): boolean => snapshot.hasTag('busy');
export const selectRegistrationId = (snapshot: RegistrationSnapshot): string | null =>
  snapshot.context.registrationId;
export const selectRegistrationError = (snapshot: RegistrationSnapshot): RegistrationError | null =>
  snapshot.context.error;
/** The running oneTimeCode child while the email or the phone is being proven. */
export const selectRegistrationCodeActor = (snapshot: RegistrationSnapshot) => snapshot.children.oneTimeCode;
export const selectCheckingField = (snapshot: RegistrationSnapshot): ContactField | null =>
  snapshot.matches({ contact: 'prevalidating' }) ? (snapshot.context.checking?.field ?? null) : null;
/** The prevalidation answer for a field, when it was for exactly the value now typed. */
export const selectFieldCheck = (
  snapshot: RegistrationSnapshot,
  field: ContactField,
  value: string,
): FieldCheck | null => {
  const check = snapshot.context.checks[field];
  return check && check.value === value ? check.result : null;
};
