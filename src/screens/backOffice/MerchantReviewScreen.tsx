import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'react-router';
import {
  merchantReviewMachine,
  selectMerchantReviewStep,
  type InformationStep,
  type MerchantReviewError,
  type MerchantReviewSnapshot,
  type ReviewOutcome,
} from '../../../machines/merchantReview.machine';
import type { KycCriterion, KycDocumentType } from '../../../schemas/kyc.schema';
import type {
  MerchantReviewFile,
  ReviewHistoryEntry,
  ReviewState,
  RiskFlagCode,
} from '../../../schemas/merchantReview.schema';
import {
  informationRequestSteps,
  type IdentityVerificationStatus,
  type InformationRequestStep,
  type OnboardingDocument,
} from '../../../schemas/onboarding.schema';
import { unwrap } from '../../api/client';
import { useBackOffice } from '../../app/backOfficeContext';
import { useJourneyActor, type InspectionObserver } from '../../app/inspection';
import {
  merchantReviewLogic,
  reviewFileServices,
  type ReviewFileServices,
} from '../../app/merchantReviewActors';
import { documentTypeName } from '../../i18n/documentText';
import { errorMessages } from '../../i18n/errorMessages';
import { formatMoney } from '../../i18n/formatMoney';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { IdentityPhotos, InlineFile, useInlineFiles } from './InlineFiles';
import { Parts } from './Parts';
import { ConfirmDecision, ReasonForm, RetryOrBack, ReviewLoadFailed, ReviewQueuePage } from './ReviewParts';

