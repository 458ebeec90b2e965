import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LegalChange } from '../schemas/legalChangeReview.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';

/*
 * A staff member reviews one change of a company's legal details in the back office (issue 21,
 * schemas/legalChangeReview.schema.ts): the bank never lets a legal name, registration or VAT number, director,
 * shareholder or the representative's identity change without a person looking at it.
 *
 * loading (loadLegalChange) → reviewing: what changes from what to what, the documents to open. A change still
 * waiting offers "Approve" (confirmingApproval: "Approve this change?") and "Reject" (writingReason: the reason the
 * owner will read); either goes to deciding (decideLegalChange) → decided, the change as it now stands. A rejection
 * without a reason (400) goes back to writingReason with the field's message; a change decided meanwhile by someone
 * else (409) reloads and shows that decision; any other failure goes back to reviewing with the error. A change
 * already decided when opened shows its decision and offers nothing to do.
 */

export const toLegalChangeReviewError = knownErrors(['conflict', 'not_found', 'network']);
export type LegalChangeReviewError = ReturnType<typeof toLegalChangeReviewError>;

export type DecideLegalChangeInput = {
  id: string;
  decision: 'approve' | 'reject';
  reason?: string;
};

export type LegalChangeReviewContext = {
  changeId: string;
  change: LegalChange | null;
  /** The decision being sent (or last sent). */
  decision: 'approve' | 'reject' | null;
  /** The reason being written, kept when the server refuses it. */
  reason: string;
  /** The server's message for a refused reason (`validation_failed`). */
  reasonError: string | null;
  error: LegalChangeReviewError | null;
};

export type LegalChangeReviewEvent =
  | { type: 'load.retry' }
  | { type: 'approve.start' }
  | { type: 'approve.confirm' }
  | { type: 'reject.start' }
  | { type: 'reject.submit'; reason: string }
  | { type: 'decision.cancel' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/** The server's message for the reason field of a 400, if it sent one. */
function reasonErrorOf(error: unknown): string | null {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields?.reason ?? null) : null;
}

