import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import {
  scheduledPaymentMachine,
  selectCanCancel,
  selectConfirmingCancel,
  selectScheduledPayment,
  selectScheduledPaymentBusy,
  selectScheduledPaymentError,
  selectScheduledPaymentStep,
  type ScheduledPaymentError,
} from '../../../machines/scheduledPayment.machine';
import { selectUser } from '../../../machines/session.machine';
import { canAccess } from '../../../schemas/permissions';
import type { ScheduledPayment } from '../../../schemas/scheduledPayments.schema';
import { api } from '../../api/client';
import { scheduledPaymentActors } from '../../app/scheduledPaymentActors';
import { useSessionActor } from '../../app/session';
import { errorMessages } from '../../i18n/errorMessages';
import { formatMoney } from '../../i18n/formatMoney';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert, Card, Muted, Page, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import {
  scheduledPaymentMessages as m,
  scheduledPaymentValueMessages as v,
} from './scheduledPaymentMessages';
import { calendarDateText, recipientText, scheduleText, statusText } from '../../i18n/scheduleText';
import { scheduledPaymentsPath } from '../../app/paths';
import { useJourneyActor } from '../../app/inspection';
import { Figures, LinkRow } from '../../ui/Blocks';

type PaymentActor = ActorRefFrom<typeof scheduledPaymentMachine>;

const Runs = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  a {
    display: inline-block;
    font-weight: 600;
  }
