import { sql } from 'kysely';
import {
  statementRowLimit,
  type StatementExportQuery,
  type StatementLocale,
} from '../../schemas/statements.schema';
import type { Transaction } from '../../schemas/transactions.schema';
import { AppError } from '../errors';
import { isoDayIn, type StatementTimeZone } from './format';
import type { Db } from '../ledger';
import { listTransactions, type TransactionFilters } from '../transactions';
import { uuidPattern } from '../db/ids';

/**
 * What every statement format prints: the account and its holder, the period, the opening and closing balances
 * from the ledger, and the rows (the transactions list's own paging, so a statement lists exactly what the screen
 * lists).
 *
 * Balances. A transfer is booked on its account at the transfer's time (`transfers.created_at`, the time the list
 * filters and shows), with ALL its ledger entries on that account: a pending payment's amount and fee leave the
 * available balance at once (server/db/migrations/008_money.sql), a failed one's reversal nets it to zero. So the
 * opening balance is the sum of the account's entries of the transfers before the period, the closing balance the
 * sum of those before its end, and each row moves the balance by the sum of its transfer's entries on the account.
 * Unfiltered (only account and dates), opening + Σ rows = closing must hold; the builder asserts it.
 */

export type StatementRow = {
  transaction: Transaction;
  /** What this transaction did to the account's balance (its entries on the account), in minor units. */
  effect: bigint;
};

export type Statement = {
  locale: StatementLocale;
  /** The clock its dates are printed on (format.ts). */
  timeZone: StatementTimeZone;
  generatedAt: Date;
  merchant: {
    legalName: string;
    walletTag: string | null;
    vatNumber: string | null;
    address: string | null;
  };
  account: { id: string; name: string; iban: string | null; currency: string; accountType: string };
  period: { from: Date; toExclusive: Date; firstDay: string; lastDay: string };
  /** The filters that narrow the rows besides account and dates: then the rows need not add up to the balances. */
  narrowed: boolean;
  opening: bigint;
  closing: bigint;
  count: number;
  totalIn: bigint;
  totalOut: bigint;
  /** Rows again, from the start (a writer reads them after the totals are known). */
  rows: () => AsyncGenerator<StatementRow>;
};

const pageSize = 100;

const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });
const noAccount = () => new AppError('not_found', 404, 'No data found for this currency.');

