import { sql, type RawBuilder } from 'kysely';
import {
  expenseCategories,
  noDataMessage,
  topCounterpartiesLimit,
  type AnalyticsAmounts,
  type AnalyticsBucket,
  type AnalyticsCounterparty,
  type AnalyticsExpense,
  type AnalyticsExpenses,
  type AnalyticsMonthlyAmounts,
  type AnalyticsMonthlyQuery,
  type AnalyticsPeriod,
  type AnalyticsQuery,
  type AnalyticsTopCounterparties,
  type AnalyticsTotals,
  type ExpenseCategory,
} from '../../schemas/analytics.schema';
import { moneyOf } from '../../schemas/money';
import { bankTimeZone } from '../cards/windows';
import { AppError } from '../errors';
import type { Db } from '../ledger';
import { resolvePeriod, type AnalyticsPeriodSpec } from './period';

/**
 * Analytics (schemas/analytics.schema.ts; docs/decisions/014-analytics-advertising-statements.md). Every figure is a
 * sum over the merchant's account's BOOKED transfers: status `completed` or `paid` (a declined transfer has no
 * entries, a failed one's entries are reversed, a pending one is not done yet), each at the transfer's time, with its
 * effect on the account as the ledger wrote it: on the debit side −(amount + fee), on the credit side the credited
 * amount. For a booked transfer that is exactly the sum of its ledger entries on the account (the `post` phase; the
 * `settle` phase moves clearing → external rails and never touches a merchant account), which
 * tests/api/analytics.test.ts checks against `ledger_entries` on generated data. Reading the transfer's columns lets
 * the partial covering indexes of migration 021 answer a year of a busy account without visiting the entries.
 */

/** The merchant's account in the currency; none is SPEC §8's "No data found for this currency." */
async function accountIn(db: Db, merchantId: string, currency: string): Promise<{ id: string }> {
  const account = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'merchant')
    .where('currency', '=', currency)
    .executeTakeFirst();
  if (!account) throw new AppError('no_data', 404, noDataMessage, { details: { currency } });
  return account;
}

/** The booked transfers of the account in [startsAt, endsAt), on each side (the WHERE the partial indexes match). */
function booked(
  side: 'debit' | 'credit',
  accountId: string,
  period: AnalyticsPeriodSpec,
): RawBuilder<unknown> {
  const column = side === 'debit' ? sql.ref('t.debit_account_id') : sql.ref('t.credit_account_id');
  return sql`${column} = ${accountId}::uuid AND t.status IN ('completed', 'paid')
    AND t.created_at >= ${period.startsAt} AND t.created_at < ${period.endsAt}`;
}

type Context = { accountId: string; currency: string; period: AnalyticsPeriodSpec };

async function contextFor(
  db: Db,
  merchantId: string,
  query: { range: AnalyticsQuery['range']; currency: string; end?: string | undefined },
  now: Date,
): Promise<Context> {
  // The period first: a bad `end` is a 400 whichever currency was asked.
  const period = await resolvePeriod(db, query.range, query.end, now);
  const account = await accountIn(db, merchantId, query.currency);
  return { accountId: account.id, currency: query.currency, period };
}

function periodView(context: Context, hasData: boolean): AnalyticsPeriod {
  const { period, currency } = context;
  return {
    range: period.range,
    currency,
    from: period.from,
    to: period.to,
    starts_at: period.startsAt.toISOString(),
    ends_at: period.endsAt.toISOString(),
    has_data: hasData,
  };
}

/**
 * Every bucket of the period (an Athens day or month), empty ones included: the buckets are generated on Athens
 * local time and turned into instants by PostgreSQL (DST days have 23 or 25 hours), and each movement falls in the
 * bucket whose [starts_at, ends_at) holds its instant.
 */
