import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { defaultUploadLimitBytes } from '../schemas/kyc.schema';
import {
  maxDirectors,
  maxOwnershipBasisPoints,
  maxShareholders,
  type CompanyStep,
  type DirectorsStep,
  type DocumentType,
  type FundingStep,
  type OnboardingDocument,
  type OnboardingState,
  type ReferenceItem,
  type RepresentativeStep,
  type ShareholdersStep,
} from '../schemas/onboarding.schema';
import { knownErrors, toApiFailure } from './apiFailure';
import {
  arriveAt,
  backTo,
  forwardTo,
  navBack,
  navForward,
  startNav,
  type JourneyNav,
  type NavEvent,
} from './journeyNav';

/** The steps of the onboarding phase of /registration/:step?/:id?, in order (SPEC §1 "Company onboarding"). */
export const onboardingSteps = [
  'representative',
  'company',
  'directors',
  'shareholders',
  'documents',
  'funding',
  'identity',
  'review',
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];
/** The steps the review can open to change: the forms and the documents (identity has its own journey). */
export type EditableStep = Exclude<OnboardingStep, 'review' | 'identity'>;
export const editableSteps = onboardingSteps.filter(
  (step): step is EditableStep => step !== 'review' && step !== 'identity',
);

/** The steps saved with one form on "Continue". */
export type FormStep = 'representative' | 'company' | 'directors' | 'shareholders' | 'funding';
/** What each form sends: the input side of the step's zod schema (the server's body). */
export type StepValues = {
  representative: z.input<typeof RepresentativeStep>;
  company: z.input<typeof CompanyStep>;
  directors: z.input<typeof DirectorsStep>;
  shareholders: z.input<typeof ShareholdersStep>;
  funding: z.input<typeof FundingStep>;
};
export type SaveStepInput = {
  [K in FormStep]: { merchantId: string; step: K; values: StepValues[K] };
}[FormStep];

export type LoadInput = { merchantId: string };
/** The reference lists the forms choose from (names in English and Greek). */
export type OnboardingReference = {
  countries: ReferenceItem[];
  legalForms: ReferenceItem[];
  industries: ReferenceItem[];
  sizes: ReferenceItem[];
  turnovers: ReferenceItem[];
};
export type LoadOutput = { state: OnboardingState; reference: OnboardingReference };
/** How much of an upload has reached the server, in bytes of the request body. */
export type UploadProgress = { fileName: string; loaded: number; total: number };
export type UploadInput = {
  merchantId: string;
  kind: DocumentType;
  file: File;
  /** The effect reports the bytes sent so far; the machine hears them as `upload.progress`. */
  onProgress: (loaded: number, total: number) => void;
};
export type DeleteInput = { merchantId: string; documentId: string };

const toOnboardingError = knownErrors([
  'validation_failed',
  'onboarding_incomplete',
  'onboarding_locked',
  // While the bank asks for more information, a step it did not name.
  'step_locked',
  'payload_too_large',
  // An upload whose content is not a PDF, JPEG or PNG (the server looks at the bytes, not the name).
  'unsupported_file_type',
  // The rest any onboarding endpoint can answer: each has its own words (src/screens/onboarding/StepFrame.tsx).
  'bad_request',
  'forbidden',
  'not_found',
  'conflict',
  'unauthorized',
  'internal_error',
  'network',
]);
/** Why the last call failed; the screen turns it into a translated message. */
export type OnboardingError = ReturnType<typeof toOnboardingError>;

/** The server's field errors (`fields` of a 422), keyed by dotted body path. */
function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

export type OnboardingContext = {
  merchantId: string;
  data: OnboardingState | null;
  reference: OnboardingReference | null;
  /** Set while a step was opened from the review: saving it returns there. */
  returnToReview: boolean;
  error: OnboardingError | null;
  fieldErrors: Record<string, string>;
  /** The document whose deletion is under way. */
  deletingId: string | null;
  /** The upload under way and how far it got; null when none runs. */
  uploadProgress: UploadProgress | null;
  /** Where the journey stands among its steps and in the tab's history (machines/journeyNav.ts). */
  nav: JourneyNav<OnboardingStep>;
};

