import { useCallback, useEffect, useId, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { accountNameText } from '../../i18n/accountText';
import { Link, useNavigate, useParams } from 'react-router';
import styled from 'styled-components';
import type { AccountTopUpDetails } from '../../../schemas/accounts.schema';
import { api } from '../../api/client';
import { walletServices, type WalletServices } from '../../app/walletActors';
import { formatMoney } from '../../i18n/formatMoney';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { CopyButton } from '../../ui/CopyButton';
import { groupIban } from '../../i18n/formatIban';
import { isNotFound, useLoad } from '../../app/useLoad';

const defaultServices = walletServices(api);

const Details = styled.dl`
  margin: 0;
`;

const Item = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  padding: ${({ theme }) => `${theme.space(3)} 0`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child {
    border-top: none;
  }
  dt {
    grid-column: 1 / -1;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  dd {
    margin: 0;
    display: contents;
  }
`;

const Value = styled.span<{ $mono?: boolean }>`
  font-weight: 700;
  overflow-wrap: anywhere;
  font-family: ${({ theme, $mono }) => ($mono ? theme.fonts.mono : 'inherit')};
`;

const BackLink = styled(Link)`
  display: inline-block;
  padding: ${({ theme }) => `${theme.space(2)} 0`};
  font-weight: 600;
`;

function Field({
  label,
  value,
  shown,
  mono,
  copy,
}: {
  label: string;
  /** What the copy button puts on the clipboard. */
  value: string;
  /** What the page shows, when it differs (the IBAN in groups). */
  shown?: ReactNode;
  mono?: boolean;
  copy?: boolean;
}) {
  return (
    <Item>
      <dt>{label}</dt>
      <dd>
        <Value $mono={mono}>{shown ?? value}</Value>
        {copy === false ? null : <CopyButton value={value} what={label} />}
      </dd>
    </Item>
  );
}

const labels = defineMessages({
  accountName: { id: 'topUp.field.accountName', defaultMessage: 'Account name' },
  holder: { id: 'topUp.field.holder', defaultMessage: 'Account holder' },
  iban: { id: 'topUp.field.iban', defaultMessage: 'IBAN' },
  sortCode: { id: 'topUp.field.sortCode', defaultMessage: 'Sort code' },
  accountNumber: { id: 'topUp.field.accountNumber', defaultMessage: 'Account number' },
  swift: { id: 'topUp.field.swift', defaultMessage: 'Swift/BIC' },
  currency: { id: 'topUp.field.currency', defaultMessage: 'Currency' },
});

function TopUpDetails({ details }: { details: AccountTopUpDetails }) {
  const intl = useIntl();
  const headingId = useId();
  const t = (key: keyof typeof labels) => intl.formatMessage(labels[key]);
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage
          id="topUp.account"
          defaultMessage="{currency} account"
          values={{ currency: details.currency }}
        />
      </h2>
      <p>
        <FormattedMessage
          id="topUp.explain"
          defaultMessage="To add money, send a bank transfer from any bank to these details. It arrives as an incoming bank transfer."
        />
      </p>
      <Muted>
        <FormattedMessage
          id="topUp.available"
          defaultMessage="Available balance: {amount}"
          values={{ amount: formatMoney(intl, details.available_balance) }}
        />
      </Muted>
      <Details>
        <Field
          label={t('accountName')}
          value={accountNameText(intl, {
            name: details.account_name,
            currency: details.account_type.toUpperCase(),
          })}
        />
        <Field label={t('holder')} value={details.account_holder_name} />
        <Field label={t('iban')} value={details.iban} shown={groupIban(details.iban)} mono />
        <Field label={t('sortCode')} value={details.sort_code} mono />
        <Field label={t('accountNumber')} value={details.account_number} mono />
        <Field label={t('swift')} value={details.swift_bic} mono />
        <Field label={t('currency')} value={details.currency} />
      </Details>
    </Card>
  );
}

function NoSuchAccount() {
  return (
    <Alert role="alert">
      <FormattedMessage id="wallet.noDataForCurrency" defaultMessage="No data found for this currency." />
    </Alert>
  );
}

/** Without `:accountType`: the first account's details (the address then names it). */
function FirstAccount({ services }: { services: WalletServices }) {
  const navigate = useNavigate();
  const load = useCallback((signal: AbortSignal) => services.accounts(signal), [services]);
  const { state, reload } = useLoad('accounts', load);
  const first = state.status === 'loaded' ? state.data.accounts[0] : undefined;
  useEffect(() => {
    if (first) void navigate(`/my-wallet/my-accounts/${first.account_type}`, { replace: true });
  }, [first, navigate]);
  if (state.status === 'failed') return <LoadFailure failure={state.failure} onRetry={reload} />;
  if (state.status === 'loaded' && !first) return <NoSuchAccount />;
  return <PageSpinner />;
}

function AccountDetails({ accountType, services }: { accountType: string; services: WalletServices }) {
  const load = useCallback(
    (signal: AbortSignal) => services.topUpDetails(accountType, signal),
    [services, accountType],
  );
  const { state, reload } = useLoad(accountType, load);
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') {
    return isNotFound(state.failure) ? (
      <NoSuchAccount />
    ) : (
      <LoadFailure failure={state.failure} onRetry={reload} />
    );
  }
  return <TopUpDetails details={state.data} />;
}

export type TopUpDetailsScreenProps = { services?: WalletServices };

/** SPEC §2 /my-wallet/my-accounts/:accountType?: where to send a bank transfer to fund an account. */
export function TopUpDetailsScreen({ services = defaultServices }: TopUpDetailsScreenProps) {
  const { accountType } = useParams();
  const type = accountType?.toLowerCase();
  return (
    <Page $narrow>
      <h1>
        <FormattedMessage id="topUp.title" defaultMessage="Top-up details" />
      </h1>
      {type ? (
        <AccountDetails accountType={type} services={services} />
      ) : (
        <FirstAccount services={services} />
      )}
      <BackLink to="/my-wallet">
        <FormattedMessage id="topUp.back" defaultMessage="Back to My wallet" />
      </BackLink>
    </Page>
  );
}

export default TopUpDetailsScreen;
