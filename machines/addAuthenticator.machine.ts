import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SecuritySettings, TotpEnrollment } from '../schemas/settings.schema';
import type { StepUpMethod, StepUpPurpose } from '../schemas/stepUp.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';
import { oneTimeCodeMachine, stepUpTokenOf, type OneTimeCodeOutput } from './oneTimeCode.machine';

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
      tags: ['busy'],
      invoke: {
        id: 'loadStepUpMethods',
        src: 'loadStepUpMethods',
        onDone: { target: 'confirmingCode', actions: assign({ methods: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { 'load.retry': { target: 'loading', actions: 'clearError' } },
    },
    /** The oneTimeCode child: changing the second factor needs a fresh code; cancelled ends the journey. */
    confirmingCode: {
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({ purpose, methods: context.methods }),
        onDone: [
          {
            // The grant had expired with a secret on screen: go on with it.
            guard: { type: 'gotGrantWithSecret', params: ({ event }) => ({ output: event.output }) },
            target: 'scanning',
            actions: assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) }),
          },
          {
            guard: { type: 'gotGrant', params: ({ event }) => ({ output: event.output }) },
            target: 'starting',
            actions: assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) }),
          },
          { target: 'cancelled' },
        ],
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'totpEnrollStart',
        src: 'totpEnrollStart',
        onDone: {
          target: 'scanning',
          actions: ['clearError', assign({ enrollment: ({ event }) => event.output })],
        },
        onError: {
          target: 'failed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The QR code of the otpauth:// URI and the secret; the first code from the app. */
    scanning: {
      on: { 'totp.submit': { target: 'confirming' } },
    },
    confirming: {
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
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
          {
            guard: { type: 'isSetUpDead', params: ({ event }) => ({ error: event.error }) },
            target: 'dead',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'scanning',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The set-up expired or took too many wrong codes: only a new secret helps. */
    dead: {
      on: {
        'authenticator.restart': {
          target: 'starting',
          actions: ['clearError', assign({ enrollment: null })],
        },
      },
    },
    /** Added: the app is a second factor from now on. */
    added: { type: 'final' },
    /** The user cancelled the one-time code. */
    cancelled: { type: 'final' },
    /** One is set up already, or the set-up could not start. */
    failed: { type: 'final' },
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