const m = defineMessages({
  queueTitle: { id: 'backOffice.merchantReview.queueTitle', defaultMessage: 'Merchant reviews' },
  queueIntro: {
    id: 'backOffice.merchantReview.queueIntro',
    defaultMessage: 'Merchants waiting for the bank’s decision, oldest submission first.',
  },
  queueEmpty: { id: 'backOffice.merchantReview.queueEmpty', defaultMessage: 'No merchant waits for review.' },
  noRiskFlags: { id: 'backOffice.merchantReview.noRiskFlags', defaultMessage: 'No risk flags.' },
  fileTitle: { id: 'backOffice.merchantReview.fileTitle', defaultMessage: 'Merchant review' },
  backToQueue: {
    id: 'backOffice.merchantReview.backToQueue',
    defaultMessage: 'Back to the merchant reviews',
  },
  awaitingReview: {
    id: 'backOffice.merchantReview.state.awaitingReview',
    defaultMessage: 'Waiting for review',
  },
  awaitingSecond: {
    id: 'backOffice.merchantReview.state.awaitingSecond',
    defaultMessage: 'Waiting for a second approval',
  },
  notInReview: { id: 'backOffice.merchantReview.state.notInReview', defaultMessage: 'Not in review' },
  owner: { id: 'backOffice.merchantReview.owner', defaultMessage: 'Account owner' },
  riskFlags: { id: 'backOffice.merchantReview.riskFlags', defaultMessage: 'Risk flags' },
  approvals: { id: 'backOffice.merchantReview.approvals', defaultMessage: 'Approvals' },
  documents: { id: 'backOffice.merchantReview.documents', defaultMessage: 'Documents' },
  vat: { id: 'backOffice.merchantReview.vat', defaultMessage: 'VAT check' },
  identity: { id: 'backOffice.merchantReview.identity', defaultMessage: 'Identity verification' },
  history: { id: 'backOffice.merchantReview.history', defaultMessage: 'History of the review' },
  decision: { id: 'backOffice.merchantReview.decision', defaultMessage: 'Decision' },
  notSaved: { id: 'backOffice.merchantReview.notSaved', defaultMessage: 'Not saved yet.' },
  approve: { id: 'backOffice.merchantReview.approve', defaultMessage: 'Approve' },
  reject: { id: 'backOffice.merchantReview.reject', defaultMessage: 'Reject' },
  askInformation: {
    id: 'backOffice.merchantReview.askInformation',
    defaultMessage: 'Ask for more information',
  },
  confirmTitle: { id: 'backOffice.merchantReview.confirmTitle', defaultMessage: 'Approve this merchant?' },
  confirmOpens: {
    id: 'backOffice.merchantReview.confirmOpens',
    defaultMessage: 'The merchant’s account opens and the owner is told by email.',
  },
  confirmFirst: {
    id: 'backOffice.merchantReview.confirmFirst',
    defaultMessage:
      'This merchant has risk flags: yours is the first of two approvals, and another staff member gives the second.',
  },
  confirmSecond: {
    id: 'backOffice.merchantReview.confirmSecond',
    defaultMessage:
      'Yours is the second approval: the merchant’s account opens and the owner is told by email.',
  },
  confirmApprove: { id: 'backOffice.merchantReview.confirmApprove', defaultMessage: 'Yes, approve' },
  cancel: { id: 'backOffice.merchantReview.cancel', defaultMessage: 'Cancel' },
  reason: { id: 'backOffice.merchantReview.reason', defaultMessage: 'Reason for the rejection' },
  reasonHint: {
    id: 'backOffice.merchantReview.reasonHint',
    defaultMessage: 'The owner reads it; at most 500 characters.',
  },
  reasonMissing: { id: 'backOffice.merchantReview.reasonMissing', defaultMessage: 'Write the reason.' },
  rejectSubmit: { id: 'backOffice.merchantReview.rejectSubmit', defaultMessage: 'Reject the merchant' },
  steps: { id: 'backOffice.merchantReview.steps', defaultMessage: 'Steps the owner completes again' },
  stepsMissing: { id: 'backOffice.merchantReview.stepsMissing', defaultMessage: 'Choose at least one step.' },
  note: defineMessage<{ step: string }>({
    id: 'backOffice.merchantReview.note',
    defaultMessage: 'Note for “{step}”',
  }),
  noteMissing: { id: 'backOffice.merchantReview.noteMissing', defaultMessage: 'Write a note for this step.' },
  requestSubmit: { id: 'backOffice.merchantReview.requestSubmit', defaultMessage: 'Send the request' },
  retry: { id: 'backOffice.merchantReview.retry', defaultMessage: 'Try again' },
  backToFile: { id: 'backOffice.merchantReview.backToFile', defaultMessage: 'Back to the file' },
  loadFailed: { id: 'backOffice.merchantReview.loadFailed', defaultMessage: 'The file could not be read.' },
  fourEyes: {
    id: 'backOffice.merchantReview.error.fourEyes',
    defaultMessage:
      'You gave the first approval of this merchant: the second must come from another staff member.',
  },
  identityNotConfirmed: {
    id: 'backOffice.merchantReview.error.identityNotConfirmed',
    defaultMessage:
      'Nobody has confirmed the representative’s identity yet: confirm or refuse the photos in the identity review first.',
  },
  notInReviewError: {
    id: 'backOffice.merchantReview.error.notInReview',
    defaultMessage:
      'This merchant is no longer in review: someone decided meanwhile. The file shows where it stands.',
  },
  forbidden: {
    id: 'backOffice.merchantReview.error.forbidden',
    defaultMessage:
      'You may not decide on this merchant (for example, a company you are a user of): ask another reviewer.',
  },
  noVatNumber: {
    id: 'backOffice.merchantReview.error.noVatNumber',
    defaultMessage: 'The merchant has not saved a VAT number yet: there is nothing to check.',
  },
  recheckVat: { id: 'backOffice.merchantReview.recheckVat', defaultMessage: 'Check the VAT number again' },
  sendFailed: {
    id: 'backOffice.merchantReview.error.sendFailed',
    defaultMessage: 'The decision could not be sent. Please try again.',
  },
  approved: {
    id: 'backOffice.merchantReview.outcome.approved',
    defaultMessage: 'Approved: the merchant’s account is open and the owner is told by email.',
  },
  awaitingSecondOutcome: {
    id: 'backOffice.merchantReview.outcome.awaitingSecond',
    defaultMessage: 'First approval recorded: another staff member must give the second.',
  },
  rejected: {
    id: 'backOffice.merchantReview.outcome.rejected',
    defaultMessage: 'Rejected: the owner reads your reason and may change the application.',
  },
  informationRequested: {
    id: 'backOffice.merchantReview.outcome.informationRequested',
    defaultMessage: 'Information requested: only the steps you named open again for the owner.',
  },
  submittedOn: defineMessage<{ date: string }>({
    id: 'backOffice.merchantReview.submittedOn',
    defaultMessage: 'Submitted {date}',
  }),
  firstApprovalBy: defineMessage<{ name: string; date: string }>({
    id: 'backOffice.merchantReview.firstApprovalBy',
    defaultMessage: 'First approval by {name}, {date}',
  }),
  approvalsNeeded: defineMessage<{ count: number }>({
    id: 'backOffice.merchantReview.approvalsNeeded',
    defaultMessage:
      '{count, plural, one {One approval needed.} other {# approvals by different staff members needed.}}',
  }),
  noApprovalYet: { id: 'backOffice.merchantReview.noApprovalYet', defaultMessage: 'No approval yet.' },
  open: defineMessage<{ file: string }>({
    id: 'backOffice.merchantReview.open',
    defaultMessage: 'Open {file}',
  }),
  close: { id: 'backOffice.merchantReview.close', defaultMessage: 'Close' },
  openFailed: { id: 'backOffice.merchantReview.openFailed', defaultMessage: 'The file could not be opened.' },
  missingDocuments: defineMessage<{ list: string }>({
    id: 'backOffice.merchantReview.missingDocuments',
    defaultMessage: 'Missing: {list}',
  }),
  showPhotos: { id: 'backOffice.merchantReview.showPhotos', defaultMessage: 'Show the photos' },
  documentLine: defineMessage<{ type: string; number: string; expiry: string }>({
    id: 'backOffice.merchantReview.documentLine',
    defaultMessage: '{type} {number}, valid until {expiry}',
  }),
  nameOnDocument: defineMessage<{ name: string }>({
    id: 'backOffice.merchantReview.nameOnDocument',
    defaultMessage: 'Name on the document: {name}',
  }),
  reviewAwaiting: {
    id: 'backOffice.merchantReview.identityReview.awaiting',
    defaultMessage: 'A person has not looked at the photos yet.',
  },
  reviewConfirmed: defineMessage<{ name: string }>({
    id: 'backOffice.merchantReview.identityReview.confirmed',
    defaultMessage: 'Confirmed by {name}.',
  }),
  reviewRefused: defineMessage<{ name: string; reason: string }>({
    id: 'backOffice.merchantReview.identityReview.refused',
    defaultMessage: 'Refused by {name}: {reason}',
  }),
  checkPassed: defineMessage<{ check: string }>({
    id: 'backOffice.merchantReview.checkPassed',
    defaultMessage: '{check}: passed',
  }),
  checkFailed: defineMessage<{ check: string }>({
    id: 'backOffice.merchantReview.checkFailed',
    defaultMessage: '{check}: failed',
  }),
  noIdentity: { id: 'backOffice.merchantReview.noIdentity', defaultMessage: 'No identity verification yet.' },
  vatNumber: defineMessage<{ country: string; number: string }>({
    id: 'backOffice.merchantReview.vatNumber',
    defaultMessage: 'VAT number {country} {number}',
  }),
  vatFormatValid: { id: 'backOffice.merchantReview.vat.formatValid', defaultMessage: 'The format is right.' },
  vatFormatInvalid: {
    id: 'backOffice.merchantReview.vat.formatInvalid',
    defaultMessage: 'The format is wrong.',
  },
  vatValid: defineMessage<{ name: string }>({
    id: 'backOffice.merchantReview.vat.valid',
    defaultMessage: 'The VAT registry knows the number: {name}',
  }),
  vatInvalid: {
    id: 'backOffice.merchantReview.vat.invalid',
    defaultMessage: 'The VAT registry does not know the number.',
  },
  vatUnavailable: {
    id: 'backOffice.merchantReview.vat.unavailable',
    defaultMessage: 'The VAT registry did not answer.',
  },
  vatNotConfigured: {
    id: 'backOffice.merchantReview.vat.notConfigured',
    defaultMessage: 'No VAT registry is set up here: the number was not checked.',
  },
  vatCheckedOn: defineMessage<{ date: string; by: string }>({
    id: 'backOffice.merchantReview.vat.checkedOn',
    defaultMessage: 'Checked {date} by {by}',
  }),
  byMerchant: { id: 'backOffice.merchantReview.vat.byMerchant', defaultMessage: 'the merchant’s form' },
  byStaff: { id: 'backOffice.merchantReview.vat.byStaff', defaultMessage: 'a reviewer' },
  noVatCheck: {
    id: 'backOffice.merchantReview.vat.none',
    defaultMessage: 'The VAT number has not been checked.',
  },
  director: defineMessage<{ name: string; born: string }>({
    id: 'backOffice.merchantReview.director',
    defaultMessage: '{name}, born {born}',
  }),
  legalRepresentative: {
    id: 'backOffice.merchantReview.legalRepresentative',
    defaultMessage: 'legal representative',
  },
  shareholder: defineMessage<{ name: string; country: string; share: string }>({
    id: 'backOffice.merchantReview.shareholder',
    defaultMessage: '{name} ({country}): owns {share}%',
  }),
  hasControl: { id: 'backOffice.merchantReview.hasControl', defaultMessage: 'has control' },
  ubosUnknown: {
    id: 'backOffice.merchantReview.ubosUnknown',
    defaultMessage: 'The ultimate beneficial owners are not known.',
  },
  ownership: defineMessage<{ share: string }>({
    id: 'backOffice.merchantReview.ownership',
    defaultMessage: 'Declared ownership in all: {share}%',
  }),
  incoming: defineMessage<{ amount: string; country: string }>({
    id: 'backOffice.merchantReview.incoming',
    defaultMessage: 'Expected incoming each month: {amount}, from {country}',
  }),
  spending: defineMessage<{ amount: string; country: string }>({
    id: 'backOffice.merchantReview.spending',
    defaultMessage: 'Expected spending each month: {amount}, to {country}',
  }),
  otherFunding: defineMessage<{ text: string }>({
    id: 'backOffice.merchantReview.otherFunding',
    defaultMessage: 'Other funding: {text}',
  }),
  companyLine: defineMessage<{ form: string; country: string; registration: string; vat: string }>({
    id: 'backOffice.merchantReview.companyLine',
    defaultMessage:
      'Legal form {form}, registered in {country}, registration number {registration}, VAT number {vat}',
  }),
  representativeLine: defineMessage<{ name: string; title: string; born: string; phone: string }>({
    id: 'backOffice.merchantReview.representativeLine',
    defaultMessage: '{name}, {title}, born {born}, phone {phone}',
  }),
  historySubmitted: { id: 'backOffice.merchantReview.history.submitted', defaultMessage: 'Submitted' },
  historyFirstApproval: {
    id: 'backOffice.merchantReview.history.firstApproval',
    defaultMessage: 'First approval',
  },
  historyApproved: { id: 'backOffice.merchantReview.history.approved', defaultMessage: 'Approved' },
  historyRejected: { id: 'backOffice.merchantReview.history.rejected', defaultMessage: 'Rejected' },
  historyInformation: {
    id: 'backOffice.merchantReview.history.informationRequested',
    defaultMessage: 'Information requested',
  },
});

