import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectUser } from '../../../machines/session.machine';
import type {
  UpcomingScheduledPayment,
  WelcomeChecklist,
  WelcomeChecklistItem,
} from '../../../schemas/home.schema';
import type { Money } from '../../../schemas/overview.schema';
import { canAccess, type Area } from '../../../schemas/permissions';
import { useSessionActor } from '../../app/session';
import { formatMoney } from '../../i18n/formatMoney';
import { Card, Grid, Muted, Page, VisuallyHidden } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { scheduledPaymentsPath } from '../../app/paths';
import { calendarDateText, frequencyText } from '../../i18n/scheduleText';
import { TransactionList } from '../TransactionList';
import { useOverview, type LoadOverview } from '../useOverview';

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

const Amount = styled.p`
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
  font-weight: 700;
  font-variant-numeric: tabular-nums;
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
  const intl = useIntl();
  if (amounts.length === 0)
    return <Amount>{formatMoney(intl, { amount_minor: '0', currency: 'EUR' })}</Amount>;
  return (
    <>
      {amounts.map((money) => (
        <Amount key={money.currency}>{formatMoney(intl, money)}</Amount>
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
          <FormattedMessage id="dashboard.scheduled.none" defaultMessage="No scheduled payments." />
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
              <ScheduledAmount>{formatMoney(intl, payment.amount)}</ScheduledAmount>
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

/**
 * SPEC §2 /dashboard (also /): the merchant's name, the welcome checklist until everything on it is done, total
 * balance, cashback, latest transfers and scheduled payments. A part the server leaves out (null: the user may not
 * see it, SPEC §6) is not shown.
 */
export function DashboardScreen({ loadOverview }: { loadOverview?: LoadOverview }) {
  const { state, reload } = useOverview(loadOverview);
  const balanceId = useId();
  const cashbackId = useId();

  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') {
    return (
      <Page>
        <LoadFailure failure={state.failure} onRetry={reload} />
      </Page>
    );
  }

  const { overview } = state;
  const checklist = overview.welcome_checklist;
  return (
    <Page>
      <h1>{overview.merchant.name}</h1>
      {checklist !== null && !checklist.every((entry) => entry.done) && (
        <ChecklistCard checklist={checklist} />
      )}
      <Figures>
        <Card aria-labelledby={balanceId}>
          <Label id={balanceId}>
            <FormattedMessage id="dashboard.totalBalance" defaultMessage="Total balance" />
          </Label>
          <Totals amounts={overview.total_balance} />
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
      <TransactionList transactions={overview.latest_transactions} />
      {overview.scheduled_payments !== null && (
        <ScheduledPaymentsCard payments={overview.scheduled_payments} />
      )}
    </Page>
  );
}

export default DashboardScreen;
