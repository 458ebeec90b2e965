import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { authDefaults, totpEnrolmentTtlSeconds } from '../schemas/authLimits';
import type { SecuritySettings, TotpEnrollment } from '../schemas/settings.schema';
import type { StepUpMethod, StepUpPurpose } from '../schemas/stepUp.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';
import { oneTimeCodeMachine, stepUpTokenOf, type OneTimeCodeOutput } from './oneTimeCode.machine';
import { count, duration } from './ruleWords';

/*
 * Adding an authenticator app as a second factor (SPEC §2 /settings/security "two-step authentication").
 *
 * loading (loadStepUpMethods) → a fresh one-time code first (the oneTimeCode child, purpose mfa_change: changing the
 * second factor needs one; cancelled ends the journey in `cancelled`) → starting (totpEnrollStart: a new secret and its
 * otpauth:// URI) → scanning: the QR code and the secret to type by hand, and the app's first code → confirming
 * (totpEnrollConfirm with the grant) → added, with the user's methods as they now are.
 *
 * A wrong code returns to scanning with the tries left; a set-up that expired or took too many wrong codes is dead and
 * `authenticator.restart` starts a new secret; an expired grant asks for a new code and then continues with the secret
 * already shown. One already set up (409) ends in `failed`.
 */

export const toAddAuthenticatorError = knownErrors([
  'otp_invalid',
  'otp_exhausted',
  'otp_expired',
  'step_up_required',
  'conflict',
  'rate_limited',
  'network',
]);
export type AddAuthenticatorError = ReturnType<typeof toAddAuthenticatorError>;

export type TotpConfirmInput = { code: string; stepUpToken: string };

export type AddAuthenticatorContext = {
  methods: StepUpMethod[];
  stepUpToken: string | null;
  enrollment: TotpEnrollment | null;
  settings: SecuritySettings | null;
  attemptsLeft: number | null;
  error: AddAuthenticatorError | null;
};