const riskMessages = defineMessages({
  ownership_over_100: {
    id: 'backOffice.merchantReview.risk.ownershipOver100',
    defaultMessage: 'The declared ownership adds up to more than 100%.',
  },
  vat_not_checked: {
    id: 'backOffice.merchantReview.risk.vatNotChecked',
    defaultMessage: 'The VAT registry has not confirmed the VAT number.',
  },
  vat_check_failed: {
    id: 'backOffice.merchantReview.risk.vatCheckFailed',
    defaultMessage: 'The VAT number is not valid: its format is wrong or the registry does not know it.',
  },
  representative_name_mismatch: {
    id: 'backOffice.merchantReview.risk.representativeNameMismatch',
    defaultMessage: 'The representative’s name differs from the name on the identity document.',
  },
  company_name_mismatch: {
    id: 'backOffice.merchantReview.risk.companyNameMismatch',
    defaultMessage: 'The company’s name differs from the name the VAT registry gives for the number.',
  },
  representative_not_director: {
    id: 'backOffice.merchantReview.risk.representativeNotDirector',
    defaultMessage: 'No director has the representative’s name.',
  },
  previously_rejected: {
    id: 'backOffice.merchantReview.risk.previouslyRejected',
    defaultMessage: 'The bank rejected this application before.',
  },
}) satisfies Record<RiskFlagCode, MessageDescriptor>;

