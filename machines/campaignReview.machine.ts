import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  campaignReviewReasonMax,
  type CampaignDecisionBody,
  type CampaignReviewItem,
} from '../schemas/advertising.schema';
import { failureCode, knownErrors } from './apiFailure';

/*
 * The bank's review of one advertising campaign (issue 21, docs/decisions/014: a bought campaign is shown to nobody
 * until a staff member approves it; a rejection refunds its price in full). Run by the back office at
 * /back-office/campaigns/:id (src/screens/backOffice/CampaignReviewScreen.tsx).
 *
 * loading (loadCampaign) → reviewing: the advertiser, headline, link, advertising plan, placements, dates and price.
 * A campaign decided already (opened from the latest decisions) goes straight to decided; no such campaign is missing.
 * reviewing → "Approve" → confirming, or "Reject" → rejecting (the reason the merchant reads, required, checked
 * beside the field) → confirming → deciding (decideCampaign) → decided: approved, or rejected and refunded. A refusal
 * is failed: another reviewer decided it meanwhile (409: say so, "Reload" shows their decision), or no answer (try
 * again: a decision that did reach the server makes the retry a 409, so nothing is decided twice).
 */

export const toCampaignReviewError = knownErrors([
  'conflict',
  'not_found',
  'forbidden',
  'validation_failed',
  'network',
]);
export type CampaignReviewError = ReturnType<typeof toCampaignReviewError>;

export type CampaignDecision = CampaignDecisionBody['decision'];

/** What is wrong with a rejection's reason, said beside the field. */
export type ReasonProblem = 'missing' | 'tooLong' | 'invalid';

export type DecideCampaignInput = { campaignId: string; body: CampaignDecisionBody };

/** The decision this reviewer made here (the screen's toast); null for one read from the server. */
export type ReviewOutcome = 'approved' | 'rejected';

export type CampaignReviewContext = {
  campaignId: string;
  campaign: CampaignReviewItem | null;
  decision: CampaignDecision | null;
  /** The rejection's reason as it will be sent (one line, trimmed). */
  reason: string;
  reasonProblem: ReasonProblem | null;
  outcome: ReviewOutcome | null;
  error: CampaignReviewError | null;
};

