import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
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
import type { StepUpMethod, StepUpMethodsResponse, StepUpPurpose } from '../schemas/stepUp.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';
import {
  oneTimeCodeMachine,
  selectCodeMethod,
  selectOneTimeCodeStep,
  stepUpTokenOf,
  type OneTimeCodeOutput,
  type OneTimeCodeSnapshot,
} from './oneTimeCode.machine';

/** What the start form sends: the input side of the kycInitiate body. */
export type KycDetails = z.input<typeof KycInitiateBody>;
/** The details and the grant of a fresh one-time code (sent as the X-Step-Up-Token header). */
export type InitiateInput = { details: KycDetails; stepUpToken: string };
export type UploadImageInput = { verificationId: string; side: KycSide; file: File };
export type EvaluateInput = { verificationId: string };

/** Why the last call failed; the screen turns it into a translated message. The code's own failures are the child's. */
const toKycError = knownErrors([
  'validation_failed',
  'unsupported_file_type',
  'payload_too_large',
  'onboarding_locked',
  'rate_limited',
  'step_up_required',
  'network',
]);
export type KycError = ReturnType<typeof toKycError>;

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

/**
 * Identity verification of the merchant's representative: first a fresh one-time code (the oneTimeCode child,
 * /otp-authentication/:method while its code is awaited) whose single-use grant lets the server start a verification;
 * then the document's details, a photo of each side the document type needs and a selfie, then the server's
 * evaluation (per-criterion results) and a retry. Effects are API calls provided by the app. A reload starts a new
 * verification; earlier ones stay on the server.
 */
export const identityVerificationMachine = setup({
  types: {
    context: {} as IdentityVerificationContext,
    events: {} as IdentityVerificationEvent,
    children: {} as { oneTimeCode: 'oneTimeCode' },
  },
  actors: {
    loadCriteria: fromPromise<KycCriteria, void>(async () => notProvided('loadCriteria')),
    loadStepUpMethods: fromPromise<StepUpMethodsResponse, void>(async () => notProvided('loadStepUpMethods')),
    oneTimeCode: oneTimeCodeMachine,
    initiateKyc: fromPromise<KycInitiateResponse, InitiateInput>(async () => notProvided('initiateKyc')),
    uploadKycImage: fromPromise<KycImage, UploadImageInput>(async () => notProvided('uploadKycImage')),
    evaluateKyc: fromPromise<KycVerification, EvaluateInput>(async () => notProvided('evaluateKyc')),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toKycError(params.error) }),
    recordFields: assign({ fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error) }),
    clearError: assign({ error: null, fieldErrors: {} }),
    startOver: assign(fresh),
  },
  guards: {
    gotGrant: (_, params: { output: OneTimeCodeOutput }) => stepUpTokenOf(params.output) !== null,
    isStepUpRequired: (_, params: { error: unknown }) => failureCode(params.error) === 'step_up_required',
    moreToCapture: ({ context }) => missingSides(context, context.side).length > 0,
    passed: (_, params: { verification: KycVerification }) => params.verification.status === 'passed',
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
          target: 'confirming',
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
    confirming: {
      description:
        'Confirm it is you: the oneTimeCode child (purpose identity_verification; the address is ' +
        '/otp-authentication/:method while its code is awaited). Its grant lets the server start a verification; ' +
        'cancelling leaves for the onboarding.',
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({ purpose, methods: context.methods }),
        onDone: [
          {
            guard: { type: 'gotGrant', params: ({ event }) => ({ output: event.output }) },
            target: 'start',
            actions: ['clearError', assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) })],
          },
          { target: 'cancelled' },
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
            target: 'confirming',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
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
        'verification.restart': { target: 'confirming', actions: 'startOver' },
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
        'verification.restart': { target: 'confirming', actions: 'startOver' },
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
      on: { 'verification.restart': { target: 'confirming', actions: 'startOver' } },
    },
    passed: { type: 'final' },
    /** The user cancelled the code: the screen goes back to the onboarding. */
    cancelled: { type: 'final' },
  },
});

export type IdentityVerificationSnapshot = SnapshotFrom<typeof identityVerificationMachine>;

export type KycStep =
  'loading' | 'loadFailed' | 'confirm' | 'start' | 'capture' | 'ready' | 'failed' | 'passed' | 'cancelled';

/** Which screen the journey shows. */
export function selectKycStep(snapshot: IdentityVerificationSnapshot): KycStep {
  if (snapshot.matches('loading') || snapshot.matches('loadingMethods')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('confirming')) return 'confirm';
  if (snapshot.matches('start') || snapshot.matches('initiating')) return 'start';
  if (snapshot.matches('capturing') || snapshot.matches('uploading')) return 'capture';
  if (snapshot.matches('ready') || snapshot.matches('evaluating')) return 'ready';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('cancelled')) return 'cancelled';
  return 'passed';
}

/**
 * The address of the step: /otp-authentication/:method (email or sms) while the one-time code is awaited (`code` is
 * the running oneTimeCode child), /verification/:method while capturing, else /identity-verification/.
 */
export function kycPath(snapshot: IdentityVerificationSnapshot, code?: OneTimeCodeSnapshot): string {
  const step = selectKycStep(snapshot);
  const method = code ? selectCodeMethod(code) : null;
  if (step === 'confirm' && code && selectOneTimeCodeStep(code) === 'code' && method) {
    return `/otp-authentication/${method}`;
  }
  const { side } = snapshot.context;
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
/** The running oneTimeCode child while the fresh code is asked for. */
export const selectKycCodeActor = (snapshot: IdentityVerificationSnapshot) => snapshot.children.oneTimeCode;