export type OnboardingEvent =
  | { type: 'step.open'; step: OnboardingStep }
  | { type: 'representative.save'; values: StepValues['representative'] }
  | { type: 'company.save'; values: StepValues['company'] }
  | { type: 'directors.save'; values: StepValues['directors'] }
  | { type: 'shareholders.save'; values: StepValues['shareholders'] }
  | { type: 'funding.save'; values: StepValues['funding'] }
  | { type: 'documents.continue' }
  /** "Continue" on the identity step, once the representative's identity is verified. */
  | { type: 'identity.continue' }
  | { type: 'document.upload'; kind: DocumentType; file: File }
  /** From the upload effect while it sends the file. */
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'document.delete'; documentId: string }
  | { type: 'step.back' }
  | { type: 'step.edit'; step: EditableStep }
  | { type: 'review.submit' }
  | { type: 'load.retry' }
  /** The browser's Back and Forward between the steps' history entries. */
  | NavEvent;

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/**
 * Company onboarding (SPEC §1): representative, company, directors, shareholders, documents, funding and
 * activity, review, then submit for review. Effects are API calls provided by the app; the machine decides the step.
 * The screen opens the first step (`step.open`: the step in the address, or the first incomplete one).
 */
const onboardingSetup = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as { merchantId: string },
  },
  actors: {
    loadOnboarding: fromPromise<LoadOutput, LoadInput>(async () => notProvided('loadOnboarding')),
    saveStep: fromPromise<OnboardingState, SaveStepInput>(async () => notProvided('saveStep')),
    uploadDocument: fromPromise<OnboardingDocument, UploadInput>(async () => notProvided('uploadDocument')),
    deleteDocument: fromPromise<void, DeleteInput>(async () => notProvided('deleteDocument')),
    submitForReview: fromPromise<OnboardingState, LoadInput>(async () => notProvided('submitForReview')),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toOnboardingError(params.error) }),
    recordFields: assign({ fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error) }),
    clearError: assign({ error: null, fieldErrors: {} }),
    storeData: assign({ data: (_, params: { data: OnboardingState }) => params.data }),
    leaveStep: assign({ returnToReview: false, error: null, fieldErrors: {} }),
    arrive: assign({
      nav: ({ context }, params: { step: OnboardingStep }) =>
        arriveAt(onboardingSteps, context.nav, params.step),
    }),
    navBack: assign({ nav: ({ context }) => navBack(context.nav) }),
    navForward: assign({ nav: ({ context }) => navForward(context.nav) }),
  },
  guards: {
    returningToReview: ({ context }) => context.returnToReview,
    // The photos received and through the automatic checks: onboarding goes on while a person at the bank looks
    // at them (their confirmation is needed for the approval, not for the submission).
    identityPassed: ({ context }) => identityChecked(context.data?.identity_verification.status),
    documentExists: ({ context, event }) =>
      event.type === 'document.delete' &&
      (context.data?.documents.some((doc) => doc.id === event.documentId) ?? false),
    isStep: ({ event }, params: { step: OnboardingStep }) => 'step' in event && event.step === params.step,
    backTo: ({ context }, params: { step: OnboardingStep }) => backTo(context.nav, params.step),
    forwardTo: ({ context }, params: { step: OnboardingStep }) => forwardTo(context.nav, params.step),
  },
});

/** What saving a form step sends: the step and the values of its `<step>.save` event. */
function saveStepInput(merchantId: string, event: OnboardingEvent): SaveStepInput {
  switch (event.type) {
    case 'representative.save':
      return { merchantId, step: 'representative', values: event.values };
    case 'company.save':
      return { merchantId, step: 'company', values: event.values };
    case 'directors.save':
      return { merchantId, step: 'directors', values: event.values };
    case 'shareholders.save':
      return { merchantId, step: 'shareholders', values: event.values };
    case 'funding.save':
      return { merchantId, step: 'funding', values: event.values };
    default:
      throw new Error(`unexpected ${event.type}`);
  }
}

