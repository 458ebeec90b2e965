/**
 * Analytics (SPEC §2 /analytics "week, month or year ranges", §7 "analytics (amounts, expenses per category,
 * monthly amounts)", §8 "No data found for this currency").
 *
 * Endpoints (operationId), secured (approved merchant), area 'analytics', company data, all GET under
 * /api/merchants/analytics/ with AnalyticsQuery (`range`, `currency`, `end`):
 * - amounts/                  analyticsAmounts              → AnalyticsAmounts: money in and out per bucket (a day for
 *                                                              week and month, a calendar month for year) and totals
 * - expenses_per_category/    analyticsExpensesPerCategory  → AnalyticsExpenses: money out by category (card
 *                                                              payments by merchant category, each transfer type,
 *                                                              fees), largest first, adding up to the money out
 * - monthly_amounts/          analyticsMonthlyAmounts       AnalyticsMonthlyQuery (`currency`, `end`; no range) →
 *                                                              AnalyticsMonthlyAmounts: in and out for each of the 12
 *                                                              calendar months ending with `end`'s month
 * - top_counterparties/       analyticsTopCounterparties    → AnalyticsTopCounterparties: the 5 who paid the merchant
 *                                                              most and the 5 it paid most in the range
 *
 * Periods, in the bank's time zone (Europe/Athens, DST included), inclusive of `end` (default: today in Athens):
 * week = the 7 days ending with `end`; month = the 30 days ending with `end`; year = the 12 calendar months ending
 * with `end`'s month (the first from its 1st, the last up to `end`). A day is Athens midnight to Athens midnight (23
 * or 25 hours on a DST change).
 *
 * What counts: the merchant's account in `currency`, transfers that are `completed` or `paid` (declined, failed,
 * pending and cancelled never count), each booked at the transfer's time (as the transactions list and the
 * statements book it) with its effect on the account from the ledger: money in is what reached the account, money
 * out what left it INCLUDING fees. Every amount is integer minor units as a decimal string (`Money`).
 *
 * Errors: 400 with `fields` (bad range, currency or date; `end` in the future or before 2000); 404 `no_data`
 * "No data found for this currency." when the merchant holds no account in `currency`. A held currency with no
 * movements in the range is 200 with zeros and empty lists (`has_data: false`): the browser shows the same text.
 */
import { z } from 'zod';
import { text } from './text';
import { Money } from './overview.schema';

export const analyticsRanges = ['week', 'month', 'year'] as const;
export const AnalyticsRange = z.enum(analyticsRanges);
export type AnalyticsRange = z.infer<typeof AnalyticsRange>;

/** The days a `week` and a `month` range cover; a `year` is 12 calendar months. */
export const rangeDays = { week: 7, month: 30 } as const;

/** How many counterparties each side of `top_counterparties` lists. */
export const topCounterpartiesLimit = 5;

/** SPEC §8. */
export const noDataMessage = 'No data found for this currency.';

