import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { Link, useParams } from 'react-router';
import {
  identityReviewMachine,
  selectIdentityReviewStep,
  type IdentityReviewError,
  type IdentityReviewSnapshot,
} from '../../../machines/identityReview.machine';
import { unwrap } from '../../api/client';
import { useBackOffice } from '../../app/backOfficeContext';
import { useJourneyActor, type InspectionObserver } from '../../app/inspection';
import {
  identityReviewLogic,
  reviewFileServices,
  type ReviewFileServices,
} from '../../app/merchantReviewActors';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Card, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { criterionMessages, identityStatusMessages, kycDocumentMessages, when } from './MerchantReviewScreen';
import { IdentityPhotos } from './InlineFiles';
import { Parts } from './Parts';
import { ConfirmDecision, ReasonForm, RetryOrBack, ReviewLoadFailed, ReviewQueuePage } from './ReviewParts';

const m = defineMessages({
  queueTitle: { id: 'backOffice.identityReview.queueTitle', defaultMessage: 'Identity reviews' },
  queueIntro: {
    id: 'backOffice.identityReview.queueIntro',
    defaultMessage: 'Photos through the automatic checks that wait for a person, oldest first.',
  },
  queueEmpty: { id: 'backOffice.identityReview.queueEmpty', defaultMessage: 'No identity waits for review.' },
  title: { id: 'backOffice.identityReview.title', defaultMessage: 'Identity review' },
  backToQueue: {
    id: 'backOffice.identityReview.backToQueue',
    defaultMessage: 'Back to the identity reviews',
  },
  loadFailed: {
    id: 'backOffice.identityReview.loadFailed',
    defaultMessage: 'The verification could not be read.',
  },
  retry: { id: 'backOffice.identityReview.retry', defaultMessage: 'Try again' },
  backToPhotos: { id: 'backOffice.identityReview.backToPhotos', defaultMessage: 'Back to the photos' },
  merchant: defineMessage<{ name: string }>({
    id: 'backOffice.identityReview.merchant',
    defaultMessage: 'Merchant: {name}',
  }),
  fullName: defineMessage<{ first: string; last: string }>({
    id: 'backOffice.identityReview.fullName',
    defaultMessage: '{first} {last}',
  }),
  typed: { id: 'backOffice.identityReview.typed', defaultMessage: 'From the document' },
  representative: {
    id: 'backOffice.identityReview.representative',
    defaultMessage: 'The representative as saved',
  },
  person: defineMessage<{ name: string; born: string }>({
    id: 'backOffice.identityReview.person',
    defaultMessage: '{name}, born {born}',
  }),
  documentLine: defineMessage<{ type: string; number: string; expiry: string; name: string }>({
    id: 'backOffice.identityReview.documentLine',
    defaultMessage: '{type} {number}, valid until {expiry}, in the name of {name}',
  }),
  checks: { id: 'backOffice.identityReview.checks', defaultMessage: 'Automatic checks' },
  checkPassed: defineMessage<{ check: string }>({
    id: 'backOffice.identityReview.checkPassed',
    defaultMessage: '{check}: passed',
  }),
  checkFailed: defineMessage<{ check: string }>({
    id: 'backOffice.identityReview.checkFailed',
    defaultMessage: '{check}: failed',
  }),
  photos: { id: 'backOffice.identityReview.photos', defaultMessage: 'Photos' },
  photoFailed: {
    id: 'backOffice.identityReview.photoFailed',
    defaultMessage: 'The photo could not be opened.',
  },
  confirm: { id: 'backOffice.identityReview.confirm', defaultMessage: 'Confirm the identity' },
  refuse: { id: 'backOffice.identityReview.refuse', defaultMessage: 'Refuse the photos' },
  confirmTitle: { id: 'backOffice.identityReview.confirmTitle', defaultMessage: 'Confirm this identity?' },
  confirmBody: {
    id: 'backOffice.identityReview.confirmBody',
    defaultMessage:
      'The face and the document match the representative: the merchant reads “verified” from now on.',
  },
  confirmYes: { id: 'backOffice.identityReview.confirmYes', defaultMessage: 'Yes, confirm' },
  cancel: { id: 'backOffice.identityReview.cancel', defaultMessage: 'Cancel' },
  reason: { id: 'backOffice.identityReview.reason', defaultMessage: 'Why the photos are refused' },
  reasonHint: {
    id: 'backOffice.identityReview.reasonHint',
    defaultMessage: 'The representative reads it and takes the photos again; at most 500 characters.',
  },
  reasonMissing: { id: 'backOffice.identityReview.reasonMissing', defaultMessage: 'Write the reason.' },
  refuseSubmit: { id: 'backOffice.identityReview.refuseSubmit', defaultMessage: 'Send the refusal' },
  confirmed: {
    id: 'backOffice.identityReview.confirmed',
    defaultMessage: 'Confirmed: the merchant reads that the identity is verified.',
  },
  refused: {
    id: 'backOffice.identityReview.refused',
    defaultMessage: 'Refused: the representative reads your reason and takes the photos again.',
  },
  reviewedConfirmed: defineMessage<{ name: string }>({
    id: 'backOffice.identityReview.reviewedConfirmed',
    defaultMessage: 'Confirmed by {name}.',
  }),
  reviewedRefused: defineMessage<{ name: string; reason: string }>({
    id: 'backOffice.identityReview.reviewedRefused',
    defaultMessage: 'Refused by {name}: {reason}',
  }),
  stateError: {
    id: 'backOffice.identityReview.error.state',
    defaultMessage:
      'These photos can no longer be reviewed: someone reviewed them meanwhile, or the representative started again. The page shows where they stand.',
  },
  forbidden: {
    id: 'backOffice.identityReview.error.forbidden',
    defaultMessage:
      'You may not review this identity (for example, a company you are a user of): ask another reviewer.',
  },
  sendFailed: {
    id: 'backOffice.identityReview.error.sendFailed',
    defaultMessage: 'The review could not be sent. Please try again.',
  },
});