/**
 * The browser's Back and Forward on a step that is not busy: to the step of the history entry behind or ahead
 * (machines/journeyNav.ts), without saving the one left; a step opened from the review no longer returns there.
 */
function historyMoves(here: OnboardingStep) {
  // The entries behind are always earlier steps, those ahead later ones (journeyNav's arriveAt keeps them so).
  const rank = onboardingSteps.indexOf(here);
  const before = onboardingSteps.filter((_, index) => index < rank);
  const after = onboardingSteps.filter((_, index) => index > rank);
  return {
    'nav.back': before.map((step) => ({
      description: `The browser's Back: the ${step} step, as saved, without saving this one.`,
      guard: { type: 'backTo', params: { step } } as const,
      target: `#onboarding.${step}`,
      actions: ['navBack', 'leaveStep'] as const,
    })),
    'nav.forward': after.map((step) => ({
      description: `The browser's Forward after Back: the ${step} step again.`,
      guard: { type: 'forwardTo', params: { step } } as const,
      target: `#onboarding.${step}`,
      actions: ['navForward', 'leaveStep'] as const,
    })),
  };
}

/** What each form step asks, for its description (the numbers from schemas/onboarding.schema.ts). */
const formStepWords: Record<FormStep, string> = {
  representative: "The representative's details: name, birth date, job title, phone and address.",
  company:
    "The company's details: name, legal form, VAT number (checked against its country's format), registry " +
    'numbers, industry, size, turnover and addresses.',
  directors: `The directors: at least one, at most ${maxDirectors}.`,
  shareholders:
    `The shareholders (at least one, at most ${maxShareholders}), each with a percentage and whether they control ` +
    `the company otherwise; the declared ownership may add up to at most ${maxOwnershipBasisPoints / 100} %.`,
  funding:
    'Expected monthly incoming funds and spending, with their countries, and any other funding method: the ' +
    'activity the bank expects.',
};

/**
 * One form step: editing → "Continue" (`<step>.save`) → saving (saveStep, invoked as `save<Step>`) → the next step,
 * or back to the review when the step was opened from there; a refusal is editing again with the server's field
 * errors. "Back" (`step.back`) leaves without saving, where the step has one before it.
 */
