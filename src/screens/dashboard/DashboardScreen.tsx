import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectUser } from '../../../machines/session.machine';
import { ArrowDownLeft, ArrowUpRight, CreditCard, Wallet, type LucideIcon } from 'lucide-react';
import type {
  NeedsAttention,
  UpcomingScheduledPayment,
  WelcomeChecklist,
  WelcomeChecklistItem,
} from '../../../schemas/home.schema';
import type { Money } from '../../../schemas/overview.schema';
import { canAccess, type Area } from '../../../schemas/permissions';
import { useSessionActor } from '../../app/session';
import { useCurrentAccount } from '../../app/currentAccount';
import { Amount } from '../../ui/Amount';
import { Card, Grid, Muted, Page, VisuallyHidden } from '../../ui/Layout';
import { LoadFailure } from '../LoadFailure';
import { scheduledPaymentsPath } from '../../app/paths';
import { calendarDateText, frequencyText } from '../../i18n/scheduleText';
import { TransactionList } from '../TransactionList';
import { useOverview, type LoadOverview } from '../useOverview';
import { BalanceChart } from './BalanceChart';
import { DashboardSkeleton } from './DashboardSkeleton';

/** Where an unticked checklist item leads, and the area of schemas/permissions.ts it needs. */
const checklistLinks: Record<WelcomeChecklistItem, { to: string; area: Area } | null> = {
  top_up: { to: '/my-wallet/my-accounts', area: 'my-accounts' },
  pick_plan: { to: '/plans', area: 'plans' },
  create_card: { to: '/cards/add-card', area: 'add-card' },
};

const checklistTexts = defineMessages({
  top_up: { id: 'dashboard.checklist.topUp', defaultMessage: 'Top up your account' },
  pick_plan: { id: 'dashboard.checklist.pickPlan', defaultMessage: 'Pick a plan' },
  create_card: { id: 'dashboard.checklist.createCard', defaultMessage: 'Create a card' },
});

const Figures = styled(Grid)`
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

const Total = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Label = styled.h2`
  font-size: 1rem;
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: ${({ theme }) => theme.space(1)};
`;

const Plain = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Step = styled.li<{ $done: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: baseline;
  padding: ${({ theme }) => `${theme.space(2)} 0`};
  color: ${({ $done, theme }) => ($done ? theme.colors.success : theme.colors.text)};
  font-weight: 600;
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(1)} 0`};
  }
`;

/** The tick or the empty circle is decoration; the state is read out by the visually hidden text. */
const Mark = styled.span<{ $done: boolean }>`
  display: inline-block;
  width: 1.2em;
  text-align: center;
  &::before {
    content: '${({ $done }) => ($done ? '\\2713' : '\\25CB')}';
  }
`;

const Scheduled = styled.li`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  padding: ${({ theme }) => `${theme.space(3)} 0`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child {
    border-top: none;
  }
`;

const Recipient = styled.span`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const ScheduledAmount = styled.span`
  text-align: right;
`;

const Details = styled.span`
  grid-column: 1 / -1;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const More = styled(Link)`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} 0`};
  font-weight: 600;
`;

/** A total per currency; with none, zero in euro (the first account's currency). */
function Totals({ amounts }: { amounts: Money[] }) {
  if (amounts.length === 0)
    return (
      <Total>
        <Amount money={{ amount_minor: '0', currency: 'EUR' }} size="large" />
      </Total>
    );
  return (
    <>
      {amounts.map((money) => (
        <Total key={money.currency}>
          <Amount money={money} size="large" />
        </Total>
      ))}
    </>
  );
}

/** SPEC §2 welcome checklist: ticks itself from the merchant's data (server/overview.ts `checklistState`). */
function ChecklistCard({ checklist }: { checklist: WelcomeChecklist }) {
  const intl = useIntl();
  const user = useSelector(useSessionActor(), selectUser);
  const headingId = useId();
  const done = checklist.filter((entry) => entry.done).length;
  // SPEC §6: a link only where the user may go (viewers may not see top-up details nor order cards).
  const linkFor = (item: WelcomeChecklistItem): string | null => {
    const link = checklistLinks[item];
    if (link === null || user === null) return null;
    return canAccess(user, link.area) ? link.to : null;
  };
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="dashboard.checklist.heading" defaultMessage="Get started" />
      </h2>
      <Muted>
        <FormattedMessage
          id="dashboard.checklist.progress"
          defaultMessage="{done} of {total} done"
          values={{ done, total: checklist.length }}
        />
      </Muted>
      <Plain aria-labelledby={headingId}>
        {checklist.map(({ item, done: ticked }) => {
          const text = intl.formatMessage(checklistTexts[item]);
          const to = ticked ? null : linkFor(item);
          return (
            <Step key={item} $done={ticked} data-item={item} data-done={ticked}>
              <Mark aria-hidden="true" $done={ticked} />
              <span>
                {to === null ? text : <Link to={to}>{text}</Link>}
                <VisuallyHidden>
                  {ticked ? (
                    <FormattedMessage id="dashboard.checklist.done" defaultMessage="(done)" />
                  ) : (
                    <FormattedMessage id="dashboard.checklist.notDone" defaultMessage="(not yet)" />
                  )}
                </VisuallyHidden>
              </span>
            </Step>
          );
        })}
      </Plain>
    </Card>
  );
}