export const AnalyticsQuery = z.object({
  range: AnalyticsRange,
  /** ISO 4217, any case (`eur` or `EUR`); answered upper case. */
  currency: text()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'A three-letter currency code.')
    .toUpperCase(),
  /** The last day of the range, a Europe/Athens calendar day; default today there. */
  end: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.')
    .optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/**
 * monthly_amounts: always the 12 months ending with `end`'s month. (Query schemas carry no `.meta({ id })`: a
 * querystring must stay inline for @fastify/swagger.)
 */
export const AnalyticsMonthlyQuery = AnalyticsQuery.omit({ range: true });
export type AnalyticsMonthlyQuery = z.infer<typeof AnalyticsMonthlyQuery>;

/** The period an answer covers. `from` and `to` are Athens calendar days, both inclusive. */
export const AnalyticsPeriod = z
  .object({
    range: AnalyticsRange,
    currency: text().length(3),
    from: text(),
    to: text(),
    /** The instants the period runs between: [starts_at, ends_at). */
    starts_at: text(),
    ends_at: text(),
    /** Anything booked in the period (else the browser shows "No data found for this currency."). */
    has_data: z.boolean(),
  })
  .meta({ id: 'AnalyticsPeriod' });
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriod>;

export const AnalyticsGranularity = z.enum(['day', 'month']);

/** One bucket: an Athens calendar day or month. */
export const AnalyticsBucket = z
  .object({
    /** `2026-05-14` for a day, `2026-05` for a month. */
    label: text(),
    /** The instants it runs between: [starts_at, ends_at). */
    starts_at: text(),
    ends_at: text(),
    money_in: Money,
    money_out: Money,
    /** money_in − money_out (may be negative). */
    net: Money,
    /** How many transfers moved money in and out in the bucket. */
    count_in: z.number().int(),
    count_out: z.number().int(),
  })
  .meta({ id: 'AnalyticsBucket' });
export type AnalyticsBucket = z.infer<typeof AnalyticsBucket>;

export const AnalyticsTotals = z
  .object({
    money_in: Money,
    money_out: Money,
    net: Money,
    count_in: z.number().int(),
    count_out: z.number().int(),
  })
  .meta({ id: 'AnalyticsTotals' });
export type AnalyticsTotals = z.infer<typeof AnalyticsTotals>;

export const AnalyticsAmounts = z
  .object({
    period: AnalyticsPeriod,
    granularity: AnalyticsGranularity,
    /** Every bucket of the period, oldest first, empty ones included (zeros). */
    buckets: z.array(AnalyticsBucket),
    totals: AnalyticsTotals,
  })
  .meta({ id: 'AnalyticsAmounts' });
export type AnalyticsAmounts = z.infer<typeof AnalyticsAmounts>;

export const AnalyticsMonthlyAmounts = z
  .object({
    /** `range` is `year`: the 12 months ending with `end`'s month. */
    period: AnalyticsPeriod,
    /** 12 buckets, oldest first. */
    months: z.array(AnalyticsBucket),
    totals: AnalyticsTotals,
  })
  .meta({ id: 'AnalyticsMonthlyAmounts' });
export type AnalyticsMonthlyAmounts = z.infer<typeof AnalyticsMonthlyAmounts>;

/**
 * Where money went. Card payments by the card network's merchant category (SPEC §9: POS, online, ATM), card orders,
 * each outgoing transfer type, and `fees`: the fee part of every outgoing payment (its amount counts under its type).
 * `other` catches a type added later before this list learns it.
 */
export const expenseCategories = [
  'card_pos',
  'card_online',
  'card_atm',
  'card_order',
  'account_to_account',
  'bank_transfer',
  'face_to_face',
  'subscription',
  'advertising',
  'fees',
  'other',
] as const;
export const ExpenseCategory = z.enum(expenseCategories);
export type ExpenseCategory = z.infer<typeof ExpenseCategory>;

export const AnalyticsExpense = z
  .object({
    category: ExpenseCategory,
    amount: Money,
    /** Transfers that contributed (a payment with a fee counts under its type and under fees). */
    count: z.number().int(),
    /** Share of the money out in basis points (1/100 %); the shares add up to 10000 (largest remainder). */
    share_bp: z.number().int(),
  })
  .meta({ id: 'AnalyticsExpense' });
export type AnalyticsExpense = z.infer<typeof AnalyticsExpense>;

export const AnalyticsExpenses = z
  .object({
    period: AnalyticsPeriod,
    /** Categories with money out, largest first (ties by category name); none with zero. */
    categories: z.array(AnalyticsExpense),
    /** The money out of the period: the sum of the categories. */
    total: Money,
  })
  .meta({ id: 'AnalyticsExpenses' });
export type AnalyticsExpenses = z.infer<typeof AnalyticsExpenses>;

export const AnalyticsCounterparty = z
  .object({
    /** Stable within the merchant's data: `merchant:<id>` for a Tameio merchant, else `iban:…`, `tag:…`, `name:…`. */
    key: text(),
    /** The other merchant's name, or the name on the transfer (the card network's merchant name for a card payment). */
    name: text(),
    wallet_tag: text().nullable(),
    iban: text().nullable(),
    amount: Money,
    count: z.number().int(),
  })
  .meta({ id: 'AnalyticsCounterparty' });
export type AnalyticsCounterparty = z.infer<typeof AnalyticsCounterparty>;

export const AnalyticsTopCounterparties = z
  .object({
    period: AnalyticsPeriod,
    /** Who paid the merchant most, largest first (ties by name); at most 5. */
    money_in: z.array(AnalyticsCounterparty),
    /** Whom the merchant paid most (fees included), largest first; at most 5. */
    money_out: z.array(AnalyticsCounterparty),
  })
  .meta({ id: 'AnalyticsTopCounterparties' });
export type AnalyticsTopCounterparties = z.infer<typeof AnalyticsTopCounterparties>;
