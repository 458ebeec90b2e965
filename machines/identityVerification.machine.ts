import { assign, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import type { LoginMfaMethod } from '../schemas/auth.schema';
import {
  requiredSides,
  type KycCheck,
  type KycCriteria,
  type KycDocumentType,
  type KycImage,
  type KycInitiateBody,
  type KycInitiateResponse,
  type KycSide,
  type KycVerification,
} from '../schemas/kyc.schema';
import type {
  StepUpMethod,
  StepUpMethodsResponse,
  StepUpPurpose,
  StepUpStartResponse,
  StepUpVerifyResponse,
} from '../schemas/stepUp.schema';
import { failureCode, toApiFailure } from './apiFailure';

/** What the start form sends: the input side of the kycInitiate body. */
export type KycDetails = z.input<typeof KycInitiateBody>;
/** The details and the grant of a fresh one-time code (sent as the X-Step-Up-Token header). */
export type InitiateInput = { details: KycDetails; stepUpToken: string };
export type StartStepUpInput = { purpose: StepUpPurpose; method: LoginMfaMethod };
export type VerifyStepUpInput = { purpose: StepUpPurpose; code: string };
export type UploadImageInput = { verificationId: string; side: KycSide; file: File };
export type EvaluateInput = { verificationId: string };

/** Why the last call failed; the screen turns it into a translated message. */
export type KycError =
  | 'validation_failed'
  | 'unsupported_file_type'
  | 'payload_too_large'
  | 'onboarding_locked'
  | 'otp_invalid'
  | 'otp_exhausted'
  | 'otp_expired'
  | 'otp_cooldown'
  | 'mfa_method_unavailable'
  | 'rate_limited'
  | 'step_up_required'
  | 'network'
  | 'unknown';

const knownErrors: ReadonlySet<string> = new Set<KycError>([
  'validation_failed',
  'unsupported_file_type',
  'payload_too_large',
  'onboarding_locked',
  'otp_invalid',
  'otp_exhausted',
  'otp_expired',
  'otp_cooldown',
  'mfa_method_unavailable',
  'rate_limited',
  'step_up_required',
  'network',
]);

function toKycError(error: unknown): KycError {
  const code = failureCode(error);
  return knownErrors.has(code) ? (code as KycError) : 'unknown';
}

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

/** The capture step in the address (/verification/:method) for each side. */
export const captureMethods: Record<KycSide, string> = {
  front: 'document-front',
  back: 'document-back',
  selfie: 'selfie',
};

/** Every verification starts with a fresh one-time code: the server wants its grant to initiate one. */
const purpose: StepUpPurpose = 'identity_verification';

export type IdentityVerificationContext = {
  criteria: KycCriteria | null;
  /** Where the one-time code can go (email, and SMS when the user has a phone), masked. */
  methods: StepUpMethod[];
  method: LoginMfaMethod | null;
  /** Where the last code went, masked. */
  destination: string | null;
  /** Seconds until another code may be requested, as the server last said. */
  resendIn: number;
  attemptsLeft: number | null;
  /** The single-use grant of the right code, until initiate uses it. */
  stepUpToken: string | null;
  /** What the start form sent last (the evaluation compares its names with the representative). */
  details: KycDetails | null;
  verificationId: string | null;
  documentType: KycDocumentType | null;
  /** The sides uploaded so far in this verification. */
  captured: KycSide[];
  /** The side being captured. */
  side: KycSide | null;
  checks: KycCheck[];
  error: KycError | null;
  fieldErrors: Record<string, string>;
};

export type IdentityVerificationEvent =
  | { type: 'method.selected'; method: LoginMfaMethod }
  | { type: 'otp.submit'; code: string }
  | { type: 'otp.resend' }
  | { type: 'method.change' }
  | { type: 'details.submit'; values: KycDetails }
  | { type: 'image.capture'; file: File }
  | { type: 'side.retake'; side: KycSide }
  | { type: 'verification.evaluate' }
  | { type: 'verification.restart' }
  | { type: 'load.retry' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/** The sides still missing once `side` is stored. */
export function missingSides(context: IdentityVerificationContext, side: KycSide | null): KycSide[] {
  if (!context.documentType) return [];
  const done = new Set([...context.captured, ...(side ? [side] : [])]);
  return requiredSides(context.documentType).filter((needed) => !done.has(needed));
}

const fresh = {
  method: null,
  destination: null,
  resendIn: 0,
  attemptsLeft: null,
  stepUpToken: null,
  details: null,
  verificationId: null,
  documentType: null,
  captured: [],
  side: null,
  checks: [],
  error: null,
  fieldErrors: {},
} satisfies Omit<IdentityVerificationContext, 'criteria' | 'methods'>;

function attemptsLeftOf(error: unknown): number | null {
  const failure = toApiFailure(error);
  const left = failure.kind === 'http' ? failure.details?.['attempts_left'] : undefined;
  return typeof left === 'number' ? left : null;
}

function retryAfterOf(error: unknown): number {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.retryAfterSeconds ?? 30) : 30;
}

/**
 * Identity verification of the merchant's representative (issue 3 item 3): first a fresh one-time code by email or
 * SMS (SPEC §2 /otp-authentication/:method) whose single-use grant lets the server start a verification; then the
 * document's details, a photo of each
 * side the document type needs and a selfie, then the server's evaluation (per-criterion results) and a retry.
 * Effects are API calls provided by the app. A reload starts a new verification; earlier ones stay on the server.
 */
export const identityVerificationMachine = setup({
  types: {
    context: {} as IdentityVerificationContext,
    events: {} as IdentityVerificationEvent,
  },
  actors: {
    loadCriteria: fromPromise<KycCriteria, void>(async () => notProvided('loadCriteria')),
    loadStepUpMethods: fromPromise<StepUpMethodsResponse, void>(async () => notProvided('loadStepUpMethods')),
    startStepUp: fromPromise<StepUpStartResponse, StartStepUpInput>(async () => notProvided('startStepUp')),
    verifyStepUp: fromPromise<StepUpVerifyResponse, VerifyStepUpInput>(async () =>
      notProvided('verifyStepUp'),
    ),
    initiateKyc: fromPromise<KycInitiateResponse, InitiateInput>(async () => notProvided('initiateKyc')),
    uploadKycImage: fromPromise<KycImage, UploadImageInput>(async () => notProvided('uploadKycImage')),
    evaluateKyc: fromPromise<KycVerification, EvaluateInput>(async () => notProvided('evaluateKyc')),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toKycError(params.error) }),
    recordFields: assign({ fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error) }),
    clearError: assign({ error: null, fieldErrors: {}, attemptsLeft: null }),
    startOver: assign(fresh),
  },
  guards: {
    isCodeDead: (_, params: { error: unknown }) => {
      const code = failureCode(params.error);
      return code === 'otp_exhausted' || code === 'otp_expired';
    },
    isCooldown: (_, params: { error: unknown }) => failureCode(params.error) === 'otp_cooldown',
    isStepUpRequired: (_, params: { error: unknown }) => failureCode(params.error) === 'step_up_required',
    moreToCapture: ({ context }) => missingSides(context, context.side).length > 0,
    passed: (_, params: { verification: KycVerification }) => params.verification.status === 'passed',
  },
  delays: {
    resendCooldown: ({ context }) => Math.max(0, context.resendIn) * 1000,
  },
}).createMachine({
  id: 'identityVerification',
  context: { criteria: null, methods: [], ...fresh },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCriteria',
        src: 'loadCriteria',
        onDone: {
          target: 'loadingMethods',
          actions: assign({ criteria: ({ event }) => event.output }),
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingMethods: {
      tags: ['busy'],
      invoke: {
        id: 'loadStepUpMethods',
        src: 'loadStepUpMethods',
        onDone: {
          target: 'choosingMethod',
          actions: [assign({ methods: ({ event }) => event.output.available_methods }), 'clearError'],
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { 'load.retry': { target: 'loading', actions: 'clearError' } },
    },
    /** Confirm it is you: where the one-time code should go. */
    choosingMethod: {
      on: {
        'method.selected': {
          target: 'sendingCode',
          actions: ['clearError', assign({ method: ({ event }) => event.method })],
        },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'startStepUp',
        src: 'startStepUp',
        input: ({ context }) => ({ purpose, method: context.method ?? 'email' }),
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            destination: ({ event }) => event.output.destination,
            resendIn: ({ event }) => event.output.resend_in,
          }),
        },
        onError: {
          target: 'choosingMethod',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** /otp-authentication/:method: the code, with resend after the cooldown and a way back to the methods. */
    awaitingCode: {
      type: 'parallel',
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                'otp.submit': { target: 'verifying', actions: 'clearError' },
                'method.change': { target: '#identityVerification.choosingMethod', actions: 'clearError' },
              },
            },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifyStepUp',
                src: 'verifyStepUp',
                input: ({ event }) => {
                  if (event.type !== 'otp.submit') throw new Error(`unexpected ${event.type}`);
                  return { purpose, code: event.code };
                },
                onDone: {
                  target: '#identityVerification.start',
                  actions: ['clearError', assign({ stepUpToken: ({ event }) => event.output.step_up_token })],
                },
                onError: [
                  {
                    guard: { type: 'isCodeDead', params: ({ event }) => ({ error: event.error }) },
                    target: 'dead',
                    actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    target: 'entering',
                    actions: [
                      { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                      assign({ attemptsLeft: ({ event }) => attemptsLeftOf(event.error) }),
                    ],
                  },
                ],
              },
            },
            /** The code is spent (too many tries or expired): only a new code helps. */
            dead: {
              on: {
                'method.change': { target: '#identityVerification.choosingMethod', actions: 'clearError' },
              },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { resendCooldown: 'ready' } },
            ready: {
              on: {
                'otp.resend': {
                  // A code under verification may still be right: no new code until it is answered.
                  guard: not(stateIn({ awaitingCode: { code: 'verifying' } })),
                  target: '#identityVerification.resendingCode',
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
        id: 'resendStepUp',
        src: 'startStepUp',
        input: ({ context }) => ({ purpose, method: context.method ?? 'email' }),
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            destination: ({ event }) => event.output.destination,
            resendIn: ({ event }) => event.output.resend_in,
          }),
        },
        onError: [
          {
            guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingCode',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ resendIn: ({ event }) => retryAfterOf(event.error) }),
            ],
          },
          {
            target: 'awaitingCode',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The document's type, number, expiry and names as printed on it. */
    start: {
      on: {
        'details.submit': {
          target: 'initiating',
          actions: [
            'clearError',
            assign({
              details: ({ event }) => event.values,
              documentType: ({ event }) => event.values.document_type,
            }),
          ],
        },
      },
    },
    initiating: {
      tags: ['busy'],
      invoke: {
        id: 'initiateKyc',
        src: 'initiateKyc',
        input: ({ context }) => {
          if (!context.details) throw new Error('no details to send');
          return { details: context.details, stepUpToken: context.stepUpToken ?? '' };
        },
        onDone: {
          target: 'capturing',
          actions: assign({
            // Used up by the server: a new verification needs a new code.
            stepUpToken: null,
            verificationId: ({ event }) => event.output.id,
            captured: [],
            side: ({ context }) => missingSides({ ...context, captured: [] }, null)[0] ?? 'front',
          }),
        },
        onError: [
          {
            // The grant expired (or was used): confirm with a new code, the details stay filled in.
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'choosingMethod',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null, method: null, destination: null }),
            ],
          },
          {
            // Refused before the grant was used (the transaction rolled back): it stays good for the next try.
            target: 'start',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              { type: 'recordFields', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    /** /verification/:method: a photo of the side in `side`, from the camera or a file. */
    capturing: {
      on: {
        'image.capture': { target: 'uploading', actions: 'clearError' },
        'verification.restart': { target: 'choosingMethod', actions: 'startOver' },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadKycImage',
        src: 'uploadKycImage',
        input: ({ context, event }) => {
          if (event.type !== 'image.capture') throw new Error(`unexpected ${event.type}`);
          if (!context.verificationId || !context.side) throw new Error('no verification under way');
          return { verificationId: context.verificationId, side: context.side, file: event.file };
        },
        onDone: [
          {
            guard: 'moreToCapture',
            target: 'capturing',
            actions: assign({
              captured: ({ context }) => [...new Set([...context.captured, context.side as KycSide])],
              side: ({ context }) => missingSides(context, context.side)[0] ?? null,
            }),
          },
          {
            target: 'ready',
            actions: assign({
              captured: ({ context }) => [...new Set([...context.captured, context.side as KycSide])],
              side: null,
            }),
          },
        ],
        onError: {
          target: 'capturing',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** Every photo is there: retake one, or have them evaluated. */
    ready: {
      on: {
        'verification.evaluate': { target: 'evaluating', actions: 'clearError' },
        'side.retake': {
          target: 'capturing',
          actions: ['clearError', assign({ side: ({ event }) => event.side })],
        },
        'verification.restart': { target: 'choosingMethod', actions: 'startOver' },
      },
    },
    evaluating: {
      tags: ['busy'],
      invoke: {
        id: 'evaluateKyc',
        src: 'evaluateKyc',
        input: ({ context }) => {
          if (!context.verificationId) throw new Error('no verification under way');
          return { verificationId: context.verificationId };
        },
        onDone: [
          {
            guard: { type: 'passed', params: ({ event }) => ({ verification: event.output }) },
            target: 'passed',
            actions: assign({ checks: ({ event }) => event.output.checks }),
          },
          { target: 'failed', actions: assign({ checks: ({ event }) => event.output.checks }) },
        ],
        onError: {
          target: 'ready',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** Some check failed: the screen lists each result; "Try again" starts a new verification. */
    failed: {
      on: { 'verification.restart': { target: 'choosingMethod', actions: 'startOver' } },
    },
    passed: { type: 'final' },
  },
});

export type IdentityVerificationSnapshot = SnapshotFrom<typeof identityVerificationMachine>;

export type KycStep =
  'loading' | 'loadFailed' | 'method' | 'code' | 'start' | 'capture' | 'ready' | 'failed' | 'passed';

/** Which screen the journey shows. */
export function selectKycStep(snapshot: IdentityVerificationSnapshot): KycStep {
  if (snapshot.matches('loading') || snapshot.matches('loadingMethods')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('choosingMethod') || snapshot.matches('sendingCode')) return 'method';
  if (snapshot.matches('awaitingCode') || snapshot.matches('resendingCode')) return 'code';
  if (snapshot.matches('start') || snapshot.matches('initiating')) return 'start';
  if (snapshot.matches('capturing') || snapshot.matches('uploading')) return 'capture';
  if (snapshot.matches('ready') || snapshot.matches('evaluating')) return 'ready';
  if (snapshot.matches('failed')) return 'failed';
  return 'passed';
}

/**
 * The address of the step: /otp-authentication/:method (email or sms) while the one-time code is awaited,
 * /verification/:method while capturing, else /identity-verification/.
 */
export function kycPath(snapshot: IdentityVerificationSnapshot): string {
  const step = selectKycStep(snapshot);
  const { side, method } = snapshot.context;
  if (step === 'code' && method) return `/otp-authentication/${method}`;
  if (step === 'capture' && side) return `/verification/${captureMethods[side]}`;
  return '/identity-verification/';
}

export const selectKycBusy = (snapshot: IdentityVerificationSnapshot): boolean => snapshot.hasTag('busy');
export const selectKycError = (snapshot: IdentityVerificationSnapshot): KycError | null =>
  snapshot.context.error;
export const selectKycFieldErrors = (snapshot: IdentityVerificationSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
export const selectKycCriteria = (snapshot: IdentityVerificationSnapshot): KycCriteria | null =>
  snapshot.context.criteria;
export const selectKycSide = (snapshot: IdentityVerificationSnapshot): KycSide | null =>
  snapshot.context.side;
export const selectKycCaptured = (snapshot: IdentityVerificationSnapshot): KycSide[] =>
  snapshot.context.captured;
export const selectKycChecks = (snapshot: IdentityVerificationSnapshot): KycCheck[] =>
  snapshot.context.checks;
export const selectKycDetails = (snapshot: IdentityVerificationSnapshot): KycDetails | null =>
  snapshot.context.details;
export const selectKycMethods = (snapshot: IdentityVerificationSnapshot): StepUpMethod[] =>
  snapshot.context.methods;
export const selectKycMethod = (snapshot: IdentityVerificationSnapshot): LoginMfaMethod | null =>
  snapshot.context.method;
export const selectKycDestination = (snapshot: IdentityVerificationSnapshot): string | null =>
  snapshot.context.destination;
export const selectKycResendIn = (snapshot: IdentityVerificationSnapshot): number =>
  snapshot.context.resendIn;
export const selectKycAttemptsLeft = (snapshot: IdentityVerificationSnapshot): number | null =>
  snapshot.context.attemptsLeft;
export const selectKycCanResend = (snapshot: IdentityVerificationSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { resend: 'ready' } });
export const selectKycCodeDead = (snapshot: IdentityVerificationSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { code: 'dead' } });
export const selectKycResending = (snapshot: IdentityVerificationSnapshot): boolean =>
  snapshot.matches('resendingCode');
export const selectKycVerifyingCode = (snapshot: IdentityVerificationSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { code: 'verifying' } });
