import {
  merchantReviewMachine,
  selectMerchantReviewStep,
  type MerchantReviewError,
  type MerchantReviewEvent,
  type MerchantReviewSnapshot,
  type ReviewDecision,
} from '../../machines/merchantReview.machine';
import type { MerchantReviewFile } from '../../schemas/merchantReview.schema';
import {
  failureWords,
  pathTitle,
  screenEnd,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';
import { decidedAt, httpFailure, mariaReviewer, networkFails, reviewScreens } from './reviewFixtures';

/*
 * The test model of the bank's review of one merchant (machines/merchantReview.machine.ts), run on the real screen at
 * /back-office/merchant-reviews/:id by merchantReview.model.test.tsx: Aegean Coffee IKE waits for review with its
 * identity confirmed and no risk flag; the reviewer approves it, rejects it with a reason, or asks for a readable
 * certificate of registration, and meets the refusals the page words (four eyes, identity, decided meanwhile).
 */

export const aegeanMerchantId = '00000000-0000-4000-8000-0000000000a1';
export const merchantReviewPath = `/back-office/merchant-reviews/${aegeanMerchantId}`;

const address = { country: 'GR', postal_code: '10563', city: 'Athens', line1: 'Ermou 12', line2: null };

export const aegeanFile = {
  merchant: { id: aegeanMerchantId, name: 'Aegean Coffee IKE', status: 'in_review' },
  submitted_at: '2026-01-14T10:00:00.000Z',
  state: 'awaiting_review',
  first_approval: null,
  approvals_needed: 1,
  owner: { name: 'Eleni Papadopoulou', email: 'owner@aegean-coffee.example', phone: '+302101234567' },
  steps: {
    representative: {
      first_name: 'Eleni',
      last_name: 'Papadopoulou',
      job_title: 'Managing Director',
      date_of_birth: '1985-04-12',
      phone: '+302101234567',
      citizenship: 'GR',
    },
    company: {
      name: 'Aegean Coffee IKE',
      commercial_name: 'Aegean Coffee',
      legal_form: 'ike',
      country_of_registration: 'GR',
      vat_number: '123456783',
      registration_number: '123456701000',
      tic_number: '123456783',
      phone: '+302101234567',
      registered_address: address,
      trading_same_as_registered: true,
      trading_address: null,
      website_url: 'https://aegean-coffee.example',
      industry: 'food_and_beverage',
      size: '2_10',
      annual_turnover: '100k_500k',
    },
    directors: {
      directors: [
        {
          first_name: 'Eleni',
          last_name: 'Papadopoulou',
          date_of_birth: '1985-04-12',
          is_legal_representative: true,
          home_address: { ...address, line1: 'Athinas 3' },
        },
      ],
    },
    shareholders: {
      shareholders: [
        {
          type: 'individual',
          name: 'Eleni Papadopoulou',
          country: 'GR',
          percentage: '60',
          has_control: true,
        },
        { type: 'company', name: 'Kyma Holdings AE', country: 'GR', percentage: '40', has_control: false },
      ],
      ubos_known: true,
    },
    funding: {
      expected_incoming: { amount_minor: '2500000', currency: 'EUR' },
      source_country: 'GR',
      expected_spending: { amount_minor: '1800000', currency: 'EUR' },
      destination_country: 'GR',
      other_funding_method: null,
    },
  },
  ownership_basis_points: 10_000,
  documents: [
    {
      id: '00000000-0000-4000-8000-0000000000d1',
      type: 'certificate_of_registration',
      file_name: 'gemi.pdf',
      content_type: 'application/pdf',
      size: 10240,
      uploaded_at: '2026-01-02T10:00:00.000Z',
    },
  ],
  required_documents: ['certificate_of_registration'],
  missing_documents: [],
  logo: null,
  vat_check: {
    format_valid: true,
    registry: 'valid',
    name: 'AEGEAN COFFEE I.K.E.',
    country: 'GR',
    vat_number: '123456783',
    checked_at: '2026-01-14T09:00:00.000Z',
    checked_by: 'merchant',
  },
  identity: {
    verification_id: '00000000-0000-4000-8000-0000000000e1',
    status: 'verified',
    document_type: 'passport',
    document_number: 'AB1234567',
    expiry_date: '2030-05-01',
    first_name: 'Eleni',
    last_name: 'Papadopoulou',
    checks: [
      { criterion: 'images_complete', passed: true },
      { criterion: 'name_matches_representative', passed: true },
    ],
    evaluated_at: '2026-01-13T09:00:00.000Z',
    photos: [
      {
        side: 'front',
        content_type: 'image/jpeg',
        width: 1600,
        height: 1000,
        size: 200_000,
        uploaded_at: '2026-01-13T08:50:00.000Z',
      },
      {
        side: 'selfie',
        content_type: 'image/jpeg',
        width: 1000,
        height: 1000,
        size: 150_000,
        uploaded_at: '2026-01-13T08:55:00.000Z',
      },
    ],
    review: { status: 'confirmed', reason: null, reviewed_at: '2026-01-13T12:00:00.000Z' },
    reviewed_by: { staff_id: '00000000-0000-4000-8000-0000000000f2', name: 'Nikos Reviewer' },
  },
  risk_flags: [],
  history: [{ at: '2026-01-14T10:00:00.000Z', event: 'submitted', by: null, reason: null, steps: [] }],
} satisfies MerchantReviewFile;

export const rejectionReason = 'The certificate of registration is not readable.';
export const requestNote = 'Upload a readable certificate of registration.';

/** The file as the server answers a decision (server/review/merchantReview.ts). */
function decidedFile(decision: ReviewDecision | null): MerchantReviewFile {
  const at = decidedAt;
  const by = mariaReviewer;
  switch (decision?.kind) {
    case 'reject':
      return {
        ...aegeanFile,
        merchant: { ...aegeanFile.merchant, status: 'rejected' },
        state: null,
        history: [...aegeanFile.history, { at, event: 'rejected', by, reason: decision.reason, steps: [] }],
      };
    case 'requestInformation':
      return {
        ...aegeanFile,
        merchant: { ...aegeanFile.merchant, status: 'information_requested' },
        state: null,
        history: [
          ...aegeanFile.history,
          { at, event: 'information_requested', by, reason: null, steps: decision.steps },
        ],
      };
    default:
      return {
        ...aegeanFile,
        merchant: { ...aegeanFile.merchant, status: 'approved' },
        state: null,
        history: [...aegeanFile.history, { at, event: 'approved', by, reason: null, steps: [] }],
      };
  }
}

const isApproval = (context: { decision: ReviewDecision | null }) => context.decision?.kind === 'approve';

export const merchantReviewFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'approve.start': [{ event: { type: 'approve.start' }, does: 'Click "Approve"' }],
    'reject.start': [{ event: { type: 'reject.start' }, does: 'Click "Reject"' }],
    'information.start': [{ event: { type: 'information.start' }, does: 'Click "Ask for more information"' }],
    'decision.back': [{ event: { type: 'decision.back' }, does: 'Click "Cancel" (or "Back to the file")' }],
    'approve.confirm': [{ event: { type: 'approve.confirm' }, does: 'Click "Yes, approve" in the dialog' }],
    'decision.retry': [{ event: { type: 'decision.retry' }, does: 'Click "Try again"' }],
    'vat.recheck': [{ event: { type: 'vat.recheck' }, does: 'Click "Check the VAT number again"' }],
    'reject.submit': [
      {
        event: { type: 'reject.submit', reason: '' },
        does: 'Leave the reason empty and click "Reject the merchant"',
      },
      {
        event: { type: 'reject.submit', reason: rejectionReason },
        does: `Write the reason "${rejectionReason}" and click "Reject the merchant"`,
      },
    ],
    'information.submit': [
      {
        event: { type: 'information.submit', steps: [] },
        does: 'Choose no step and click "Send the request"',
      },
      {
        event: { type: 'information.submit', steps: [{ step: 'documents', note: '' }] },
        does: 'Tick "Documents", leave its note empty and click "Send the request"',
      },
      {
        event: { type: 'information.submit', steps: [{ step: 'documents', note: requestNote }] },
        does: `Tick "Documents", write the note "${requestNote}" and click "Send the request"`,
      },
    ],
  },
  actors: {
    loadFile: {
      done: {
        output: aegeanFile,
        says: 'Server sends the file of Aegean Coffee IKE (in review, identity confirmed, no risk flag)',
      },
      errors: [networkFails],
    },
    recheckVat: {
      done: {
        output: {
          ...aegeanFile,
          vat_check: { ...aegeanFile.vat_check, checked_at: '2026-01-15T09:00:00.000Z', checked_by: 'staff' },
        },
        effect:
          'merchant_vat_checks has a new check of GR 123456783 by the signed-in reviewer (checked_by staff) and the ' +
          'audit trail has merchant_review.vat_checked.',
        says: 'Server checks the VAT number again (valid, AEGEAN COFFEE I.K.E.) and answers the file',
      },
      errors: [
        {
          failure: httpFailure(409, 'conflict', 'The merchant has not saved a VAT number yet.'),
          says: 'Server answers 409 conflict (no VAT number saved)',
          tester: false,
        },
        networkFails,
      ],
    },
    decide: {
      done: {
        output: ({ decision }) => decidedFile(decision),
        effect: ({ decision }) =>
          decision?.kind === 'reject'
            ? 'merchants.status is rejected with the reason, merchant_review_decisions records the rejection by the ' +
              'signed-in reviewer, the audit trail has merchant_review.rejected (realm staff) and the owner gets an email.'
            : decision?.kind === 'requestInformation'
              ? 'merchants.status is information_requested with only the documents step open again and its note, the ' +
                'audit trail has merchant_review.information_requested and the owner gets an email.'
              : 'merchants.status is approved (the account opens), merchant_review_decisions records the approval by ' +
                'the signed-in reviewer and the audit trail has merchant_review.approved.',
        says: 'Server records the decision and answers the file',
      },
      errors: [
        {
          failure: httpFailure(
            409,
            'four_eyes_same_reviewer',
            'You gave the first approval of this merchant: the second must come from another staff member.',
          ),
          says: 'Server answers 409 four_eyes_same_reviewer (this reviewer gave the first approval)',
          when: isApproval,
        },
        {
          failure: httpFailure(
            409,
            'identity_not_confirmed',
            "A person has not confirmed the representative's identity yet.",
          ),
          says: 'Server answers 409 identity_not_confirmed (the identity review was undone meanwhile)',
          when: isApproval,
        },
        {
          failure: httpFailure(409, 'merchant_not_in_review', 'The merchant is not in review.'),
          says: 'Server answers 409 merchant_not_in_review (another reviewer decided meanwhile)',
        },
        networkFails,
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof merchantReviewMachine>;

export const reviewTexts = {
  fileTitle: 'Merchant review',
  name: aegeanFile.merchant.name,
  retry: 'Try again',
  loadFailed: 'The file could not be read.',
  approve: 'Approve',
  reject: 'Reject',
  askInformation: 'Ask for more information',
  confirmTitle: 'Approve this merchant?',
  confirmApprove: 'Yes, approve',
  cancel: 'Cancel',
  reason: 'Reason for the rejection',
  rejectSubmit: 'Reject the merchant',
  requestSubmit: 'Send the request',
  backToFile: 'Back to the file',
  recheckVat: 'Check the VAT number again',
  documentsStep: 'Documents',
  documentsNote: 'Note for “Documents”',
  reasonMissing: 'Write the reason.',
  stepsMissing: 'Choose at least one step.',
  noteMissing: 'Write a note for this step.',
};

export function reviewErrorText(error: MerchantReviewError): string {
  switch (error) {
    case 'four_eyes_same_reviewer':
      return 'You gave the first approval of this merchant: the second must come from another staff member.';
    case 'identity_not_confirmed':
      return 'Nobody has confirmed the representative’s identity yet: confirm or refuse the photos in the identity review first.';
    case 'merchant_not_in_review':
      return 'This merchant is no longer in review: someone decided meanwhile. The file shows where it stands.';
    case 'forbidden':
      return 'You may not decide on this merchant (for example, a company you are a user of): ask another reviewer.';
    case 'conflict':
      return 'The merchant has not saved a VAT number yet: there is nothing to check.';
    case 'network':
      return 'A network error has occurred.';
    default:
      return 'The decision could not be sent. Please try again.';
  }
}

function reviewScreen(snapshot: MerchantReviewSnapshot): ScreenExpectation {
  const t = reviewTexts;
  const { error } = snapshot.context;
  const decisionButtons = [t.approve, t.reject, t.askInformation];
  const screens = reviewScreens({
    path: merchantReviewPath,
    heading: t.name,
    alert: error ? reviewErrorText(error) : null,
    busy: snapshot.hasTag('busy'),
    decisionButtons,
    retry: t.retry,
  });
  switch (selectMerchantReviewStep(snapshot)) {
    case 'loading':
      return screens.loading;
    case 'loadFailed':
      return screens.loadFailed(t.fileTitle, t.loadFailed);
    case 'reviewing':
      return screens.viewing([...decisionButtons, t.recheckVat]);
    case 'checkingVat':
      return {
        ...screens.viewing([]),
        alert: null,
        enabled: [],
        disabled: [...decisionButtons, t.recheckVat],
      };
    case 'confirmingApproval':
      return screens.asking(t.confirmTitle, [t.confirmApprove, t.cancel]);
    case 'rejecting':
      return screens.asking(null, [t.rejectSubmit, t.cancel]);
    case 'requestingInformation':
      return screens.asking(null, [t.requestSubmit, t.cancel]);
    case 'failed':
      return screens.failed(t.backToFile);
    case 'decided':
      return screens.decided;
  }
}

function decisionWords(step: ModelPath<MerchantReviewSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorDone':
      return action.src === 'decide' ? 'decided' : action.src === 'recheckVat' ? 'VAT number valid' : null;
    case 'actorError':
      return failureWords(
        action,
        { loadFile: 'the file', recheckVat: 'the VAT check' }[action.src] ?? 'the decision',
        {
          four_eyes_same_reviewer: 'own first approval',
          merchant_not_in_review: 'decided meanwhile',
        },
      );
    case 'event': {
      const event = action.event as MerchantReviewEvent;
      switch (event.type) {
        case 'load.retry':
          return 'read the file again';
        case 'approve.start':
          return 'approve';
        case 'approve.confirm':
          return 'confirm';
        case 'reject.start':
          return 'reject';
        case 'information.start':
          return 'ask for information';
        case 'decision.back':
          return 'cancel';
        case 'decision.retry':
          return 'send again';
        case 'vat.recheck':
          return 'check the VAT number again';
        case 'reject.submit':
          return event.reason ? 'with a reason' : 'without a reason';
        case 'information.submit':
          return event.steps.length === 0
            ? 'no step'
            : event.steps.some((one) => one.note === '')
              ? 'a step without its note'
              : 'documents with a note';
      }
    }
  }
  return null;
}

/** A path's title: "Merchant review", the decisions and answers in order, then where the page ends. */
export function merchantReviewTitle(path: ModelPath<MerchantReviewSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const outcome = last.context.outcome;
  const end = outcome
    ? `stops on “${reviewTexts.name}”, ${outcome.replace(/_/g, ' ')}`
    : screenEnd(reviewScreen(last), last.hasTag('busy'));
  return pathTitle(path, (step, index) => (index === 0 ? 'merchant review' : decisionWords(step)), end);
}

export const merchantReviewModel: Model<typeof merchantReviewMachine> = {
  name: 'merchantReview',
  machine: merchantReviewMachine,
  file: 'merchantReview.machine.ts',
  start: `Signed in to the back office as a reviewer, open ${merchantReviewPath} (Aegean Coffee IKE, in review)`,
  input: { merchantId: aegeanMerchantId },
  fixtures: merchantReviewFixtures,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      missing: snapshot.context.missing,
      // Which decision is on its way matters only while it is sent or failed; the form it came from shows it.
      decision:
        snapshot.matches('deciding') || snapshot.matches('failed') ? snapshot.context.decision?.kind : null,
      outcome: snapshot.context.outcome,
      loaded: snapshot.context.file !== null,
    }),
  bounds: { maxDepth: 7, simplePerState: 1, maxSimple: 4 },
  screen: reviewScreen,
  title: merchantReviewTitle,
};