export const identityStatusMessages = defineMessages({
  not_started: {
    id: 'backOffice.merchantReview.identityStatus.notStarted',
    defaultMessage: 'Identity: not started',
  },
  in_progress: {
    id: 'backOffice.merchantReview.identityStatus.inProgress',
    defaultMessage: 'Identity: in progress',
  },
  failed: {
    id: 'backOffice.merchantReview.identityStatus.failed',
    defaultMessage: 'Identity: the automatic checks failed',
  },
  awaiting_review: {
    id: 'backOffice.merchantReview.identityStatus.awaitingReview',
    defaultMessage: 'Identity: waiting for a person’s review',
  },
  verified: {
    id: 'backOffice.merchantReview.identityStatus.verified',
    defaultMessage: 'Identity: confirmed',
  },
  refused: {
    id: 'backOffice.merchantReview.identityStatus.refused',
    defaultMessage: 'Identity: photos refused',
  },
}) satisfies Record<IdentityVerificationStatus, MessageDescriptor>;

const stepMessages = defineMessages({
  representative: { id: 'backOffice.merchantReview.step.representative', defaultMessage: 'Representative' },
  company: { id: 'backOffice.merchantReview.step.company', defaultMessage: 'Company information' },
  directors: { id: 'backOffice.merchantReview.step.directors', defaultMessage: 'Directors' },
  shareholders: { id: 'backOffice.merchantReview.step.shareholders', defaultMessage: 'Shareholders' },
  documents: { id: 'backOffice.merchantReview.step.documents', defaultMessage: 'Documents' },
  funding: { id: 'backOffice.merchantReview.step.funding', defaultMessage: 'Funding and activity' },
  identity: { id: 'backOffice.merchantReview.step.identity', defaultMessage: 'Identity verification' },
}) satisfies Record<InformationRequestStep, MessageDescriptor>;

const stepTitle = (intl: IntlShape, step: InformationRequestStep) => intl.formatMessage(stepMessages[step]);

export const criterionMessages = defineMessages({
  images_complete: {
    id: 'backOffice.merchantReview.check.imagesComplete',
    defaultMessage: 'Every photo is there',
  },
  image_type: { id: 'backOffice.merchantReview.check.imageType', defaultMessage: 'JPEG or PNG images' },
  image_dimensions: {
    id: 'backOffice.merchantReview.check.imageDimensions',
    defaultMessage: 'The photos are big enough',
  },
  document_not_expired: {
    id: 'backOffice.merchantReview.check.documentNotExpired',
    defaultMessage: 'The document has not expired',
  },
  name_matches_representative: {
    id: 'backOffice.merchantReview.check.nameMatches',
    defaultMessage: 'The name matches the representative',
  },
}) satisfies Record<KycCriterion, MessageDescriptor>;

export const kycDocumentMessages = defineMessages({
  passport: { id: 'backOffice.merchantReview.kycDocument.passport', defaultMessage: 'Passport' },
  id_card: { id: 'backOffice.merchantReview.kycDocument.idCard', defaultMessage: 'Identity card' },
  driving_licence: {
    id: 'backOffice.merchantReview.kycDocument.drivingLicence',
    defaultMessage: 'Driving licence',
  },
}) satisfies Record<KycDocumentType, MessageDescriptor>;

const outcomeMessages: Record<ReviewOutcome, MessageDescriptor> = {
  approved: m.approved,
  awaiting_second_approval: m.awaitingSecondOutcome,
  rejected: m.rejected,
  information_requested: m.informationRequested,
};

const historyMessages: Record<ReviewHistoryEntry['event'], MessageDescriptor> = {
  submitted: m.historySubmitted,
  first_approval: m.historyFirstApproval,
  approved: m.historyApproved,
  rejected: m.historyRejected,
  information_requested: m.historyInformation,
};

/** A moment in the reader's language: "Jan 15, 2026, 9:00 AM". */
export const when = (intl: IntlShape, at: string) =>
  intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });

const reviewStateText = (intl: IntlShape, state: ReviewState | null) =>
  intl.formatMessage(
    state === 'awaiting_review'
      ? m.awaitingReview
      : state === 'awaiting_second_approval'
        ? m.awaitingSecond
        : m.notInReview,
  );

