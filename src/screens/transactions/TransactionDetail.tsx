import { useCallback, useEffect, useId, useRef } from 'react';
import { FormattedMessage, defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { hasProofOfPayment, type Transaction } from '../../../schemas/transactions.schema';
import type { WalletServices } from '../../app/walletActors';
import { transactionStatusText, transactionTypeText } from '../../i18n/transactionMessages';
import { Amount } from '../../ui/Amount';
import { GifImage } from '../../ui/GifImage';
import { Alert, Card } from '../../ui/Layout';
import { Spinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { groupIban } from '../../i18n/formatIban';
import { isNotFound, useLoad } from '../../app/useLoad';
import { ProofOfPayment, type ProofServices } from './ProofOfPayment';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, auto) 1fr;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0 0 ${({ theme }) => theme.space(5)};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Amounts = styled.table`
  border-collapse: collapse;
  width: 100%;
  margin-bottom: ${({ theme }) => theme.space(4)};
  caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: ${({ theme }) => theme.space(2)};
  }
  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(2)}`};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
  }
  th[scope='row'] {
    text-align: left;
    font-weight: 600;
  }
  thead th,
  thead td {
    border-top: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Heading = styled.h2`
  &:focus {
    outline: none;
  }
`;

const CloseLink = styled(Link)`
  display: inline-block;
  padding: ${({ theme }) => `${theme.space(2)} 0`};
  font-weight: 600;
`;

const nameCheckMessages = defineMessages({
  match: {
    id: 'transaction.detail.nameCheck.match',
    defaultMessage: 'The name matched the account holder’s',
  },
  close_match: {
    id: 'transaction.detail.nameCheck.closeMatch',
    defaultMessage: 'The name was close to the account holder’s, but not the same',
  },
  no_match: {
    id: 'transaction.detail.nameCheck.noMatch',
    defaultMessage: 'The name did not match the account holder’s',
  },
  not_possible: {
    id: 'transaction.detail.nameCheck.notPossible',
    defaultMessage: 'The recipient’s bank could not check the name',
  },
});
const proceededAnyway = defineMessage<{ result: string }>({
  id: 'transaction.detail.nameCheck.proceeded',
  defaultMessage: '{result}; paid anyway',
});

/** What the payee's bank answered to the name check, and whether the payer went ahead without a match. */
function nameCheckText(intl: IntlShape, check: NonNullable<Transaction['payee_check']>): string {
  const result = intl.formatMessage(nameCheckMessages[check.result]);
  return check.proceeded_anyway ? intl.formatMessage(proceededAnyway, { result }) : result;
}

function Details({ transaction, proof }: { transaction: Transaction; proof: ProofServices | undefined }) {
  const intl = useIntl();
  const rate = transaction.exchange_rate;
  const { counterparty } = transaction;
  return (
    <>
      <Facts>
        <dt>
          <FormattedMessage id="transaction.detail.date" defaultMessage="Date" />
        </dt>
        <dd>{intl.formatDate(transaction.created_at, { dateStyle: 'long', timeStyle: 'short' })}</dd>
        <dt>
          {transaction.direction === 'in' ? (
            <FormattedMessage id="transaction.detail.from" defaultMessage="From" />
          ) : (
            <FormattedMessage id="transaction.detail.to" defaultMessage="To" />
          )}
        </dt>
        <dd>{counterparty.name}</dd>
        {counterparty.wallet_tag ? (
          <>
            <dt>
              <FormattedMessage id="transaction.detail.walletTag" defaultMessage="Wallet tag" />
            </dt>
            <dd>{counterparty.wallet_tag}</dd>
          </>
        ) : null}
        {counterparty.iban ? (
          <>
            <dt>
              <FormattedMessage id="transaction.detail.iban" defaultMessage="IBAN" />
            </dt>
            <dd>{groupIban(counterparty.iban)}</dd>
          </>
        ) : null}
        <dt>
          <FormattedMessage id="transaction.detail.type" defaultMessage="Type" />
        </dt>
        <dd>{transactionTypeText(intl, transaction.type)}</dd>
        <dt>
          <FormattedMessage id="transaction.detail.status" defaultMessage="Status" />
        </dt>
        <dd>{transactionStatusText(intl, transaction.status)}</dd>
        <dt>
          <FormattedMessage id="transaction.detail.reference" defaultMessage="Reference" />
        </dt>
        <dd>
          {transaction.reference ?? (
            <FormattedMessage id="transaction.detail.noReference" defaultMessage="None" />
          )}
        </dd>
        {transaction.note || transaction.gif ? (
          <>
            <dt>
              <FormattedMessage id="transaction.detail.note" defaultMessage="Note" />
            </dt>
            <dd>
              {transaction.note}
              {transaction.gif ? <GifImage gif={transaction.gif} size={120} /> : null}
            </dd>
          </>
        ) : null}
        <dt>
          <FormattedMessage id="transaction.detail.rate" defaultMessage="Exchange rate" />
        </dt>
        <dd>
          {rate ? (
            <FormattedMessage
              id="transaction.detail.rateValue"
              defaultMessage="1 {from} = {rate} {to}"
              values={{ from: rate.from, to: rate.to, rate: rate.rate }}
            />
          ) : (
            <FormattedMessage id="transaction.detail.noRate" defaultMessage="None (same currency)" />
          )}
        </dd>
        {transaction.payee_check ? (
          <>
            <dt>
              <FormattedMessage id="transaction.detail.nameCheck" defaultMessage="Name check" />
            </dt>
            <dd>{nameCheckText(intl, transaction.payee_check)}</dd>
          </>
        ) : null}
        {transaction.failure_reason ? (
          <>
            <dt>
              <FormattedMessage id="transaction.detail.failure" defaultMessage="Reason" />
            </dt>
            <dd>{transaction.failure_reason}</dd>
          </>
        ) : null}
      </Facts>
      <Amounts>
        <caption>
          <FormattedMessage id="transaction.detail.amounts" defaultMessage="Amounts" />
        </caption>
        <thead>
          <tr>
            <td />
            <th scope="col">
              <FormattedMessage
                id="transaction.detail.accountCurrency"
                defaultMessage="Account currency ({currency})"
                values={{ currency: transaction.amount.currency }}
              />
            </th>
            <th scope="col">
              <FormattedMessage
                id="transaction.detail.originalCurrency"
                defaultMessage="Original currency ({currency})"
                values={{ currency: transaction.original_amount.currency }}
              />
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              <FormattedMessage id="transaction.detail.amount" defaultMessage="Amount" />
            </th>
            <td>
              <Amount money={transaction.amount} direction={transaction.direction} />
            </td>
            <td>
              <Amount money={transaction.original_amount} direction={transaction.direction} />
            </td>
          </tr>
          <tr>
            <th scope="row">
              <FormattedMessage id="transaction.detail.fee" defaultMessage="Fee" />
            </th>
            <td>
              <Amount money={transaction.fee} />
            </td>
            <td>
              <Amount money={transaction.original_fee} />
            </td>
          </tr>
          <tr>
            <th scope="row">
              <FormattedMessage id="transaction.detail.total" defaultMessage="Total" />
            </th>
            <td>
              <Amount money={transaction.total} direction={transaction.direction} />
            </td>
            <td>
              <Amount money={transaction.original_total} direction={transaction.direction} />
            </td>
          </tr>
        </tbody>
      </Amounts>
      {hasProofOfPayment(transaction) ? <ProofOfPayment transaction={transaction} services={proof} /> : null}
    </>
  );
}

/** SPEC §2 /transactions/:id: one transaction beside the list; another merchant's or an unknown id is "not found". */
export function TransactionDetail({
  id,
  services,
  proof,
  closeTo,
}: {
  id: string;
  services: WalletServices;
  /** The proof of payment's download; tests provide a fake. */
  proof?: ProofServices | undefined;
  /** The list's address with its filters. */
  closeTo: string;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const load = useCallback((signal: AbortSignal) => services.transaction(id, signal), [services, id]);
  const { state, reload } = useLoad(id, load);
  // Opening a transaction moves focus to its panel, so a keyboard or screen reader user lands on what they chose.
  useEffect(() => {
    heading.current?.focus();
  }, [id]);

  let body;
  if (state.status === 'loading') body = <Spinner />;
  else if (state.status === 'failed') {
    body = isNotFound(state.failure) ? (
      <Alert role="alert">
        <FormattedMessage
          id="transaction.detail.notFound"
          defaultMessage="This transaction was not found. It may belong to another account."
        />
      </Alert>
    ) : (
      <LoadFailure failure={state.failure} onRetry={reload} />
    );
  } else body = <Details transaction={state.data} proof={proof} />;

  return (
    <Card aria-labelledby={headingId}>
      <Heading id={headingId} ref={heading} tabIndex={-1}>
        <FormattedMessage id="transaction.detail.heading" defaultMessage="Transaction details" />
      </Heading>
      {body}
      <CloseLink to={closeTo}>
        <FormattedMessage id="transaction.detail.close" defaultMessage="Back to the list" />
      </CloseLink>
    </Card>
  );
}
