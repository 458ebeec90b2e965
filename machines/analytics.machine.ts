import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { currencyCodes } from '../schemas/accounts.schema';
import {
  noDataMessage,
  rangeDays,
  topCounterpartiesLimit,
  type AnalyticsAmounts,
  type AnalyticsExpenses,
  type AnalyticsMonthlyAmounts,
  type AnalyticsRange,
  type AnalyticsTopCounterparties,
} from '../schemas/analytics.schema';
import { failureCode, toApiFailure } from './apiFailure';
import { count } from './ruleWords';

/*
 * Analytics (SPEC §2 /analytics "week, month or year ranges", §7 "analytics (amounts, expenses per category,
 * monthly amounts)", §8 "No data found for this currency").
 *
 * loading (loadAnalytics: the four reports of the chosen range and currency at once) → loaded (charts and tables),
 * or empty ("No data found for this currency": the merchant holds no account in the currency, 404 no_data, or nothing
 * moved in the range), or failed (a network or server failure, or 403 for an employee who sees only their own cards;
 * "Try again"). A range or currency change in any state reads again; choosing the range or currency already shown
 * does nothing. A change while reading drops the answer on its way and reads the new choice.
 */

export type AnalyticsReport = {
  amounts: AnalyticsAmounts;
  expenses: AnalyticsExpenses;
  monthly: AnalyticsMonthlyAmounts;
  top: AnalyticsTopCounterparties;
};

export type AnalyticsError = 'forbidden' | 'network' | 'unknown';

export function toAnalyticsError(error: unknown): AnalyticsError {
  const failure = toApiFailure(error);
  if (failure.kind === 'network') return 'network';
  if (failure.status === 403) return 'forbidden';
  return 'unknown';
}

/** What the address asks for (`?range=…&currency=…`); null: the default (month, the first currency). */
export type AnalyticsInput = { range: AnalyticsRange | null; currency: string | null };
export type LoadAnalyticsInput = { range: AnalyticsRange; currency: string };

export type AnalyticsContext = {
  range: AnalyticsRange;
  /** ISO 4217, upper case. */
  currency: string;
  /** The currencies to choose from: the bank's (schemas/accounts.schema.ts); one not held reads "no data". */
  currencies: readonly string[];
  report: AnalyticsReport | null;
  error: AnalyticsError | null;
};