/** Why a decision was refused or could not be sent, in words. */
export function merchantReviewErrorText(intl: IntlShape, error: MerchantReviewError): string {
  switch (error) {
    case 'four_eyes_same_reviewer':
      return intl.formatMessage(m.fourEyes);
    case 'identity_not_confirmed':
      return intl.formatMessage(m.identityNotConfirmed);
    case 'merchant_not_in_review':
      return intl.formatMessage(m.notInReviewError);
    case 'forbidden':
      return intl.formatMessage(m.forbidden);
    case 'conflict':
      return intl.formatMessage(m.noVatNumber);
    case 'network':
      return intl.formatMessage(errorMessages.network);
    case 'validation_failed':
    case 'unknown':
      return intl.formatMessage(m.sendFailed);
  }
}

// ---- The queue ----

/** /back-office/merchant-reviews: the merchants in review, oldest submission first, with their risk flags. */
export function MerchantReviewQueueScreen() {
  const intl = useIntl();
  const { api } = useBackOffice();
  const load = useCallback(
    (signal: AbortSignal) => unwrap(api.GET('/api/back-office/merchant-reviews/', { signal })),
    [api],
  );
  return (
    <ReviewQueuePage
      loadKey="merchant-reviews"
      load={load}
      title={intl.formatMessage(m.queueTitle)}
      intro={intl.formatMessage(m.queueIntro)}
      empty={intl.formatMessage(m.queueEmpty)}
      itemKey={(item) => item.merchant_id}
    >
      {(item) => (
        <>
          <h2>
            <Link to={`/back-office/merchant-reviews/${item.merchant_id}`}>{item.name}</Link>
          </h2>
          <Parts>
            {item.submitted_at ? (
              <span>{intl.formatMessage(m.submittedOn, { date: when(intl, item.submitted_at) })}</span>
            ) : null}
            <span>{reviewStateText(intl, item.state)}</span>
            {item.first_approval ? (
              <span>
                {intl.formatMessage(m.firstApprovalBy, {
                  name: item.first_approval.by.name,
                  date: when(intl, item.first_approval.at),
                })}
              </span>
            ) : null}
            <span>{intl.formatMessage(identityStatusMessages[item.identity_status])}</span>
          </Parts>
          <RiskFlags codes={item.risk_flags.map((flag) => flag.code)} />
        </>
      )}
    </ReviewQueuePage>
  );
}

function RiskFlags({ codes }: { codes: RiskFlagCode[] }) {
  const intl = useIntl();
  if (codes.length === 0) return <p>{intl.formatMessage(m.noRiskFlags)}</p>;
  return (
    <ul aria-label={intl.formatMessage(m.riskFlags)}>
      {codes.map((code) => (
        <li key={code}>{intl.formatMessage(riskMessages[code])}</li>
      ))}
    </ul>
  );
}

// ---- One merchant's file ----

/** /back-office/merchant-reviews/:id on the staff client. */
export function MerchantReviewFileRoute() {
  const { id = '' } = useParams();
  const { api, session } = useBackOffice();
  const staffId = useSelector(session, (snapshot) => snapshot.context.staff?.id ?? null);
  const logic = useMemo(() => merchantReviewLogic(api), [api]);
  const services = useMemo(() => reviewFileServices(api), [api]);
  return (
    <MerchantReviewFileScreen key={id} merchantId={id} logic={logic} services={services} staffId={staffId} />
  );
}

export type MerchantReviewFileScreenProps = {
  merchantId: string;
  logic?: typeof merchantReviewMachine;
  services: ReviewFileServices;
  /**
   * The signed-in staff member: the one who gave the first approval reads in the approval dialog that the second must
   * come from someone else (the server refuses it), not that theirs is the second.
   */
  staffId?: string | null;
  inspect?: InspectionObserver;
};

