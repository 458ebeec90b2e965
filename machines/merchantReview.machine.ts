import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { MerchantReviewFile } from '../schemas/merchantReview.schema';
import type { InformationRequestStep } from '../schemas/onboarding.schema';
import { knownErrors } from './apiFailure';

/*
 * One merchant's review by the bank (issue 21, back office /back-office/merchant-reviews/:id; server/review/).
 *
 * loadingFile (loadFile) → reviewing: everything onboarding collected, the identity, the risk flags and the approvals
 * so far. While the merchant is in review the reviewer chooses a decision: approve (confirmingApproval: "Approve this
 * merchant?"), reject (rejecting: a reason the owner reads, required) or ask for more information
 * (requestingInformation: named steps, each with a note, required). A decision left incomplete stays in its form with
 * the missing part said beside its field. deciding (decide) → decided: approved, awaiting a second approval (a
 * flagged merchant's first approval), rejected, or information requested. A refusal the file explains (the reviewer
 * gave the first approval, the identity is not confirmed yet, someone decided meanwhile) is said in words and the
 * file is read again; no answer → failed, where the same decision can be sent again. From reviewing the VAT number
 * can be checked again (checkingVat, recheckVat), back to reviewing with the new check or the reason it failed.
 */

export const toMerchantReviewError = knownErrors([
  'four_eyes_same_reviewer',
  'identity_not_confirmed',
  'merchant_not_in_review',
  'forbidden',
  'conflict',
  'validation_failed',
  'network',
]);
export type MerchantReviewError = ReturnType<typeof toMerchantReviewError>;

export type InformationStep = { step: InformationRequestStep; note: string };

export type ReviewDecision =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'requestInformation'; steps: InformationStep[] };

export type DecideInput = { merchantId: string; decision: ReviewDecision };

export type ReviewOutcome = 'approved' | 'awaiting_second_approval' | 'rejected' | 'information_requested';

/** What the reviewer left out of a decision, said beside its field: the reason, the steps, or a step's note. */
export type DecisionMissing = { reason?: true; steps?: true; notes?: InformationRequestStep[] };

export type MerchantReviewContext = {
  merchantId: string;
  file: MerchantReviewFile | null;
  decision: ReviewDecision | null;
  missing: DecisionMissing;
  outcome: ReviewOutcome | null;
  error: MerchantReviewError | null;
};