async function bucketsOf(db: Db, context: Context, granularity: 'day' | 'month'): Promise<AnalyticsBucket[]> {
  const { accountId, period, currency } = context;
  const step = granularity === 'day' ? '1 day' : '1 month';
  const labelFormat = granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  // The buckets' bounds first (a few dozen rows), then each movement's bucket by binary search on its instant
  // (`width_bucket` over the sorted starts): no time zone arithmetic per movement.
  const bounds = await sql<{ label: string; starts_at: Date; ends_at: Date }>`
    SELECT to_char(d, ${labelFormat}) AS label,
      d AT TIME ZONE ${bankTimeZone} AS starts_at,
      (d + ${step}::interval) AT TIME ZONE ${bankTimeZone} AS ends_at
    FROM generate_series(${period.from}::date::timestamp, ${period.to}::date::timestamp, ${step}::interval) AS d
    ORDER BY d`.execute(db);
  const starts = bounds.rows.map((row) => new Date(row.starts_at).toISOString());
  const result = await sql<{
    bucket: number;
    money_in: string;
    money_out: string;
    count_in: string;
    count_out: string;
  }>`
    WITH movements AS (
      SELECT t.created_at, 0::int8 AS amount_in, (t.amount_minor + t.fee_minor) AS amount_out
      FROM transfers t WHERE ${booked('debit', accountId, period)}
      UNION ALL
      SELECT t.created_at, t.credit_amount_minor AS amount_in, 0::int8 AS amount_out
      FROM transfers t WHERE ${booked('credit', accountId, period)}
    )
    SELECT width_bucket(created_at, ${`{${starts.map((s) => `"${s}"`).join(',')}}`}::timestamptz[]) AS bucket,
      SUM(amount_in)::text AS money_in, SUM(amount_out)::text AS money_out,
      count(*) FILTER (WHERE amount_in > 0)::text AS count_in, count(*) FILTER (WHERE amount_out > 0)::text AS count_out
    FROM movements GROUP BY 1`.execute(db);
  const byBucket = new Map(result.rows.map((row) => [Number(row.bucket), row]));
  return bounds.rows.map((row, index) => {
    // width_bucket numbers the buckets from 1 (0: before the first start, which the period's bounds exclude).
    const sums = byBucket.get(index + 1);
    const moneyIn = BigInt(sums?.money_in ?? '0');
    const moneyOut = BigInt(sums?.money_out ?? '0');
    return {
      label: row.label,
      starts_at: new Date(row.starts_at).toISOString(),
      ends_at: new Date(row.ends_at).toISOString(),
      money_in: moneyOf(moneyIn, currency),
      money_out: moneyOf(moneyOut, currency),
      net: moneyOf(moneyIn - moneyOut, currency),
      count_in: Number(sums?.count_in ?? '0'),
      count_out: Number(sums?.count_out ?? '0'),
    };
  });
}

function totalsOf(buckets: AnalyticsBucket[], currency: string): AnalyticsTotals {
  let moneyIn = 0n;
  let moneyOut = 0n;
  let countIn = 0;
  let countOut = 0;
  for (const bucket of buckets) {
    moneyIn += BigInt(bucket.money_in.amount_minor);
    moneyOut += BigInt(bucket.money_out.amount_minor);
    countIn += bucket.count_in;
    countOut += bucket.count_out;
  }
  return {
    money_in: moneyOf(moneyIn, currency),
    money_out: moneyOf(moneyOut, currency),
    net: moneyOf(moneyIn - moneyOut, currency),
    count_in: countIn,
    count_out: countOut,
  };
}

/** Anything booked on the account in the period (two index probes). */
async function hasMovements(db: Db, context: Context): Promise<boolean> {
  const { accountId, period } = context;
  const result = await sql<{ any: boolean }>`
    SELECT EXISTS (SELECT 1 FROM transfers t WHERE ${booked('debit', accountId, period)})
      OR EXISTS (SELECT 1 FROM transfers t WHERE ${booked('credit', accountId, period)}) AS any`.execute(db);
  return result.rows[0]?.any === true;
}

/** analyticsAmounts: money in and out per day (week, month) or per month (year). */
export async function analyticsAmounts(
  db: Db,
  merchantId: string,
  query: AnalyticsQuery,
  now: Date = new Date(),
): Promise<AnalyticsAmounts> {
  const context = await contextFor(db, merchantId, query, now);
  const buckets = await bucketsOf(db, context, context.period.granularity);
  const totals = totalsOf(buckets, context.currency);
  return {
    period: periodView(context, totals.count_in + totals.count_out > 0),
    granularity: context.period.granularity,
    buckets,
    totals,
  };
}

