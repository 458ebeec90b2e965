import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  legalChangeReviewMachine,
  selectCanDecide,
  selectLegalChange,
  selectLegalChangeReviewBusy,
  selectLegalChangeReviewError,
  selectLegalChangeReviewStep,
  selectReason,
  selectReasonError,
  type LegalChangeReviewError,
} from '../../../machines/legalChangeReview.machine';
import type { LegalChange } from '../../../schemas/legalChangeReview.schema';
import type { OnboardingDocument } from '../../../schemas/onboarding.schema';
import { useJourneyActor } from '../../app/inspection';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Row } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';

export const legalChangeText = {
  merchant: defineMessage<{ name: string }>({
    id: 'backOffice.legalChange.merchant',
    defaultMessage: 'Merchant: {name}',
  }),
  requested: defineMessage<{ name: string; email: string; date: string }>({
    id: 'backOffice.legalChange.requested',
    defaultMessage: 'Asked by {name} ({email}) on {date}',
  }),
  open: defineMessage<{ name: string }>({ id: 'backOffice.legalChange.open', defaultMessage: 'Open {name}' }),
  decidedBy: defineMessage<{ name: string; date: string }>({
    id: 'backOffice.legalChange.decidedBy',
    defaultMessage: 'Decided by {name} on {date}.',
  }),
  decidedBySandbox: defineMessage<{ date: string }>({
    id: 'backOffice.legalChange.decidedBySandbox',
    defaultMessage: 'Decided through the sandbox on {date}.',
  }),
  changedField: defineMessage<{ field: string }>({
    id: 'backOffice.legalChange.changedField',
    defaultMessage: '{field} (changed)',
  }),
  reason: defineMessage<{ reason: string }>({
    id: 'backOffice.legalChange.reason',
    defaultMessage: 'Reason: {reason}',
  }),
  ...defineMessages({
    title: { id: 'backOffice.legalChange.title', defaultMessage: 'Change of legal details' },
    loadFailedTitle: {
      id: 'backOffice.legalChange.loadFailedTitle',
      defaultMessage: 'This change could not be opened',
    },
    retry: { id: 'backOffice.legalChange.retry', defaultMessage: 'Try again' },
    field: { id: 'backOffice.legalChange.field', defaultMessage: 'Field' },
    now: { id: 'backOffice.legalChange.now', defaultMessage: 'Now' },
    asked: { id: 'backOffice.legalChange.asked', defaultMessage: 'Asked for' },
    documents: { id: 'backOffice.legalChange.documents', defaultMessage: 'Documents added from the profile' },
    noDocuments: { id: 'backOffice.legalChange.noDocuments', defaultMessage: 'No documents added.' },
    approve: { id: 'backOffice.legalChange.approve', defaultMessage: 'Approve' },
    reject: { id: 'backOffice.legalChange.reject', defaultMessage: 'Reject' },
    cancel: { id: 'backOffice.legalChange.cancel', defaultMessage: 'Cancel' },
    confirmTitle: { id: 'backOffice.legalChange.confirmTitle', defaultMessage: 'Approve this change?' },
    confirmIntro: {
      id: 'backOffice.legalChange.confirmIntro',
      defaultMessage: 'The new details apply at once and the owner sees them on the profile.',
    },
    reasonTitle: { id: 'backOffice.legalChange.reasonTitle', defaultMessage: 'Reject this change' },
    reasonLabel: { id: 'backOffice.legalChange.reasonLabel', defaultMessage: 'Reason the owner will read' },
    reasonHint: {
      id: 'backOffice.legalChange.reasonHint',
      defaultMessage: 'Say what is wrong or missing, at most 500 characters.',
    },
    reasonRequired: { id: 'backOffice.legalChange.reasonRequired', defaultMessage: 'Give a reason.' },
    approvedTitle: { id: 'backOffice.legalChange.approvedTitle', defaultMessage: 'Change approved' },
    rejectedTitle: { id: 'backOffice.legalChange.rejectedTitle', defaultMessage: 'Change rejected' },
    backToQueue: { id: 'backOffice.legalChange.backToQueue', defaultMessage: 'Back to the queue' },
    errorConflict: {
      id: 'backOffice.legalChange.error.conflict',
      defaultMessage: 'Someone else decided this change meanwhile. Here is their decision.',
    },
    errorNotFound: {
      id: 'backOffice.legalChange.error.notFound',
      defaultMessage: 'There is no such change.',
    },
    errorNetwork: {
      id: 'backOffice.legalChange.error.network',
      defaultMessage: 'A network error has occurred.',
    },
    errorUnknown: {
      id: 'backOffice.legalChange.error.unknown',
      defaultMessage: 'Something went wrong. Please try again.',
    },
    kindCompany: { id: 'backOffice.legalChange.kind.company', defaultMessage: 'Company’s legal details' },
    kindDirectors: { id: 'backOffice.legalChange.kind.directors', defaultMessage: 'Directors' },
    kindShareholders: { id: 'backOffice.legalChange.kind.shareholders', defaultMessage: 'Shareholders' },
    kindRepresentative: {
      id: 'backOffice.legalChange.kind.representative',
      defaultMessage: 'Representative’s identity',
    },
    none: { id: 'backOffice.legalChange.none', defaultMessage: 'None' },
  }),
};
const m = legalChangeText;

