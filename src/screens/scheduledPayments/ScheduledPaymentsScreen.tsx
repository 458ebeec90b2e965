import { useCallback, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import type { ScheduledPaymentSummary } from '../../../schemas/scheduledPayments.schema';
import { api, type ApiClient } from '../../api/client';
import { loadScheduledPayments } from '../../app/scheduledPaymentActors';
import { Amount } from '../../ui/Amount';
import { Card, Muted, Page, VisuallyHidden } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { useLoad } from '../../app/useLoad';
import { ScheduledPaymentScreen } from './ScheduledPaymentScreen';
import {
  scheduledPaymentMessages as m,
  scheduledPaymentValueMessages as v,
} from './scheduledPaymentMessages';
import { calendarDateText, frequencyText, recipientText, statusText } from '../../i18n/scheduleText';
import { scheduledPaymentsPath } from '../../app/paths';
import { LinkRow } from '../../ui/Blocks';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(2)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  td.amount {
    white-space: nowrap;
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(1)} 0`};
    font-weight: 600;
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

function PaymentRow({ payment }: { payment: ScheduledPaymentSummary }) {
  const intl = useIntl();
  const recipient = recipientText(payment.recipient);
  return (
    <tr>
      <td>{recipient}</td>
      <td className="amount">
        <Amount money={payment.amount} />
      </td>
      <td>{frequencyText(intl, payment.frequency)}</td>
      <td>
        {payment.next_run_date ? calendarDateText(intl, payment.next_run_date) : intl.formatMessage(m.noNext)}
      </td>
      <td>{calendarDateText(intl, payment.start_date)}</td>
      <td>
        {payment.end_date || payment.frequency === 'once'
          ? calendarDateText(intl, payment.end_date ?? payment.start_date)
          : intl.formatMessage(m.noEnd)}
      </td>
      <td>{statusText(intl, payment.status)}</td>
      <td>
        <Link
          to={`${scheduledPaymentsPath}/${payment.id}`}
          aria-label={intl.formatMessage(v.detailsOf, { recipient })}
        >
          {intl.formatMessage(m.details)}
        </Link>
      </td>
    </tr>
  );
}

/** SPEC §2 /my-wallet/scheduled-payments: the merchant's scheduled and repeating payments. */
export function ScheduledPaymentsList({ client = api }: { client?: ApiClient }) {
  const intl = useIntl();
  const captionId = useId();
  const load = useCallback((signal: AbortSignal) => loadScheduledPayments(client, signal), [client]);
  const { state, reload } = useLoad('scheduled-payments', load);
  let body;
  if (state.status === 'loading') body = <PageSpinner />;
  else if (state.status === 'failed') body = <LoadFailure failure={state.failure} onRetry={reload} />;
  else if (state.data.items.length === 0) body = <Muted>{intl.formatMessage(m.empty)}</Muted>;
  else {
    body = (
      <Scroll>
        <Table aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.recipient)}</th>
              <th scope="col">{intl.formatMessage(m.amount)}</th>
              <th scope="col">{intl.formatMessage(m.frequency)}</th>
              <th scope="col">{intl.formatMessage(m.nextRun)}</th>
              <th scope="col">{intl.formatMessage(m.startDate)}</th>
              <th scope="col">{intl.formatMessage(m.endDate)}</th>
              <th scope="col">{intl.formatMessage(m.status)}</th>
              <th scope="col">
                <VisuallyHidden>{intl.formatMessage(m.details)}</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.data.items.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} />
            ))}
          </tbody>
        </Table>
      </Scroll>
    );
  }
  return (
    <Page>
      <h1 id={captionId}>{intl.formatMessage(m.listTitle)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <Card>{body}</Card>
      <LinkRow>
        <Link to="/my-wallet">{intl.formatMessage(m.backToWallet)}</Link>
      </LinkRow>
    </Page>
  );
}

/** /my-wallet/scheduled-payments/:id?: the list, or one scheduled payment (machines/scheduledPayment.machine.ts). */
export function ScheduledPaymentsScreen() {
  const { id } = useParams();
  return id ? <ScheduledPaymentScreen key={id} /> : <ScheduledPaymentsList />;
}

export default ScheduledPaymentsScreen;
