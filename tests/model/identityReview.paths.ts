import {
  identityReviewMachine,
  selectIdentityReviewStep,
  type IdentityDecision,
  type IdentityReviewError,
  type IdentityReviewEvent,
  type IdentityReviewSnapshot,
} from '../../machines/identityReview.machine';
import type { IdentityReviewItem } from '../../schemas/merchantReview.schema';
import {
  failureWords,
  pathTitle,
  screenEnd,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';
import { aegeanFile } from './merchantReview.paths';
import { decidedAt, httpFailure, mariaReviewer, networkFails, reviewScreens } from './reviewFixtures';

/*
 * The test model of a person's look at identity photos (machines/identityReview.machine.ts), run on the real screen at
 * /back-office/identity-reviews/:id by identityReview.model.test.tsx: Eleni Papadopoulou's passport and selfie passed
 * the automatic checks; the reviewer confirms them, or refuses them with a reason, and meets a verification reviewed
 * meanwhile and the network failing.
 */

export const eleniVerificationId = '00000000-0000-4000-8000-0000000000e1';
export const identityReviewPath = `/back-office/identity-reviews/${eleniVerificationId}`;
export const refusalReason = 'The selfie is too dark to compare with the passport.';

export const eleniItem = {
  ...aegeanFile.identity,
  status: 'awaiting_review',
  review: { status: 'awaiting_review', reason: null, reviewed_at: null },
  reviewed_by: null,
  merchant: aegeanFile.merchant,
  representative: { first_name: 'Eleni', last_name: 'Papadopoulou', date_of_birth: '1985-04-12' },
} satisfies IdentityReviewItem;

function reviewedItem(decision: IdentityDecision | null): IdentityReviewItem {
  const reviewed_by = mariaReviewer;
  const reviewed_at = decidedAt;
  return decision?.kind === 'refuse'
    ? {
        ...eleniItem,
        status: 'refused',
        review: { status: 'refused', reason: decision.reason, reviewed_at },
        reviewed_by,
      }
    : {
        ...eleniItem,
        status: 'verified',
        review: { status: 'confirmed', reason: null, reviewed_at },
        reviewed_by,
      };
}

export const identityReviewFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'confirm.start': [{ event: { type: 'confirm.start' }, does: 'Click "Confirm the identity"' }],
    'refuse.start': [{ event: { type: 'refuse.start' }, does: 'Click "Refuse the photos"' }],
    'decision.back': [{ event: { type: 'decision.back' }, does: 'Click "Cancel" (or "Back to the photos")' }],
    'confirm.send': [{ event: { type: 'confirm.send' }, does: 'Click "Yes, confirm" in the dialog' }],
    'decision.retry': [{ event: { type: 'decision.retry' }, does: 'Click "Try again"' }],
    'refuse.submit': [
      {
        event: { type: 'refuse.submit', reason: '' },
        does: 'Leave the reason empty and click "Send the refusal"',
      },
      {
        event: { type: 'refuse.submit', reason: refusalReason },
        does: `Write "${refusalReason}" and click "Send the refusal"`,
      },
    ],
  },
  actors: {
    loadItem: {
      done: {
        output: eleniItem,
        says: "Server sends Eleni Papadopoulou's verification (passport and selfie, checks passed, waiting for a person)",
      },
      errors: [networkFails],
    },
    decide: {
      done: {
        output: ({ decision }) => reviewedItem(decision),
        effect: ({ decision }) =>
          decision?.kind === 'refuse'
            ? 'kyc_verifications.review_status is refused with the reason and the reviewer, the merchant in review ' +
              'is asked for more information on the identity step, the audit trail has identity_review.refused.'
            : 'kyc_verifications.review_status is confirmed with the reviewer (the merchant reads "verified") and the ' +
              'audit trail has identity_review.confirmed.',
        says: 'Server records the review and answers the verification',
      },
      errors: [
        {
          failure: httpFailure(409, 'identity_review_state', 'These photos were already confirmed.'),
          says: 'Server answers 409 identity_review_state (another reviewer decided meanwhile)',
        },
        networkFails,
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof identityReviewMachine>;

export const identityTexts = {
  title: 'Identity review',
  retry: 'Try again',
  loadFailed: 'The verification could not be read.',
  confirm: 'Confirm the identity',
  refuse: 'Refuse the photos',
  confirmTitle: 'Confirm this identity?',
  confirmYes: 'Yes, confirm',
  cancel: 'Cancel',
  reason: 'Why the photos are refused',
  refuseSubmit: 'Send the refusal',
  backToPhotos: 'Back to the photos',
  reasonMissing: 'Write the reason.',
};

export function identityErrorText(error: IdentityReviewError): string {
  switch (error) {
    case 'identity_review_state':
      return 'These photos can no longer be reviewed: someone reviewed them meanwhile, or the representative started again. The page shows where they stand.';
    case 'network':
      return 'A network error has occurred.';
    case 'forbidden':
      return 'You may not review this identity (for example, a company you are a user of): ask another reviewer.';
    default:
      return 'The review could not be sent. Please try again.';
  }
}

function identityScreen(snapshot: IdentityReviewSnapshot): ScreenExpectation {
  const t = identityTexts;
  const { error } = snapshot.context;
  const screens = reviewScreens({
    path: identityReviewPath,
    heading: t.title,
    alert: error ? identityErrorText(error) : null,
    busy: snapshot.hasTag('busy'),
    decisionButtons: [t.confirm, t.refuse],
    retry: t.retry,
  });
  switch (selectIdentityReviewStep(snapshot)) {
    case 'loading':
      return screens.loading;
    case 'loadFailed':
      return screens.loadFailed(t.title, t.loadFailed);
    case 'viewing':
      return screens.viewing([t.confirm, t.refuse]);
    case 'confirming':
      return screens.asking(t.confirmTitle, [t.confirmYes, t.cancel]);
    case 'refusing':
      return screens.asking(null, [t.refuseSubmit, t.cancel]);
    case 'failed':
      return screens.failed(t.backToPhotos);
    case 'decided':
      return screens.decided;
  }
}

function decisionWords(
  step: ModelPath<IdentityReviewSnapshot>['steps'][number],
  index: number,
): string | null {
  const { action } = step;
  if (index === 0) return 'identity review';
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorDone':
      return action.src === 'decide' ? 'reviewed' : null;
    case 'actorError':
      return failureWords(action, action.src === 'loadItem' ? 'the verification' : 'the review', {
        identity_review_state: 'reviewed meanwhile',
      });
    case 'event': {
      const event = action.event as IdentityReviewEvent;
      switch (event.type) {
        case 'load.retry':
          return 'read it again';
        case 'confirm.start':
          return 'confirm';
        case 'confirm.send':
          return 'yes';
        case 'refuse.start':
          return 'refuse';
        case 'decision.back':
          return 'cancel';
        case 'decision.retry':
          return 'send again';
        case 'refuse.submit':
          return event.reason ? 'with a reason' : 'without a reason';
      }
    }
  }
  return null;
}

export function identityReviewTitle(path: ModelPath<IdentityReviewSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const review = last.context.decided ? last.context.item?.review?.status : null;
  const end = review
    ? `stops on “${identityTexts.title}”, ${review}`
    : screenEnd(identityScreen(last), last.hasTag('busy'));
  return pathTitle(path, decisionWords, end);
}

export const identityReviewModel: Model<typeof identityReviewMachine> = {
  name: 'identityReview',
  machine: identityReviewMachine,
  file: 'identityReview.machine.ts',
  start: `Signed in to the back office as a reviewer, open ${identityReviewPath} (Eleni Papadopoulou, Aegean Coffee IKE)`,
  input: { verificationId: eleniVerificationId },
  fixtures: identityReviewFixtures,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      reasonMissing: snapshot.context.reasonMissing,
      decision:
        snapshot.matches('deciding') || snapshot.matches('failed') ? snapshot.context.decision?.kind : null,
      review: snapshot.context.decided ? snapshot.context.item?.review?.status : null,
      loaded: snapshot.context.item !== null,
    }),
  bounds: { maxDepth: 7, simplePerState: 1, maxSimple: 3 },
  screen: identityScreen,
  title: identityReviewTitle,
};