export function legalChangeErrorText(intl: IntlShape, error: LegalChangeReviewError): string {
  switch (error) {
    case 'conflict':
      return intl.formatMessage(m.errorConflict);
    case 'not_found':
      return intl.formatMessage(m.errorNotFound);
    case 'network':
      return intl.formatMessage(m.errorNetwork);
    case 'unknown':
      return intl.formatMessage(m.errorUnknown);
  }
}

export function legalChangeKindText(intl: IntlShape, kind: LegalChange['kind']): string {
  switch (kind) {
    case 'company':
      return intl.formatMessage(m.kindCompany);
    case 'directors':
      return intl.formatMessage(m.kindDirectors);
    case 'shareholders':
      return intl.formatMessage(m.kindShareholders);
    case 'representative':
      return intl.formatMessage(m.kindRepresentative);
  }
}

/** A stored value as one line: an address by its parts, a list of people by their names. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(valueText).join('; ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('line1' in record) {
      return [
        record.line1,
        record.line2,
        `${String(record.postal_code ?? '')} ${String(record.city ?? '')}`,
        record.country,
      ]
        .filter((part) => typeof part === 'string' && part.trim() !== '')
        .join(', ');
    }
    if ('first_name' in record) return `${String(record.first_name)} ${String(record.last_name)}`;
    if ('percentage' in record) return `${String(record.name)} (${String(record.percentage)} %)`;
    return Object.values(record).map(valueText).join(', ');
  }
  return String(value);
}

/** The rows of the comparison: one per field (the lists of people are one row each). */
function rowsOf(change: LegalChange): { field: string; now: string; asked: string; changed: boolean }[] {
  const current = (change.current ?? {}) as Record<string, unknown>;
  const proposed = change.proposed as Record<string, unknown>;
  return Object.keys(proposed).map((field) => ({
    field,
    now: valueText(current[field]),
    asked: valueText(proposed[field]),
    changed: change.changed_fields.includes(field) || change.changed_fields.includes(change.kind),
  }));
}

type Journey = ActorRefFrom<typeof legalChangeReviewMachine>;
type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

function ErrorAlert({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const error = useSelector(journey, selectLegalChangeReviewError);
  return error ? <Alert role="alert">{legalChangeErrorText(intl, error)}</Alert> : null;
}

function ChangeDetails({
  change,
  onOpenDocument,
}: {
  change: LegalChange;
  onOpenDocument: (document: OnboardingDocument) => void;
}) {
  const intl = useIntl();
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <Muted>{intl.formatMessage(m.merchant, { name: change.merchant.name })}</Muted>
      {change.requested_by ? (
        <Muted>
          {intl.formatMessage(m.requested, {
            name: change.requested_by.name,
            email: change.requested_by.email,
            date: date(change.created_at),
          })}
        </Muted>
      ) : null}
      <Card>
        <h2>{legalChangeKindText(intl, change.kind)}</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.field)}</th>
              <th scope="col">{intl.formatMessage(m.now)}</th>
              <th scope="col">{intl.formatMessage(m.asked)}</th>
            </tr>
          </thead>
          <tbody>
            {rowsOf(change).map((row) => (
              <tr key={row.field}>
                <th scope="row">
                  {row.changed ? intl.formatMessage(m.changedField, { field: row.field }) : row.field}
                </th>
                <td>{row.now || intl.formatMessage(m.none)}</td>
                <td>{row.asked || intl.formatMessage(m.none)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card>
        <h2>{intl.formatMessage(m.documents)}</h2>
        {change.documents.length === 0 ? <Muted>{intl.formatMessage(m.noDocuments)}</Muted> : null}
        {change.documents.map((document) => (
          <p key={document.id}>
            <Button variant="secondary" onClick={() => onOpenDocument(document)}>
              {intl.formatMessage(m.open, { name: document.file_name })}
            </Button>
          </p>
        ))}
      </Card>
      {change.status !== 'pending_review' ? <Decision change={change} /> : null}
    </>
  );
}

function Decision({ change }: { change: LegalChange }) {
  const intl = useIntl();
  const date = change.decided_at
    ? intl.formatDate(change.decided_at, { dateStyle: 'medium', timeStyle: 'short' })
    : '';
  return (
    <>
      <Muted>
        {change.decided_by
          ? intl.formatMessage(m.decidedBy, { name: change.decided_by.name, date })
          : intl.formatMessage(m.decidedBySandbox, { date })}
      </Muted>
      {change.reason ? <Muted>{intl.formatMessage(m.reason, { reason: change.reason })}</Muted> : null}
    </>
  );
}

function ReasonForm({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const kept = useSelector(journey, selectReason);
  const serverError = useSelector(journey, selectReasonError);
  const busy = useSelector(journey, selectLegalChangeReviewBusy);
  const [reason, setReason] = useState(kept);
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) {
          setMissing(true);
          return;
        }
        setMissing(false);
        journey.send({ type: 'reject.submit', reason: reason.trim() });
      }}
    >
      <TextArea
        label={intl.formatMessage(m.reasonLabel)}
        hint={intl.formatMessage(m.reasonHint)}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={missing ? intl.formatMessage(m.reasonRequired) : serverError || null}
      />
      <Row>
        <Button type="submit" disabled={busy}>
          {intl.formatMessage(m.reject)}
        </Button>
        <Button
          variant="secondary"
          type="button"
          disabled={busy}
          onClick={() => journey.send({ type: 'decision.cancel' })}
        >
          {intl.formatMessage(m.cancel)}
        </Button>
      </Row>
    </form>
  );
}