export type MerchantReviewEvent =
  | { type: 'load.retry' }
  | { type: 'approve.start' }
  | { type: 'reject.start' }
  | { type: 'information.start' }
  | { type: 'decision.back' }
  | { type: 'approve.confirm' }
  | { type: 'reject.submit'; reason: string }
  | { type: 'information.submit'; steps: InformationStep[] }
  | { type: 'decision.retry' }
  | { type: 'vat.recheck' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/** What is missing from an information request: no step named, or a step without its note. */
export function missingFromRequest(steps: InformationStep[]): DecisionMissing {
  if (steps.length === 0) return { steps: true };
  const notes = steps.filter((entry) => entry.note.trim() === '').map((entry) => entry.step);
  return notes.length > 0 ? { notes } : {};
}

/** Where the decision left the merchant, read from the file the server answers. */
export function outcomeOf(file: MerchantReviewFile, decision: ReviewDecision | null): ReviewOutcome {
  if (file.merchant.status === 'approved') return 'approved';
  if (file.merchant.status === 'rejected') return 'rejected';
  if (file.merchant.status === 'information_requested') return 'information_requested';
  if (file.state === 'awaiting_second_approval') return 'awaiting_second_approval';
  return decision?.kind === 'reject' ? 'rejected' : 'information_requested';
}

export const merchantReviewMachine = setup({
  types: {
    context: {} as MerchantReviewContext,
    events: {} as MerchantReviewEvent,
    input: {} as { merchantId: string },
  },
  actors: {
    loadFile: fromPromise<MerchantReviewFile, { merchantId: string }>(async () => notProvided('loadFile')),
    decide: fromPromise<MerchantReviewFile, DecideInput>(async () => notProvided('decide')),
    recheckVat: fromPromise<MerchantReviewFile, { merchantId: string }>(async () =>
      notProvided('recheckVat'),
    ),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toMerchantReviewError(params.error) }),
    clearError: assign({ error: null, missing: {} }),
  },
  guards: {
    /** Only a merchant in review can be decided (approved, rejected or asked for more). */
    inReview: ({ context }) => context.file?.state != null,
    reasonGiven: ({ event }) => event.type === 'reject.submit' && event.reason.trim() !== '',
    requestComplete: ({ event }) =>
      event.type === 'information.submit' && Object.keys(missingFromRequest(event.steps)).length === 0,
    /** A refusal the file explains once read again: the reviewer's own first approval, the identity, a decision made. */
    fileExplains: (_, params: { error: unknown }) =>
      ['four_eyes_same_reviewer', 'identity_not_confirmed', 'merchant_not_in_review', 'forbidden'].includes(
        toMerchantReviewError(params.error),
      ),
  },
}).createMachine({
  id: 'merchantReview',
  context: ({ input }) => ({
    merchantId: input.merchantId,
    file: null,
    decision: null,
    missing: {},
    outcome: null,
    error: null,
  }),
  initial: 'loadingFile',
  states: {
    loadingFile: {
      description:
        "The merchant's file is read: company, representative, directors, shareholders, funding, documents, the VAT " +
        'check, the identity photos and checks, the risk flags and the approvals so far.',
      tags: ['busy'],
      invoke: {
        id: 'loadFile',
        src: 'loadFile',
        input: ({ context }) => ({ merchantId: context.merchantId }),
        onDone: {
          target: 'reviewing',
          description: 'The file as it stands now (a refusal that led here stays said above it).',
          actions: assign({ file: ({ event }) => event.output }),
        },
        onError: {
          target: 'loadFailed',
          description: 'The file could not be read: the page says why and offers to try again.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The file could not be read (no answer, or no such merchant): "Try again".',
      on: {
        'load.retry': { target: 'loadingFile', actions: 'clearError', description: '"Try again".' },
      },
    },
    reviewing: {
      description:
        'The reviewer reads the file. While the merchant is in review they may approve, reject or ask for more ' +
        'information; a merchant no longer in review only shows its history.',
      on: {
        'approve.start': {
          guard: 'inReview',
          target: 'confirmingApproval',
          actions: 'clearError',
          description: '"Approve": a dialog asks to confirm.',
        },
        'reject.start': {
          guard: 'inReview',
          target: 'rejecting',
          actions: 'clearError',
          description: '"Reject": a reason the owner will read is asked for.',
        },
        'information.start': {
          guard: 'inReview',
          target: 'requestingInformation',
          actions: 'clearError',
          description:
            '"Ask for more information": the steps to open again, each with a note, are asked for.',
        },
        'vat.recheck': {
          target: 'checkingVat',
          actions: 'clearError',
          description:
            '"Check the VAT number again": the registry is asked again (say, after it did not answer).',
        },
      },
    },
    checkingVat: {
      description:
        'The server checks the saved VAT number again (the VIES registry where configured), records the check as ' +
        "the reviewer's, and answers the file with its risk flags worked out again.",
      tags: ['busy'],
      invoke: {
        id: 'recheckVat',
        src: 'recheckVat',
        input: ({ context }) => ({ merchantId: context.merchantId }),
        onDone: {
          target: 'reviewing',
          description: 'The file with the new VAT check (and risk flags) shows.',
          actions: assign({ file: ({ event }) => event.output }),
        },
        onError: {
          target: 'reviewing',
          description: 'No VAT number saved yet, or no answer: said in words; the file stays as it was.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingApproval: {
      description:
        'A dialog asks "Approve this merchant?": without a risk flag the account opens; with one, this is the ' +
        'first of two approvals, and another staff member gives the second.',
      on: {
        'approve.confirm': {
          target: 'deciding',
          actions: assign({ decision: { kind: 'approve' } }),
          description: 'The reviewer confirms the approval.',
        },
        'decision.back': { target: 'reviewing', description: '"Cancel": nothing is decided.' },
      },
    },
    rejecting: {
      description: 'The reason for the rejection, which the owner reads: required, at most 500 characters.',
      on: {
        'reject.submit': [
          {
            guard: 'reasonGiven',
            target: 'deciding',
            actions: assign({
              decision: ({ event }) => ({ kind: 'reject' as const, reason: event.reason.trim() }),
              missing: {},
            }),
            description: '"Reject" with a reason: the rejection is sent.',
          },
          {
            target: 'rejecting',
            actions: assign({ missing: { reason: true } }),
            description: 'No reason written: "Write the reason" beside the field; nothing is sent.',
          },
        ],
        'decision.back': {
          target: 'reviewing',
          actions: 'clearError',
          description: '"Cancel": nothing is decided.',
        },
      },
    },
    requestingInformation: {
      description:
        'The onboarding steps the merchant must complete again, each with a note the owner reads beside it: at ' +
        'least one step, and a note for each.',
      on: {
        'information.submit': [
          {
            guard: 'requestComplete',
            target: 'deciding',
            actions: assign({
              decision: ({ event }) => ({
                kind: 'requestInformation' as const,
                steps: event.steps.map((entry) => ({ step: entry.step, note: entry.note.trim() })),
              }),
              missing: {},
            }),
            description: '"Send the request" with steps and notes: the request is sent.',
          },
          {
            target: 'requestingInformation',
            actions: assign({ missing: ({ event }) => missingFromRequest(event.steps) }),
            description:
              'No step chosen, or a step without its note: said beside the steps or the note; nothing is sent.',
          },
        ],
        'decision.back': {
          target: 'reviewing',
          actions: 'clearError',
          description: '"Cancel": nothing is decided.',
        },
      },
    },
    deciding: {
      description:
        'The server records the decision with the reviewer on the audit trail, in one transaction: an approval ' +
        'opens the account (or records the first of two), a rejection or a request reopens the steps and tells ' +
        'the owner by email.',
      tags: ['busy'],
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ merchantId: context.merchantId, decision: context.decision! }),
        onDone: {
          target: 'decided',
          description: 'Decided: the page says where the merchant stands now.',
          actions: assign({
            file: ({ event }) => event.output,
            outcome: ({ context, event }) => outcomeOf(event.output, context.decision),
          }),
        },
        onError: [
          {
            guard: { type: 'fileExplains', params: ({ event }) => ({ error: event.error }) },
            target: 'loadingFile',
            description:
              'Refused for a reason the file shows (you gave the first approval, the identity is not confirmed ' +
              'yet, someone decided meanwhile, or your own company): said in words, and the file is read again.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            description: 'No answer, or another refusal: nothing is known to be decided; "Try again".',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      description: 'The decision could not be sent: "Try again" sends the same decision, "Cancel" goes back.',
      on: {
        'decision.retry': {
          target: 'deciding',
          actions: assign({ error: null }),
          description: '"Try again": the same decision is sent again.',
        },
        'decision.back': {
          target: 'loadingFile',
          actions: 'clearError',
          description: '"Back to the file": the file is read again.',
        },
      },
    },
    decided: {
      description:
        'The decision is recorded: approved, awaiting a second approval by another staff member, rejected, or ' +
        'information requested. The file shows the decision in its history.',
    },
  },
});

export type MerchantReviewSnapshot = SnapshotFrom<typeof merchantReviewMachine>;

export type MerchantReviewStep =
  | 'loading'
  | 'checkingVat'
  | 'loadFailed'
  | 'reviewing'
  | 'confirmingApproval'
  | 'rejecting'
  | 'requestingInformation'
  | 'failed'
  | 'decided';

/** Which view the screen shows; deciding keeps the form it came from (greyed out). */
export function selectMerchantReviewStep(snapshot: MerchantReviewSnapshot): MerchantReviewStep {
  if (snapshot.matches('loadingFile')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('checkingVat')) return 'checkingVat';
  if (snapshot.matches('confirmingApproval')) return 'confirmingApproval';
  if (snapshot.matches('rejecting')) return 'rejecting';
  if (snapshot.matches('requestingInformation')) return 'requestingInformation';
  if (snapshot.matches('deciding')) {
    const kind = snapshot.context.decision?.kind;
    return kind === 'approve'
      ? 'confirmingApproval'
      : kind === 'reject'
        ? 'rejecting'
        : 'requestingInformation';
  }
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('decided')) return 'decided';
  return 'reviewing';
}
