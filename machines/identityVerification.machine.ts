import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { authDefaults } from '../schemas/authLimits';
import {
  defaultUploadLimitBytes,
  documentSides,
  kycDocumentNumberMaxLength,
  kycImageContentTypes,
  kycMinLongSide,
  kycMinShortSide,
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
import { duration } from './ruleWords';

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
  // While the bank asks for more information on other steps than the identity.
  'step_locked',
  'rate_limited',
  'step_up_required',
  // The owner only; a verification that is gone, or has passed already; an upload that did not arrive whole: each has
  // its own words on the screen.
  'forbidden',
  'bad_request',
  'not_found',
  'conflict',
  'network',
]);
export type KycError = ReturnType<typeof toKycError>;

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

/** The facts the server gave with its refusal (a photo's pixels when it is too small), for the screen's words. */
export type KycErrorDetails = Record<string, string | number | boolean | null>;
function detailsOf(error: unknown): KycErrorDetails {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.details ?? {}) : {};
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
  errorDetails: KycErrorDetails;
  fieldErrors: Record<string, string>;
};

export type IdentityVerificationEvent =
  | { type: 'details.submit'; values: KycDetails }
  | { type: 'image.capture'; file: File }
  | { type: 'side.retake'; side: KycSide }
  | { type: 'verification.evaluate' }
  | { type: 'verification.restart' }
  | { type: 'load.retry' };

// Rules for the descriptions, from the constants the server checks.
const grantLife = `${duration(authDefaults.stepUpGrantTtlSeconds * 1000)} by default (setting STEP_UP_GRANT_TTL_SECONDS)`;
const sidesRule = Object.entries(documentSides)
  .map(([type, sides]) => `${type.replace('_', ' ')}: ${sides.join(' and ')}`)
  .join('; ');
