import { assign, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { SessionResponse } from '../schemas/auth.schema';
import type {
  FieldCheck,
  PrevalidateResponse,
  RegistrationState,
  SendVerificationResponse,
} from '../schemas/registration.schema';
import { failureCode, toApiFailure } from './apiFailure';

/** Why the last step failed; the screen turns it into a translated message. */
export type RegistrationError =
  | 'taken'
  | 'registration_gone'
  | 'bot_check_failed'
  | 'validation_failed'
  | 'rate_limited'
  | 'otp_invalid'
  | 'otp_exhausted'
  | 'otp_expired'
  | 'otp_cooldown'
  | 'network'
  | 'unknown';

const errorByCode: Record<string, RegistrationError> = {
  conflict: 'taken',
  not_found: 'registration_gone',
  bot_check_failed: 'bot_check_failed',
  validation_failed: 'validation_failed',
  rate_limited: 'rate_limited',
  otp_invalid: 'otp_invalid',
  otp_exhausted: 'otp_exhausted',
  otp_expired: 'otp_expired',
  otp_cooldown: 'otp_cooldown',
  network: 'network',
};

function toRegistrationError(error: unknown): RegistrationError {
  return errorByCode[failureCode(error)] ?? 'unknown';
}

export type ContactField = 'email' | 'phone';
export type CodeChannel = 'email' | 'sms';
export type Details = { first_name: string; last_name: string; company_name: string };

export type RegistrationContext = {
  registrationId: string | null;
  /** As the server stored them (lower-case email, E.164 phone); the form's starting values. */
  email: string;
  phone: string;
  details: Details;
  /** The last prevalidation answer per field, with the value it was for. */
  checks: { [F in ContactField]: { value: string; result: FieldCheck } | null };
  /** The field (and the value typed in it) being prevalidated. */
  checking: { field: ContactField; value: string } | null;
  /** Which address the code step verifies. */
  channel: CodeChannel;
  destination: string | null;
  /** Seconds until another code may be requested, as the server last said. */
  resendIn: number;
  attemptsLeft: number | null;
  error: RegistrationError | null;
  /** Bumped after every failed password step: the single-use bot-check proof must be solved again. */
  botCheckRound: number;
  session: SessionResponse | null;
};

export type RegistrationEvent =
  | { type: 'contact.check'; field: ContactField; value: string }
  | { type: 'contact.submit'; email: string; phone: string }
  | { type: 'registration.resume'; id: string }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  | { type: 'details.submit'; details: Details }
  | { type: 'register.submit'; password: string; passwordConfirmation: string; altcha: string }
  | { type: 'registration.restart' };

export type PrevalidateInput = { email?: string; phone?: string };
export type StartRegistrationInput = { email: string; phone: string };
export type RegistrationIdInput = { id: string };
export type SendCodeInput = { id: string; channel: CodeChannel };
export type VerifyCodeInput = { id: string; channel: CodeChannel; code: string };
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
 * The account phase of registration (SPEC §2 /registration/:step?/:id?, issue 3 item 1): contact details checked as
 * the user leaves each field, the email and then the phone verified by one-time code, names, and the password with
 * the legal acceptances and the bot check. The registration lives on the server, so a reload resumes it from its id.
 * Effects are the API calls, provided by the app; the machine only decides what comes next.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    output: {} as SessionResponse,
  },
  actors: {
    prevalidate: fromPromise<PrevalidateResponse, PrevalidateInput>(async () => notProvided('prevalidate')),
    startRegistration: fromPromise<RegistrationState, StartRegistrationInput>(async () =>
      notProvided('startRegistration'),
    ),
    getRegistration: fromPromise<RegistrationState, RegistrationIdInput>(async () =>
      notProvided('getRegistration'),
    ),
    sendVerification: fromPromise<SendVerificationResponse, SendCodeInput>(async () =>
      notProvided('sendVerification'),
    ),
    verifyCode: fromPromise<RegistrationState, VerifyCodeInput>(async () => notProvided('verifyCode')),
    saveDetails: fromPromise<RegistrationState, SaveDetailsInput>(async () => notProvided('saveDetails')),
    register: fromPromise<SessionResponse, RegisterInput>(async () => notProvided('register')),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toRegistrationError(params.error) }),
    clearError: assign({ error: null, attemptsLeft: null }),
    nextBotCheck: assign({ botCheckRound: ({ context }) => context.botCheckRound + 1 }),
    /** Back to an empty form: the registration is gone or the user starts over. */
    forgetRegistration: assign({
      registrationId: null,
      channel: 'email',
      destination: null,
      attemptsLeft: null,
      details: emptyDetails,
    }),
  },
  guards: {
    isGone: (_, params: { error: unknown }) => failureCode(params.error) === 'not_found',
    isCodeDead: (_, params: { error: unknown }) => {
      const code = failureCode(params.error);
      return code === 'otp_exhausted' || code === 'otp_expired';
    },
    isCooldown: (_, params: { error: unknown }) => failureCode(params.error) === 'otp_cooldown',
    verifiesEmail: ({ context }) => context.channel === 'email',
    resumesAt: (_, params: { step: RegistrationState['step']; at: RegistrationState['step'] }) =>
      params.step === params.at,
  },
  delays: {
    resendCooldown: ({ context }) => Math.max(1, context.resendIn) * 1000,
  },
}).createMachine({
  id: 'registration',
  context: {
    registrationId: null,
    email: '',
    phone: '',
    details: emptyDetails,
    checks: { email: null, phone: null },
    checking: null,
    channel: 'email',
    destination: null,
    resendIn: 0,
    attemptsLeft: null,
    error: null,
    botCheckRound: 0,
    session: null,
  },
  initial: 'contact',
  states: {
    contact: {
      initial: 'editing',
      on: {
        'contact.submit': {
          target: 'starting',
          actions: [
            'clearError',
            assign({ email: ({ event }) => event.email, phone: ({ event }) => event.phone }),
          ],
        },
        // The screen sends it when the address names a registration (a reload, a link from another device).
        'registration.resume': {
          target: 'resuming',
          actions: ['clearError', assign({ registrationId: ({ event }) => event.id })],
        },
      },
      states: {
        editing: {
          on: {
            'contact.check': {
              target: 'prevalidating',
              actions: assign({ checking: ({ event }) => ({ field: event.field, value: event.value }) }),
            },
          },
        },
        prevalidating: {
          invoke: {
            id: 'prevalidate',
            src: 'prevalidate',
            input: ({ event }) => {
              if (event.type !== 'contact.check') throw new Error(`unexpected ${event.type}`);
              return { [event.field]: event.value };
            },
            onDone: {
              target: 'editing',
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
            onError: { target: 'editing', actions: assign({ checking: null }) },
          },
        },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startRegistration',
        src: 'startRegistration',
        input: ({ context }) => ({ email: context.email, phone: context.phone }),
        onDone: {
          target: 'sendingCode',
          actions: assign(({ event }) => ({ ...fromServer(event.output), channel: 'email' as const })),
        },
        onError: {
          target: 'contact',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    resuming: {
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
            target: 'sendingCode',
            actions: assign(({ event }) => ({ ...fromServer(event.output), channel: 'email' as const })),
          },
          {
            guard: {
              type: 'resumesAt',
              params: ({ event }) => ({ step: event.output.step, at: 'verify-phone' as const }),
            },
            target: 'sendingCode',
            actions: assign(({ event }) => ({ ...fromServer(event.output), channel: 'sms' as const })),
          },
          {
            guard: {
              type: 'resumesAt',
              params: ({ event }) => ({ step: event.output.step, at: 'details' as const }),
            },
            target: 'details',
            actions: assign(({ event }) => fromServer(event.output)),
          },
          { target: 'password', actions: assign(({ event }) => fromServer(event.output)) },
        ],
        onError: {
          target: 'contact',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            'forgetRegistration',
          ],
        },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'sendVerification',
        src: 'sendVerification',
        input: ({ context }) => ({ id: context.registrationId ?? '', channel: context.channel }),
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            destination: ({ event }) => event.output.destination,
            resendIn: ({ event }) => event.output.resend_in,
          }),
        },
        onError: [
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'contact',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              'forgetRegistration',
            ],
          },
          {
            // A code was sent moments ago (e.g. before a reload): it still works; a new one after the wait.
            guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingCode',
            actions: assign({
              resendIn: ({ event }) => {
                const failure = toApiFailure(event.error);
                return failure.kind === 'http' ? (failure.retryAfterSeconds ?? 30) : 30;
              },
            }),
          },
          {
            target: 'awaitingCode',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ resendIn: 5 }),
            ],
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
                'code.submit': { target: 'verifying', actions: 'clearError' },
                'registration.restart': {
                  target: '#registration.contact',
                  actions: ['clearError', 'forgetRegistration'],
                },
              },
            },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context, event }) => {
                  if (event.type !== 'code.submit') throw new Error(`unexpected ${event.type}`);
                  return { id: context.registrationId ?? '', channel: context.channel, code: event.code };
                },
                onDone: [
                  {
                    guard: 'verifiesEmail',
                    target: '#registration.sendingCode',
                    actions: assign(({ event }) => ({
                      ...fromServer(event.output),
                      channel: 'sms' as const,
                      destination: null,
                    })),
                  },
                  {
                    target: '#registration.details',
                    actions: assign(({ event }) => fromServer(event.output)),
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
                    target: '#registration.contact',
                    actions: [
                      { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                      'forgetRegistration',
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
              on: {
                'registration.restart': {
                  target: '#registration.contact',
                  actions: ['clearError', 'forgetRegistration'],
                },
              },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: {
              after: { resendCooldown: 'ready' },
            },
            ready: {
              on: {
                'code.resend': {
                  // A code under verification may still be accepted: no new code until it is answered.
                  guard: not(stateIn({ awaitingCode: { code: 'verifying' } })),
                  target: '#registration.sendingCode',
                  actions: 'clearError',
                },
              },
            },
          },
        },
      },
    },
    details: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'details.submit': {
              target: 'saving',
              actions: ['clearError', assign({ details: ({ event }) => event.details })],
            },
            'registration.restart': {
              target: '#registration.contact',
              actions: ['clearError', 'forgetRegistration'],
            },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveDetails',
            src: 'saveDetails',
            input: ({ context }) => ({ id: context.registrationId ?? '', details: context.details }),
            onDone: {
              target: '#registration.password',
              actions: assign(({ event }) => fromServer(event.output)),
            },
            onError: [
              {
                guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
                target: '#registration.contact',
                actions: [
                  { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                  'forgetRegistration',
                ],
              },
              {
                target: 'editing',
                actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    password: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'register.submit': { target: 'registering', actions: 'clearError' },
            'registration.restart': {
              target: '#registration.contact',
              actions: ['clearError', 'forgetRegistration'],
            },
          },
        },
        registering: {
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
            },
            onError: [
              {
                guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
                target: '#registration.contact',
                actions: [
                  { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                  'forgetRegistration',
                  'nextBotCheck',
                ],
              },
              {
                target: 'editing',
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
  if (snapshot.matches('sendingCode') || snapshot.matches('awaitingCode')) {
    return snapshot.context.channel === 'email' ? 'verify-email' : 'verify-phone';
  }
  if (snapshot.matches('details')) return 'details';
  return 'password';
}

export const selectRegistrationBusy = (snapshot: RegistrationSnapshot): boolean => snapshot.hasTag('busy');
export const selectRegistrationId = (snapshot: RegistrationSnapshot): string | null =>
  snapshot.context.registrationId;
export const selectRegistrationError = (snapshot: RegistrationSnapshot): RegistrationError | null =>
  snapshot.context.error;
export const selectCanResendCode = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { resend: 'ready' } });
export const selectSendingCode = (snapshot: RegistrationSnapshot): boolean => snapshot.matches('sendingCode');
export const selectCodeDead = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { code: 'dead' } });
export const selectVerifyingCode = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { code: 'verifying' } });
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