/** One merchant's file and the reviewer's decision (machines/merchantReview.machine.ts). */
export function MerchantReviewFileScreen({
  merchantId,
  logic,
  services,
  staffId = null,
  inspect,
}: MerchantReviewFileScreenProps) {
  const intl = useIntl();
  const review = useJourneyActor(logic ?? merchantReviewMachine, {
    input: { merchantId },
    ...(inspect ? { inspect } : {}),
  });
  const step = useSelector(review, selectMerchantReviewStep);
  const file = useSelector(review, (snapshot: MerchantReviewSnapshot) => snapshot.context.file);
  const error = useSelector(review, (snapshot: MerchantReviewSnapshot) => snapshot.context.error);
  const busy = useSelector(review, (snapshot: MerchantReviewSnapshot) => snapshot.hasTag('busy'));
  const outcome = useSelector(review, (snapshot: MerchantReviewSnapshot) => snapshot.context.outcome);
  const missing = useSelector(review, (snapshot: MerchantReviewSnapshot) => snapshot.context.missing);
  const canDecide = useSelector(review, (snapshot: MerchantReviewSnapshot) =>
    snapshot.can({ type: 'approve.start' }),
  );
  const [reason, setReason] = useState('');

  if (step === 'loading') return <PageSpinner />;
  const errorText = error ? merchantReviewErrorText(intl, error) : null;
  if (step === 'loadFailed' || !file) {
    return (
      <ReviewLoadFailed
        title={intl.formatMessage(m.fileTitle)}
        failed={intl.formatMessage(m.loadFailed)}
        detail={errorText}
        retry={intl.formatMessage(m.retry)}
        onRetry={() => review.send({ type: 'load.retry' })}
      />
    );
  }

  return (
    <Page>
      <p>
        <Link to="/back-office/merchant-reviews">{intl.formatMessage(m.backToQueue)}</Link>
      </p>
      <h1>{file.merchant.name}</h1>
      <Parts>
        {file.submitted_at ? (
          <span>{intl.formatMessage(m.submittedOn, { date: when(intl, file.submitted_at) })}</span>
        ) : null}
        <span>{reviewStateText(intl, file.state)}</span>
      </Parts>
      {errorText ? <Alert role="alert">{errorText}</Alert> : null}
      {step === 'decided' && outcome ? (
        <Card role="status">{intl.formatMessage(outcomeMessages[outcome])}</Card>
      ) : null}

      <Card>
        <h2>{intl.formatMessage(m.riskFlags)}</h2>
        <RiskFlags codes={file.risk_flags.map((flag) => flag.code)} />
        <h2>{intl.formatMessage(m.approvals)}</h2>
        <p>{intl.formatMessage(m.approvalsNeeded, { count: file.approvals_needed })}</p>
        <p>
          {file.first_approval
            ? intl.formatMessage(m.firstApprovalBy, {
                name: file.first_approval.by.name,
                date: when(intl, file.first_approval.at),
              })
            : intl.formatMessage(m.noApprovalYet)}
        </p>
      </Card>

      <FileFacts
        file={file}
        vatCheck={
          step === 'reviewing' || step === 'checkingVat' ? (
            <Button
              variant="secondary"
              busy={step === 'checkingVat'}
              onClick={() => review.send({ type: 'vat.recheck' })}
            >
              {intl.formatMessage(m.recheckVat)}
            </Button>
          ) : null
        }
      />
      <DocumentsSection file={file} services={services} />
      <IdentitySection file={file} services={services} />
      <HistorySection history={file.history} />

      {(step === 'reviewing' && canDecide) || (step === 'checkingVat' && file.state !== null) ? (
        <Card>
          <h2>{intl.formatMessage(m.decision)}</h2>
          <Parts>
            <Button disabled={busy} onClick={() => review.send({ type: 'approve.start' })}>
              {intl.formatMessage(m.approve)}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => review.send({ type: 'reject.start' })}>
              {intl.formatMessage(m.reject)}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => review.send({ type: 'information.start' })}
            >
              {intl.formatMessage(m.askInformation)}
            </Button>
          </Parts>
        </Card>
      ) : null}
      {step === 'confirmingApproval' ? (
        <ConfirmDecision
          title={intl.formatMessage(m.confirmTitle)}
          confirm={intl.formatMessage(m.confirmApprove)}
          cancel={intl.formatMessage(m.cancel)}
          busy={busy}
          onConfirm={() => review.send({ type: 'approve.confirm' })}
          onCancel={() => review.send({ type: 'decision.back' })}
        >
          <p>
            {intl.formatMessage(
              staffId !== null && file.first_approval?.by.staff_id === staffId
                ? m.fourEyes
                : file.first_approval
                  ? m.confirmSecond
                  : file.approvals_needed > 1
                    ? m.confirmFirst
                    : m.confirmOpens,
            )}
          </p>
        </ConfirmDecision>
      ) : null}
      {step === 'rejecting' ? (
        <ReasonForm
          heading={intl.formatMessage(m.reject)}
          label={intl.formatMessage(m.reason)}
          hint={intl.formatMessage(m.reasonHint)}
          missing={missing.reason === true ? intl.formatMessage(m.reasonMissing) : null}
          submit={intl.formatMessage(m.rejectSubmit)}
          cancel={intl.formatMessage(m.cancel)}
          busy={busy}
          reason={reason}
          onReasonChange={setReason}
          onSubmit={(text) => review.send({ type: 'reject.submit', reason: text })}
          onCancel={() => review.send({ type: 'decision.back' })}
        />
      ) : null}
      {step === 'requestingInformation' ? (
        <InformationForm
          busy={busy}
          stepsMissing={missing.steps === true}
          notesMissing={missing.notes ?? []}
          onSubmit={(steps) => review.send({ type: 'information.submit', steps })}
          onCancel={() => review.send({ type: 'decision.back' })}
        />
      ) : null}
      {step === 'failed' ? (
        <RetryOrBack
          retry={intl.formatMessage(m.retry)}
          back={intl.formatMessage(m.backToFile)}
          onRetry={() => review.send({ type: 'decision.retry' })}
          onBack={() => review.send({ type: 'decision.back' })}
        />
      ) : null}
    </Page>
  );
}