const imageRule =
  `${kycImageContentTypes.map((type) => type.replace('image/', '').toUpperCase()).join(' or ')} by content, at ` +
  `least ${kycMinLongSide} × ${kycMinShortSide} pixels either way round, at most ` +
  `${defaultUploadLimitBytes / (1024 * 1024)} MB by default (setting UPLOAD_LIMIT_BYTES)`;

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
  errorDetails: {},
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
    recordError: assign({
      error: (_, params: { error: unknown }) => toKycError(params.error),
      errorDetails: (_, params: { error: unknown }) => detailsOf(params.error),
    }),
    recordFields: assign({ fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error) }),
    clearError: assign({ error: null, errorDetails: {}, fieldErrors: {} }),
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
      description:
        'The rules the server will check: document types and their sides, image types and sizes, the selfie, ' +
        'the expiry and the name.',
      tags: ['busy'],
      invoke: {
        id: 'loadCriteria',
        src: 'loadCriteria',
        onDone: {
          target: 'loadingMethods',
          actions: assign({ criteria: ({ event }) => event.output }),
          description: 'The rules arrive: where a code can go next.',
        },
        onError: {
          target: 'loadFailed',
          description: 'No answer: "Try again".',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingMethods: {
      description: 'Where the one-time code can go: email, SMS when there is a phone, the authenticator app.',
      tags: ['busy'],
      invoke: {
        id: 'loadStepUpMethods',
        src: 'loadStepUpMethods',
        onDone: {
          target: 'confirming',
          actions: [assign({ methods: ({ event }) => event.output.available_methods }), 'clearError'],
          description: 'Loaded: the code.',
        },
        onError: {
          target: 'loadFailed',
          description: 'No answer: "Try again".',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The verification could not be prepared: "Try again".',
      on: { 'load.retry': { target: 'loading', actions: 'clearError', description: '"Try again".' } },
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
            description: `The right code: a single-use grant to start one verification, good for ${grantLife}.`,
            actions: ['clearError', assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) })],
          },
          { target: 'cancelled', description: 'Cancelled: back to the onboarding.' },
        ],
      },
    },
    start: {
      description:
        `The document's type (passport, ID card or driving licence), its number (up to ` +
        `${kycDocumentNumberMaxLength} Latin letters and digits), its expiry (in the future) and the names as printed ` +
        'on it.',
      on: {
        'details.submit': {
          target: 'initiating',
          description: '"Continue" with the details.',
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
      description:
        'In one transaction the server spends the grant and records a new verification with the document details; ' +
        'earlier verifications stay as a trail. Only the owner, while the business is onboarding or was rejected.',
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
          description: `Started: the photos, one per side the document needs (${sidesRule}) and a selfie.`,
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
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'confirming',
            description: 'The grant expired or was spent: a new code; the details stay filled in.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
          {
            target: 'start',
            description:
              'Refused (a field, onboarding locked) or no answer: the form with the reasons. Nothing was recorded, ' +
              'so the grant stays good for the next try.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              { type: 'recordFields', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    capturing: {
      description: `/verification/:method: a photo of one side, from the camera or a file: ${imageRule}.`,
      on: {
        'image.capture': {
          target: 'uploading',
          actions: 'clearError',
          description: 'A photo is taken or chosen.',
        },
        'verification.restart': {
          target: 'confirming',
          actions: 'startOver',
          description: '"Start again": a new verification, with a new code.',
        },
      },
    },
    uploading: {
      description:
        'The server reads the type and the size from the bytes themselves, stores the image and records it on ' +
        'the verification (type, size, pixels), replacing an earlier photo of that side; a new photo makes an ' +
        'earlier evaluation stale.',
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
            description: 'Stored: the next side still missing.',
            actions: assign({
              captured: ({ context }) => [...new Set([...context.captured, context.side as KycSide])],
              side: ({ context }) => missingSides(context, context.side)[0] ?? null,
            }),
          },
          {
            target: 'ready',
            description: 'Stored: every photo is there.',
            actions: assign({
              captured: ({ context }) => [...new Set([...context.captured, context.side as KycSide])],
              side: null,
            }),
          },
        ],
        onError: {
          target: 'capturing',
          description:
            'Refused (not a JPEG or PNG, too small, too large, onboarding locked) or no answer: the same side ' +
            'again, with the reason.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      description: 'Every photo is there: retake one, or have them evaluated.',
      on: {
        'verification.evaluate': {
          target: 'evaluating',
          actions: 'clearError',
          description: '"Verify": have the photos and details evaluated.',
        },
        'side.retake': {
          target: 'capturing',
          actions: ['clearError', assign({ side: ({ event }) => event.side })],
          description: '"Retake" one side.',
        },
        'verification.restart': {
          target: 'confirming',
          actions: 'startOver',
          description: '"Start again": a new verification, with a new code.',
        },
      },
    },
    evaluating: {
      description:
        'The server checks each criterion and records the results on the verification: every required side is ' +
        'there, each stored image is a JPEG or PNG and big enough (read again from the stored bytes), the document ' +
        'has not expired, and its names match the representative given in the onboarding. All pass: passed.',
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
            description: 'Every criterion passed.',
            actions: assign({ checks: ({ event }) => event.output.checks }),
          },
          {
            target: 'failed',
            actions: assign({ checks: ({ event }) => event.output.checks }),
            description: 'Some criterion failed.',
          },
        ],
        onError: {
          target: 'ready',
          description: 'No answer or refused: the photos stay, evaluate again.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'Some check failed: the screen lists each result; "Try again" starts a new verification.',
      on: {
        'verification.restart': {
          target: 'confirming',
          actions: 'startOver',
          description: '"Try again": a new verification, with a new code; this one stays as a trail.',
        },
      },
    },
    passed: {
      type: 'final',
      description:
        'Through the automatic checks: the photos are received and a person at the bank checks them (the merchant ' +
        'reads "verified" only after); the onboarding goes on.',
    },
    cancelled: {
      type: 'final',
      description: 'The user cancelled the code: the screen goes back to the onboarding.',
    },
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
export const selectKycErrorDetails = (snapshot: IdentityVerificationSnapshot): KycErrorDetails =>
  snapshot.context.errorDetails;
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
