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
import { failureCode, toApiFailure } from './apiFailure';

/** What the start form sends: the input side of the kycInitiate body. */
export type KycDetails = z.input<typeof KycInitiateBody>;
export type InitiateInput = { details: KycDetails };
export type UploadImageInput = { verificationId: string; side: KycSide; file: File };
export type EvaluateInput = { verificationId: string };

/** Why the last call failed; the screen turns it into a translated message. */
export type KycError =
  | 'validation_failed'
  | 'unsupported_file_type'
  | 'payload_too_large'
  | 'onboarding_locked'
  | 'network'
  | 'unknown';

const knownErrors: ReadonlySet<string> = new Set<KycError>([
  'validation_failed',
  'unsupported_file_type',
  'payload_too_large',
  'onboarding_locked',
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

export type IdentityVerificationContext = {
  criteria: KycCriteria | null;
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
  details: null,
  verificationId: null,
  documentType: null,
  captured: [],
  side: null,
  checks: [],
  error: null,
  fieldErrors: {},
} satisfies Omit<IdentityVerificationContext, 'criteria'>;

/**
 * Identity verification of the merchant's representative (issue 3 item 3): the document's details, a photo of each
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
    moreToCapture: ({ context }) => missingSides(context, context.side).length > 0,
    passed: (_, params: { verification: KycVerification }) => params.verification.status === 'passed',
  },
}).createMachine({
  id: 'identityVerification',
  context: { criteria: null, ...fresh },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCriteria',
        src: 'loadCriteria',
        onDone: {
          target: 'start',
          actions: [assign({ criteria: ({ event }) => event.output }), 'clearError'],
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
          return { details: context.details };
        },
        onDone: {
          target: 'capturing',
          actions: assign({
            verificationId: ({ event }) => event.output.id,
            captured: [],
            side: ({ context }) => missingSides({ ...context, captured: [] }, null)[0] ?? 'front',
          }),
        },
        onError: {
          target: 'start',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            { type: 'recordFields', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    /** /verification/:method: a photo of the side in `side`, from the camera or a file. */
    capturing: {
      on: {
        'image.capture': { target: 'uploading', actions: 'clearError' },
        'verification.restart': { target: 'start', actions: 'startOver' },
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
        'verification.restart': { target: 'start', actions: 'startOver' },
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
      on: { 'verification.restart': { target: 'start', actions: 'startOver' } },
    },
    passed: { type: 'final' },
  },
});

export type IdentityVerificationSnapshot = SnapshotFrom<typeof identityVerificationMachine>;

export type KycStep = 'loading' | 'loadFailed' | 'start' | 'capture' | 'ready' | 'failed' | 'passed';

/** Which screen the journey shows. */
export function selectKycStep(snapshot: IdentityVerificationSnapshot): KycStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('start') || snapshot.matches('initiating')) return 'start';
  if (snapshot.matches('capturing') || snapshot.matches('uploading')) return 'capture';
  if (snapshot.matches('ready') || snapshot.matches('evaluating')) return 'ready';
  if (snapshot.matches('failed')) return 'failed';
  return 'passed';
}

/** The address of the step: /verification/:method while capturing, else /identity-verification/. */
export function kycPath(snapshot: IdentityVerificationSnapshot): string {
  const side = snapshot.context.side;
  return selectKycStep(snapshot) === 'capture' && side
    ? `/verification/${captureMethods[side]}`
    : '/identity-verification/';
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
