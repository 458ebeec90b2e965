import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  analyticsMachine,
  selectAnalyticsCurrencies,
  selectAnalyticsCurrency,
  selectAnalyticsError,
  selectAnalyticsRange,
  selectAnalyticsReport,
  selectAnalyticsStep,
  type AnalyticsReport,
} from '../../../machines/analytics.machine';
import {
  analyticsRanges,
  AnalyticsRange,
  type AnalyticsBucket,
  type AnalyticsCounterparty,
} from '../../../schemas/analytics.schema';
import { api } from '../../api/client';
import { analyticsActors } from '../../app/analyticsActors';
import { useJourneyActor } from '../../app/inspection';
import { calendarDayText, calendarDayTick, calendarMonthText } from '../../i18n/formatCalendar';
import { formatMoney, formatShare } from '../../i18n/formatMoney';
import { Figures, Fieldset } from '../../ui/Blocks';
import { Button } from '../../ui/Button';
import { Alert, Card, Grid, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { OptionSelectField } from '../../ui/SelectField';
import { analyticsErrorText, analyticsText as m, expenseCategoryText } from './analyticsMessages';
import { chartColours, ChartCard, InOutBars, ShareBars, Table, type InOutPoint } from './charts';

type AnalyticsActor = ActorRefFrom<typeof analyticsMachine>;
type Report = AnalyticsReport;

const Controls = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => `0 ${theme.space(8)}`};
  margin: ${({ theme }) => `${theme.space(4)} 0`};
  & > div {
    min-width: 10rem;
  }
`;

const Net = styled.dd<{ $negative: boolean }>`
  color: ${({ $negative, theme }) => ($negative ? theme.colors.danger : theme.colors.success)};