function ScheduledPaymentsCard({ payments }: { payments: UpcomingScheduledPayment[] }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="dashboard.scheduled.heading" defaultMessage="Scheduled payments" />
      </h2>
      {payments.length === 0 ? (
        <Muted>
          <FormattedMessage
            id="dashboard.scheduled.noneWithAction"
            defaultMessage="No scheduled payments. Choose “Schedule” when you send money to pay rent or a supplier on a date or every month."
          />
        </Muted>
      ) : (
        <Plain aria-labelledby={headingId}>
          {payments.map((payment) => (
            <Scheduled key={payment.id}>
              <Recipient>
                <FormattedMessage
                  id="dashboard.scheduled.recipient"
                  defaultMessage="{name} ({tag})"
                  values={{ name: payment.recipient.name, tag: payment.recipient.wallet_tag }}
                />
              </Recipient>
              <ScheduledAmount>
                <Amount money={payment.amount} strong />
              </ScheduledAmount>
              <Details>
                {payment.next_run_date === null ? (
                  frequencyText(intl, payment.frequency)
                ) : (
                  <FormattedMessage
                    id="dashboard.scheduled.details"
                    defaultMessage="{frequency} · next on {date}"
                    values={{
                      frequency: frequencyText(intl, payment.frequency),
                      date: calendarDateText(intl, payment.next_run_date),
                    }}
                  />
                )}
              </Details>
            </Scheduled>
          ))}
        </Plain>
      )}
      <More to={scheduledPaymentsPath}>
        <FormattedMessage id="dashboard.scheduled.all" defaultMessage="All scheduled payments" />
      </More>
    </Card>
  );
}

const Actions = styled.nav`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  a {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 48px;
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
    border-radius: ${({ theme }) => theme.radii.medium};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-weight: 700;
    text-decoration: none;
  }
  a:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  svg {
    flex: none;
  }
`;

const quickActionTexts = defineMessages({
  label: { id: 'dashboard.actions.label', defaultMessage: 'Quick actions' },
  send: { id: 'dashboard.actions.send', defaultMessage: 'Send money' },
  request: { id: 'dashboard.actions.request', defaultMessage: 'Request money' },
  topUp: { id: 'dashboard.actions.topUp', defaultMessage: 'Top up' },
  card: { id: 'dashboard.actions.card', defaultMessage: 'Order a card' },
});

/** The four things merchants do most from home, each only where the user may (SPEC §6; the server refuses anyway). */
const quickActions = [
  // The account chosen in the header's switcher (src/app/currentAccount.ts), EUR until one is.
  {
    to: '/my-wallet/{account}/send-money',
    area: 'send-money',
    text: quickActionTexts.send,
    Icon: ArrowUpRight,
  },
  {
    to: '/my-wallet/request-money',
    area: 'request-money',
    text: quickActionTexts.request,
    Icon: ArrowDownLeft,
  },
  { to: '/my-wallet/my-accounts', area: 'my-accounts', text: quickActionTexts.topUp, Icon: Wallet },
  { to: '/cards/add-card', area: 'add-card', text: quickActionTexts.card, Icon: CreditCard },
] satisfies ReadonlyArray<{ to: string; area: Area; text: MessageDescriptor; Icon: LucideIcon }>;

function QuickActions() {
  const intl = useIntl();
  const user = useSelector(useSessionActor(), selectUser);
  const account = useCurrentAccount() ?? 'eur';
  const allowed = quickActions.filter((action) => user !== null && canAccess(user, action.area));
  if (allowed.length === 0) return null;
  return (
    <Actions aria-label={intl.formatMessage(quickActionTexts.label)}>
      {allowed.map(({ to, text, Icon }) => (
        <Link key={to} to={to.replace('{account}', account)}>
          <Icon aria-hidden="true" size={20} />
          {intl.formatMessage(text)}
        </Link>
      ))}
    </Actions>
  );
}

/** With nothing on the account yet, the way to put money on it (for those who may see the top-up details). */
function FirstMoneyLink() {
  const user = useSelector(useSessionActor(), selectUser);
  if (user === null || !canAccess(user, 'my-accounts')) return null;
  return (
    <More to="/my-wallet/my-accounts">
      <FormattedMessage
        id="dashboard.transactions.firstMoney"
        defaultMessage="Top up your account: see its IBAN to pay in by bank transfer"
      />
    </More>
  );
}