function formStepStates(step: FormStep, order: { back?: OnboardingStep; next: OnboardingStep }) {
  const save = `${step}.save` as const;
  return onboardingSetup.createStateConfig({
    description: formStepWords[step],
    entry: { type: 'arrive', params: { step } },
    initial: 'editing',
    states: {
      editing: {
        description: 'The form, checked in the browser as the server checks it.',
        on: {
          ...historyMoves(step),
          [save]: {
            target: 'saving',
            description: '"Continue": the step is sent to the server.',
            actions: 'clearError',
          },
          ...(order.back
            ? {
                'step.back': {
                  target: `#onboarding.${order.back}`,
                  description: '"Back": the step before, without saving this one.',
                  actions: 'leaveStep',
                },
              }
            : {}),
        },
      },
      saving: {
        description: "The server checks the step again and saves it on the merchant's onboarding.",
        tags: ['busy'],
        invoke: {
          id: `save${step.charAt(0).toUpperCase()}${step.slice(1)}`,
          src: 'saveStep',
          input: ({ context, event }) => {
            const input = saveStepInput(context.merchantId, event);
            if (input.step !== step) throw new Error(`unexpected ${event.type} while saving ${step}`);
            return input;
          },
          onDone: [
            {
              description: 'Saved, and the step was opened from the review: back to the review.',
              guard: 'returningToReview',
              target: '#onboarding.review',
              actions: [{ type: 'storeData', params: ({ event }) => ({ data: event.output }) }, 'leaveStep'],
            },
            {
              target: `#onboarding.${order.next}`,
              description: 'Saved: the next step.',
              actions: [{ type: 'storeData', params: ({ event }) => ({ data: event.output }) }, 'leaveStep'],
            },
          ],
          onError: {
            target: 'editing',
            description:
              'Not saved (a field refused, the onboarding already sent for review, or no answer): the form marks ' +
              'the fields and keeps what was typed.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              { type: 'recordFields', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
      },
    },
  });
}

export const onboardingMachine = onboardingSetup.createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    merchantId: input.merchantId,
    data: null,
    reference: null,
    returnToReview: false,
    error: null,
    fieldErrors: {},
    deletingId: null,
    uploadProgress: null,
    nav: startNav<OnboardingStep>(),
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        "The merchant's onboarding as saved so far (steps, documents, what is complete) and the lists the forms " +
        'choose from are read.',
      tags: ['busy'],
      invoke: {
        id: 'loadOnboarding',
        src: 'loadOnboarding',
        input: ({ context }) => ({ merchantId: context.merchantId }),
        onDone: {
          target: 'opening',
          description: 'Read: the screen opens a step.',
          actions: [
            { type: 'storeData', params: ({ event }) => ({ data: event.output.state }) },
            assign({ reference: ({ event }) => event.output.reference }),
            'clearError',
          ],
        },
        onError: {
          target: 'loadFailed',
          description: 'The onboarding could not be read; nothing changed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The onboarding could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read the onboarding again.',
          actions: 'clearError',
        },
      },
    },
    opening: {
      description: 'Read: the screen opens the step in the address, or the first incomplete one.',
      on: {
        'step.open': onboardingSteps.map((step) => ({
          description:
            `The screen opens the ${step} step; while the bank asks for more information, saving it comes back to ` +
            'the review (the steps the bank named are changed one by one from there).',
          guard: { type: 'isStep', params: { step } } as const,
          target: step,
          actions: assign({
            returnToReview: ({ context }) =>
              context.data?.information_request != null && editableSteps.some((one) => one === step),
          }),
        })),
      },
    },
    representative: formStepStates('representative', { next: 'company' }),
    company: formStepStates('company', { back: 'representative', next: 'directors' }),
    directors: formStepStates('directors', { back: 'company', next: 'shareholders' }),
    shareholders: formStepStates('shareholders', { back: 'directors', next: 'documents' }),
    documents: {
      description:
        `The company's documents: PDF, JPEG or PNG, by default up to ${defaultUploadLimitBytes / 1024 / 1024} MB ` +
        'each (setting UPLOAD_LIMIT_BYTES); which are required depends on the legal form.',
      entry: { type: 'arrive', params: { step: 'documents' } },
      initial: 'idle',
      states: {
        idle: {
          description: 'The documents uploaded so far and those still required; upload, delete, or continue.',
          on: {
            ...historyMoves('documents'),
            'document.upload': {
              target: 'uploading',
              description: 'The user uploads a file for a document type.',
              actions: [
                'clearError',
                assign({
                  uploadProgress: ({ event }) => ({
                    fileName: event.file.name,
                    loaded: 0,
                    total: event.file.size,
                  }),
                }),
              ],
            },
            'document.delete': {
              description: 'The user deletes one of the documents uploaded.',
              guard: 'documentExists',
              target: 'deleting',
              actions: ['clearError', assign({ deletingId: ({ event }) => event.documentId })],
            },
            'documents.continue': [
              {
                description: 'Opened from the review: back to the review.',
                guard: 'returningToReview',
                target: '#onboarding.review',
                actions: 'leaveStep',
              },
              {
                target: '#onboarding.funding',
                description: '"Continue": the funding step (missing documents are named at the review).',
                actions: 'leaveStep',
              },
            ],
            'step.back': {
              target: '#onboarding.shareholders',
              description: '"Back": the shareholders step.',
              actions: 'leaveStep',
            },
          },
        },
        uploading: {
          description:
            'The file is sent, with its progress; the server looks at its bytes (not its name) and keeps it with ' +
            'its type, name and size.',
          tags: ['busy', 'uploading'],
          on: {
            'upload.progress': {
              description: 'More of the file reached the server: the progress bar moves.',
              actions: assign({
                uploadProgress: ({ context, event }) =>
                  context.uploadProgress && {
                    ...context.uploadProgress,
                    loaded: Math.min(event.loaded, event.total),
                    total: event.total,
                  },
              }),
            },
          },
          invoke: {
            id: 'uploadDocument',
            src: 'uploadDocument',
            input: ({ context, event, self }) => {
              if (event.type !== 'document.upload') throw new Error(`unexpected ${event.type}`);
              return {
                merchantId: context.merchantId,
                kind: event.kind,
                file: event.file,
                onProgress: (loaded: number, total: number) =>
                  self.send({ type: 'upload.progress', loaded, total }),
              };
            },
            onDone: {
              target: 'idle',
              description: 'Uploaded: the document is listed.',
              actions: assign({
                uploadProgress: null,
                data: ({ context, event }) =>
                  context.data && {
                    ...context.data,
                    documents: [
                      ...context.data.documents.filter((doc) => doc.id !== event.output.id),
                      event.output,
                    ],
                  },
              }),
            },
            onError: {
              target: 'idle',
              description:
                'Not uploaded (too large, not a PDF, JPEG or PNG, or no answer): the page says why; nothing kept.',
              actions: [
                { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                assign({ uploadProgress: null }),
              ],
            },
          },
        },
        deleting: {
          description: 'The server deletes the document.',
          tags: ['busy'],
          invoke: {
            id: 'deleteDocument',
            src: 'deleteDocument',
            input: ({ context, event }) => {
              if (event.type !== 'document.delete') throw new Error(`unexpected ${event.type}`);
              return { merchantId: context.merchantId, documentId: event.documentId };
            },
            onDone: {
              target: 'idle',
              description: 'Deleted: it leaves the list.',
              actions: assign({
                data: ({ context }) =>
                  context.data && {
                    ...context.data,
                    documents: context.data.documents.filter((doc) => doc.id !== context.deletingId),
                  },
                deletingId: null,
              }),
            },
            onError: {
              target: 'idle',
              description: 'Not deleted (refused, or no answer): it stays; the page says why.',
              actions: [
                { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                assign({ deletingId: null }),
              ],
            },
          },
        },
      },
    },
    // The last form step: saved, it leads to the identity step (or back to the review it was opened from).
    funding: formStepStates('funding', { back: 'documents', next: 'identity' }),
    identity: {
      description:
        "The representative's identity, verified on its own pages (/identity-verification/); " +
        '"Continue" once the photos passed the automatic checks (a person at the bank confirms them during the review).',
      entry: { type: 'arrive', params: { step: 'identity' } },
      on: {
        ...historyMoves('identity'),
        'identity.continue': {
          guard: 'identityPassed',
          target: 'review',
          description: '"Continue", the photos received and checked automatically: the review.',
          actions: 'leaveStep',
        },
        'step.back': {
          target: 'funding',
          description: '"Back": the funding step.',
          actions: 'leaveStep',
        },
      },
    },
    review: {
      description:
        'Everything entered, step by step, with what is missing; each step can be edited and comes back here. ' +
        'Then "Submit for review".',
      entry: { type: 'arrive', params: { step: 'review' } },
      on: {
        ...historyMoves('review'),
        'step.edit': editableSteps.map((step) => ({
          description: `The user edits the ${step} step; saving it comes back to the review.`,
          guard: { type: 'isStep', params: { step } } as const,
          target: step,
          actions: assign({ returnToReview: true, error: null, fieldErrors: {} }),
        })),
        'review.submit': {
          target: 'submitting',
          description: '"Submit for review": the onboarding is sent to the bank.',
          actions: 'clearError',
        },
        'step.back': { target: 'identity', description: '"Back": the identity step.' },
      },
    },
    submitting: {
      description:
        'The server accepts the onboarding only when every step is complete and still valid, the required ' +
        `documents are uploaded, the declared ownership is at most ${maxOwnershipBasisPoints / 100} % and the ` +
        "representative's latest identity verification passed; then it is in review and can no longer be changed.",
      tags: ['busy'],
      invoke: {
        id: 'submitForReview',
        src: 'submitForReview',
        input: ({ context }) => ({ merchantId: context.merchantId }),
        onDone: {
          target: 'submitted',
          description: 'Sent: the merchant is in review.',
          actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: {
          target: 'review',
          description: 'Not sent: the review names each step or document still missing, or says why.',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            { type: 'recordFields', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    submitted: {
      type: 'final',
      description: 'The onboarding is in review: the bank decides; nothing more to fill in.',
    },
  },
});

export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;

/** Which step the screen shows; `loading`/`failed` before the data is there, `done` once submitted. */
export function selectOnboardingStep(
  snapshot: OnboardingSnapshot,
): OnboardingStep | 'loading' | 'failed' | 'opening' | 'done' {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'failed';
  if (snapshot.matches('opening')) return 'opening';
  if (snapshot.matches('submitting')) return 'review';
  if (snapshot.matches('submitted')) return 'done';
  for (const step of onboardingSteps) if (snapshot.matches(step)) return step;
  return 'loading';
}

export const selectOnboardingBusy = (snapshot: OnboardingSnapshot): boolean => snapshot.hasTag('busy');
export const selectUploading = (snapshot: OnboardingSnapshot): boolean => snapshot.hasTag('uploading');
/** The upload under way with its share sent in whole per cent, or null. */
export function selectUploadProgress(
  snapshot: OnboardingSnapshot,
): (UploadProgress & { percent: number }) | null {
  const progress = snapshot.hasTag('uploading') ? snapshot.context.uploadProgress : null;
  if (!progress) return null;
  const percent = progress.total > 0 ? Math.floor((progress.loaded * 100) / progress.total) : 0;
  return { ...progress, percent };
}
export const selectDeleting = (snapshot: OnboardingSnapshot): boolean =>
  snapshot.matches({ documents: 'deleting' });
export const selectSubmitting = (snapshot: OnboardingSnapshot): boolean => snapshot.matches('submitting');
export const selectReturnToReview = (snapshot: OnboardingSnapshot): boolean =>
  snapshot.context.returnToReview;
export const selectOnboardingData = (snapshot: OnboardingSnapshot): OnboardingState | null =>
  snapshot.context.data;
export const selectOnboardingError = (snapshot: OnboardingSnapshot): OnboardingError | null =>
  snapshot.context.error;
export const selectFieldErrors = (snapshot: OnboardingSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
const noWarnings: OnboardingState['warnings'] = [];
/** The server's warnings about the saved onboarding (e.g. ownership over 100 %), from its last answer. */
export const selectOnboardingWarnings = (snapshot: OnboardingSnapshot): OnboardingState['warnings'] =>
  snapshot.context.data?.warnings ?? noWarnings;
/** The representative's identity verification as the server last answered it. */
export const selectIdentityVerification = (
  snapshot: OnboardingSnapshot,
): OnboardingState['identity_verification'] | null => snapshot.context.data?.identity_verification ?? null;
export const selectReference = (snapshot: OnboardingSnapshot): OnboardingReference | null =>
  snapshot.context.reference;

/**
 * Whether the identity verification lets the onboarding go on: the photos passed the automatic checks and await a
 * person's review, or a person confirmed them.
 */
export function identityChecked(
  status: OnboardingState['identity_verification']['status'] | undefined,
): boolean {
  return status === 'awaiting_review' || status === 'verified';
}

/** Whether a step is done: saved complete, or for identity, the latest verification checked (identityChecked). */
export function stepDone(data: OnboardingState, step: OnboardingStep): boolean {
  if (step === 'identity') return identityChecked(data.identity_verification.status);
  return step !== 'review' && data.completed_steps.includes(step);
}

/**
 * Where to open the journey: the step in the address if it is one, else the first step the bank asked about (while
 * it asks for more information), else the first step not yet done.
 */
export function firstStep(data: OnboardingState, urlStep: string | undefined): OnboardingStep {
  const asked = onboardingSteps.find((step) => step === urlStep);
  if (asked) return asked;
  const requested = onboardingSteps.find((step) =>
    data.information_request?.steps.some((entry) => entry.step === step),
  );
  if (requested) return requested;
  return onboardingSteps.find((step) => step !== 'review' && !stepDone(data, step)) ?? 'review';
}
