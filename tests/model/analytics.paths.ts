import type { ApiFailure } from '../../machines/apiFailure';
import {
  analyticsMachine,
  selectAnalyticsStep,
  type AnalyticsContext,
  type AnalyticsError,
  type AnalyticsEvent,
  type AnalyticsReport,
  type AnalyticsSnapshot,
} from '../../machines/analytics.machine';
import type { AnalyticsBucket, AnalyticsPeriod, AnalyticsRange } from '../../schemas/analytics.schema';
import {
  failureWords,
  pathTitle,
  screenEnd,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';

/*
 * The test model of analytics (machines/analytics.machine.ts), run on the real screen at /analytics by
 * analytics.model.test.tsx, signed in as the owner of Demo Coffee, on 2026-01-15 (Europe/Athens): EUR has a year of
 * payments in and out; the merchant also holds a USD account in which nothing moved (200 with zeros, has_data false).
 */

export const analyticsPath = '/analytics';
/** The last day of every range: "today" in Athens in the model tests. */
export const analyticsEnd = '2026-01-15';

const money = (amount_minor: bigint | number, currency: string) => ({
  amount_minor: String(amount_minor),
  currency,
});

function day(offset: number): string {
  const date = new Date(`${analyticsEnd}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - offset);
  return date.toISOString().slice(0, 10);
}

function month(offset: number): string {
  const index = 2026 * 12 + 0 - offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A bucket whose amounts follow from its position (deterministic, some days without any movement). */
function bucket(label: string, index: number, currency: string, active: boolean): AnalyticsBucket {
  const moneyIn = active && index % 3 !== 2 ? 10_000 + index * 1_250 : 0;
  const moneyOut = active && index % 4 !== 3 ? 4_000 + index * 730 : 0;
  return {
    label,
    starts_at: `${label.length === 7 ? `${label}-01` : label}T00:00:00.000+02:00`,
    ends_at: `${label.length === 7 ? `${label}-01` : label}T00:00:00.000+02:00`,
    money_in: money(moneyIn, currency),
    money_out: money(moneyOut, currency),
    net: money(moneyIn - moneyOut, currency),
    count_in: moneyIn > 0 ? 2 : 0,
    count_out: moneyOut > 0 ? 3 : 0,
  };
}

function totalsOf(buckets: AnalyticsBucket[], currency: string) {
  const sum = (pick: (one: AnalyticsBucket) => string) =>
    buckets.reduce((total, one) => total + BigInt(pick(one)), 0n);
  const moneyIn = sum((one) => one.money_in.amount_minor);
  const moneyOut = sum((one) => one.money_out.amount_minor);
  return {
    money_in: money(moneyIn, currency),
    money_out: money(moneyOut, currency),
    net: money(moneyIn - moneyOut, currency),
    count_in: buckets.reduce((total, one) => total + one.count_in, 0),
    count_out: buckets.reduce((total, one) => total + one.count_out, 0),
  };
}

function periodOf(range: AnalyticsRange, currency: string, from: string, active: boolean): AnalyticsPeriod {
  return {
    range,
    currency,
    from,
    to: analyticsEnd,
    starts_at: `${from}T00:00:00.000+02:00`,
    ends_at: '2026-01-16T00:00:00.000+02:00',
    has_data: active,
  };
}

/** What the server answers for a range and currency: EUR has data, USD (held, unused) only zeros. */
export function analyticsReport(range: AnalyticsRange, currency: string): AnalyticsReport {
  const active = currency === 'EUR';
  const days = range === 'week' ? 7 : 30;
  const buckets =
    range === 'year'
      ? Array.from({ length: 12 }, (_, index) => bucket(month(11 - index), index, currency, active))
      : Array.from({ length: days }, (_, index) => bucket(day(days - 1 - index), index, currency, active));
  const months = Array.from({ length: 12 }, (_, index) => bucket(month(11 - index), index, currency, active));
  const totals = totalsOf(buckets, currency);
  const from = buckets[0]!.label.length === 7 ? `${buckets[0]!.label}-01` : buckets[0]!.label;
  const period = periodOf(range, currency, from, active);
  const out = BigInt(totals.money_out.amount_minor);
  const card = (out * 6n) / 10n;
  const fees = out / 10n;
  return {
    amounts: { period, granularity: range === 'year' ? 'month' : 'day', buckets, totals },
    expenses: {
      period,
      categories: active
        ? [
            { category: 'card_pos', amount: money(card, currency), count: 14, share_bp: 6000 },
            {
              category: 'bank_transfer',
              amount: money(out - card - fees, currency),
              count: 5,
              share_bp: 3000,
            },
            { category: 'fees', amount: money(fees, currency), count: 19, share_bp: 1000 },
          ]
        : [],
      total: totals.money_out,
    },
    monthly: {
      period: periodOf('year', currency, `${month(11)}-01`, active),
      months,
      totals: totalsOf(months, currency),
    },
    top: {
      period,
      money_in: active
        ? [
            {
              key: 'merchant:bakery',
              name: 'Demo Bakery',
              wallet_tag: '@demo-bakery',
              iban: null,
              amount: money(BigInt(totals.money_in.amount_minor) / 2n, currency),
              count: 6,
            },
          ]
        : [],
      money_out: active
        ? [
            {
              key: 'name:Olive Press',
              name: 'Olive Press',
              wallet_tag: null,
              iban: 'GR1601101250000000012300695',
              amount: money(out / 3n, currency),
              count: 4,
            },
          ]
        : [],
    },
  };
}

const http = (status: number, code: string, message: string) =>
  ({ kind: 'http', status, code, message }) satisfies ApiFailure;

export const analyticsTexts = {
  title: 'Analytics',
  noData: 'No data found for this currency.',
  retry: 'Try again',
  showAsTable: 'Show as table',
  range: { week: 'Week', month: 'Month', year: 'Year' } satisfies Record<AnalyticsRange, string>,
  currency: 'Currency',
};

export function analyticsErrorText(error: AnalyticsError): string {
  switch (error) {
    case 'forbidden':
      return 'You may see only the payments made with your own cards, so analytics are not available to you.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

export const analyticsFixtures = {
  events: {
    'range.change': (['week', 'month', 'year'] as const).map((range) => ({
      event: { type: 'range.change', range },
      does: `Choose "${analyticsTexts.range[range]}" under "Period"`,
    })),
    'currency.change': ['EUR', 'USD'].map((currency) => ({
      event: { type: 'currency.change', currency },
      does: `Choose ${currency} as "Currency"`,
    })),
    'load.retry': [{ event: { type: 'load.retry' }, does: `Click "${analyticsTexts.retry}"` }],
  },
  actors: {
    loadAnalytics: {
      done: {
        output: (context: AnalyticsContext) => analyticsReport(context.range, context.currency),
        says: 'Server sends the four reports of the range (EUR: a year of payments; USD: zeros, has_data false)',
      },
      errors: [
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
        {
          failure: http(404, 'no_data', 'No data found for this currency.'),
          says: 'Server answers 404 no_data (the merchant holds no account in this currency)',
        },
        {
          failure: http(403, 'forbidden', 'Not allowed.'),
          says: 'Server answers 403 (an employee who sees only their own cards)',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof analyticsMachine>;

function analyticsScreen(snapshot: AnalyticsSnapshot): ScreenExpectation {
  const path = analyticsPath;
  const heading = analyticsTexts.title;
  switch (selectAnalyticsStep(snapshot)) {
    case 'loading':
      return { path, heading, alert: null, absent: [analyticsTexts.showAsTable, analyticsTexts.retry] };
    case 'loaded':
      return {
        path,
        heading,
        alert: null,
        enabled: [analyticsTexts.showAsTable],
        absent: [analyticsTexts.retry],
      };
    case 'empty':
      return { path, heading, alert: analyticsTexts.noData, absent: [analyticsTexts.showAsTable] };
    case 'failed': {
      const error = snapshot.context.error ?? 'unknown';
      return { path, heading, alert: analyticsErrorText(error), enabled: [analyticsTexts.retry] };
    }
  }
}

type AnalyticsStepOfPath = ModelPath<AnalyticsSnapshot>['steps'][number];

/**
 * A decision of a path, in a few words: the range or currency chosen, the refusals and faults. Reports that arrive
 * are named where the path goes on after them (a choice after the reports, not while they load).
 */
function decisionWords(
  step: AnalyticsStepOfPath,
  index: number,
  steps: AnalyticsStepOfPath[],
): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorError':
      return failureWords(action, 'the reports');
    case 'actorDone':
      return index < steps.length - 1 ? 'shown' : null;
    case 'event': {
      const event = action.event as AnalyticsEvent;
      switch (event.type) {
        case 'range.change':
          return `choose the ${event.range}`;
        case 'currency.change':
          return `choose ${event.currency}`;
        case 'load.retry':
          return 'load again';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: the ranges and currencies chosen, refusals and faults, then what it shows. */
export function analyticsTitle(path: ModelPath<AnalyticsSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const { range, currency } = last.context;
  const end =
    selectAnalyticsStep(last) === 'loaded'
      ? `the ${range} in ${currency} shown`
      : selectAnalyticsStep(last) === 'empty'
        ? `no data for ${currency} in the ${range}`
        : screenEnd(analyticsScreen(last), last.hasTag('busy'));
  return pathTitle(path, decisionWords, end, 'open analytics');
}

export const analyticsModel: Model<typeof analyticsMachine> = {
  name: 'analytics',
  machine: analyticsMachine,
  file: 'analytics.machine.ts',
  start: `Open ${analyticsPath} as the owner of Demo Coffee (the "Analytics" link in the main navigation)`,
  input: { range: null, currency: null },
  fixtures: analyticsFixtures,
  // Every state keeps the range and currency chosen: what happens next depends on them.
  serialize: (snapshot) => {
    const { range, currency, error } = snapshot.context;
    return JSON.stringify({ value: snapshot.value, range, currency, error });
  },
  bounds: { maxDepth: 6, simplePerState: 1, maxSimple: 6 },
  screen: analyticsScreen,
  title: analyticsTitle,
};