`;

const minor = (amount: string): number => Number(amount);

/** "May 8 – 14, 2026" in the reader's language. */
function periodText(intl: IntlShape, from: string, to: string): string {
  return intl.formatDateTimeRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
}

function bucketName(intl: IntlShape, bucket: AnalyticsBucket, granularity: 'day' | 'month'): string {
  return granularity === 'day' ? calendarDayText(intl, bucket.label) : calendarMonthText(intl, bucket.label);
}

function points(
  intl: IntlShape,
  buckets: AnalyticsBucket[],
  granularity: 'day' | 'month',
  tickStyle: 'weekday' | 'date',
): InOutPoint[] {
  return buckets.map((bucket) => ({
    tick:
      granularity === 'day'
        ? calendarDayTick(intl, bucket.label, tickStyle)
        : calendarMonthText(intl, bucket.label, 'short'),
    name: bucketName(intl, bucket, granularity),
    in: minor(bucket.money_in.amount_minor),
    out: minor(bucket.money_out.amount_minor),
    inText: formatMoney(intl, bucket.money_in),
    outText: formatMoney(intl, bucket.money_out),
  }));
}

function largest(buckets: AnalyticsBucket[], side: 'money_in' | 'money_out'): AnalyticsBucket | null {
  let best: AnalyticsBucket | null = null;
  for (const bucket of buckets) {
    if (BigInt(bucket[side].amount_minor) <= 0n) continue;
    if (!best || BigInt(bucket[side].amount_minor) > BigInt(best[side].amount_minor)) best = bucket;
  }
  return best;
}

function BucketTable({
  caption,
  buckets,
  granularity,
}: {
  caption: string;
  buckets: AnalyticsBucket[];
  granularity: 'day' | 'month';
}) {
  const intl = useIntl();
  return (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage(granularity === 'day' ? m.day : m.month)}</th>
          <th scope="col">{intl.formatMessage(m.moneyIn)}</th>
          <th scope="col">{intl.formatMessage(m.moneyOut)}</th>
          <th scope="col">{intl.formatMessage(m.net)}</th>
        </tr>
      </thead>
      <tbody>
        {buckets.map((bucket) => (
          <tr key={bucket.label}>
            <th scope="row">{bucketName(intl, bucket, granularity)}</th>
            <td>{formatMoney(intl, bucket.money_in)}</td>
            <td>{formatMoney(intl, bucket.money_out)}</td>
            <td>{formatMoney(intl, bucket.net)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function Totals({ report }: { report: Report }) {
  const intl = useIntl();
  const headingId = useId();
  const { totals } = report.amounts;
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.totals)}</h2>
      <Figures>
        <dt>{intl.formatMessage(m.moneyIn)}</dt>
        <dd>
          {formatMoney(intl, totals.money_in)}
          <br />
          <small>{intl.formatMessage(m.countIn, { count: totals.count_in })}</small>
        </dd>
        <dt>{intl.formatMessage(m.moneyOut)}</dt>
        <dd>
          {formatMoney(intl, totals.money_out)}
          <br />
          <small>{intl.formatMessage(m.countOut, { count: totals.count_out })}</small>
        </dd>
        <dt>{intl.formatMessage(m.net)}</dt>
        <Net $negative={totals.net.amount_minor.startsWith('-')}>
          {formatMoney(intl, totals.net, { signDisplay: 'exceptZero' })}
        </Net>
      </Figures>
    </Card>
  );
}

function OverTime({ report, range }: { report: Report; range: AnalyticsRange }) {
  const intl = useIntl();
  const { amounts } = report;
  const granularity = amounts.granularity;
  const bestIn = largest(amounts.buckets, 'money_in');
  const bestOut = largest(amounts.buckets, 'money_out');
  const none = formatMoney(intl, { amount_minor: '0', currency: amounts.period.currency });
  const summary = intl.formatMessage(m.overTimeSummary, {
    from: calendarDayText(intl, amounts.period.from),
    to: calendarDayText(intl, amounts.period.to),
    moneyIn: formatMoney(intl, amounts.totals.money_in),
    moneyOut: formatMoney(intl, amounts.totals.money_out),
    bestIn: bestIn ? `${bucketName(intl, bestIn, granularity)}, ${formatMoney(intl, bestIn.money_in)}` : none,
    bestOut: bestOut
      ? `${bucketName(intl, bestOut, granularity)}, ${formatMoney(intl, bestOut.money_out)}`
      : none,
  });
  const title = intl.formatMessage(m.overTime);
  return (
    <ChartCard
      title={title}
      chart={
        <InOutBars
          points={points(intl, amounts.buckets, granularity, range === 'week' ? 'weekday' : 'date')}
          currency={amounts.period.currency}
          summary={summary}
        />
      }
      table={<BucketTable caption={title} buckets={amounts.buckets} granularity={granularity} />}
    />
  );
}

function Expenses({ report }: { report: Report }) {
  const intl = useIntl();
  const { expenses } = report;
  const title = intl.formatMessage(m.expenses);
  if (expenses.categories.length === 0) {
    return (
      <Card>
        <h2>{title}</h2>
        <Muted>{intl.formatMessage(m.noExpenses)}</Muted>
      </Card>
    );
  }
  const rows = expenses.categories.map((entry) => ({
    key: entry.category,
    label: expenseCategoryText(intl, entry.category),
    value: minor(entry.amount.amount_minor),
    valueText: formatMoney(intl, entry.amount),
    detail: intl.formatMessage(m.expenseDetail, {
      count: entry.count,
      share: formatShare(intl, entry.share_bp),
    }),
  }));
  return (
    <ChartCard
      title={title}
      chart={<ShareBars rows={rows} colour={chartColours.out} label={title} />}
      table={
        <Table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.category)}</th>
              <th scope="col">{intl.formatMessage(m.amount)}</th>
              <th scope="col">{intl.formatMessage(m.share)}</th>
              <th scope="col">{intl.formatMessage(m.payments)}</th>
            </tr>
          </thead>
          <tbody>
            {expenses.categories.map((entry) => (
              <tr key={entry.category}>
                <th scope="row">{expenseCategoryText(intl, entry.category)}</th>
                <td>{formatMoney(intl, entry.amount)}</td>
                <td>{formatShare(intl, entry.share_bp)}</td>
                <td>{intl.formatNumber(entry.count)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{intl.formatMessage(m.moneyOut)}</th>
              <td>{formatMoney(intl, expenses.total)}</td>
              <td>{formatShare(intl, 10_000)}</td>
              <td />
            </tr>
          </tfoot>
        </Table>
      }
    />
  );
}

function Monthly({ report }: { report: Report }) {
  const intl = useIntl();
  const { monthly } = report;
  const title = intl.formatMessage(m.monthly);
  const first = monthly.months[0];
  const last = monthly.months.at(-1);
  const summary = intl.formatMessage(m.monthlySummary, {
    from: first ? calendarMonthText(intl, first.label) : '',
    to: last ? calendarMonthText(intl, last.label) : '',
    moneyIn: formatMoney(intl, monthly.totals.money_in),
    moneyOut: formatMoney(intl, monthly.totals.money_out),
  });
  return (
    <ChartCard
      title={title}
      description={<Muted>{intl.formatMessage(m.monthlyHint)}</Muted>}
      chart={
        <InOutBars
          points={points(intl, monthly.months, 'month', 'date')}
          currency={monthly.period.currency}
          summary={summary}
        />
      }
      table={<BucketTable caption={title} buckets={monthly.months} granularity="month" />}
    />
  );
}

/** "Demo Bakery (@demo-bakery)", or the name alone. */
function partyName(party: AnalyticsCounterparty): string {
  return party.wallet_tag ? `${party.name} (${party.wallet_tag})` : party.name;
}

function counterpartyRows(intl: IntlShape, parties: AnalyticsCounterparty[]) {
  return parties.map((party) => ({
    key: party.key,
    label: partyName(party),
    value: minor(party.amount.amount_minor),
    valueText: formatMoney(intl, party.amount),
    detail: intl.formatMessage(m.counterpartyDetail, { count: party.count }),
  }));
}

function TopCounterparties({ report }: { report: Report }) {
  const intl = useIntl();
  const { top } = report;
  const title = intl.formatMessage(m.top);
  const sides = [
    { key: 'in', heading: intl.formatMessage(m.topIn), parties: top.money_in, colour: chartColours.in },
    { key: 'out', heading: intl.formatMessage(m.topOut), parties: top.money_out, colour: chartColours.out },
  ] as const;
  return (
    <ChartCard
      title={title}
      chart={
        <Grid>
          {sides.map((side) => (
            <div key={side.key}>
              <h3>{side.heading}</h3>
              {side.parties.length === 0 ? (
                <Muted>{intl.formatMessage(m.nobody)}</Muted>
              ) : (
                <ShareBars
                  rows={counterpartyRows(intl, side.parties)}
                  colour={side.colour}
                  label={side.heading}
                />
              )}
            </div>
          ))}
        </Grid>
      }
      table={
        <Table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.counterparty)}</th>
              <th scope="col">{intl.formatMessage(m.direction)}</th>
              <th scope="col">{intl.formatMessage(m.amount)}</th>
              <th scope="col">{intl.formatMessage(m.payments)}</th>
            </tr>
          </thead>
          <tbody>
            {sides.flatMap((side) =>
              side.parties.map((party) => (
                <tr key={`${side.key}-${party.key}`}>
                  <th scope="row">{partyName(party)}</th>
                  <td>{intl.formatMessage(side.key === 'in' ? m.moneyIn : m.moneyOut)}</td>
                  <td>{formatMoney(intl, party.amount)}</td>
                  <td>{intl.formatNumber(party.count)}</td>
                </tr>
              )),
            )}
          </tbody>
        </Table>
      }
    />
  );
}

function Choices({ journey }: { journey: AnalyticsActor }) {
  const intl = useIntl();
  const range = useSelector(journey, selectAnalyticsRange);
  const currency = useSelector(journey, selectAnalyticsCurrency);
  const currencies = useSelector(journey, selectAnalyticsCurrencies);
  return (
    <Controls aria-label={intl.formatMessage(m.controls)} onSubmit={(event) => event.preventDefault()}>
      <Fieldset>
        <legend>{intl.formatMessage(m.range)}</legend>
        {analyticsRanges.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="range"
              value={option}
              checked={range === option}
              onChange={() => journey.send({ type: 'range.change', range: option })}
            />
            {intl.formatMessage(m.rangeLabel[option])}
          </label>
        ))}
      </Fieldset>
      <div>
        <OptionSelectField
          name="currency"
          label={intl.formatMessage(m.currency)}
          value={currency}
          options={currencies.map((code) => ({ value: code, label: code }))}
          onChange={(value) => journey.send({ type: 'currency.change', currency: value })}
        />
      </div>
    </Controls>
  );
}

function Body({ journey }: { journey: AnalyticsActor }) {
  const intl = useIntl();
  const step = useSelector(journey, selectAnalyticsStep);
  const report = useSelector(journey, selectAnalyticsReport);
  const error = useSelector(journey, selectAnalyticsError);
  const range = useSelector(journey, selectAnalyticsRange);
  const currency = useSelector(journey, selectAnalyticsCurrency);
  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'failed':
      return (
        <Card>
          <Alert role="alert">{error ? analyticsErrorText(intl, error) : null}</Alert>
          <Button variant="secondary" onClick={() => journey.send({ type: 'load.retry' })}>
            {intl.formatMessage(m.retry)}
          </Button>
        </Card>
      );
    case 'empty':
      return (
        <Card>
          <Alert role="alert">{intl.formatMessage(m.noData)}</Alert>
          <Muted>{intl.formatMessage(m.noDataHint)}</Muted>
        </Card>
      );
    case 'loaded': {
      if (!report) return null;
      const period = report.amounts.period;
      return (
        <>
          <Muted role="status">
            {intl.formatMessage(m.showing, {
              range: intl.formatMessage(m.rangeLabel[range]),
              hint: intl.formatMessage(m.rangeHint[range]),
              dates: periodText(intl, period.from, period.to),
              currency,
            })}
          </Muted>
          <Totals report={report} />
          <OverTime report={report} range={range} />
          <Expenses report={report} />
          <Monthly report={report} />
          <TopCounterparties report={report} />
        </>
      );
    }
  }
}

/** Keeps `?range=…&currency=…` in the address, so a reload or a shared link shows the same figures. */
function useAddressSync(journey: AnalyticsActor) {
  const range = useSelector(journey, selectAnalyticsRange);
  const currency = useSelector(journey, selectAnalyticsCurrency);
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get('range') === range && params.get('currency') === currency) return;
    setParams({ range, currency }, { replace: true });
  }, [range, currency, params, setParams]);
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type AnalyticsScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof analyticsMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/**
 * SPEC §2 /analytics: week, month or year and a currency; totals, money in and out over time, expenses per category,
 * the twelve months, and who paid or was paid most, each chart with its figures as a table
 * (machines/analytics.machine.ts).
 */
export function AnalyticsScreen({ logic, inspect, clock }: AnalyticsScreenProps) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const machine = useMemo(() => logic ?? analyticsMachine.provide({ actors: analyticsActors(api) }), [logic]);
  const asked = AnalyticsRange.safeParse(params.get('range'));
  const currency = params.get('currency');
  const journey = useJourneyActor(machine, {
    input: { range: asked.success ? asked.data : null, currency: currency || null },
    ...(inspect ? { inspect } : {}),
    ...(clock ? { clock } : {}),
  });
  useAddressSync(journey);
  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <Choices journey={journey} />
      <Body journey={journey} />
    </Page>
  );
}

export default AnalyticsScreen;
