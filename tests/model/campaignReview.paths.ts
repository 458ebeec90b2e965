import type { ApiFailure } from '../../machines/apiFailure';
import {
  campaignReviewMachine,
  selectCampaignReviewStep,
  type CampaignReviewContext,
  type CampaignReviewError,
  type CampaignReviewEvent,
  type CampaignReviewSnapshot,
} from '../../machines/campaignReview.machine';
import type { CampaignReviewItem } from '../../schemas/advertising.schema';
import {
  failureWords,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';

/*
 * The test model of the bank's review of one advertising campaign (machines/campaignReview.machine.ts), run on the
 * real page at /back-office/campaigns/:id by campaignReview.model.test.tsx. Eleni Reviewer (staff, role reviewer)
 * reviews the Spotlight campaign Aegean Coffee IKE bought for €49.00 ("Fresh roast every Monday", Jan 20 to Jan 26,
 * 2026): she approves it, or rejects it with a reason (its price refunded), or finds that another reviewer decided it
 * meanwhile.
 */

export const campaignId = '00000000-0000-4000-8000-00000000ca01';
export const campaignReviewPath = `/back-office/campaigns/${campaignId}`;

const reviewer = { id: '00000000-0000-4000-8000-00000000e001', name: 'Eleni Reviewer' };
const colleague = { id: '00000000-0000-4000-8000-00000000e002', name: 'Nikos Operations' };

export const waitingCampaign = {
  id: campaignId,
  merchant: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Aegean Coffee IKE' },
  plan: { id: 'spotlight', name: 'Spotlight', reach: 5000, duration_days: 7 },
  placements: ['dashboard', 'wallet_directory'],
  headline: 'Fresh roast every Monday',
  link: 'https://aegean-coffee.example/roast',
  start_date: '2026-01-20',
  end_date: '2026-01-26',
  price: { amount_minor: '4900', currency: 'EUR' },
  review_status: 'in_review',
  rejection_reason: null,
  reviewed_by: null,
  reviewed_at: null,
  created_at: '2026-01-14T10:00:00.000Z',
} satisfies CampaignReviewItem;

export const rejectionReason = 'The link leads to a page that does not name Aegean Coffee IKE.';

const decidedAt = '2026-01-15T09:05:00.000Z';

/** The campaign once this reviewer decided it. */
export function decidedCampaign(
  context: Pick<CampaignReviewContext, 'decision' | 'reason'>,
): CampaignReviewItem {
  return context.decision === 'reject'
    ? {
        ...waitingCampaign,
        review_status: 'rejected',
        rejection_reason: context.reason,
        reviewed_by: reviewer,
        reviewed_at: decidedAt,
      }
    : { ...waitingCampaign, review_status: 'approved', reviewed_by: reviewer, reviewed_at: decidedAt };
}

/** Approved by a colleague meanwhile (another tab, another reviewer). */
export const approvedElsewhere = {
  ...waitingCampaign,
  review_status: 'approved',
  reviewed_by: colleague,
  reviewed_at: '2026-01-15T09:03:00.000Z',
} satisfies CampaignReviewItem;

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

// server/advertising/campaignReview.ts decideCampaign: one transaction, or nothing.
const approveEffect =
  'advertising_campaigns: review_status approved, reviewed_by Eleni Reviewer, reviewed_at set; no money moves; ' +
  'Aegean Coffee IKE is notified that the campaign runs from Jan 20, 2026; the audit trail records ' +
  'campaign.approved (realm staff, by Eleni Reviewer, subject the campaign).';
const rejectEffect = (reason: string) =>
  `advertising_campaigns: review_status rejected, rejection_reason "${reason}", refund_transfer_id set; a ` +
  'completed advertising transfer of €49.00 from the bank’s fee income back to the account that paid (the ' +
  'merchant’s balance up by €49.00); Aegean Coffee IKE is notified with the reason and the refund; the audit ' +
  'trail records campaign.rejected with the reason and refund_minor 4900.';

export const campaignReviewTexts = {
  title: 'Review the campaign',
  approve: 'Approve',
  reject: 'Reject',
  reason: 'Why it is rejected',
  rejectWithReason: 'Reject with this reason',
  back: 'Back',
  confirmApproveTitle: 'Approve this campaign?',
  confirmRejectTitle: 'Reject this campaign?',
  confirmApprove: 'Yes, approve',
  confirmReject: 'Yes, reject and refund',
  goBack: 'Go back',
  approvedTitle: 'Campaign approved',
  rejectedTitle: 'Campaign rejected',
  approvedToast: 'Campaign approved. The merchant is told.',
  rejectedToast: 'Campaign rejected. Its price is refunded.',
  missingTitle: 'No such campaign',
  retry: 'Try again',
  reload: 'Reload the campaign',
  reasonMissing: 'Say why the campaign is rejected: the merchant reads it.',
  reasonInvalid: 'Write it without < or >.',
};

export const campaignReviewFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'decision.approve': [{ event: { type: 'decision.approve' }, does: 'Click "Approve"' }],
    'decision.reject': [{ event: { type: 'decision.reject' }, does: 'Click "Reject"' }],
    'reason.submit': [
      {
        event: { type: 'reason.submit', reason: rejectionReason },
        does: `Type "${rejectionReason}" as the reason, click "Reject with this reason"`,
      },
      {
        event: { type: 'reason.submit', reason: '' },
        does: 'Leave the reason empty, click "Reject with this reason"',
      },
    ],
    'reason.back': [{ event: { type: 'reason.back' }, does: 'Click "Back"' }],
    'decision.confirm': [
      {
        event: { type: 'decision.confirm' },
        does: 'Click "Yes, approve" (or, rejecting, "Yes, reject and refund") in the dialog',
      },
    ],
    'confirm.back': [{ event: { type: 'confirm.back' }, does: 'Click "Go back" in the dialog' }],
    'decision.retry': [{ event: { type: 'decision.retry' }, does: 'Click "Try again"' }],
    'campaign.reload': [{ event: { type: 'campaign.reload' }, does: 'Click "Reload the campaign"' }],
  },
  actors: {
    loadCampaign: {
      done: {
        output: waitingCampaign,
        says:
          'Server sends the campaign, waiting for review: Aegean Coffee IKE, "Fresh roast every Monday", ' +
          'Spotlight (about 5,000 people in 7 days), other merchants’ dashboards and the wallet directory, Jan 20 ' +
          'to Jan 26, 2026, €49.00',
      },
      alsoDone: [
        {
          output: approvedElsewhere,
          says: 'Server sends the campaign, approved already by Nikos Operations',
        },
      ],
      errors: [
        {
          failure: http(404, 'not_found', 'No such campaign.'),
          says: 'Server answers 404 not_found',
          does: 'Open /back-office/campaigns/00000000-0000-4000-8000-000000000000 instead',
          // A campaign once read is never deleted: only a first read can find none.
          when: (context) => context.campaign === null,
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    decideCampaign: {
      done: {
        output: (context) => decidedCampaign(context),
        says: 'Server records the decision',
        effect: (context) => (context.decision === 'reject' ? rejectEffect(context.reason) : approveEffect),
      },
      errors: [
        {
          failure: http(409, 'conflict', 'This campaign was already decided.'),
          says: 'Server answers 409 conflict (another reviewer decided it meanwhile)',
          does: 'Before confirming, approve the same campaign in another tab as another reviewer',
        },
        {
          failure: http(400, 'validation_failed', 'Some fields are missing or not valid.', {
            fields: { reason: 'No < > or control characters.' },
          }),
          says: 'Server answers 400 validation_failed (the reason refused)',
          when: (context) => context.decision === 'reject',
          // The page checks the reason as the server does: only a test double refuses one it let through.
          tester: false,
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof campaignReviewMachine>;

export function campaignReviewErrorText(error: CampaignReviewError, loading: boolean): string {
  switch (error) {
    case 'network':
      return 'A network error has occurred.';
    case 'conflict':
      return 'Another reviewer decided this campaign meanwhile. Reload it to see their decision.';
    case 'forbidden':
      return 'Your role may not review campaigns.';
    case 'not_found':
      return 'There is no such campaign.';
    case 'validation_failed':
    case 'unknown':
      return loading && error === 'unknown'
        ? 'Something went wrong. Please try again.'
        : 'The decision was not recorded. Please try again.';
  }
}

function campaignReviewScreen(snapshot: CampaignReviewSnapshot): ScreenExpectation {
  const t = campaignReviewTexts;
  const path = campaignReviewPath;
  const { error, decision, outcome, campaign } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  switch (selectCampaignReviewStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return {
        path,
        heading: t.title,
        alert: error ? campaignReviewErrorText(error, true) : null,
        enabled: [t.retry],
      };
    case 'missing':
      return { path, heading: t.missingTitle, alert: null, absent: [t.approve, t.reject] };
    case 'decided': {
      const approved = campaign?.review_status === 'approved';
      return {
        path,
        heading: approved ? t.approvedTitle : t.rejectedTitle,
        alert: null,
        dialogs: [],
        ...(outcome ? { toast: outcome === 'approved' ? t.approvedToast : t.rejectedToast } : {}),
        absent: [t.approve, t.reject, t.retry, t.reload],
      };
    }
    case 'rejecting':
      return {
        path,
        heading: t.title,
        alert: null,
        dialogs: [],
        enabled: [t.rejectWithReason, t.back],
        absent: [t.approve, t.reject],
      };
    case 'review': {
      if (snapshot.matches('failed')) {
        return {
          path,
          heading: t.title,
          alert: error ? campaignReviewErrorText(error, false) : null,
          dialogs: [],
          enabled: [error === 'conflict' ? t.reload : t.retry],
          absent: [t.approve, t.reject],
        };
      }
      if (snapshot.matches('confirming') || snapshot.matches('deciding')) {
        const rejecting = decision === 'reject';
        const buttons = [rejecting ? t.confirmReject : t.confirmApprove, t.goBack];
        return {
          path,
          heading: t.title,
          alert: null,
          dialogs: [rejecting ? t.confirmRejectTitle : t.confirmApproveTitle],
          ...(busy ? { disabled: buttons } : { enabled: buttons }),
        };
      }
      return { path, heading: t.title, alert: null, dialogs: [], enabled: [t.approve, t.reject] };
    }
  }
}

const answerOf: Record<string, string> = { loadCampaign: 'the campaign', decideCampaign: 'the decision' };
const refusalWords: Record<string, string> = {
  conflict: 'decided meanwhile by another reviewer',
  not_found: 'no such campaign',
  validation_failed: 'the reason',
};

type ReviewStepOfPath = ModelPath<CampaignReviewSnapshot>['steps'][number];

/** A decision of a path, in a few words (null: a step that decides nothing, e.g. the campaign read). */
function decisionWords(step: ReviewStepOfPath, index: number, steps: ReviewStepOfPath[]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorDone':
      if (action.src === 'loadCampaign') {
        return (action.output as CampaignReviewItem).review_status === 'in_review' ? null : 'decided already';
      }
      return index === steps.length - 1 ? null : 'decided';
    case 'actorError':
      return failureWords(action, answerOf[action.src] ?? action.src, refusalWords);
    case 'event': {
      const event = action.event as CampaignReviewEvent;
      switch (event.type) {
        case 'load.retry':
          return 'load again';
        case 'decision.approve':
          return 'approve';
        case 'decision.reject':
          return 'reject';
        case 'reason.submit':
          return event.reason ? 'give the reason' : 'no reason';
        case 'reason.back':
          return 'back from the reason';
        case 'decision.confirm':
          return 'confirm';
        case 'confirm.back':
          return 'go back';
        case 'decision.retry':
          return 'try again';
        case 'campaign.reload':
          return 'reload';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: the reviewer's choices, the server's answers, and where the page ends. */
export function campaignReviewTitle(path: ModelPath<CampaignReviewSnapshot>): string {
  const lastStep = path.steps.at(-1)!;
  const last = lastStep.state;
  const { action } = lastStep;
  const screen = campaignReviewScreen(last);
  const shown = screen.dialogs?.length ? screen.dialogs[0] : screen.heading;
  const end =
    action.kind === 'actorDone' && action.src === 'decideCampaign'
      ? last.context.decision === 'reject'
        ? 'campaign rejected, €49.00 refunded'
        : 'campaign approved'
      : shown === null || shown === undefined
        ? 'stops while the campaign loads'
        : last.hasTag('busy')
          ? `waits on “${shown}”`
          : `stops on “${shown}”`;
  const words = path.steps.map(decisionWords).filter((one) => one !== null);
  return `${['Campaign review', ...words].join(', ')}: ${end}`;
}

export const campaignReviewModel: Model<typeof campaignReviewMachine> = {
  name: 'campaignReview',
  machine: campaignReviewMachine,
  file: 'campaignReview.machine.ts',
  start: `Signed in to the back office as Eleni Reviewer (role reviewer), open ${campaignReviewPath}`,
  input: { campaignId },
  fixtures: campaignReviewFixtures,
  // The campaign's status decides the page, the decision the dialog, the error the alert, the outcome the toast.
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({
      value,
      status: context.campaign?.review_status ?? null,
      decision: context.decision,
      reasonProblem: context.reasonProblem,
      outcome: context.outcome,
      error: context.error,
    });
  },
  bounds: { maxDepth: 10, simplePerState: 1, maxSimple: 4 },
  screen: campaignReviewScreen,
  title: campaignReviewTitle,
};