`;

function errorText(error: ScheduledPaymentError) {
  if (error === 'conflict') return m.alreadyEnded;
  if (error === 'not_found') return m.notFound;
  return m.cancelFailed;
}

function Details({ payment }: { payment: ScheduledPayment }) {
  const intl = useIntl();
  const runsId = useId();
  return (
    <>
      <Figures>
        <dt>{intl.formatMessage(m.recipient)}</dt>
        <dd>{recipientText(payment.recipient)}</dd>
        <dt>{intl.formatMessage(m.amount)}</dt>
        <dd>{formatMoney(intl, payment.amount)}</dd>
        <dt>{intl.formatMessage(m.frequency)}</dt>
        <dd>
          {scheduleText(intl, {
            frequency: payment.frequency,
            startDate: payment.start_date,
            endDate: payment.end_date,
          })}
        </dd>
        <dt>{intl.formatMessage(m.nextRun)}</dt>
        <dd>
          {payment.next_run_date
            ? calendarDateText(intl, payment.next_run_date)
            : intl.formatMessage(m.noNext)}
        </dd>
        <dt>{intl.formatMessage(m.status)}</dt>
        <dd>{statusText(intl, payment.status)}</dd>
        {payment.note ? (
          <>
            <dt>{intl.formatMessage(m.note)}</dt>
            <dd>{payment.note}</dd>
          </>
        ) : null}
      </Figures>
      <section aria-labelledby={runsId}>
        <h2 id={runsId}>{intl.formatMessage(m.runs)}</h2>
        {payment.runs.length === 0 ? (
          <Muted>{intl.formatMessage(m.noRuns)}</Muted>
        ) : (
          <Runs>
            {payment.runs.map((run) => (
              <li key={run.occurrence_date}>
                <span>{calendarDateText(intl, run.occurrence_date)}</span>
                <strong>{intl.formatMessage(run.outcome === 'paid' ? m.paid : m.failed)}</strong>
                {run.failure_reason ? <span>{run.failure_reason}</span> : null}
                {run.transfer_id ? (
                  <Link to={`/transactions/${run.transfer_id}`}>{intl.formatMessage(m.seeTransaction)}</Link>
                ) : null}
              </li>
            ))}
          </Runs>
        )}
      </section>
    </>
  );
}

function Journey({ journey }: { journey: PaymentActor }) {
  const intl = useIntl();
  const step = useSelector(journey, selectScheduledPaymentStep);
  const payment = useSelector(journey, selectScheduledPayment);
  const error = useSelector(journey, selectScheduledPaymentError);
  const busy = useSelector(journey, selectScheduledPaymentBusy);
  const confirming = useSelector(journey, selectConfirmingCancel);
  const canCancel = useSelector(journey, selectCanCancel);
  const user = useSelector(useSessionActor(), selectUser);
  // Viewers see scheduled payments but may not change them (schemas/permissions.ts, send-money).
  const mayChange = user !== null && canAccess(user, 'send-money');
  const announced = useRef(false);

  useEffect(() => {
    if (step !== 'cancelled' || announced.current) return;
    announced.current = true;
    notify('success', intl.formatMessage(m.cancelled));
  }, [step, intl]);

  if (step === 'loading') return <PageSpinner />;
  if (step === 'loadFailed') {
    return (
      <>
        <h1>{intl.formatMessage(m.detailTitle)}</h1>
        <Alert role="alert">
          {intl.formatMessage(error === 'network' ? errorMessages.network : errorMessages.unknown)}
        </Alert>
        <Button onClick={() => journey.send({ type: 'load.retry' })}>{intl.formatMessage(m.retry)}</Button>
      </>
    );
  }
  if (step === 'notFound' || !payment) {
    return (
      <>
        <h1>{intl.formatMessage(m.detailTitle)}</h1>
        <Alert role="alert">{intl.formatMessage(m.notFound)}</Alert>
        <LinkRow>
          <Link to={scheduledPaymentsPath}>{intl.formatMessage(m.backToList)}</Link>
        </LinkRow>
      </>
    );
  }
  const recipient = recipientText(payment.recipient);
  return (
    <>
      <h1>{intl.formatMessage(m.detailTitle)}</h1>
      {error && !confirming ? <Alert role="alert">{intl.formatMessage(errorText(error))}</Alert> : null}
      <Details payment={payment} />
      {mayChange && payment.status === 'active' ? (
        <Row>
          <Button
            variant="danger"
            disabled={busy || !canCancel}
            onClick={() => journey.send({ type: 'cancel.request' })}
          >
            {intl.formatMessage(m.cancel)}
          </Button>
        </Row>
      ) : null}
      <LinkRow>
        <Link to={scheduledPaymentsPath}>{intl.formatMessage(m.backToList)}</Link>
      </LinkRow>
      {confirming ? (
        <Dialog
          title={intl.formatMessage(m.cancelTitle)}
          onEscape={busy ? undefined : () => journey.send({ type: 'cancel.dismiss' })}
          actions={
            <>
              <Button
                variant="secondary"
                data-autofocus=""
                disabled={busy}
                onClick={() => journey.send({ type: 'cancel.dismiss' })}
              >
                {intl.formatMessage(m.keep)}
              </Button>
              <Button
                variant="danger"
                busy={busy}
                disabled={busy}
                onClick={() => journey.send({ type: 'cancel.confirm' })}
              >
                {intl.formatMessage(m.confirmCancel)}
              </Button>
            </>
          }
        >
          <p>{intl.formatMessage(v.cancelBody, { amount: formatMoney(intl, payment.amount), recipient })}</p>
        </Dialog>
      ) : null}
    </>
  );
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type ScheduledPaymentScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof scheduledPaymentMachine;
  inspect?: InspectionObserver;
};

/** /my-wallet/scheduled-payments/:id: one scheduled payment, its runs, and cancelling it. */
export function ScheduledPaymentScreen({ logic, inspect }: ScheduledPaymentScreenProps) {
  const { id = '' } = useParams();
  const machine = useMemo(
    () => logic ?? scheduledPaymentMachine.provide({ actors: scheduledPaymentActors(api) }),
    [logic],
  );
  const journey = useJourneyActor(machine, inspect ? { inspect } : {});

  useEffect(() => {
    if (journey.getSnapshot().matches('opening')) journey.send({ type: 'payment.opened', id });
  }, [journey, id]);

  return (
    <Page $narrow>
      <Card>
        <Journey journey={journey} />
      </Card>
    </Page>
  );
}