function InformationForm({
  busy,
  stepsMissing,
  notesMissing,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  stepsMissing: boolean;
  notesMissing: InformationRequestStep[];
  onSubmit: (steps: InformationStep[]) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<Partial<Record<InformationRequestStep, string>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(
      informationRequestSteps
        .filter((step) => chosen[step] !== undefined)
        .map((step) => ({ step, note: chosen[step] ?? '' })),
    );
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <h2>{intl.formatMessage(m.askInformation)}</h2>
        <fieldset aria-describedby={stepsMissing ? 'information-steps-missing' : undefined}>
          <legend>{intl.formatMessage(m.steps)}</legend>
          {stepsMissing ? (
            <p id="information-steps-missing" className="error">
              {intl.formatMessage(m.stepsMissing)}
            </p>
          ) : null}
          {informationRequestSteps.map((step) => (
            <div key={step}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen[step] !== undefined}
                  disabled={busy}
                  onChange={(event) => {
                    const next = { ...chosen };
                    if (event.target.checked) next[step] = '';
                    else delete next[step];
                    setChosen(next);
                  }}
                />
                {stepTitle(intl, step)}
              </label>
              {chosen[step] !== undefined ? (
                <TextArea
                  label={intl.formatMessage(m.note, { step: stepTitle(intl, step) })}
                  maxLength={500}
                  value={chosen[step]}
                  disabled={busy}
                  error={notesMissing.includes(step) ? intl.formatMessage(m.noteMissing) : null}
                  onChange={(event) => setChosen({ ...chosen, [step]: event.target.value })}
                />
              ) : null}
            </div>
          ))}
        </fieldset>
        <Parts>
          <Button type="submit" busy={busy}>
            {intl.formatMessage(m.requestSubmit)}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </Parts>
      </form>
    </Card>
  );
}

