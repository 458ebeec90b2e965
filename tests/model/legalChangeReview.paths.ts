import type { ApiFailure } from '../../machines/apiFailure';
import {
  legalChangeReviewMachine,
  selectCanDecide,
  selectLegalChangeReviewStep,
  type LegalChangeReviewContext,
  type LegalChangeReviewError,
  type LegalChangeReviewSnapshot,
} from '../../machines/legalChangeReview.machine';
import type { LegalChange } from '../../schemas/legalChangeReview.schema';
import type { Fixtures, Model, ModelPath, ScreenExpectation } from './generatePaths';
import { failureWords, pathTitle, screenEnd } from './generatePaths';

/*
 * The test model of the back office's review of a change of legal details (machines/legalChangeReview.machine.ts),
 * run on the real journey by legalChangeReview.model.test.tsx: Maria, a reviewer, opens Demo Coffee's request to
 * rename the company and approves it, or rejects it with a reason, or finds it decided already.
 */

export const legalChangeId = '7d1c3a52-8c3e-4f61-9d7a-1b2c3d4e5f60';
export const legalChangePath = `/back-office/legal-changes/${legalChangeId}`;

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const reviewTexts = {
  title: 'Change of legal details',
  loadFailedTitle: 'This change could not be opened',
  retry: 'Try again',
  approve: 'Approve',
  reject: 'Reject',
  cancel: 'Cancel',
  back: 'Back to the queue',
  confirmTitle: 'Approve this change?',
  reasonTitle: 'Reject this change',
  reasonLabel: 'Reason the owner will read',
  approvedTitle: 'Change approved',
  rejectedTitle: 'Change rejected',
  reason: 'Send the registry extract that shows the new name.',
};

const address = { country: 'GR', postal_code: '10558', city: 'Athens', line1: 'Ermou 12', line2: '' };

const legal = {
  name: 'Demo Coffee IKE',
  legal_form: 'ike' as const,
  country_of_registration: 'GR',
  vat_number: '123456783',
  registration_number: '123456701000',
  tic_number: '123456783',
  registered_address: address,
};

export const waitingChange: LegalChange = {
  id: legalChangeId,
  kind: 'company',
  status: 'pending_review',
  reason: null,
  created_at: '2026-11-20T09:30:00.000Z',
  decided_at: null,
  merchant: { id: '0f5e2d1c-3b4a-4c5d-8e6f-7a8b9c0d1e2f', name: 'Demo Coffee' },
  requested_by: { name: 'Dora Demou', email: 'demo@tameio.test' },
  decided_by: null,
  changed_fields: ['name'],
  documents: [
    {
      id: '5a4b3c2d-1e0f-4a1b-9c8d-7e6f5a4b3c2d',
      type: 'certificate_of_registration',
      file_name: 'registry-extract.pdf',
      content_type: 'application/pdf',
      size: 48_213,
      uploaded_at: '2026-11-20T09:28:00.000Z',
    },
  ],
  current: { ...legal, name: 'Demo Coffee' },
  proposed: legal,
};