export function identityReviewErrorText(intl: IntlShape, error: IdentityReviewError): string {
  switch (error) {
    case 'identity_review_state':
      return intl.formatMessage(m.stateError);
    case 'forbidden':
      return intl.formatMessage(m.forbidden);
    case 'network':
      return intl.formatMessage(errorMessages.network);
    case 'validation_failed':
    case 'unknown':
      return intl.formatMessage(m.sendFailed);
  }
}

// ---- The queue ----

/** /back-office/identity-reviews: verifications through the automatic checks that wait for a person. */
export function IdentityReviewQueueScreen() {
  const intl = useIntl();
  const { api } = useBackOffice();
  const load = useCallback(
    (signal: AbortSignal) => unwrap(api.GET('/api/back-office/identity-reviews/', { signal })),
    [api],
  );
  return (
    <ReviewQueuePage
      loadKey="identity-reviews"
      load={load}
      title={intl.formatMessage(m.queueTitle)}
      intro={intl.formatMessage(m.queueIntro)}
      empty={intl.formatMessage(m.queueEmpty)}
      itemKey={(item) => item.verification_id}
    >
      {(item) => (
        <>
          <h2>
            <Link to={`/back-office/identity-reviews/${item.verification_id}`}>
              {intl.formatMessage(m.fullName, { first: item.first_name, last: item.last_name })}
            </Link>
          </h2>
          <Parts>
            <span>{intl.formatMessage(m.merchant, { name: item.merchant.name })}</span>
            <span>{intl.formatMessage(kycDocumentMessages[item.document_type])}</span>
            {item.evaluated_at ? <span>{when(intl, item.evaluated_at)}</span> : null}
          </Parts>
        </>
      )}
    </ReviewQueuePage>
  );
}

// ---- One verification ----

/** /back-office/identity-reviews/:id on the staff client. */
export function IdentityReviewRoute() {
  const { id = '' } = useParams();
  const { api } = useBackOffice();
  const logic = useMemo(() => identityReviewLogic(api), [api]);
  const services = useMemo(() => reviewFileServices(api), [api]);
  return <IdentityReviewScreen key={id} verificationId={id} logic={logic} services={services} />;
}

export type IdentityReviewScreenProps = {
  verificationId: string;
  logic?: typeof identityReviewMachine;
  services: ReviewFileServices;
  inspect?: InspectionObserver;
};