/** As the transactions list reads them: a day is the whole UTC day, `end` makes it inclusive; an instant is itself. */
function parseBound(value: string, field: string, end: boolean): Date {
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(isDay ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw badField(field, 'Not a real date.');
  if (isDay) {
    if (date.toISOString().slice(0, 10) !== value) throw badField(field, 'Not a real date.');
    if (end) date.setUTCDate(date.getUTCDate() + 1);
  } else if (end) {
    date.setTime(date.getTime() + 1);
  }
  return date;
}

async function accountFor(db: Db, merchantId: string, query: StatementExportQuery) {
  let select = db
    .selectFrom('ledger_accounts')
    .select(['id', 'name', 'iban', 'currency', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'merchant');
  if (query.account_id !== undefined) {
    if (!uuidPattern.test(query.account_id)) throw noAccount();
    select = select.where('id', '=', query.account_id);
  }
  if (query.account_type !== undefined) {
    if (!/^[a-z]{3}$/.test(query.account_type)) throw noAccount();
    select = select.where('currency', '=', query.account_type.toUpperCase());
  }
  const account = await select.orderBy('created_at').orderBy('id').executeTakeFirst();
  if (!account) throw noAccount();
  return { ...account, currency: account.currency.trim() };
}

type CompanyData = {
  name?: string;
  vat_number?: string;
  registered_address?: {
    line1?: string;
    line2?: string | null;
    postal_code?: string;
    city?: string;
    country?: string;
  };
};

export async function merchantFor(db: Db, merchantId: string): Promise<Statement['merchant']> {
  const merchant = await db
    .selectFrom('merchants')
    .leftJoin('merchant_onboarding as o', 'o.merchant_id', 'merchants.id')
    .select(['merchants.name', 'merchants.wallet_tag', 'o.company'])
    .where('merchants.id', '=', merchantId)
    .executeTakeFirst();
  if (!merchant) throw new AppError('not_found', 404, 'Nothing here.');
  const raw: unknown = merchant.company;
  const company = typeof raw === 'object' && raw !== null ? (raw as CompanyData) : null;
  const a = company?.registered_address;
  const address = a
    ? [a.line1, a.line2, [a.postal_code, a.city].filter(Boolean).join(' '), a.country]
        .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
        .join(', ')
    : '';
  return {
    legalName: company?.name?.trim() || merchant.name,
    walletTag: merchant.wallet_tag,
    vatNumber: company?.vat_number ?? null,
    address: address || null,
  };
}

/** The account's balance from its ledger entries of the transfers made before each instant. */
async function balancesAt(db: Db, accountId: string, from: Date | null, toExclusive: Date) {
  const result = await sql<{ opening: string; closing: string }>`
    SELECT
      COALESCE(SUM(e.amount_minor) FILTER (WHERE ${from === null ? sql`false` : sql`t.created_at < ${from}`}), 0)::text AS opening,
      COALESCE(SUM(e.amount_minor) FILTER (WHERE t.created_at < ${toExclusive}), 0)::text AS closing
    FROM ledger_entries e JOIN transfers t ON t.id = e.transfer_id
    WHERE e.account_id = ${accountId}`.execute(db);
  const row = result.rows[0];
  return { opening: BigInt(row?.opening ?? '0'), closing: BigInt(row?.closing ?? '0') };
}

/** The transfers of the account in the period, and the money in and out by their entries on it. */
async function periodTotals(db: Db, accountId: string, from: Date | null, toExclusive: Date) {
  const result = await sql<{ count: string; total_in: string; total_out: string }>`
    WITH per AS (
      SELECT COALESCE((SELECT SUM(e.amount_minor) FROM ledger_entries e
                       WHERE e.transfer_id = t.id AND e.account_id = ${accountId}), 0) AS effect
      FROM transfers t
      WHERE (t.debit_account_id = ${accountId} OR t.credit_account_id = ${accountId})
        AND ${from === null ? sql`true` : sql`t.created_at >= ${from}`}
        AND t.created_at < ${toExclusive}
    )
    SELECT count(*)::text AS count,
      COALESCE(SUM(effect) FILTER (WHERE effect > 0), 0)::text AS total_in,
      COALESCE(SUM(effect) FILTER (WHERE effect < 0), 0)::text AS total_out
    FROM per`.execute(db);
  const row = result.rows[0];
  return {
    count: Number(row?.count ?? '0'),
    totalIn: BigInt(row?.total_in ?? '0'),
    totalOut: BigInt(row?.total_out ?? '0'),
  };
}

/** What a writer walked must be what the statement announced (else the file is wrong: the writer destroys it). */
export function assertRowsMatch(
  statement: Pick<Statement, 'count' | 'totalIn' | 'totalOut'>,
  walked: { count: number; totalIn: bigint; totalOut: bigint },
): void {
  if (
    walked.count !== statement.count ||
    walked.totalIn !== statement.totalIn ||
    walked.totalOut !== statement.totalOut
  ) {
    throw new Error(
      `the statement's rows changed while it was written: ${walked.count} rows (${walked.totalIn}/${walked.totalOut}), expected ${statement.count} (${statement.totalIn}/${statement.totalOut})`,
    );
  }
}

/** Each transfer's entries on the account, summed. */
async function effectsOf(db: Db, accountId: string, transferIds: string[]): Promise<Map<string, bigint>> {
  const effects = new Map<string, bigint>();
  if (transferIds.length === 0) return effects;
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['transfer_id', sql<string>`SUM(amount_minor)::text`.as('effect')])
    .where('account_id', '=', accountId)
    .where('transfer_id', 'in', transferIds)
    .groupBy('transfer_id')
    .execute();
  for (const row of rows) effects.set(row.transfer_id, BigInt(row.effect));
  return effects;
}

export type StatementOptions = {
  /** The time the statement is made (tests). */
  now?: Date | undefined;
  /** The most rows (tests; default statementRowLimit). */
  rowLimit?: number | undefined;
  /** The clock of the dates printed (default UTC; a monthly statement: Europe/Athens). */
  timeZone?: StatementTimeZone | undefined;
};

/**
 * The statement for a filter: account, holder, balances, count and totals, checked before any byte is sent, so that
 * a bad filter, a too-large export or a statement that does not add up is an error response, not a broken file.
 * Unfiltered, count and totals come from the ledger and the writer asserts that the rows it walks add up to them;
 * filtered, the rows are walked once here to count them (a second time by the writer).
 */
export async function buildStatement(
  db: Db,
  merchantId: string,
  query: StatementExportQuery,
  options: StatementOptions = {},
): Promise<Statement> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? 'UTC';
  const rowLimit = options.rowLimit ?? statementRowLimit;
  const requestedFrom = query.from ? parseBound(query.from, 'from', false) : null;
  const requestedTo = query.to ? parseBound(query.to, 'to', true) : null;
  if (requestedFrom && requestedTo && requestedFrom >= requestedTo) {
    throw badField('to', 'The end is before the start.');
  }
  const account = await accountFor(db, merchantId, query);
  const merchant = await merchantFor(db, merchantId);
  // Not beyond now: a statement of the future would change after it was made.
  const toExclusive = requestedTo && requestedTo < now ? requestedTo : new Date(now.getTime() + 1);
  const from = requestedFrom ?? account.created_at;
  if (from >= toExclusive) throw badField('from', 'The period has not started yet.');

  const filters: TransactionFilters = {
    account_id: account.id,
    ...(requestedFrom ? { from: requestedFrom.toISOString() } : {}),
    // An instant is inclusive in the list: the last millisecond before the end.
    to: new Date(toExclusive.getTime() - 1).toISOString(),
    ...(query.status ? { status: query.status } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(query.direction ? { direction: query.direction } : {}),
    ...(query.q?.trim() ? { q: query.q } : {}),
  };
  const narrowed = Boolean(query.status || query.type || query.direction || query.q?.trim());

  async function* rows(): AsyncGenerator<StatementRow> {
    let cursor: string | undefined;
    do {
      const page = await listTransactions(db, merchantId, {
        ...filters,
        limit: pageSize,
        ...(cursor ? { cursor } : {}),
      });
      const effects = await effectsOf(
        db,
        account.id,
        page.items.map((item) => item.id),
      );
      for (const transaction of page.items) {
        yield { transaction, effect: effects.get(transaction.id) ?? 0n };
      }
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  const { opening, closing } = await balancesAt(db, account.id, requestedFrom, toExclusive);
  const tooMany = () =>
    new AppError(
      'validation_failed',
      422,
      `More than ${rowLimit} transactions: narrow the filter (a shorter period).`,
      {
        details: { row_limit: rowLimit },
      },
    );
  let count = 0;
  let totalIn = 0n;
  let totalOut = 0n;
  if (narrowed) {
    // Only the list's own filter knows which rows match: walk it once to count them.
    for await (const row of rows()) {
      count += 1;
      if (count > rowLimit) throw tooMany();
      if (row.effect > 0n) totalIn += row.effect;
      else totalOut += row.effect;
    }
  } else {
    // The whole period: the totals straight from the ledger; the writer checks the rows it walks against them.
    ({ count, totalIn, totalOut } = await periodTotals(db, account.id, requestedFrom, toExclusive));
    if (count > rowLimit) throw tooMany();
    assertBalances({ opening, closing, totalIn, totalOut });
  }

  return {
    locale: query.locale ?? 'en',
    timeZone,
    generatedAt: now,
    merchant,
    account: {
      id: account.id,
      name: account.name,
      iban: account.iban,
      currency: account.currency,
      accountType: account.currency.toLowerCase(),
    },
    period: {
      from,
      toExclusive,
      firstDay: isoDayIn(from, timeZone),
      lastDay: isoDayIn(new Date(toExclusive.getTime() - 1), timeZone),
    },
    narrowed,
    opening,
    closing,
    count,
    totalIn,
    totalOut,
    rows,
  };
}

/** opening + Σ rows = closing, or the statement is wrong and must not be sent. */
export function assertBalances(totals: {
  opening: bigint;
  closing: bigint;
  totalIn: bigint;
  totalOut: bigint;
}) {
  const { opening, closing, totalIn, totalOut } = totals;
  if (opening + totalIn + totalOut !== closing) {
    throw new Error(
      `statement does not balance: opening ${opening} + in ${totalIn} + out ${totalOut} ≠ closing ${closing}`,
    );
  }
}

/** "tameio-statement-eur-2026-11-01_2026-11-30.pdf" */
export function statementFileName(statement: Statement, extension: string): string {
  const { accountType } = statement.account;
  return `tameio-statement-${accountType}-${statement.period.firstDay}_${statement.period.lastDay}.${extension}`;
}