/** analyticsMonthlyAmounts: the 12 calendar months ending with `end`'s month. */
export async function analyticsMonthlyAmounts(
  db: Db,
  merchantId: string,
  query: AnalyticsMonthlyQuery,
  now: Date = new Date(),
): Promise<AnalyticsMonthlyAmounts> {
  const context = await contextFor(db, merchantId, { ...query, range: 'year' }, now);
  const months = await bucketsOf(db, context, 'month');
  const totals = totalsOf(months, context.currency);
  return { period: periodView(context, totals.count_in + totals.count_out > 0), months, totals };
}

const knownCategories: ReadonlySet<string> = new Set(expenseCategories);

/**
 * Shares in basis points that add up to exactly 10000 (largest remainder; ties to the earlier item), or all zero when
 * the total is zero.
 */
export function sharesBp(amounts: bigint[]): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0n);
  if (total === 0n) return amounts.map(() => 0);
  const floors = amounts.map((amount) => (amount * 10000n) / total);
  const remainders = amounts.map((amount, index) => ({
    index,
    remainder: (amount * 10000n) % total,
  }));
  let left = 10000n - floors.reduce((sum, value) => sum + value, 0n);
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (left <= 0n) break;
    floors[index] = (floors[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return floors.map(Number);
}

/**
 * analyticsExpensesPerCategory: the money out of the period by category. A card payment's category is the card
 * network's merchant category of its authorisation (`card_pos`, `card_online`, `card_atm`); a card transaction with
 * no authorisation is a card order; anything else is its transfer type. The fee part of every payment is `fees`.
 */
export async function analyticsExpensesPerCategory(
  db: Db,
  merchantId: string,
  query: AnalyticsQuery,
  now: Date = new Date(),
): Promise<AnalyticsExpenses> {
  const context = await contextFor(db, merchantId, query, now);
  const { accountId, period, currency } = context;
  // Everything but card transactions straight from the covering index; card transactions joined to their
  // authorisation's merchant category (none: a card order).
  const result = await sql<{
    category: string;
    amount: string;
    count: string;
    fees: string;
    fee_count: string;
  }>`
    SELECT t.type AS category, SUM(t.amount_minor)::text AS amount, count(*)::text AS count,
      SUM(t.fee_minor)::text AS fees, count(*) FILTER (WHERE t.fee_minor > 0)::text AS fee_count
    FROM transfers t
    WHERE ${booked('debit', accountId, period)} AND t.type <> 'card_transaction'
    GROUP BY 1
    UNION ALL
    SELECT COALESCE('card_' || ca.category, 'card_order') AS category, SUM(t.amount_minor)::text AS amount,
      count(*)::text AS count, SUM(t.fee_minor)::text AS fees,
      count(*) FILTER (WHERE t.fee_minor > 0)::text AS fee_count
    FROM transfers t
    LEFT JOIN card_authorizations ca ON ca.transfer_id = t.id AND ca.approved
    WHERE ${booked('debit', accountId, period)} AND t.type = 'card_transaction'
    GROUP BY 1`.execute(db);
  const totals = new Map<ExpenseCategory, { amount: bigint; count: number }>();
  const add = (category: ExpenseCategory, amount: bigint, count: number) => {
    if (amount === 0n) return;
    const current = totals.get(category) ?? { amount: 0n, count: 0 };
    totals.set(category, { amount: current.amount + amount, count: current.count + count });
  };
  for (const row of result.rows) {
    const category = knownCategories.has(row.category) ? (row.category as ExpenseCategory) : 'other';
    add(category, BigInt(row.amount), Number(row.count));
    add('fees', BigInt(row.fees), Number(row.fee_count));
  }
  const sorted = [...totals.entries()].sort(([a, x], [b, y]) =>
    x.amount === y.amount ? a.localeCompare(b) : x.amount > y.amount ? -1 : 1,
  );
  const shares = sharesBp(sorted.map(([, value]) => value.amount));
  const categories: AnalyticsExpense[] = sorted.map(([category, value], index) => ({
    category,
    amount: moneyOf(value.amount, currency),
    count: value.count,
    share_bp: shares[index] ?? 0,
  }));
  const total = sorted.reduce((sum, [, value]) => sum + value.amount, 0n);
  const hasData = categories.length > 0 || (await hasMovements(db, context));
  return { period: periodView(context, hasData), categories, total: moneyOf(total, currency) };
}

type CounterpartyRow = {
  direction: 'in' | 'out';
  key: string;
  name: string;
  wallet_tag: string | null;
  iban: string | null;
  amount: string;
  count: string;
};

/**
 * analyticsTopCounterparties: the five who paid the account most and the five it paid most (fees included). The
 * counterparty is the other merchant when the other side is a Tameio merchant account (as the transactions list
 * names it), else the party named on the transfer: by IBAN, else wallet tag, else name (case-insensitive).
 */
export async function analyticsTopCounterparties(
  db: Db,
  merchantId: string,
  query: AnalyticsQuery,
  now: Date = new Date(),
): Promise<AnalyticsTopCounterparties> {
  const context = await contextFor(db, merchantId, query, now);
  const { accountId, period, currency } = context;
  // Grouped first by the transfer's own columns (the other account and the names on the transfer), then the few
  // groups are joined to their accounts and merchants and grouped again by counterparty.
  const result = await sql<CounterpartyRow>`
    WITH movements AS (
      SELECT 'out' AS direction, t.credit_account_id AS other, t.counterparty_iban AS iban,
        t.counterparty_wallet_tag AS tag, lower(COALESCE(t.counterparty_name, 'Tameio')) AS lower_name,
        min(COALESCE(t.counterparty_name, 'Tameio') COLLATE "C") AS name,
        SUM(t.amount_minor + t.fee_minor) AS amount, count(*) AS count
      FROM transfers t WHERE ${booked('debit', accountId, period)}
      GROUP BY 2, 3, 4, 5
      UNION ALL
      SELECT 'in' AS direction, t.debit_account_id AS other, t.counterparty_iban AS iban,
        t.counterparty_wallet_tag AS tag, lower(COALESCE(t.counterparty_name, 'Tameio')) AS lower_name,
        min(COALESCE(t.counterparty_name, 'Tameio') COLLATE "C") AS name,
        SUM(t.credit_amount_minor) AS amount, count(*) AS count
      FROM transfers t WHERE ${booked('credit', accountId, period)}
      GROUP BY 2, 3, 4, 5
    ),
    keyed AS (
      SELECT m.direction,
        CASE WHEN oa.merchant_id IS NOT NULL THEN 'merchant:' || oa.merchant_id::text
          WHEN m.iban IS NOT NULL THEN 'iban:' || m.iban
          WHEN m.tag IS NOT NULL THEN 'tag:' || m.tag
          ELSE 'name:' || m.lower_name END AS key,
        CASE WHEN oa.merchant_id IS NOT NULL THEN om.name ELSE m.name END AS name,
        CASE WHEN oa.merchant_id IS NOT NULL THEN om.wallet_tag ELSE m.tag END AS wallet_tag,
        CASE WHEN oa.merchant_id IS NOT NULL THEN oa.iban ELSE m.iban END AS iban,
        m.amount, m.count
      FROM movements m
      JOIN ledger_accounts oa ON oa.id = m.other
      LEFT JOIN merchants om ON om.id = oa.merchant_id
    ),
    grouped AS (
      SELECT direction, key, min(name COLLATE "C") AS name, min(wallet_tag) AS wallet_tag, min(iban) AS iban,
        SUM(amount) AS amount, SUM(count) AS count
      FROM keyed GROUP BY direction, key
    ),
    ranked AS (
      SELECT *, row_number() OVER (PARTITION BY direction ORDER BY amount DESC, name COLLATE "C", key COLLATE "C")
        AS rank
      FROM grouped
    )
    SELECT direction, key, name, wallet_tag, iban, amount::text AS amount, count::text AS count
    FROM ranked WHERE rank <= ${topCounterpartiesLimit}
    ORDER BY direction, rank`.execute(db);
  const view = (row: CounterpartyRow): AnalyticsCounterparty => ({
    key: row.key,
    name: row.name,
    wallet_tag: row.wallet_tag,
    iban: row.iban,
    amount: moneyOf(BigInt(row.amount), currency),
    count: Number(row.count),
  });
  const moneyIn = result.rows.filter((row) => row.direction === 'in').map(view);
  const moneyOut = result.rows.filter((row) => row.direction === 'out').map(view);
  return {
    period: periodView(context, moneyIn.length + moneyOut.length > 0),
    money_in: moneyIn,
    money_out: moneyOut,
  };
}
