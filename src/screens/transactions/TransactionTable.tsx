import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { Transaction } from '../../../schemas/transactions.schema';
import { transactionStatusText, transactionTypeText } from '../../i18n/transactionMessages';
import { Amount } from '../../ui/Amount';

const Scroller = styled.div`
  overflow-x: auto;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  caption {
    text-align: left;
    font-weight: 700;
    font-size: 1.15rem;
    padding-bottom: ${({ theme }) => theme.space(3)};
  }
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(2)}`};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  thead th {
    border-top: none;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  tbody th {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .amount {
    text-align: right;
    white-space: nowrap;
  }
  tr[aria-current='true'] {
    background: ${({ theme }) => theme.colors.background};
  }
  /* Phones: each row becomes a small card (counterparty and amount, then date, type and status). The explicit
     roles below keep the table semantics that display changes would otherwise take away. */
  @media (max-width: ${({ theme }) => theme.breakpoints.tablet}) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
    }
    tbody tr {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: ${({ theme }) => `0 ${theme.space(3)}`};
      padding: ${({ theme }) => `${theme.space(3)} 0`};
      border-top: 1px solid ${({ theme }) => theme.colors.border};
    }
    tbody th,
    tbody td {
      border-top: none;
      padding: 0;
    }
    tbody th {
      order: 1;
      flex: 1 1 60%;
    }
    tbody .amount {
      order: 2;
    }
    tbody .date,
    tbody .kind,
    tbody .status {
      order: 3;
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: 0.9rem;
    }
    tbody .date {
      flex-basis: 100%;
    }
  }
`;

/**
 * The list as a real table (caption, column headers, the counterparty as each row's header and its link to the
 * detail). When a further page arrives, focus moves to its first row's link so keyboard users carry on from there.
 */
export function TransactionTable({
  items,
  selectedId,
  search,
  focusFrom,
  caption,
}: {
  items: Transaction[];
  selectedId: string | undefined;
  /** The list's query string, kept on the detail links so the filters survive. */
  search: string;
  /** Index of the first row of the page that just arrived (null: leave focus alone). */
  focusFrom: number | null;
  caption: string;
}) {
  const intl = useIntl();
  const firstNew = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focusFrom !== null) firstNew.current?.focus();
  }, [focusFrom]);

  return (
    <Scroller tabIndex={0} role="region" aria-label={caption}>
      <Table role="table">
        <caption>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader" scope="col">
              <FormattedMessage id="transactions.column.date" defaultMessage="Date" />
            </th>
            <th role="columnheader" scope="col">
              <FormattedMessage id="transactions.column.counterparty" defaultMessage="Counterparty" />
            </th>
            <th role="columnheader" scope="col">
              <FormattedMessage id="transactions.column.type" defaultMessage="Type" />
            </th>
            <th role="columnheader" scope="col">
              <FormattedMessage id="transactions.column.status" defaultMessage="Status" />
            </th>
            <th role="columnheader" scope="col" className="amount">
              <FormattedMessage id="transactions.column.total" defaultMessage="Total" />
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {items.map((transaction, index) => (
            <tr
              role="row"
              key={transaction.id}
              aria-current={transaction.id === selectedId ? 'true' : undefined}
            >
              <td role="cell" className="date">
                {intl.formatDate(transaction.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
              </td>
              <th role="rowheader" scope="row">
                <Link
                  to={`/transactions/${transaction.id}${search}`}
                  ref={index === focusFrom ? firstNew : undefined}
                >
                  {transaction.counterparty.name}
                </Link>
              </th>
              <td role="cell" className="kind">
                {transactionTypeText(intl, transaction.type)}
              </td>
              <td role="cell" className="status">
                {transactionStatusText(intl, transaction.status)}
              </td>
              <td role="cell" className="amount">
                {/* What left or reached the account, fee included: the detail's total, and the statement's. */}
                <Amount money={transaction.total} direction={transaction.direction} strong />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroller>
  );
}