/** Company, representative, directors, shareholders and funding as onboarding saved them, and the VAT check. */
function FileFacts({ file, vatCheck }: { file: MerchantReviewFile; vatCheck: ReactNode }) {
  const intl = useIntl();
  const { representative, company, directors, shareholders, funding } = file.steps;
  const notSaved = <p>{intl.formatMessage(m.notSaved)}</p>;
  const share = (basisPoints: number) => intl.formatNumber(basisPoints / 100, { maximumFractionDigits: 2 });
  return (
    <>
      <Card>
        <h2>{stepTitle(intl, 'company')}</h2>
        {company ? (
          <>
            <p>
              <Parts>
                <strong>{company.name}</strong>
                {company.commercial_name ? <span>{company.commercial_name}</span> : null}
              </Parts>
            </p>
            <p>
              {intl.formatMessage(m.companyLine, {
                form: company.legal_form,
                country: company.country_of_registration,
                registration: company.registration_number,
                vat: company.vat_number,
              })}
            </p>
          </>
        ) : (
          notSaved
        )}
        {file.owner ? (
          <p>
            <Parts>
              <span>{intl.formatMessage(m.owner)}</span>
              <span>{file.owner.name}</span>
              <span>{file.owner.email}</span>
              {file.owner.phone ? <span>{file.owner.phone}</span> : null}
            </Parts>
          </p>
        ) : null}
        <h3>{intl.formatMessage(m.vat)}</h3>
        {file.vat_check ? (
          <>
            <p>
              {intl.formatMessage(m.vatNumber, {
                country: file.vat_check.country,
                number: file.vat_check.vat_number,
              })}
            </p>
            <p>{intl.formatMessage(file.vat_check.format_valid ? m.vatFormatValid : m.vatFormatInvalid)}</p>
            <p>
              {file.vat_check.registry === 'valid'
                ? intl.formatMessage(m.vatValid, { name: file.vat_check.name ?? '' })
                : intl.formatMessage(
                    file.vat_check.registry === 'invalid'
                      ? m.vatInvalid
                      : file.vat_check.registry === 'unavailable'
                        ? m.vatUnavailable
                        : m.vatNotConfigured,
                  )}
            </p>
            <Muted>
              {intl.formatMessage(m.vatCheckedOn, {
                date: when(intl, file.vat_check.checked_at),
                by: intl.formatMessage(file.vat_check.checked_by === 'staff' ? m.byStaff : m.byMerchant),
              })}
            </Muted>
          </>
        ) : (
          <p>{intl.formatMessage(m.noVatCheck)}</p>
        )}
        {vatCheck}
      </Card>
      <Card>
        <h2>{stepTitle(intl, 'representative')}</h2>
        {representative ? (
          <p>
            {intl.formatMessage(m.representativeLine, {
              name: `${representative.first_name} ${representative.last_name}`,
              title: representative.job_title,
              born: representative.date_of_birth,
              phone: representative.phone,
            })}
          </p>
        ) : (
          notSaved
        )}
      </Card>
      <Card>
        <h2>{stepTitle(intl, 'directors')}</h2>
        {directors ? (
          <ul>
            {directors.directors.map((director, index) => (
              <li key={index}>
                {intl.formatMessage(m.director, {
                  name: `${director.first_name} ${director.last_name}`,
                  born: director.date_of_birth,
                })}
                {director.is_legal_representative ? (
                  <strong> {intl.formatMessage(m.legalRepresentative)}</strong>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          notSaved
        )}
      </Card>
      <Card>
        <h2>{stepTitle(intl, 'shareholders')}</h2>
        {shareholders ? (
          <>
            <ul>
              {shareholders.shareholders.map((holder, index) => (
                <li key={index}>
                  {intl.formatMessage(m.shareholder, {
                    name: holder.name,
                    country: holder.country,
                    share: holder.percentage,
                  })}
                  {holder.has_control ? <strong> {intl.formatMessage(m.hasControl)}</strong> : null}
                </li>
              ))}
            </ul>
            <p>{intl.formatMessage(m.ownership, { share: share(file.ownership_basis_points) })}</p>
            {shareholders.ubos_known ? null : <p>{intl.formatMessage(m.ubosUnknown)}</p>}
          </>
        ) : (
          notSaved
        )}
      </Card>
      <Card>
        <h2>{stepTitle(intl, 'funding')}</h2>
        {funding ? (
          <>
            <p>
              {intl.formatMessage(m.incoming, {
                amount: formatMoney(intl, funding.expected_incoming),
                country: funding.source_country,
              })}
            </p>
            <p>
              {intl.formatMessage(m.spending, {
                amount: formatMoney(intl, funding.expected_spending),
                country: funding.destination_country,
              })}
            </p>
            {funding.other_funding_method ? (
              <p>{intl.formatMessage(m.otherFunding, { text: funding.other_funding_method })}</p>
            ) : null}
          </>
        ) : (
          notSaved
        )}
      </Card>
    </>
  );
}

function DocumentsSection({ file, services }: { file: MerchantReviewFile; services: ReviewFileServices }) {
  const intl = useIntl();
  const { opened, failed, open, close } = useInlineFiles();
  const openDocument = (document: OnboardingDocument) =>
    open([
      {
        title: `${documentTypeName(intl, document.type)}: ${document.file_name}`,
        contentType: document.content_type,
        fetch: () => services.openDocument(file.merchant.id, document.id),
      },
    ]);
  const documents = file.logo ? [...file.documents, file.logo] : file.documents;
  return (
    <Card>
      <h2>{intl.formatMessage(m.documents)}</h2>
      <ul>
        {documents.map((document) => (
          <li key={document.id}>
            <Parts>
              <span>{documentTypeName(intl, document.type)}</span>
              <Button variant="secondary" onClick={() => void openDocument(document)}>
                {intl.formatMessage(m.open, { file: document.file_name })}
              </Button>
            </Parts>
          </li>
        ))}
      </ul>
      {file.missing_documents.length > 0 ? (
        <p>
          {intl.formatMessage(m.missingDocuments, {
            list: intl.formatList(file.missing_documents.map((type) => documentTypeName(intl, type))),
          })}
        </p>
      ) : null}
      {failed ? <p className="error">{intl.formatMessage(m.openFailed)}</p> : null}
      {opened[0] ? (
        <InlineFile file={opened[0]} closeLabel={intl.formatMessage(m.close)} onClose={close} />
      ) : null}
    </Card>
  );
}

function IdentitySection({ file, services }: { file: MerchantReviewFile; services: ReviewFileServices }) {
  const intl = useIntl();
  const identity = file.identity;
  if (!identity) {
    return (
      <Card>
        <h2>{intl.formatMessage(m.identity)}</h2>
        <p>{intl.formatMessage(m.noIdentity)}</p>
      </Card>
    );
  }
  const reviewer = identity.reviewed_by?.name ?? '';
  return (
    <Card>
      <h2>{intl.formatMessage(m.identity)}</h2>
      <p>{intl.formatMessage(identityStatusMessages[identity.status])}</p>
      <p>
        {intl.formatMessage(m.documentLine, {
          type: intl.formatMessage(kycDocumentMessages[identity.document_type]),
          number: identity.document_number,
          expiry: identity.expiry_date,
        })}
      </p>
      <p>{intl.formatMessage(m.nameOnDocument, { name: `${identity.first_name} ${identity.last_name}` })}</p>
      <ul>
        {identity.checks.map((check) => (
          <li key={check.criterion}>
            {intl.formatMessage(check.passed ? m.checkPassed : m.checkFailed, {
              check: intl.formatMessage(criterionMessages[check.criterion]),
            })}
          </li>
        ))}
      </ul>
      {identity.review ? (
        <p>
          {identity.review.status === 'confirmed'
            ? intl.formatMessage(m.reviewConfirmed, { name: reviewer })
            : identity.review.status === 'refused'
              ? intl.formatMessage(m.reviewRefused, { name: reviewer, reason: identity.review.reason ?? '' })
              : intl.formatMessage(m.reviewAwaiting)}
        </p>
      ) : null}
      <IdentityPhotos
        identity={identity}
        services={services}
        failedText={intl.formatMessage(m.openFailed)}
        showLabel={intl.formatMessage(m.showPhotos)}
      />
    </Card>
  );
}

function HistorySection({ history }: { history: ReviewHistoryEntry[] }) {
  const intl = useIntl();
  if (history.length === 0) return null;
  return (
    <Card>
      <h2>{intl.formatMessage(m.history)}</h2>
      <ol>
        {history.map((entry, index) => (
          <li key={index}>
            <Parts>
              <span>{when(intl, entry.at)}</span>
              <strong>{intl.formatMessage(historyMessages[entry.event])}</strong>
              {entry.by ? <span>{entry.by.name}</span> : null}
            </Parts>
            {entry.reason ? <p>{entry.reason}</p> : null}
            {entry.steps.length > 0 ? (
              <ul>
                {entry.steps.map((one) => (
                  <li key={one.step}>
                    <Parts>
                      <strong>{stepTitle(intl, one.step)}</strong>
                      <span>{one.note}</span>
                    </Parts>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
