import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { formatMoney } from '../../i18n/formatMoney';
import { Card, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { TransactionList } from '../TransactionList';
import { useOverview } from '../useOverview';

const Balance = styled.p`
  font-size: 2rem;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  margin: 0;
  overflow-wrap: anywhere;
`;

const Label = styled.h2`
  font-size: 1rem;
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: ${({ theme }) => theme.space(1)};
`;

/** SPEC §2 /dashboard (also /): the merchant's name, total balance and latest transactions. */
export function DashboardScreen() {
  const intl = useIntl();
  const { state, reload } = useOverview();
  const balanceId = useId();

  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') {
    return (
      <Page>
        <LoadFailure failure={state.failure} onRetry={reload} />
      </Page>
    );
  }

  const { overview } = state;
  return (
    <Page>
      <h1>{overview.merchant.name}</h1>
      <Card aria-labelledby={balanceId}>
        <Label id={balanceId}>
          <FormattedMessage id="dashboard.totalBalance" defaultMessage="Total balance" />
        </Label>
        {overview.total_balance.length === 0 ? (
          <Balance>{formatMoney(intl, { amount_minor: '0', currency: 'EUR' })}</Balance>
        ) : (
          overview.total_balance.map((money) => (
            <Balance key={money.currency}>{formatMoney(intl, money)}</Balance>
          ))
        )}
      </Card>
      <TransactionList transactions={overview.latest_transactions} />
    </Page>
  );
}

export default DashboardScreen;
