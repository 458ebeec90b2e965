import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { accountNameText } from '../../i18n/accountText';
import { Link } from 'react-router';
import styled from 'styled-components';
import { CardColour, CardForm, CardStatus } from '../../../schemas/cards.schema';
import type { OverviewCard } from '../../../schemas/home.schema';
import { groupIban } from '../../i18n/formatIban';
import { formatMoney } from '../../i18n/formatMoney';
import { CardFace } from '../../ui/CardFace';
import { Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { TransactionList } from '../TransactionList';
import { useOverview, type LoadOverview } from '../useOverview';

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

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  }
  li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(2)};
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(1)} 0`};
    font-weight: 700;
  }
`;

/** One of the caller's own cards: its face (described in words) and a link to its page. */
function MyCard({ card }: { card: OverviewCard }) {
  const intl = useIntl();
  const form = CardForm.safeParse(card.form);
  const colour = CardColour.safeParse(card.colour);
  const status = CardStatus.safeParse(card.status);
  return (
    <li>
      {form.success ? (
        <CardFace
          form={form.data}
          colour={colour.success ? colour.data : 'blue'}
          name={card.name}
          last4={card.last4}
          {...(status.success ? { status: status.data } : {})}
        />
      ) : null}
      <Link to={`/cards/${card.id}`}>
        {intl.formatMessage(
          { id: 'overview.cards.open', defaultMessage: '{name} •••• {last4}' },
          { name: card.name, last4: card.last4 },
        )}
      </Link>
    </li>
  );
}

function MyCards({ cards }: { cards: OverviewCard[] }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="overview.cards.title" defaultMessage="Your cards" />
      </h2>
      {cards.length === 0 ? (
        <Muted>
          <FormattedMessage id="overview.cards.none" defaultMessage="No cards are assigned to you yet." />
        </Muted>
      ) : (
        <Cards aria-labelledby={headingId}>
          {cards.map((card) => (
            <MyCard key={card.id} card={card} />
          ))}
        </Cards>
      )}
    </Card>
  );
}

/**
 * SPEC §2 /overview, where employees land (SPEC §6): their own cards; the company's accounts with IBAN and balance
 * unless they see only their own cards (access `own`); the latest transactions as the server chose them (for `own`,
 * the payments with their cards).
 */
export function OverviewScreen({
  loadOverview,
  sponsored = null,
}: {
  loadOverview?: LoadOverview;
  /** Another merchant's advertisement (the route gives SponsoredCard, placement `dashboard`); none in tests. */
  sponsored?: ReactNode;
}) {
  const intl = useIntl();
  const { state, reload } = useOverview(loadOverview);
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
  const ownOnly = overview.access === 'own';
  return (
    <Page>
      <h1>
        <FormattedMessage id="overview.title" defaultMessage="Overview" />
      </h1>
      <Muted>
        {ownOnly ? (
          <FormattedMessage
            id="overview.intro.own"
            defaultMessage="{merchant}: your cards and the payments made with them."
            values={{ merchant: overview.merchant.name }}
          />
        ) : (
          <FormattedMessage
            id="overview.intro.company"
            defaultMessage="{merchant}: your cards, the company’s accounts and its latest transactions."
            values={{ merchant: overview.merchant.name }}
          />
        )}
      </Muted>
      <MyCards cards={overview.my_cards} />
      {sponsored}
      {ownOnly ? null : (
        <Card aria-labelledby={accountsId}>
          <h2 id={accountsId}>
            <FormattedMessage id="overview.accounts" defaultMessage="Accounts" />
          </h2>
          <Accounts aria-labelledby={accountsId}>
            {overview.accounts.map((account) => (
              <Account key={account.id}>
                <strong>
                  {accountNameText(intl, { name: account.name, currency: account.balance.currency })}
                </strong>
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
      )}
      <TransactionList transactions={overview.latest_transactions} ownCards={ownOnly} />
    </Page>
  );
}

export default OverviewScreen;