/** What waits for the merchant (schemas/home.schema.ts `NeedsAttention`), each with the page that settles it. */
function AttentionCard({ attention }: { attention: NeedsAttention }) {
  const headingId = useId();
  const items = [
    attention.requests_to_answer
      ? {
          to: '/my-wallet/pending-requests',
          text: (
            <FormattedMessage
              id="dashboard.attention.requests"
              defaultMessage="{count, plural, one {# money request to answer} other {# money requests to answer}}"
              values={{ count: attention.requests_to_answer }}
            />
          ),
        }
      : null,
    attention.scheduled_this_week
      ? {
          to: scheduledPaymentsPath,
          text: (
            <FormattedMessage
              id="dashboard.attention.scheduled"
              defaultMessage="{count, plural, one {# scheduled payment runs in the next 7 days} other {# scheduled payments run in the next 7 days}}"
              values={{ count: attention.scheduled_this_week }}
            />
          ),
        }
      : null,
    attention.cards_frozen
      ? {
          to: '/cards',
          text: (
            <FormattedMessage
              id="dashboard.attention.frozen"
              defaultMessage="{count, plural, one {# card is frozen} other {# cards are frozen}}"
              values={{ count: attention.cards_frozen }}
            />
          ),
        }
      : null,
  ].filter((item) => item !== null);
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="dashboard.attention.heading" defaultMessage="Needs your attention" />
      </h2>
      {items.length === 0 ? (
        <Muted>
          <FormattedMessage
            id="dashboard.attention.none"
            defaultMessage="Nothing waits for you: no requests to answer, no payments due this week, no frozen cards."
          />
        </Muted>
      ) : (
        <Plain aria-labelledby={headingId}>
          {items.map((item) => (
            <Step key={item.to} $done={false}>
              <Link to={item.to}>{item.text}</Link>
            </Step>
          ))}
        </Plain>
      )}
    </Card>
  );
}

/**
 * SPEC §2 /dashboard (also /): the merchant's name, quick actions, the welcome checklist until everything on it is
 * done, total balance with its last 30 days, cashback, what needs attention, latest transfers and scheduled payments. A part the server leaves out (null: the user may not
 * see it, SPEC §6) is not shown.
 */
export function DashboardScreen({
  loadOverview,
  sponsored = null,
}: {
  loadOverview?: LoadOverview;
  /** Another merchant's advertisement (the route gives SponsoredCard, placement `dashboard`); none in tests. */
  sponsored?: ReactNode;
}) {
  const { state, reload } = useOverview(loadOverview);
  const balanceId = useId();
  const cashbackId = useId();

  if (state.status === 'loading') return <DashboardSkeleton />;
  if (state.status === 'failed') {
    return (
      <Page>
        <LoadFailure failure={state.failure} onRetry={reload} />
      </Page>
    );
  }

  const { overview } = state;
  const checklist = overview.welcome_checklist;
  // Access level `own`: no company balances reach this user, so none is shown (not a total of €0.00).
  const ownOnly = overview.access === 'own';
  return (
    <Page>
      <h1>{overview.merchant.name}</h1>
      {ownOnly ? (
        <Muted>
          <FormattedMessage
            id="dashboard.intro.own"
            defaultMessage="Your cards and their transactions: you see the cards given to you and the payments made with them, not the company’s balances or its other transactions."
          />
        </Muted>
      ) : null}
      <QuickActions />
      {sponsored}
      {checklist !== null && !checklist.every((entry) => entry.done) && (
        <ChecklistCard checklist={checklist} />
      )}
      {ownOnly ? null : (
        <Figures>
          <Card aria-labelledby={balanceId}>
            <Label id={balanceId}>
              <FormattedMessage id="dashboard.totalBalance" defaultMessage="Total balance" />
            </Label>
            <Totals amounts={overview.total_balance} />
            {overview.balance_history?.[0] ? <BalanceChart history={overview.balance_history[0]} /> : null}
          </Card>
          {overview.cashback !== null && (
            <Card aria-labelledby={cashbackId}>
              <Label id={cashbackId}>
                <FormattedMessage id="dashboard.cashback" defaultMessage="Cashback earned" />
              </Label>
              <Totals amounts={overview.cashback} />
              <More to="/cashback">
                <FormattedMessage id="dashboard.cashback.details" defaultMessage="Cashback details" />
              </More>
            </Card>
          )}
        </Figures>
      )}
      {overview.needs_attention !== null && <AttentionCard attention={overview.needs_attention} />}
      <TransactionList
        transactions={overview.latest_transactions}
        ownCards={ownOnly}
        emptyAction={
          ownOnly ? (
            <More to="/cards">
              <FormattedMessage id="dashboard.transactions.yourCards" defaultMessage="See your cards" />
            </More>
          ) : (
            <FirstMoneyLink />
          )
        }
      />
      {overview.scheduled_payments !== null && (
        <ScheduledPaymentsCard payments={overview.scheduled_payments} />
      )}
    </Page>
  );
}

export default DashboardScreen;
