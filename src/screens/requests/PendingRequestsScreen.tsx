import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  pendingRequestsMachine,
  selectAcceptPreview,
  selectCanAccept,
  selectCodeActor,
  selectDeclining,
  selectPendingBusy,
  selectPendingError,
  selectPendingRequestsStep,
  selectPreparing,
  selectAccepting,
  selectReceivedRequests,
  selectSelectedRequest,
} from '../../../machines/pendingRequests.machine';
import type { MoneyRequest } from '../../../schemas/moneyRequests.schema';
import { api } from '../../api/client';
import { pendingRequestsActors } from '../../app/requestMoneyActors';
import { useJourneyActor } from '../../app/inspection';
import { formatMoney } from '../../i18n/formatMoney';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert, Card, Muted, Page, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { OneTimeCodeStep } from '../../ui/OneTimeCodeStep';
import { PageSpinner } from '../../ui/Spinner';
import { pendingRequestsErrorText, pendingRequestsText as m, requestStatusText } from './requestMessages';
import { Figures, LinkRow } from '../../ui/Blocks';

type PendingRequestsActor = ActorRefFrom<typeof pendingRequestsMachine>;

const Plain = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const Item = styled.li`
  padding: ${({ theme }) => `${theme.space(3)} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  p {
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }
`;

const Warning = styled.p`
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
`;

function useJourney<T>(
  journey: PendingRequestsActor,
  selector: (snapshot: ReturnType<PendingRequestsActor['getSnapshot']>) => T,
) {
  return useSelector(journey, selector);
}

const partyOf = (party: MoneyRequest['requester']) =>
  party.wallet_tag ? `${party.name} (${party.wallet_tag})` : party.name;

function ErrorAlert({ journey }: { journey: PendingRequestsActor }) {
  const intl = useIntl();
  const error = useJourney(journey, selectPendingError);
  if (!error) return null;
  return <Alert role="alert">{pendingRequestsErrorText(intl, error)}</Alert>;
}

function RequestItem({ journey, request }: { journey: PendingRequestsActor; request: MoneyRequest }) {
  const intl = useIntl();
  const busy = useJourney(journey, selectPendingBusy);
  const summaryId = useId();
  return (
    <Item>
      <p id={summaryId}>
        <strong>
          {intl.formatMessage(m.asks, {
            requester: partyOf(request.requester),
            amount: formatMoney(intl, request.amount),
          })}
        </strong>
      </p>
      {request.note ? <p>{request.note}</p> : null}
      <Muted>
        {intl.formatMessage(m.meta, {
          status: requestStatusText(intl, request.status),
          date: intl.formatDate(request.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
        })}
      </Muted>
      {request.status === 'pending' ? (
        <Row>
          <Button
            disabled={busy}
            aria-describedby={summaryId}
            onClick={() => journey.send({ type: 'request.accept', id: request.id })}
          >
            {intl.formatMessage(m.accept)}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            aria-describedby={summaryId}
            onClick={() => journey.send({ type: 'request.decline', id: request.id })}
          >
            {intl.formatMessage(m.decline)}
          </Button>
        </Row>
      ) : null}
    </Item>
  );
}

function ListStep({ journey }: { journey: PendingRequestsActor }) {
  const intl = useIntl();
  const requests = useJourney(journey, selectReceivedRequests) ?? [];
  return (
    <>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <ErrorAlert journey={journey} />
      {requests.length === 0 ? <p>{intl.formatMessage(m.empty)}</p> : null}
      <Plain>
        {requests.map((request) => (
          <RequestItem key={request.id} journey={journey} request={request} />
        ))}
      </Plain>
    </>
  );
}

function DeclineDialog({ journey }: { journey: PendingRequestsActor }) {
  const intl = useIntl();
  const request = useJourney(journey, selectSelectedRequest);
  const declining = useJourney(journey, selectDeclining);
  if (!request) return null;
  return (
    <Dialog
      title={intl.formatMessage(m.declineTitle)}
      onEscape={declining ? undefined : () => journey.send({ type: 'decline.cancel' })}
      actions={
        <>
          <Button
            variant="secondary"
            disabled={declining}
            onClick={() => journey.send({ type: 'decline.cancel' })}
          >
            {intl.formatMessage(m.declineCancel)}
          </Button>
          <Button
            variant="danger"
            busy={declining}
            data-autofocus
            onClick={() => journey.send({ type: 'decline.confirm' })}
          >
            {intl.formatMessage(m.declineConfirm)}
          </Button>
        </>
      }
    >
      <p>
        {intl.formatMessage(m.declineBody, {
          requester: partyOf(request.requester),
          amount: formatMoney(intl, request.amount),
        })}
      </p>
    </Dialog>
  );
}

function ReviewStep({ journey }: { journey: PendingRequestsActor }) {
  const intl = useIntl();
  const request = useJourney(journey, selectSelectedRequest);
  const preview = useJourney(journey, selectAcceptPreview);
  const preparing = useJourney(journey, selectPreparing);
  const accepting = useJourney(journey, selectAccepting);
  const busy = useJourney(journey, selectPendingBusy);
  const canAccept = useJourney(journey, selectCanAccept);
  if (!request) return null;
  const short =
    preview?.available && BigInt(preview.available.amount_minor) < BigInt(request.amount.amount_minor);
  return (
    <>
      <h1>{intl.formatMessage(m.reviewTitle)}</h1>
      <ErrorAlert journey={journey} />
      <Figures>
        <dt>{intl.formatMessage(m.from)}</dt>
        <dd>{partyOf(request.requester)}</dd>
        <dt>{intl.formatMessage(m.amount)}</dt>
        <dd>{formatMoney(intl, request.amount)}</dd>
        {request.note ? (
          <>
            <dt>{intl.formatMessage(m.note)}</dt>
            <dd>{request.note}</dd>
          </>
        ) : null}
        {preview?.available ? (
          <>
            <dt>{intl.formatMessage(m.available)}</dt>
            <dd>{formatMoney(intl, preview.available)}</dd>
          </>
        ) : null}
      </Figures>
      {preparing ? <p role="status">{intl.formatMessage(m.checking)}</p> : null}
      {preview && !preview.available ? (
        <Warning>{intl.formatMessage(m.noAccount, { currency: request.amount.currency })}</Warning>
      ) : null}
      {preview?.available && short ? (
        <Warning>
          {intl.formatMessage(m.insufficient, { available: formatMoney(intl, preview.available) })}
        </Warning>
      ) : null}
      {preview?.requiresCode && !short && preview.available ? (
        <Muted>{intl.formatMessage(m.codeHint)}</Muted>
      ) : null}
      <Row>
        <Button
          busy={accepting}
          disabled={busy || !canAccept}
          onClick={() => journey.send({ type: 'accept.confirm' })}
        >
          {intl.formatMessage(m.confirm)}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => journey.send({ type: 'accept.back' })}>
          {intl.formatMessage(m.back)}
        </Button>
      </Row>
    </>
  );
}

function CodeStep({ journey }: { journey: PendingRequestsActor }) {
  const intl = useIntl();
  const child = useJourney(journey, selectCodeActor);
  const error = useJourney(journey, selectPendingError);
  if (!child) return <PageSpinner />;
  return (
    <OneTimeCodeStep
      actor={child}
      intro={intl.formatMessage(m.codeIntro)}
      notice={error ? <Alert role="alert">{pendingRequestsErrorText(intl, error)}</Alert> : null}
    />
  );
}

function Journey({ journey }: { journey: PendingRequestsActor }) {
  const intl = useIntl();
  const step = useJourney(journey, selectPendingRequestsStep);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (step !== 'accepted' && step !== 'declined') {
      shown.current = null;
      return;
    }
    if (shown.current === step) return;
    shown.current = step;
    notify('success', intl.formatMessage(step === 'accepted' ? m.acceptedToast : m.declinedToast));
  }, [step, intl]);

  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <>
          <h1>{intl.formatMessage(m.title)}</h1>
          <ErrorAlert journey={journey} />
          <Button onClick={() => journey.send({ type: 'load.retry' })}>{intl.formatMessage(m.retry)}</Button>
        </>
      );
    case 'list':
    case 'accepted':
    case 'declined':
      return <ListStep journey={journey} />;
    case 'confirmDecline':
      return (
        <>
          <ListStep journey={journey} />
          <DeclineDialog journey={journey} />
        </>
      );
    case 'review':
      return <ReviewStep journey={journey} />;
    case 'code':
      return <CodeStep journey={journey} />;
  }
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type PendingRequestsScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof pendingRequestsMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/** SPEC §2 "pending requests" (/my-wallet/pending-requests): money other merchants asked for; accept or decline. */
export function PendingRequestsScreen({ logic, inspect, clock }: PendingRequestsScreenProps) {
  const intl = useIntl();
  const machine = useMemo(
    () => logic ?? pendingRequestsMachine.provide({ actors: pendingRequestsActors(api) }),
    [logic],
  );
  const journey = useJourneyActor(machine, { ...(inspect ? { inspect } : {}), ...(clock ? { clock } : {}) });
  return (
    <Page $narrow>
      <Card>
        <Journey journey={journey} />
        <LinkRow>
          <Link to="/my-wallet/request-money">{intl.formatMessage(m.requestMoneyLink)}</Link>
          <Link to="/my-wallet">{intl.formatMessage(m.backToWallet)}</Link>
        </LinkRow>
      </Card>
    </Page>
  );
}

export default PendingRequestsScreen;
