import { useSelector } from '@xstate/react';
import { useCallback, useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { accountNameText } from '../../i18n/accountText';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectUser } from '../../../machines/session.machine';
import type { CoreBankingAccount } from '../../../schemas/accounts.schema';
import { canAccess } from '../../../schemas/permissions';
import { api } from '../../api/client';
import { useSessionActor } from '../../app/session';
import { useLoad } from '../../app/useLoad';
import { walletServices, type WalletServices } from '../../app/walletActors';
import { groupIban } from '../../i18n/formatIban';
import { Amount } from '../../ui/Amount';
import { Figures } from '../../ui/Blocks';
import { CopyButton } from '../../ui/CopyButton';
import { Card, Grid, Muted, Page, Row } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { QrCodesLink, RequestLinks, ScheduledPaymentsLink } from './WalletLinks';

const defaultServices = walletServices(api);

const Tag = styled.p`
  font-size: 1.5rem;
  font-weight: 800;
  margin: 0;
  overflow-wrap: anywhere;
`;

const Iban = styled.p`
  font-family: ${({ theme }) => theme.fonts.mono};
  overflow-wrap: anywhere;
`;

const Links = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(5)}`};
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    font-weight: 600;
  }
`;

function AccountCard({ account }: { account: CoreBankingAccount }) {
  const intl = useIntl();
  const user = useSelector(useSessionActor(), selectUser);
  // SPEC §6: viewers see the wallet but not the top-up details.
  const canTopUp = user !== null && canAccess(user, 'my-accounts');
  const canSend = user !== null && canAccess(user, 'send-money');
  const headingId = useId();
  const currency = account.currency;
  return (
    <Card aria-labelledby={headingId}>
      <h3 id={headingId}>
        <FormattedMessage
          id="wallet.account.heading"
          defaultMessage="{currency} account"
          values={{ currency }}
        />
      </h3>
      <Muted>{accountNameText(intl, account)}</Muted>
      <Figures>
        <dt>
          <FormattedMessage id="wallet.account.balance" defaultMessage="Balance" />
        </dt>
        <dd>
          <Amount money={account.balance} />
        </dd>
        <dt>
          <FormattedMessage id="wallet.account.available" defaultMessage="Available balance" />
        </dt>
        <dd>
          <Amount money={account.available_balance} />
        </dd>
      </Figures>
      <Iban>
        <FormattedMessage
          id="wallet.account.iban"
          defaultMessage="IBAN: {iban}"
          values={{ iban: groupIban(account.iban) }}
        />
      </Iban>
      <Links>
        {canTopUp ? (
          <li>
            <Link
              to={`/my-wallet/my-accounts/${account.account_type}`}
              aria-label={intl.formatMessage(
                { id: 'wallet.account.topUpFor', defaultMessage: 'Top-up details of the {currency} account' },
                { currency },
              )}
            >
              <FormattedMessage id="wallet.account.topUp" defaultMessage="Top-up details" />
            </Link>
          </li>
        ) : null}
        {canSend ? (
          <li>
            <Link
              to={`/my-wallet/${account.account_type}/send-money`}
              aria-label={intl.formatMessage(
                {
                  id: 'wallet.account.sendMoneyFrom',
                  defaultMessage: 'Send money from the {currency} account',
                },
                { currency },
              )}
            >
              <FormattedMessage id="wallet.account.sendMoney" defaultMessage="Send money" />
            </Link>
          </li>
        ) : null}
        <li>
          <Link
            to={`/transactions?account=${account.account_type}`}
            aria-label={intl.formatMessage(
              {
                id: 'wallet.account.transactionsFor',
                defaultMessage: 'Transactions of the {currency} account',
              },
              { currency },
            )}
          >
            <FormattedMessage id="wallet.account.transactions" defaultMessage="Transactions" />
          </Link>
        </li>
      </Links>
    </Card>
  );
}

export type WalletScreenProps = {
  /** The reads this screen makes; tests provide fakes. */
  services?: WalletServices;
  /**
   * Another merchant's advertisement beside the wallet tag, the directory merchants pay each other by (the route gives
   * SponsoredCard, placement `wallet_directory`); none in tests.
   */
  sponsored?: ReactNode;
};

/** SPEC §2 /my-wallet: the merchant's wallet tag and accounts with balance and available balance. */
export function WalletScreen({ services = defaultServices, sponsored = null }: WalletScreenProps) {
  const intl = useIntl();
  const tagHeadingId = useId();
  const accountsHeadingId = useId();
  const load = useCallback((signal: AbortSignal) => services.accounts(signal), [services]);
  const { state, reload } = useLoad('accounts', load);

  let body;
  if (state.status === 'loading') body = <PageSpinner />;
  else if (state.status === 'failed') body = <LoadFailure failure={state.failure} onRetry={reload} />;
  else {
    const { wallet_tag: walletTag, accounts } = state.data;
    body = (
      <>
        <Card aria-labelledby={tagHeadingId}>
          <h2 id={tagHeadingId}>
            <FormattedMessage id="wallet.tag.heading" defaultMessage="Your wallet tag" />
          </h2>
          {walletTag ? (
            <>
              <p>
                <FormattedMessage
                  id="wallet.tag.explain"
                  defaultMessage="Other merchants can send you money with this tag."
                />
              </p>
              <Row>
                <Tag>{walletTag}</Tag>
                <CopyButton
                  value={walletTag}
                  what={intl.formatMessage({ id: 'wallet.tag.copyWhat', defaultMessage: 'wallet tag' })}
                />
              </Row>
            </>
          ) : (
            <Muted>
              <FormattedMessage id="wallet.tag.none" defaultMessage="You have no wallet tag yet." />
            </Muted>
          )}
          <QrCodesLink />
        </Card>
        {sponsored}
        <RequestLinks />
        <ScheduledPaymentsLink />
        <section aria-labelledby={accountsHeadingId}>
          <h2 id={accountsHeadingId}>
            <FormattedMessage id="wallet.accounts.heading" defaultMessage="Accounts" />
          </h2>
          {accounts.length === 0 ? (
            <Card>
              <Muted>
                <FormattedMessage
                  id="wallet.noDataForCurrency"
                  defaultMessage="No data found for this currency."
                />
              </Muted>
            </Card>
          ) : (
            <Grid>
              {accounts.map((account) => (
                <AccountCard key={account.id} account={account} />
              ))}
            </Grid>
          )}
        </section>
      </>
    );
  }

  return (
    <Page>
      <h1>
        <FormattedMessage id="wallet.title" defaultMessage="My wallet" />
      </h1>
      {body}
    </Page>
  );
}

export default WalletScreen;