const maria = { staff_id: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6', name: 'Maria Reviewer' };

export function decidedChange(decision: 'approve' | 'reject', reason = reviewTexts.reason): LegalChange {
  return {
    ...waitingChange,
    status: decision === 'approve' ? 'approved' : 'rejected',
    reason: decision === 'approve' ? null : reason,
    decided_at: '2026-11-21T10:00:00.000Z',
    decided_by: maria,
  };
}

const decidedOutput = (context: LegalChangeReviewContext) =>
  decidedChange(context.decision ?? 'approve', context.reason || reviewTexts.reason);

export const legalChangeReviewFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'approve.start': [{ event: { type: 'approve.start' }, does: 'Click "Approve"' }],
    'approve.confirm': [
      { event: { type: 'approve.confirm' }, does: 'Click "Approve" on "Approve this change?"' },
    ],
    'reject.start': [{ event: { type: 'reject.start' }, does: 'Click "Reject"' }],
    'reject.submit': [
      {
        event: { type: 'reject.submit', reason: reviewTexts.reason },
        does: `Type "${reviewTexts.reason}" as the reason and click "Reject"`,
      },
    ],
    'decision.cancel': [{ event: { type: 'decision.cancel' }, does: 'Click "Cancel"' }],
  },
  actors: {
    loadLegalChange: {
      done: {
        output: waitingChange,
        says: 'Server answers the change waiting: Demo Coffee asks to be renamed Demo Coffee IKE, with one document',
      },
      alsoDone: [
        {
          output: decidedChange('approve'),
          says: 'Server answers the change decided already (approved by Maria Reviewer)',
        },
      ],
      errors: [
        { failure: http(404, 'not_found', 'Nothing here.'), says: 'Server answers 404 (no such change)' },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    decideLegalChange: {
      done: {
        output: decidedOutput,
        says: 'Server records the decision',
        effect: (context) =>
          context.decision === 'reject'
            ? 'the change is rejected with the reason (profile_change_requests.status rejected, reason, decided_by ' +
              'the reviewer), the legal details stay as they were, the owner reads the reason on the profile, and ' +
              'legal_change.rejected is on the audit trail (realm staff).'
            : 'the legal name is Demo Coffee IKE in the profile and on the merchant (merchants.name), the change is ' +
              'approved (decided_by the reviewer), and legal_change.approved is on the audit trail (realm staff).',
      },
      errors: [
        {
          failure: http(400, 'validation_failed', 'Some fields are missing or not valid.', {
            fields: { reason: 'Max 500 characters.' },
          }),
          says: 'Server answers 400 for the reason (too long)',
          when: (context) => context.decision === 'reject',
        },
        {
          failure: http(409, 'conflict', 'This change has already been decided.', {
            details: { status: 'approved' },
          }),
          says: 'Server answers 409 (another reviewer decided it meanwhile)',
          does: 'Let another reviewer decide the change in another window first',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof legalChangeReviewMachine>;

export function legalChangeReviewErrorText(error: LegalChangeReviewError): string {
  switch (error) {
    case 'conflict':
      return 'Someone else decided this change meanwhile. Here is their decision.';
    case 'not_found':
      return 'There is no such change.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

function legalChangeReviewScreen(snapshot: LegalChangeReviewSnapshot): ScreenExpectation {
  const t = reviewTexts;
  const { error, change } = snapshot.context;
  const alert = error ? legalChangeReviewErrorText(error) : null;
  const path = legalChangePath;
  const busy = snapshot.hasTag('busy');
  switch (selectLegalChangeReviewStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.loadFailedTitle, alert, enabled: [t.retry, t.back] };
    case 'reviewing':
      return selectCanDecide(snapshot)
        ? { path, heading: t.title, alert, enabled: [t.approve, t.reject, t.back] }
        : { path, heading: t.title, alert, enabled: [t.back], absent: [t.approve, t.reject] };
    case 'confirmApproval':
      return busy
        ? { path, heading: t.confirmTitle, alert, disabled: [t.approve, t.cancel] }
        : { path, heading: t.confirmTitle, alert, enabled: [t.approve, t.cancel] };
    case 'reason':
      return busy
        ? { path, heading: t.reasonTitle, alert, disabled: [t.reject, t.cancel] }
        : { path, heading: t.reasonTitle, alert, enabled: [t.reject, t.cancel] };
    case 'decided':
      return {
        path,
        heading: change?.status === 'approved' ? t.approvedTitle : t.rejectedTitle,
        alert: null,
        enabled: [t.back],
      };
  }
}

function legalChangeReviewWords(step: ModelPath<LegalChangeReviewSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'event':
      switch (action.event.type) {
        case 'approve.confirm':
          return 'approve';
        case 'reject.submit':
          return 'reject with a reason';
        case 'decision.cancel':
          return 'cancel';
        default:
          return null;
      }
    case 'actorError':
      return failureWords(action, action.src === 'decideLegalChange' ? 'the decision' : 'the change');
    case 'actorDone':
      if (action.src !== 'loadLegalChange') return null;
      return (action.output as LegalChange).status === 'pending_review' ? null : 'decided already';
    default:
      return null;
  }
}

/** Review a change: approved, rejected with a reason, decided elsewhere, or where it stops. */
export function legalChangeReviewTitle(path: ModelPath<LegalChangeReviewSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const end =
    selectLegalChangeReviewStep(last) === 'decided'
      ? last.context.change?.status === 'approved'
        ? 'change approved'
        : 'change rejected'
      : screenEnd(legalChangeReviewScreen(last), last.hasTag('busy'));
  return pathTitle(path, legalChangeReviewWords, end);
}

export const legalChangeReviewModel: Model<typeof legalChangeReviewMachine> = {
  name: 'legalChangeReview',
  machine: legalChangeReviewMachine,
  file: 'legalChangeReview.machine.ts',
  start: `Signed in to the back office as a reviewer, open ${legalChangePath} from the queue of legal changes`,
  input: { changeId: legalChangeId },
  fixtures: legalChangeReviewFixtures,
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({
      value,
      error: context.error,
      status: context.change?.status ?? null,
      decision: context.decision,
      reasonError: context.reasonError,
    });
  },
  bounds: { maxDepth: 10, simplePerState: 1, maxSimple: 4 },
  screen: legalChangeReviewScreen,
  title: legalChangeReviewTitle,
};