export const legalChangeReviewMachine = setup({
  types: {
    context: {} as LegalChangeReviewContext,
    events: {} as LegalChangeReviewEvent,
    input: {} as { changeId: string },
    output: {} as LegalChange | null,
  },
  actors: {
    loadLegalChange: fromPromise<LegalChange, { id: string }>(async () => notProvided('loadLegalChange')),
    decideLegalChange: fromPromise<LegalChange, DecideLegalChangeInput>(async () =>
      notProvided('decideLegalChange'),
    ),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toLegalChangeReviewError(params.error),
    }),
    clearError: assign({ error: null, reasonError: null }),
  },
  guards: {
    /** Still waiting for a decision: only then can anyone approve or reject it. */
    isWaiting: ({ context }) => context.change?.status === 'pending_review',
    isValidation: (_, params: { error: unknown }) => failureCode(params.error) === 'validation_failed',
    isDecidedMeanwhile: (_, params: { error: unknown }) => failureCode(params.error) === 'conflict',
  },
}).createMachine({
  id: 'legalChangeReview',
  context: ({ input }) => ({
    changeId: input.changeId,
    change: null,
    decision: null,
    reason: '',
    reasonError: null,
    error: null,
  }),
  initial: 'loading',
  output: ({ context }) => context.change,
  states: {
    loading: {
      description:
        'The change with the data it would replace, the merchant, who asked and the documents to open.',
      tags: ['busy'],
      invoke: {
        id: 'loadLegalChange',
        src: 'loadLegalChange',
        input: ({ context }) => ({ id: context.changeId }),
        onDone: {
          target: 'reviewing',
          actions: assign({ change: ({ event }) => event.output }),
          description: 'Loaded: from what to what, side by side.',
        },
        onError: {
          target: 'loadFailed',
          description: 'No answer, or no such change: "Try again".',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The change could not be read: "Try again".',
      on: { 'load.retry': { target: 'loading', actions: 'clearError', description: '"Try again".' } },
    },
    reviewing: {
      description:
        'What changes from what to what (the fields that differ marked), the merchant, who asked and when, the ' +
        'documents added from the profile to open; a decided change shows its decision, by whom and the reason.',
      on: {
        'approve.start': {
          guard: 'isWaiting',
          target: 'confirmingApproval',
          actions: 'clearError',
          description: '"Approve": only while the change waits.',
        },
        'reject.start': {
          guard: 'isWaiting',
          target: 'writingReason',
          actions: 'clearError',
          description: '"Reject": only while the change waits.',
        },
      },
    },
    confirmingApproval: {
      description:
        '"Approve this change?": the new data applies at once (a new legal name also renames the merchant) and the ' +
        'owner sees it on the profile.',
      on: {
        'approve.confirm': {
          target: 'approving',
          actions: assign({ decision: 'approve' as const }),
          description: '"Approve".',
        },
        'decision.cancel': { target: 'reviewing', description: '"Cancel": nothing is decided.' },
      },
    },
    writingReason: {
      description: 'The reason the owner will read on the profile (required, at most 500 characters).',
      on: {
        'reject.submit': {
          target: 'rejecting',
          actions: assign({
            decision: 'reject' as const,
            reason: ({ event }) => event.reason,
            reasonError: null,
            error: null,
          }),
          description: '"Reject" with the reason.',
        },
        'decision.cancel': { target: 'reviewing', actions: 'clearError', description: '"Cancel".' },
      },
    },
    approving: {
      description:
        'In one transaction the server applies the data, marks the change approved by this staff member and writes ' +
        'legal_change.approved on the audit trail.',
      tags: ['busy'],
      invoke: {
        id: 'decideLegalChange',
        src: 'decideLegalChange',
        input: ({ context }) => ({ id: context.changeId, decision: 'approve' as const }),
        onDone: {
          target: 'decided',
          actions: assign({ change: ({ event }) => event.output }),
          description: 'Approved.',
        },
        onError: [
          {
            guard: { type: 'isDecidedMeanwhile', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            description: 'Decided meanwhile by someone else (409): read again, showing that decision.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'reviewing',
            description: 'No answer: nothing was decided.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    rejecting: {
      description:
        'In one transaction the server keeps the data, marks the change rejected with the reason by this staff ' +
        'member and writes legal_change.rejected on the audit trail.',
      tags: ['busy'],
      invoke: {
        id: 'decideLegalChange',
        src: 'decideLegalChange',
        input: ({ context }) => ({
          id: context.changeId,
          decision: 'reject' as const,
          reason: context.reason,
        }),
        onDone: {
          target: 'decided',
          actions: assign({ change: ({ event }) => event.output }),
          description: 'Rejected.',
        },
        onError: [
          {
            guard: { type: 'isValidation', params: ({ event }) => ({ error: event.error }) },
            target: 'writingReason',
            description: 'The reason refused (400): the field with its message, the text kept.',
            actions: assign({ reasonError: ({ event }) => reasonErrorOf(event.error) ?? '', error: null }),
          },
          {
            guard: { type: 'isDecidedMeanwhile', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            description: 'Decided meanwhile by someone else (409): read again, showing that decision.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'writingReason',
            description: 'No answer: nothing was decided, the reason kept.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    decided: {
      type: 'final',
      description: 'Decided: the change as it now stands ("Approved" or "Rejected" with the reason).',
    },
  },
});

export type LegalChangeReviewSnapshot = SnapshotFrom<typeof legalChangeReviewMachine>;

export type LegalChangeReviewStep =
  'loading' | 'loadFailed' | 'reviewing' | 'confirmApproval' | 'reason' | 'decided';

/** Which view the screen shows; approving keeps the confirmation and rejecting the reason (greyed out). */
export function selectLegalChangeReviewStep(snapshot: LegalChangeReviewSnapshot): LegalChangeReviewStep {
  if (snapshot.matches('loading')) return snapshot.context.change ? 'reviewing' : 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('confirmingApproval') || snapshot.matches('approving')) return 'confirmApproval';
  if (snapshot.matches('writingReason') || snapshot.matches('rejecting')) return 'reason';
  if (snapshot.matches('decided')) return 'decided';
  return 'reviewing';
}

export const selectLegalChange = (snapshot: LegalChangeReviewSnapshot): LegalChange | null =>
  snapshot.context.change;
export const selectLegalChangeReviewError = (
  snapshot: LegalChangeReviewSnapshot,
): LegalChangeReviewError | null => snapshot.context.error;
export const selectReasonError = (snapshot: LegalChangeReviewSnapshot): string | null =>
  snapshot.context.reasonError;
export const selectReason = (snapshot: LegalChangeReviewSnapshot): string => snapshot.context.reason;
export const selectCanDecide = (snapshot: LegalChangeReviewSnapshot): boolean =>
  snapshot.can({ type: 'approve.start' });
export const selectLegalChangeReviewBusy = (snapshot: LegalChangeReviewSnapshot): boolean =>
  snapshot.hasTag('busy');
