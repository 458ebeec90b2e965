import { useCallback, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { CashbackResponse } from '../../../schemas/cards.schema';
import { api, type ApiClient } from '../../api/client';
import { loadCashback } from '../../app/cardActors';
import { maskedNumberText } from '../../i18n/cardText';
import { bankDateText } from '../../i18n/formatDate';
import { Amount } from '../../ui/Amount';
import { Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { useLoad } from '../../app/useLoad';
import { cashbackText as m } from './cardMessages';
import { LinkRow } from '../../ui/Blocks';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space(2)};
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
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

/** A rate in basis points as a percentage in the reader's language (150 → "1.5%"). */
function rateText(intl: ReturnType<typeof useIntl>, basisPoints: number): string {
  return intl.formatNumber(basisPoints / 10_000, { style: 'percent', maximumFractionDigits: 2 });
}

function Totals({ data }: { data: CashbackResponse }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.totals)}</h2>
      <p>
        {intl.formatMessage(m.plan, {
          plan: data.plan.name,
          rate: rateText(intl, data.plan.cashback_rate_bp),
        })}
      </p>
      {data.totals.length === 0 ? (
        <Muted>{intl.formatMessage(m.noTotals)}</Muted>
      ) : (
        <Scroll tabIndex={0} role="group" aria-labelledby={headingId}>
          <Table>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.currency)}</th>
                <th scope="col">{intl.formatMessage(m.earned)}</th>
                <th scope="col">{intl.formatMessage(m.paidOut)}</th>
                <th scope="col">{intl.formatMessage(m.pending)}</th>
              </tr>
            </thead>
            <tbody>
              {data.totals.map((total) => (
                <tr key={total.currency}>
                  <th scope="row">{total.currency}</th>
                  <td className="amount">
                    <Amount money={total.earned} />
                  </td>
                  <td className="amount">
                    <Amount money={total.paid_out} />
                  </td>
                  <td className="amount">
                    <Amount money={total.pending} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      )}
      <p>
        {intl.formatMessage(m.nextPayout, {
          date: bankDateText(intl, data.next_payout_at, 'long'),
        })}
      </p>
    </Card>
  );
}

function History({ data }: { data: CashbackResponse }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.history)}</h2>
      {data.items.length === 0 ? (
        <Muted>{intl.formatMessage(m.empty)}</Muted>
      ) : (
        <Scroll tabIndex={0} role="group" aria-labelledby={headingId}>
          <Table aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.date)}</th>
                <th scope="col">{intl.formatMessage(m.merchant)}</th>
                <th scope="col">{intl.formatMessage(m.card)}</th>
                <th scope="col">{intl.formatMessage(m.purchase)}</th>
                <th scope="col">{intl.formatMessage(m.rate)}</th>
                <th scope="col">{intl.formatMessage(m.amount)}</th>
                <th scope="col">{intl.formatMessage(m.state)}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id}>
                  <td>{intl.formatDate(item.accrued_at, { dateStyle: 'medium' })}</td>
                  <td>{item.merchant_name}</td>
                  <td>{maskedNumberText(intl, item.card_last4)}</td>
                  <td className="amount">
                    <Amount money={item.purchase} />
                  </td>
                  <td>{rateText(intl, item.rate_bp)}</td>
                  <td className="amount">
                    <Amount money={item.amount} />
                  </td>
                  <td>
                    {item.paid_at
                      ? intl.formatMessage(m.paidOn, {
                          date: intl.formatDate(item.paid_at, { dateStyle: 'medium' }),
                        })
                      : intl.formatMessage(m.waiting)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      )}
    </Card>
  );
}

/** SPEC §2 /cashback: the plan's rate, earned, paid-out and waiting cashback per currency, the next payout, the list. */
export function CashbackScreen({ client = api }: { client?: ApiClient }) {
  const intl = useIntl();
  const load = useCallback((signal: AbortSignal) => loadCashback(client, signal), [client]);
  const { state, reload } = useLoad('cashback', load);
  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      {state.status === 'loading' ? <PageSpinner /> : null}
      {state.status === 'failed' ? <LoadFailure failure={state.failure} onRetry={reload} /> : null}
      {state.status === 'loaded' ? (
        <>
          <Totals data={state.data} />
          <History data={state.data} />
        </>
      ) : null}
      <LinkRow>
        <Link to="/cards">{intl.formatMessage(m.seeCards)}</Link>
      </LinkRow>
    </Page>
  );
}

export default CashbackScreen;
