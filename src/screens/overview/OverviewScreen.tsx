import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { formatMoney } from '../../i18n/formatMoney';
import { Card, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { TransactionList } from '../TransactionList';
import { useOverview } from '../useOverview';

const Accounts = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Account = styled.li`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
`;

const Iban = styled.span`
  grid-column: 1 / -1;
  font-family: ${({ theme }) => theme.fonts.mono};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/** IBANs are read in groups of four (ISO 13616 paper format). */
function groupIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?!$)/g, '$1 ');
}

/** SPEC §2 /overview: every account with its IBAN and balance, and the latest transactions. */
export function OverviewScreen() {
  const intl = useIntl();
  const { state, reload } = useOverview();
  const accountsId = useId();

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
      <h1>
        <FormattedMessage id="overview.title" defaultMessage="Overview" />
      </h1>
      <Card aria-labelledby={accountsId}>
        <h2 id={accountsId}>
          <FormattedMessage id="overview.accounts" defaultMessage="Accounts" />
        </h2>
        <Accounts aria-labelledby={accountsId}>
          {overview.accounts.map((account) => (
            <Account key={account.id}>
              <strong>{account.name}</strong>
              <strong>{formatMoney(intl, account.balance)}</strong>
              <Iban>
                <FormattedMessage
                  id="overview.iban"
                  defaultMessage="IBAN {iban}"
                  values={{ iban: groupIban(account.iban) }}
                />
              </Iban>
            </Account>
          ))}
        </Accounts>
      </Card>
      <TransactionList transactions={overview.latest_transactions} />
    </Page>
  );
}

export default OverviewScreen;