export type AnalyticsEvent =
  | { type: 'range.change'; range: AnalyticsRange }
  | { type: 'currency.change'; currency: string }
  | { type: 'load.retry' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/** Whether the report shows anything: money moved in the range, or in the twelve months. */
export function reportHasData(report: AnalyticsReport): boolean {
  return report.amounts.period.has_data || report.monthly.period.has_data;
}

/** One of the bank's currencies (schemas/accounts.schema.ts), upper case. */
export function isBankCurrency(code: string): boolean {
  return (currencyCodes as readonly string[]).includes(code.toUpperCase());
}

export const analyticsMachine = setup({
  types: {
    context: {} as AnalyticsContext,
    events: {} as AnalyticsEvent,
    input: {} as AnalyticsInput,
  },
  actors: {
    loadAnalytics: fromPromise<AnalyticsReport, LoadAnalyticsInput>(async () => notProvided('loadAnalytics')),
  },
  actions: {
    choose: assign({
      range: ({ context, event }) => (event.type === 'range.change' ? event.range : context.range),
      currency: ({ context, event }) =>
        event.type === 'currency.change' ? event.currency.toUpperCase() : context.currency,
    }),
  },
  guards: {
    /** The event chooses something other than what is shown (or being read). */
    isNewChoice: ({ context, event }) =>
      (event.type === 'range.change' && event.range !== context.range) ||
      (event.type === 'currency.change' &&
        event.currency.toUpperCase() !== context.currency &&
        isBankCurrency(event.currency)),
    hasData: (_, params: { report: AnalyticsReport }) => reportHasData(params.report),
    /** SPEC §8: the merchant holds no account in the currency. */
    isNoData: (_, params: { error: unknown }) => failureCode(params.error) === 'no_data',
  },
}).createMachine({
  id: 'analytics',
  context: ({ input }) => {
    const currency = input.currency?.toUpperCase();
    return {
      range: input.range ?? 'month',
      currency: currency && isBankCurrency(currency) ? currency : (currencyCodes[0] ?? 'EUR'),
      currencies: currencyCodes,
      report: null,
      error: null,
    };
  },
  initial: 'loading',
  on: {
    'range.change': {
      description:
        `The user chooses another range (the last ${count(rangeDays.week, 'day')}, ` +
        `${count(rangeDays.month, 'day')}, or 12 months): it is read again, and an answer on its way is dropped. ` +
        'The range already shown does nothing.',
      guard: 'isNewChoice',
      target: '.loading',
      reenter: true,
      actions: 'choose',
    },
    'currency.change': {
      description:
        "The user chooses another of the bank's currencies: it is read again, and an answer on its way is dropped. " +
        'The currency already shown does nothing.',
      guard: 'isNewChoice',
      target: '.loading',
      reenter: true,
      actions: 'choose',
    },
  },
  states: {
    loading: {
      description:
        'The four reports of the range and currency are read at once: amounts in and out, expenses per category, ' +
        `monthly amounts and the top ${count(topCounterpartiesLimit, 'counterparty', 'counterparties')} each way.`,
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadAnalytics',
        src: 'loadAnalytics',
        input: ({ context }) => ({ range: context.range, currency: context.currency }),
        onDone: [
          {
            description: 'Money moved in the range or in the twelve months: the charts are shown.',
            guard: { type: 'hasData', params: ({ event }) => ({ report: event.output }) },
            target: 'loaded',
            actions: assign({ report: ({ event }) => event.output }),
          },
          {
            target: 'empty',
            description: `Nothing moved in the range: "${noDataMessage}"`,
            actions: assign({ report: ({ event }) => event.output }),
          },
        ],
        onError: [
          {
            description: `The merchant holds no account in the currency (no_data): "${noDataMessage}"`,
            guard: { type: 'isNoData', params: ({ event }) => ({ error: event.error }) },
            target: 'empty',
            actions: assign({ report: null }),
          },
          {
            target: 'failed',
            description:
              'No answer, a server failure, or not allowed (an employee who sees only their own cards).',
            actions: assign({ report: null, error: ({ event }) => toAnalyticsError(event.error) }),
          },
        ],
      },
    },
    loaded: { description: 'Charts and tables of the range and currency.' },
    empty: { description: `"${noDataMessage}" The range and currency can still be changed.` },
    failed: {
      description: 'The reports could not be read: the reason and "Try again".',
      on: { 'load.retry': { target: 'loading', description: 'The user asks to read the reports again.' } },
    },
  },
});

export type AnalyticsSnapshot = SnapshotFrom<typeof analyticsMachine>;
export type AnalyticsStep = 'loading' | 'loaded' | 'empty' | 'failed';

export function selectAnalyticsStep(snapshot: AnalyticsSnapshot): AnalyticsStep {
  if (snapshot.matches('loaded')) return 'loaded';
  if (snapshot.matches('empty')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

export const selectAnalyticsBusy = (snapshot: AnalyticsSnapshot): boolean => snapshot.hasTag('busy');
export const selectAnalyticsRange = (snapshot: AnalyticsSnapshot): AnalyticsRange => snapshot.context.range;
export const selectAnalyticsCurrency = (snapshot: AnalyticsSnapshot): string => snapshot.context.currency;
export const selectAnalyticsCurrencies = (snapshot: AnalyticsSnapshot): readonly string[] =>
  snapshot.context.currencies;
export const selectAnalyticsReport = (snapshot: AnalyticsSnapshot): AnalyticsReport | null =>
  snapshot.context.report;
export const selectAnalyticsError = (snapshot: AnalyticsSnapshot): AnalyticsError | null =>
  snapshot.context.error;