/** One verification: the photos beside the details, and confirm or refuse (machines/identityReview.machine.ts). */
export function IdentityReviewScreen({
  verificationId,
  logic,
  services,
  inspect,
}: IdentityReviewScreenProps) {
  const intl = useIntl();
  const review = useJourneyActor(logic ?? identityReviewMachine, {
    input: { verificationId },
    ...(inspect ? { inspect } : {}),
  });
  const step = useSelector(review, selectIdentityReviewStep);
  const item = useSelector(review, (snapshot: IdentityReviewSnapshot) => snapshot.context.item);
  const error = useSelector(review, (snapshot: IdentityReviewSnapshot) => snapshot.context.error);
  const busy = useSelector(review, (snapshot: IdentityReviewSnapshot) => snapshot.hasTag('busy'));
  const reasonMissing = useSelector(
    review,
    (snapshot: IdentityReviewSnapshot) => snapshot.context.reasonMissing,
  );
  const canDecide = useSelector(review, (snapshot: IdentityReviewSnapshot) =>
    snapshot.can({ type: 'confirm.start' }),
  );
  const [reason, setReason] = useState('');

  if (step === 'loading') return <PageSpinner />;
  if (step === 'loadFailed' || !item) {
    return (
      <ReviewLoadFailed
        title={intl.formatMessage(m.title)}
        failed={intl.formatMessage(m.loadFailed)}
        retry={intl.formatMessage(m.retry)}
        onRetry={() => review.send({ type: 'load.retry' })}
      />
    );
  }
  const reviewer = item.reviewed_by?.name ?? '';
  return (
    <Page>
      <p>
        <Link to="/back-office/identity-reviews">{intl.formatMessage(m.backToQueue)}</Link>
      </p>
      <h1>{intl.formatMessage(m.title)}</h1>
      <p>{intl.formatMessage(m.merchant, { name: item.merchant.name })}</p>
      {error ? <Alert role="alert">{identityReviewErrorText(intl, error)}</Alert> : null}
      {step === 'decided' ? (
        <Card role="status">
          {intl.formatMessage(item.review?.status === 'refused' ? m.refused : m.confirmed)}
        </Card>
      ) : null}
      <Card>
        <p>{intl.formatMessage(identityStatusMessages[item.status])}</p>
        <h2>{intl.formatMessage(m.typed)}</h2>
        <p>
          {intl.formatMessage(m.documentLine, {
            type: intl.formatMessage(kycDocumentMessages[item.document_type]),
            number: item.document_number,
            expiry: item.expiry_date,
            name: `${item.first_name} ${item.last_name}`,
          })}
        </p>
        <h2>{intl.formatMessage(m.representative)}</h2>
        {item.representative ? (
          <p>
            {intl.formatMessage(m.person, {
              name: `${item.representative.first_name} ${item.representative.last_name}`,
              born: item.representative.date_of_birth,
            })}
          </p>
        ) : null}
        <h2>{intl.formatMessage(m.checks)}</h2>
        <ul>
          {item.checks.map((check) => (
            <li key={check.criterion}>
              {intl.formatMessage(check.passed ? m.checkPassed : m.checkFailed, {
                check: intl.formatMessage(criterionMessages[check.criterion]),
              })}
            </li>
          ))}
        </ul>
        {item.review?.status === 'confirmed' ? (
          <p>{intl.formatMessage(m.reviewedConfirmed, { name: reviewer })}</p>
        ) : null}
        {item.review?.status === 'refused' ? (
          <p>{intl.formatMessage(m.reviewedRefused, { name: reviewer, reason: item.review.reason ?? '' })}</p>
        ) : null}
      </Card>
      <Card>
        <h2>{intl.formatMessage(m.photos)}</h2>
        <IdentityPhotos identity={item} services={services} failedText={intl.formatMessage(m.photoFailed)} />
      </Card>

      {step === 'viewing' && canDecide ? (
        <Parts>
          <Button onClick={() => review.send({ type: 'confirm.start' })}>
            {intl.formatMessage(m.confirm)}
          </Button>
          <Button variant="secondary" onClick={() => review.send({ type: 'refuse.start' })}>
            {intl.formatMessage(m.refuse)}
          </Button>
        </Parts>
      ) : null}
      {step === 'confirming' ? (
        <ConfirmDecision
          title={intl.formatMessage(m.confirmTitle)}
          confirm={intl.formatMessage(m.confirmYes)}
          cancel={intl.formatMessage(m.cancel)}
          busy={busy}
          onConfirm={() => review.send({ type: 'confirm.send' })}
          onCancel={() => review.send({ type: 'decision.back' })}
        >
          <p>{intl.formatMessage(m.confirmBody)}</p>
        </ConfirmDecision>
      ) : null}
      {step === 'refusing' ? (
        <ReasonForm
          label={intl.formatMessage(m.reason)}
          hint={intl.formatMessage(m.reasonHint)}
          missing={reasonMissing ? intl.formatMessage(m.reasonMissing) : null}
          submit={intl.formatMessage(m.refuseSubmit)}
          cancel={intl.formatMessage(m.cancel)}
          busy={busy}
          reason={reason}
          onReasonChange={setReason}
          onSubmit={(text) => review.send({ type: 'refuse.submit', reason: text })}
          onCancel={() => review.send({ type: 'decision.back' })}
        />
      ) : null}
      {step === 'failed' ? (
        <RetryOrBack
          retry={intl.formatMessage(m.retry)}
          back={intl.formatMessage(m.backToPhotos)}
          onRetry={() => review.send({ type: 'decision.retry' })}
          onBack={() => review.send({ type: 'decision.back' })}
        />
      ) : null}
    </Page>
  );
}