export type CampaignReviewEvent =
  | { type: 'load.retry' }
  | { type: 'decision.approve' }
  | { type: 'decision.reject' }
  | { type: 'reason.submit'; reason: string }
  | { type: 'reason.back' }
  | { type: 'decision.confirm' }
  | { type: 'confirm.back' }
  | { type: 'decision.retry' }
  | { type: 'campaign.reload' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/** The reason as the merchant will read it: on one line (the server takes no control characters), trimmed. */
export function normalisedReason(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// The server's rule for the reason (schemas/advertising.schema.ts CampaignDecisionBody): no < > or control characters.
const plainText = /^[^<>\p{Cc}]*$/u;

/** What keeps a reason from being sent, or null when it may be (the server checks the same). */
export function reasonProblemOf(reason: string): ReasonProblem | null {
  const text = normalisedReason(reason);
  if (text === '') return 'missing';
  if (text.length > campaignReviewReasonMax) return 'tooLong';
  return plainText.test(text) ? null : 'invalid';
}

/** Only a campaign waiting for the bank's decision can be decided. */
export const isWaiting = (campaign: CampaignReviewItem | null): boolean =>
  campaign?.review_status === 'in_review';

export const campaignReviewMachine = setup({
  types: {
    context: {} as CampaignReviewContext,
    events: {} as CampaignReviewEvent,
    input: {} as { campaignId: string },
  },
  actors: {
    loadCampaign: fromPromise<CampaignReviewItem, { campaignId: string }>(async () =>
      notProvided('loadCampaign'),
    ),
    decideCampaign: fromPromise<CampaignReviewItem, DecideCampaignInput>(async () =>
      notProvided('decideCampaign'),
    ),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toCampaignReviewError(params.error) }),
    clearError: assign({ error: null }),
  },
  guards: {
    isWaiting: (_, params: { campaign: CampaignReviewItem }) => isWaiting(params.campaign),
    isNotFound: (_, params: { error: unknown }) => failureCode(params.error) === 'not_found',
    isRefusedReason: (_, params: { error: unknown }) => failureCode(params.error) === 'validation_failed',
    reasonGiven: ({ event }) => event.type === 'reason.submit' && reasonProblemOf(event.reason) === null,
    isRejecting: ({ context }) => context.decision === 'reject',
    /** After a 409 only reading the campaign again helps: it was decided by someone else. */
    wasDecidedMeanwhile: ({ context }) => context.error === 'conflict',
    mayRetry: ({ context }) => context.error !== 'conflict',
  },
}).createMachine({
  id: 'campaignReview',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    campaign: null,
    decision: null,
    reason: '',
    reasonProblem: null,
    outcome: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The campaign is read as the merchant bought it, with its review status.',
      tags: ['busy'],
      invoke: {
        id: 'loadCampaign',
        src: 'loadCampaign',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: [
          {
            guard: { type: 'isWaiting', params: ({ event }) => ({ campaign: event.output }) },
            target: 'reviewing',
            description:
              'It waits for the bank’s decision: the reviewer sees everything the merchant bought.',
            actions: assign({ campaign: ({ event }) => event.output }),
          },
          {
            target: 'decided',
            description:
              'It is decided already: the page shows the decision, who made it and when, and offers none.',
            actions: assign({ campaign: ({ event }) => event.output }),
          },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
            description: 'There is no such campaign (a mistyped or stale address).',
          },
          {
            target: 'loadFailed',
            description: 'The campaign could not be read; nothing was decided.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The campaign could not be read: the page says why and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The reviewer asks to read the campaign again.',
          actions: 'clearError',
        },
      },
    },
    missing: { description: 'No such campaign: the page says so and leads back to the queue.' },
    reviewing: {
      description:
        'The campaign as the merchant bought it: the advertiser (merchant), the headline, the link (opened in a ' +
        'new tab that learns nothing of the back office), the advertising plan with its reach and days, the ' +
        'placements, the dates it runs and the price paid. The reviewer approves or rejects it.',
      on: {
        'decision.approve': {
          target: 'confirming',
          description: '"Approve": the reviewer is asked to confirm.',
          actions: assign({ decision: 'approve', reasonProblem: null }),
        },
        'decision.reject': {
          target: 'rejecting',
          description: '"Reject": the reviewer must say why; the merchant reads it.',
          actions: assign({ decision: 'reject', reasonProblem: null }),
        },
      },
    },
    rejecting: {
      description:
        'The reason for the rejection, which the merchant reads with the refund: required, on one line, up to ' +
        `${campaignReviewReasonMax} characters, without < or >. A problem is said beside the field.`,
      on: {
        'reason.submit': [
          {
            guard: 'reasonGiven',
            target: 'confirming',
            description: 'A reason the server accepts: the reviewer is asked to confirm.',
            actions: assign({
              reason: ({ event }) => normalisedReason(event.reason),
              reasonProblem: null,
            }),
          },
          {
            target: 'rejecting',
            description: 'No reason, too long, or with < or >: beside the field it says what to change.',
            actions: assign({
              reason: ({ event }) => event.reason,
              reasonProblem: ({ event }) => reasonProblemOf(event.reason),
            }),
          },
        ],
        'reason.back': {
          target: 'reviewing',
          description: '"Back": no decision; the campaign is shown again.',
          actions: assign({ decision: null, reasonProblem: null }),
        },
      },
    },
    confirming: {
      description:
        'A dialog asks to confirm. Approving: the campaign runs from its start date and the merchant is told. ' +
        'Rejecting: its price is refunded in full to the account that paid, and the merchant reads the reason.',
      on: {
        'decision.confirm': {
          target: 'deciding',
          description: 'The reviewer confirms; the decision is sent.',
        },
        'confirm.back': [
          {
            guard: 'isRejecting',
            target: 'rejecting',
            description: '"Go back" from a rejection: the reason stays in its field to change.',
          },
          {
            target: 'reviewing',
            description: '"Go back" from an approval: nothing is decided.',
            actions: assign({ decision: null }),
          },
        ],
      },
    },
    deciding: {
      description:
        'The server records the decision once, in one transaction: the campaign approved, or rejected with the ' +
        'refund of its full price through the ledger; the merchant’s notification; the audit trail entry with the ' +
        'reviewer’s name.',
      tags: ['busy'],
      invoke: {
        id: 'decideCampaign',
        src: 'decideCampaign',
        input: ({ context }) => ({
          campaignId: context.campaignId,
          body:
            context.decision === 'reject'
              ? { decision: 'reject', reason: context.reason }
              : { decision: 'approve' },
        }),
        onDone: {
          target: 'decided',
          description: 'Decided: approved, or rejected and refunded; a toast says which.',
          actions: assign({
            campaign: ({ event }) => event.output,
            outcome: ({ event }) => (event.output.review_status === 'approved' ? 'approved' : 'rejected'),
            error: null,
          }),
        },
        onError: [
          {
            guard: { type: 'isRefusedReason', params: ({ event }) => ({ error: event.error }) },
            target: 'rejecting',
            description: 'The server refused the reason: beside the field it says what to change.',
            actions: assign({ reasonProblem: 'invalid' }),
          },
          {
            target: 'failed',
            description:
              'Not decided: another reviewer decided it meanwhile (409), or no answer; the page says which.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      description:
        'The decision was not recorded. Decided meanwhile by another reviewer: the page says so and offers to ' +
        'reload, which shows their decision. No answer: "Try again" sends the same decision.',
      on: {
        'decision.retry': {
          guard: 'mayRetry',
          target: 'deciding',
          description:
            '"Try again" after no answer: a decision that did arrive makes this a 409, never a second one.',
          actions: 'clearError',
        },
        'campaign.reload': {
          guard: 'wasDecidedMeanwhile',
          target: 'loading',
          description:
            '"Reload the campaign" after a 409: it is read again, with the decision made meanwhile.',
          actions: [assign({ decision: null, reason: '' }), 'clearError'],
        },
      },
    },
    decided: {
      description:
        'The decision: approved (the campaign runs from its start date), or rejected with the reason and its ' +
        'price refunded; who decided and when.',
    },
  },
});

export type CampaignReviewSnapshot = SnapshotFrom<typeof campaignReviewMachine>;

export type CampaignReviewStep = 'loading' | 'loadFailed' | 'missing' | 'review' | 'rejecting' | 'decided';

/**
 * Which page the screen shows: the confirmation is a dialog over the campaign (`selectConfirmingDecision`), and a
 * refused decision shows the campaign with the reason above it.
 */
export function selectCampaignReviewStep(snapshot: CampaignReviewSnapshot): CampaignReviewStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('missing')) return 'missing';
  if (snapshot.matches('decided')) return 'decided';
  if (snapshot.matches('rejecting')) return 'rejecting';
  return 'review';
}

export const selectConfirmingDecision = (snapshot: CampaignReviewSnapshot): boolean =>
  snapshot.matches('confirming') || snapshot.matches('deciding');
export const selectDecisionFailed = (snapshot: CampaignReviewSnapshot): boolean => snapshot.matches('failed');
export const selectCampaignReviewBusy = (snapshot: CampaignReviewSnapshot): boolean =>
  snapshot.hasTag('busy');
export const selectReviewedCampaign = (snapshot: CampaignReviewSnapshot): CampaignReviewItem | null =>
  snapshot.context.campaign;
export const selectDecision = (snapshot: CampaignReviewSnapshot): CampaignDecision | null =>
  snapshot.context.decision;
export const selectRejectionReason = (snapshot: CampaignReviewSnapshot): string => snapshot.context.reason;
export const selectReasonProblem = (snapshot: CampaignReviewSnapshot): ReasonProblem | null =>
  snapshot.context.reasonProblem;
export const selectReviewOutcome = (snapshot: CampaignReviewSnapshot): ReviewOutcome | null =>
  snapshot.context.outcome;
export const selectCampaignReviewError = (snapshot: CampaignReviewSnapshot): CampaignReviewError | null =>
  snapshot.context.error;
