import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { HomeOverviewResponse } from '../../schemas/home.schema';
import { transactionStatusText, transactionTypeText } from '../i18n/transactionMessages';
import { Amount } from '../ui/Amount';
import { Card, Muted } from '../ui/Layout';

type Transaction = HomeOverviewResponse['latest_transactions'][number];

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  padding: ${({ theme }) => `${theme.space(3)} 0`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child {
    border-top: none;
  }
`;

const Counterparty = styled.span`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const AmountCell = styled.span`
  text-align: right;
`;

const Details = styled.span`
  grid-column: 1 / -1;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

/** "Latest transactions" (SPEC §2 dashboard and overview). */
export function TransactionList({
  transactions,
  emptyAction,
  ownCards = false,
}: {
  transactions: Transaction[];
  /** With no transactions, what to do next (a link), where the user may do it. */
  emptyAction?: ReactNode;
  /**
   * Only the payments of the user's own cards (access level `own`): the heading and the empty list say so, so an
   * empty list does not read as if the company had no transactions.
   */
  ownCards?: boolean;
}) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>
        {ownCards ? (
          <FormattedMessage
            id="transactions.latest.ownCards"
            defaultMessage="Latest payments with your cards"
          />
        ) : (
          <FormattedMessage id="transactions.latest" defaultMessage="Latest transactions" />
        )}
      </h2>
      {transactions.length === 0 ? (
        <>
          <Muted>
            {ownCards ? (
              <FormattedMessage
                id="transactions.none.ownCards"
                defaultMessage="No payments with your cards yet."
              />
            ) : (
              <FormattedMessage id="transactions.none" defaultMessage="No transactions yet." />
            )}
          </Muted>
          {emptyAction}
        </>
      ) : (
        <List aria-labelledby={headingId}>
          {transactions.map((transaction) => (
            <Item key={transaction.id}>
              <Counterparty>{transaction.counterparty}</Counterparty>
              <AmountCell>
                <Amount money={transaction.amount} direction={transaction.direction} strong />
              </AmountCell>
              <Details>
                <FormattedMessage
                  id="transactions.details"
                  defaultMessage="{date} · {type} · {status}"
                  values={{
                    date: intl.formatDate(transaction.created_at, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                    type: transactionTypeText(intl, transaction.type),
                    status: transactionStatusText(intl, transaction.status),
                  }}
                />
              </Details>
            </Item>
          ))}
        </List>
      )}
    </Card>
  );
}
