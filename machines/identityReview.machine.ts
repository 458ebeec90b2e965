import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { IdentityReviewItem } from '../schemas/merchantReview.schema';
import { knownErrors } from './apiFailure';

/*
 * A person's look at one identity verification (issue 21, back office /back-office/identity-reviews/:id;
 * server/review/identityReview.ts): the photos passed the automatic checks, and the bank confirms face and document
 * or refuses them with a reason the representative reads.
 *
 * loadingItem (loadItem) → viewing: the typed details, the representative as onboarding saved them, the photos and
 * the checks. While it waits for a person: confirm (confirming: "Confirm this identity?") or refuse (refusing: a
 * reason, required, said beside the field when missing). deciding (decide) → decided (confirmed / refused). A refusal
 * the verification explains (already reviewed, a newer attempt, the merchant no longer onboarding) is said in words
 * and the verification read again; no answer → failed, where the same decision can be sent again.
 */

export const toIdentityReviewError = knownErrors([
  'identity_review_state',
  'forbidden',
  'validation_failed',
  'network',
]);
export type IdentityReviewError = ReturnType<typeof toIdentityReviewError>;

export type IdentityDecision = { kind: 'confirm' } | { kind: 'refuse'; reason: string };
export type IdentityDecideInput = { verificationId: string; decision: IdentityDecision };

export type IdentityReviewContext = {
  verificationId: string;
  item: IdentityReviewItem | null;
  decision: IdentityDecision | null;
  reasonMissing: boolean;
  decided: boolean;
  error: IdentityReviewError | null;
};

export type IdentityReviewEvent =
  | { type: 'load.retry' }
  | { type: 'confirm.start' }
  | { type: 'refuse.start' }
  | { type: 'decision.back' }
  | { type: 'confirm.send' }
  | { type: 'refuse.submit'; reason: string }
  | { type: 'decision.retry' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

export const identityReviewMachine = setup({
  types: {
    context: {} as IdentityReviewContext,
    events: {} as IdentityReviewEvent,
    input: {} as { verificationId: string },
  },
  actors: {
    loadItem: fromPromise<IdentityReviewItem, { verificationId: string }>(async () =>
      notProvided('loadItem'),
    ),
    decide: fromPromise<IdentityReviewItem, IdentityDecideInput>(async () => notProvided('decide')),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toIdentityReviewError(params.error) }),
    clearError: assign({ error: null, reasonMissing: false }),
  },
  guards: {
    /** Only photos through the automatic checks, not yet looked at by a person, can be confirmed or refused. */
    awaitingPerson: ({ context }) => context.item?.review?.status === 'awaiting_review',
    reasonGiven: ({ event }) => event.type === 'refuse.submit' && event.reason.trim() !== '',
    /** Refused for a reason the verification shows once read again. */
    itemExplains: (_, params: { error: unknown }) =>
      ['identity_review_state', 'forbidden'].includes(toIdentityReviewError(params.error)),
  },
}).createMachine({
  id: 'identityReview',
  context: ({ input }) => ({
    verificationId: input.verificationId,
    item: null,
    decision: null,
    reasonMissing: false,
    decided: false,
    error: null,
  }),
  initial: 'loadingItem',
  states: {
    loadingItem: {
      description:
        'The verification is read: typed details, the representative, photos, automatic checks, review.',
      tags: ['busy'],
      invoke: {
        id: 'loadItem',
        src: 'loadItem',
        input: ({ context }) => ({ verificationId: context.verificationId }),
        onDone: {
          target: 'viewing',
          description: 'The verification as it stands (a refusal that led here stays said above it).',
          actions: assign({ item: ({ event }) => event.output }),
        },
        onError: {
          target: 'loadFailed',
          description: 'The verification could not be read: "Try again".',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The verification could not be read (no answer, or no such verification): "Try again".',
      on: { 'load.retry': { target: 'loadingItem', actions: 'clearError', description: '"Try again".' } },
    },
    viewing: {
      description:
        'The reviewer compares the photos with the typed details and the representative. While it waits for a ' +
        'person they may confirm or refuse; otherwise the review already made shows.',
      on: {
        'confirm.start': {
          guard: 'awaitingPerson',
          target: 'confirming',
          actions: 'clearError',
          description: '"Confirm": a dialog asks to confirm.',
        },
        'refuse.start': {
          guard: 'awaitingPerson',
          target: 'refusing',
          actions: 'clearError',
          description: '"Refuse": a reason the representative reads is asked for.',
        },
      },
    },
    confirming: {
      description: 'A dialog asks "Confirm this identity?": the merchant then reads "verified".',
      on: {
        'confirm.send': {
          target: 'deciding',
          actions: assign({ decision: { kind: 'confirm' } }),
          description: 'The reviewer confirms face and document.',
        },
        'decision.back': { target: 'viewing', description: '"Cancel": nothing is decided.' },
      },
    },
    refusing: {
      description:
        'The reason for refusing the photos, which the representative reads: required, at most 500.',
      on: {
        'refuse.submit': [
          {
            guard: 'reasonGiven',
            target: 'deciding',
            actions: assign({
              decision: ({ event }) => ({ kind: 'refuse' as const, reason: event.reason.trim() }),
              reasonMissing: false,
            }),
            description: '"Refuse the photos" with a reason: the refusal is sent.',
          },
          {
            target: 'refusing',
            actions: assign({ reasonMissing: true }),
            description: 'No reason written: "Write the reason" beside the field; nothing is sent.',
          },
        ],
        'decision.back': { target: 'viewing', actions: 'clearError', description: '"Cancel".' },
      },
    },
    deciding: {
      description:
        'The server records the review with the reviewer on the audit trail; a refusal asks the merchant in review ' +
        'for more information on the identity step and tells the representative by email.',
      tags: ['busy'],
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ verificationId: context.verificationId, decision: context.decision! }),
        onDone: {
          target: 'decided',
          description: 'Decided: the page says so.',
          actions: assign({ item: ({ event }) => event.output, decided: true }),
        },
        onError: [
          {
            guard: { type: 'itemExplains', params: ({ event }) => ({ error: event.error }) },
            target: 'loadingItem',
            description:
              'Refused for a reason the verification shows (already reviewed, a newer attempt, no longer ' +
              'onboarding): said in words, and it is read again.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            description: 'No answer, or another refusal: "Try again".',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      description:
        'The review could not be sent: "Try again" sends it again, "Back" reads the verification again.',
      on: {
        'decision.retry': {
          target: 'deciding',
          actions: assign({ error: null }),
          description: '"Try again".',
        },
        'decision.back': {
          target: 'loadingItem',
          actions: 'clearError',
          description: '"Back to the photos".',
        },
      },
    },
    decided: { description: 'The photos are confirmed, or refused with the reason; the page says which.' },
  },
});

export type IdentityReviewSnapshot = SnapshotFrom<typeof identityReviewMachine>;
export type IdentityReviewStep =
  'loading' | 'loadFailed' | 'viewing' | 'confirming' | 'refusing' | 'failed' | 'decided';

/** Which view the screen shows; deciding keeps the dialog or the form it came from (greyed out). */
export function selectIdentityReviewStep(snapshot: IdentityReviewSnapshot): IdentityReviewStep {
  if (snapshot.matches('loadingItem')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('confirming')) return 'confirming';
  if (snapshot.matches('refusing')) return 'refusing';
  if (snapshot.matches('deciding'))
    return snapshot.context.decision?.kind === 'refuse' ? 'refusing' : 'confirming';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('decided')) return 'decided';
  return 'viewing';
}