export type AddAuthenticatorEvent =
  { type: 'load.retry' } | { type: 'totp.submit'; code: string } | { type: 'authenticator.restart' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function attemptsLeftOf(error: unknown): number | null {
  const failure = toApiFailure(error);
  const left = failure.kind === 'http' ? failure.details?.['attempts_left'] : undefined;
  return typeof left === 'number' ? left : null;
}

const purpose: StepUpPurpose = 'mfa_change';

// Rules for the descriptions, from the constants the server uses.
const grantLife = `${duration(authDefaults.stepUpGrantTtlSeconds * 1000)} by default (setting STEP_UP_GRANT_TTL_SECONDS)`;
const setUpLife = duration(totpEnrolmentTtlSeconds * 1000);
const wrongCodes = count(authDefaults.otpMaxAttempts, 'wrong code');

export const addAuthenticatorMachine = setup({
  types: {
    context: {} as AddAuthenticatorContext,
    events: {} as AddAuthenticatorEvent,
    children: {} as { oneTimeCode: 'oneTimeCode' },
  },
  actors: {
    loadStepUpMethods: fromPromise<StepUpMethod[], void>(async () => notProvided('loadStepUpMethods')),
    oneTimeCode: oneTimeCodeMachine,
    totpEnrollStart: fromPromise<TotpEnrollment, void>(async () => notProvided('totpEnrollStart')),
    totpEnrollConfirm: fromPromise<SecuritySettings, TotpConfirmInput>(async () =>
      notProvided('totpEnrollConfirm'),
    ),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toAddAuthenticatorError(params.error),
      attemptsLeft: (_, params: { error: unknown }) => attemptsLeftOf(params.error),
    }),
    clearError: assign({ error: null, attemptsLeft: null }),
  },
  guards: {
    gotGrant: (_, params: { output: OneTimeCodeOutput }) => stepUpTokenOf(params.output) !== null,
    /** A grant, and a secret shown already: the user goes on with it. */
    gotGrantWithSecret: ({ context }, params: { output: OneTimeCodeOutput }) =>
      stepUpTokenOf(params.output) !== null && context.enrollment !== null,
    isStepUpRequired: (_, params: { error: unknown }) => failureCode(params.error) === 'step_up_required',
    isSetUpDead: (_, params: { error: unknown }) => {
      const code = failureCode(params.error);
      return code === 'otp_exhausted' || code === 'otp_expired';
    },
  },
}).createMachine({
  id: 'addAuthenticator',
  context: {
    methods: [],
    stepUpToken: null,
    enrollment: null,
    settings: null,
    attemptsLeft: null,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Where a code can go for this user: email, SMS when there is a phone.',
      tags: ['busy'],
      invoke: {
        id: 'loadStepUpMethods',
        src: 'loadStepUpMethods',
        onDone: {
          target: 'confirmingCode',
          actions: assign({ methods: ({ event }) => event.output }),
          description: 'Loaded: a fresh code first.',
        },
        onError: {
          target: 'loadFailed',
          description: 'No answer: nothing can start yet.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The journey could not be prepared: "Try again".',
      on: { 'load.retry': { target: 'loading', actions: 'clearError', description: '"Try again".' } },
    },
    confirmingCode: {
      description:
        'The oneTimeCode child (purpose mfa_change): changing the second factor needs a fresh code; cancelled ' +
        'ends the journey.',
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({ purpose, methods: context.methods }),
        onDone: [
          {
            guard: { type: 'gotGrantWithSecret', params: ({ event }) => ({ output: event.output }) },
            target: 'scanning',
            description:
              'The grant had expired with a secret on screen: a new grant, and on with the same secret.',
            actions: assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) }),
          },
          {
            guard: { type: 'gotGrant', params: ({ event }) => ({ output: event.output }) },
            target: 'starting',
            description: `The right code: a single-use grant for this change, good for ${grantLife}.`,
            actions: assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) }),
          },
          { target: 'cancelled', description: 'Cancelled: nothing changes.' },
        ],
      },
    },
    starting: {
      description:
        `The server makes a new secret, kept encrypted and pending until the app's first code confirms it within ` +
        `${setUpLife}; it replaces an earlier pending one. The secret is shown this once. An app set up already ` +
        'is refused (remove it first).',
      tags: ['busy'],
      invoke: {
        id: 'totpEnrollStart',
        src: 'totpEnrollStart',
        onDone: {
          target: 'scanning',
          actions: ['clearError', assign({ enrollment: ({ event }) => event.output })],
          description: 'The QR code and the secret.',
        },
        onError: {
          target: 'failed',
          description: 'An app is set up already, or no answer: the journey ends.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    scanning: {
      description:
        `The QR code of the otpauth:// address and the secret to type by hand; then the app's first code ` +
        `(${wrongCodes} end the set-up).`,
      on: { 'totp.submit': { target: 'confirming', description: "The user types the app's first code." } },
    },
    confirming: {
      description:
        'The server checks the grant, then the code against the new secret; a wrong code is counted and kept. A ' +
        'right one spends the grant and confirms the app: a second factor from now on.',
      tags: ['busy'],
      invoke: {
        id: 'totpEnrollConfirm',
        src: 'totpEnrollConfirm',
        input: ({ context, event }) => {
          if (event.type !== 'totp.submit') throw new Error(`unexpected ${event.type}`);
          return { code: event.code, stepUpToken: context.stepUpToken ?? '' };
        },
        onDone: {
          target: 'added',
          description: 'Added.',
          actions: assign({
            settings: ({ event }) => event.output,
            enrollment: null,
            stepUpToken: null,
            error: null,
            attemptsLeft: null,
          }),
        },
        onError: [
          {
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'confirmingCode',
            description: 'The grant expired or was spent: a new code, then on with the same secret.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
          {
            guard: { type: 'isSetUpDead', params: ({ event }) => ({ error: event.error }) },
            target: 'dead',
            description: `${wrongCodes}, or older than ${setUpLife}: this set-up is dead.`,
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'scanning',
            description:
              'A wrong code (the tries left are shown), too many requests, or no answer: type again.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    dead: {
      description: 'The set-up expired or took too many wrong codes: only a new secret helps.',
      on: {
        'authenticator.restart': {
          target: 'starting',
          description: '"Start again": a new secret; an expired grant asks for a new code on confirming.',
          actions: ['clearError', assign({ enrollment: null })],
        },
      },
    },
    added: { type: 'final', description: 'Added: the app is a second factor from now on.' },
    cancelled: { type: 'final', description: 'The user cancelled the one-time code: nothing changed.' },
    failed: { type: 'final', description: 'One is set up already, or the set-up could not start.' },
  },
});

export type AddAuthenticatorSnapshot = SnapshotFrom<typeof addAuthenticatorMachine>;

export type AddAuthenticatorStep = 'loading' | 'loadFailed' | 'code' | 'scan' | 'dead' | 'added' | 'ended';

export function selectAddAuthenticatorStep(snapshot: AddAuthenticatorSnapshot): AddAuthenticatorStep {
  if (snapshot.matches('loading') || snapshot.matches('starting')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('confirmingCode')) return 'code';
  if (snapshot.matches('scanning') || snapshot.matches('confirming')) return 'scan';
  if (snapshot.matches('dead')) return 'dead';
  if (snapshot.matches('added')) return 'added';
  return 'ended';
}

export const selectAddAuthenticatorBusy = (snapshot: AddAuthenticatorSnapshot): boolean =>
  snapshot.hasTag('busy');
export const selectAddAuthenticatorError = (
  snapshot: AddAuthenticatorSnapshot,
): AddAuthenticatorError | null => snapshot.context.error;
export const selectAddAuthenticatorAttemptsLeft = (snapshot: AddAuthenticatorSnapshot): number | null =>
  snapshot.context.attemptsLeft;
export const selectEnrollment = (snapshot: AddAuthenticatorSnapshot): TotpEnrollment | null =>
  snapshot.context.enrollment;
export const selectAddedSettings = (snapshot: AddAuthenticatorSnapshot): SecuritySettings | null =>
  snapshot.context.settings;
export const selectAddAuthenticatorCodeActor = (snapshot: AddAuthenticatorSnapshot) =>
  snapshot.children.oneTimeCode;