function Steps({
  journey,
  onOpenDocument,
  onBack,
}: {
  journey: Journey;
  onOpenDocument: (document: OnboardingDocument) => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const step = useSelector(journey, selectLegalChangeReviewStep);
  const change = useSelector(journey, selectLegalChange);
  const canDecide = useSelector(journey, selectCanDecide);
  const busy = useSelector(journey, selectLegalChangeReviewBusy);
  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <>
          <h1>{intl.formatMessage(m.loadFailedTitle)}</h1>
          <ErrorAlert journey={journey} />
          <Row>
            <Button onClick={() => journey.send({ type: 'load.retry' })}>
              {intl.formatMessage(m.retry)}
            </Button>
            <Button variant="secondary" onClick={onBack}>
              {intl.formatMessage(m.backToQueue)}
            </Button>
          </Row>
        </>
      );
    case 'reviewing':
      return change ? (
        <>
          <h1>{intl.formatMessage(m.title)}</h1>
          <ErrorAlert journey={journey} />
          <ChangeDetails change={change} onOpenDocument={onOpenDocument} />
          <Row>
            {canDecide ? (
              <>
                <Button disabled={busy} onClick={() => journey.send({ type: 'approve.start' })}>
                  {intl.formatMessage(m.approve)}
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => journey.send({ type: 'reject.start' })}
                >
                  {intl.formatMessage(m.reject)}
                </Button>
              </>
            ) : null}
            <Button variant="secondary" onClick={onBack}>
              {intl.formatMessage(m.backToQueue)}
            </Button>
          </Row>
        </>
      ) : (
        <PageSpinner />
      );
    case 'confirmApproval':
      return (
        <>
          <h1>{intl.formatMessage(m.confirmTitle)}</h1>
          <ErrorAlert journey={journey} />
          <Muted>{intl.formatMessage(m.confirmIntro)}</Muted>
          <Row>
            <Button disabled={busy} onClick={() => journey.send({ type: 'approve.confirm' })}>
              {intl.formatMessage(m.approve)}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => journey.send({ type: 'decision.cancel' })}
            >
              {intl.formatMessage(m.cancel)}
            </Button>
          </Row>
        </>
      );
    case 'reason':
      return (
        <>
          <h1>{intl.formatMessage(m.reasonTitle)}</h1>
          <ErrorAlert journey={journey} />
          <ReasonForm journey={journey} />
        </>
      );
    case 'decided':
      return change ? (
        <>
          <h1>{intl.formatMessage(change.status === 'approved' ? m.approvedTitle : m.rejectedTitle)}</h1>
          <Decision change={change} />
          <Row>
            <Button onClick={onBack}>{intl.formatMessage(m.backToQueue)}</Button>
          </Row>
        </>
      ) : (
        <PageSpinner />
      );
  }
}

export type LegalChangeReviewJourneyProps = {
  changeId: string;
  /** The machine with the staff API's actors (the back office page provides them). */
  logic: typeof legalChangeReviewMachine;
  /** Opens a document inline (the page fetches it with the staff token). */
  onOpenDocument: (document: OnboardingDocument) => void;
  /** "Back to the queue". */
  onBack: () => void;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/** The back office: a staff member reviews one change of a company's legal details and decides it. */
export function LegalChangeReviewJourney({
  changeId,
  logic,
  onOpenDocument,
  onBack,
  inspect,
  clock,
}: LegalChangeReviewJourneyProps) {
  const journey = useJourneyActor(logic, {
    input: { changeId },
    ...(inspect ? { inspect } : {}),
    ...(clock ? { clock } : {}),
  });
  return <Steps journey={journey} onOpenDocument={onOpenDocument} onBack={onBack} />;
}
