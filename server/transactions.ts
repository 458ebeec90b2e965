import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import { sql, type Expression, type SqlBool } from 'kysely';
import { currencyCodes } from '../schemas/accounts.schema';
import { moneyOf } from '../schemas/money';
import {
  transactionsPageSize,
  type payeeCheckResults,
  type IncomingTransferBody,
  type Transaction,
  type TransactionsPage,
  type TransactionsQuery,
} from '../schemas/transactions.schema';
import type { Database } from './db/database';
import type { TransferStatus, TransferType } from './db/types';
import { AppError } from './errors';
import { postTransfer, systemAccount, type Db } from './ledger';
import { moneyReceived } from './notifications/events';
import { uuidPattern } from './db/ids';

const notFound = () => new AppError('not_found', 404, 'Nothing here.');
const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });

/** The merchant's accounts, optionally narrowed to one (by type or id; not the merchant's → 404). */
async function ownAccounts(
  db: Db,
  merchantId: string,
  filter: { accountType?: string | undefined; accountId?: string | undefined } = {},
): Promise<{ id: string; currency: string }[]> {
  let query = db
    .selectFrom('ledger_accounts')
    .select(['id', 'currency'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'merchant');
  if (filter.accountId !== undefined) {
    if (!uuidPattern.test(filter.accountId)) throw notFound();
    query = query.where('id', '=', filter.accountId);
  }
  if (filter.accountType !== undefined) {
    if (!/^[a-z]{3}$/.test(filter.accountType)) throw notFound();
    query = query.where('currency', '=', filter.accountType.toUpperCase());
  }
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  if ((filter.accountId !== undefined || filter.accountType !== undefined) && rows.length === 0)
    throw notFound();
  return rows.map((r) => ({ id: r.id, currency: r.currency.trim() }));
}

/** One row of `baseQuery`: a transfer with both sides' merchants and the initiator's name. */
export type TransactionRow = {
  id: string;
  created_at: Date;
  created_us: bigint;
  updated_at: Date | null;
  type: TransferType;
  status: TransferStatus;
  amount_minor: bigint;
  currency: string;
  credit_amount_minor: bigint;
  credit_currency: string;
  fee_minor: bigint;
  exchange_rate: string | null;
  debit_account_id: string;
  credit_account_id: string;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  counterparty_wallet_tag: string | null;
  reference: string | null;
  note: string | null;
  gif: string | null;
  failure_reason: string | null;
  initiated_by: string | null;
  payee_check_result: (typeof payeeCheckResults)[number] | null;
  payee_proceeded_anyway: boolean | null;
  initiator_first: string | null;
  initiator_last: string | null;
  debit_merchant: string | null;
  debit_tag: string | null;
  debit_iban: string | null;
  credit_merchant: string | null;
  credit_tag: string | null;
  credit_iban: string | null;
};

/** The initiator is joined only as a user of the paying merchant: no other reader learns anything of its people. */
function baseQuery(db: Db) {
  return db
    .selectFrom('transfers as t')
    .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
    .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
    .leftJoin('merchants as dm', 'dm.id', 'd.merchant_id')
    .leftJoin('merchants as cm', 'cm.id', 'c.merchant_id')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 't.initiated_by').onRef('u.merchant_id', '=', 'd.merchant_id'),
    )
    .select([
      't.id',
      't.created_at',
      sql<bigint>`(extract(epoch from t.created_at) * 1000000)::int8`.as('created_us'),
      't.updated_at',
      't.type',
      't.status',
      't.amount_minor',
      't.currency',
      't.credit_amount_minor',
      't.credit_currency',
      't.fee_minor',
      sql<string | null>`trim_scale(t.exchange_rate)::text`.as('exchange_rate'),
      't.debit_account_id',
      't.credit_account_id',
      't.counterparty_name',
      't.counterparty_iban',
      't.counterparty_wallet_tag',
      't.reference',
      't.note',
      't.gif',
      't.failure_reason',
      'u.id as initiated_by',
      't.payee_check_result',
      't.payee_proceeded_anyway',
      'u.first_name as initiator_first',
      'u.last_name as initiator_last',
      'dm.name as debit_merchant',
      'dm.wallet_tag as debit_tag',
      'd.iban as debit_iban',
      'cm.name as credit_merchant',
      'cm.wallet_tag as credit_tag',
      'c.iban as credit_iban',
    ]);
}

/** fee × rate, rounded half up, in the other currency's minor units. */
function convert(amount: bigint, rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const numerator = amount * BigInt(`${whole}${fraction}`);
  return (numerator * 2n + scale) / (2n * scale);
}

/**
 * One transfer as the merchant owning `perspective` sees it (SPEC §3): the side on its account is "amount" in the
 * account currency, the other side "original". Between two of the merchant's own accounts it reads as outgoing from
 * the debited one unless the list is narrowed to the credited account. The counterparty is the other merchant when
 * the other side is a merchant account, else the external party named on the transfer.
 */
function toView(row: TransactionRow, perspective: ReadonlySet<string>): Transaction {
  const direction: 'in' | 'out' = perspective.has(row.debit_account_id) ? 'out' : 'in';
  const debitCurrency = row.currency.trim();
  const creditCurrency = row.credit_currency.trim();
  const out = direction === 'out';
  const accountAmount = out ? row.amount_minor : row.credit_amount_minor;
  const accountCurrency = out ? debitCurrency : creditCurrency;
  const originalAmount = out ? row.credit_amount_minor : row.amount_minor;
  const originalCurrency = out ? creditCurrency : debitCurrency;
  // The payer pays the fee; the payee receives the amount whole.
  const fee = out ? row.fee_minor : 0n;
  const originalFee = !out || !row.exchange_rate ? fee : convert(fee, row.exchange_rate);
  const otherMerchant = out ? row.credit_merchant : row.debit_merchant;
  const counterparty = otherMerchant
    ? {
        name: otherMerchant,
        iban: (out ? row.credit_iban : row.debit_iban) ?? null,
        wallet_tag: (out ? row.credit_tag : row.debit_tag) ?? null,
      }
    : {
        name: row.counterparty_name ?? 'Tameio',
        iban: row.counterparty_iban,
        wallet_tag: row.counterparty_wallet_tag,
      };
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at ? row.updated_at.toISOString() : null,
    type: row.type,
    status: row.status,
    direction,
    account: {
      id: out ? row.debit_account_id : row.credit_account_id,
      account_type: accountCurrency.toLowerCase(),
      currency: accountCurrency,
    },
    counterparty,
    reference: row.reference,
    note: row.note,
    gif: row.gif,
    amount: moneyOf(accountAmount, accountCurrency),
    fee: moneyOf(fee, accountCurrency),
    total: moneyOf(accountAmount + fee, accountCurrency),
    original_amount: moneyOf(originalAmount, originalCurrency),
    original_fee: moneyOf(originalFee, originalCurrency),
    original_total: moneyOf(originalAmount + originalFee, originalCurrency),
    exchange_rate: row.exchange_rate
      ? { from: debitCurrency, to: creditCurrency, rate: row.exchange_rate }
      : null,
    failure_reason: row.failure_reason,
    // Who on the team paid is the payer's own business: the payee sees the paying merchant (counterparty), never
    // its users.
    initiated_by:
      out && row.initiated_by
        ? { id: row.initiated_by, name: `${row.initiator_first ?? ''} ${row.initiator_last ?? ''}`.trim() }
        : null,
    // The payer's own decision (pay although the name did not match): not the payee's to read.
    payee_check:
      out && row.payee_check_result
        ? { result: row.payee_check_result, proceeded_anyway: row.payee_proceeded_anyway === true }
        : null,
  };
}

/** The cursor: base64url of "<created_at in µs since the epoch>.<id>", opaque to clients. */
function encodeCursor(row: TransactionRow): string {
  return Buffer.from(`${row.created_us.toString()}.${row.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { us: bigint; id: string } {
  const bad = () => badField('cursor', 'This cursor is not valid; start from the first page.');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw bad();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,17})\.([0-9a-f-]{36})$/.exec(text);
  if (!match?.[1] || !match[2] || !uuidPattern.test(match[2])) throw bad();
  return { us: BigInt(match[1]), id: match[2] };
}

/** A day is the whole UTC day; an instant is itself. `end` makes a day inclusive (before the next midnight). */
function parseBound(value: string, field: string, end: boolean): Date {
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(isDay ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw badField(field, 'Not a real date.');
  if (isDay) {
    // "2026-02-31" parses as March 3rd: refuse dates that do not round-trip.
    if (date.toISOString().slice(0, 10) !== value) throw badField(field, 'Not a real date.');
    if (end) date.setUTCDate(date.getUTCDate() + 1);
  } else if (end) {
    date.setTime(date.getTime() + 1);
  }
  return date;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export type TransactionFilters = Omit<TransactionsQuery, 'limit'> & { limit?: number | string | undefined };

/**
 * Whose transactions the caller may see: all of the merchant's, or (an employee whose access level is `own`,
 * migration 019) only the payments of the cards assigned to them: the card network's transfers of those cards.
 */
export type TransactionScope = { cardHolderUserId?: string | undefined };

function cardPaymentsOf(db: Db, merchantId: string, userId: string) {
  return db
    .selectFrom('card_authorizations as ca')
    .innerJoin('cards as card', 'card.id', 'ca.card_id')
    .select('ca.transfer_id')
    .where('card.merchant_id', '=', merchantId)
    .where('card.holder_user_id', '=', userId);
}

/** The scope of a signed-in caller: the owner and `company` employees see everything. */
export function transactionScopeOf(auth: {
  userId: string;
  actor: { is_owner: boolean };
  accessLevel: 'own' | 'company' | null;
}): TransactionScope {
  return !auth.actor.is_owner && auth.accessLevel === 'own' ? { cardHolderUserId: auth.userId } : {};
}

/** transactions: the merchant's transactions newest first, filtered, one page after `cursor`. */
export async function listTransactions(
  db: Db,
  merchantId: string,
  filters: TransactionFilters = {},
  scope: TransactionScope = {},
): Promise<TransactionsPage> {
  const limit = filters.limit === undefined ? transactionsPageSize : Number(filters.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw badField('limit', 'A whole number from 1 to 100.');
  const from = filters.from ? parseBound(filters.from, 'from', false) : null;
  const to = filters.to ? parseBound(filters.to, 'to', true) : null;
  if (from && to && from >= to) throw badField('to', 'The end is before the start.');
  const cursor = filters.cursor ? decodeCursor(filters.cursor) : null;
  const accounts = await ownAccounts(db, merchantId, {
    accountType: filters.account_type,
    accountId: filters.account_id,
  });
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return { items: [], next_cursor: null };

  let query = baseQuery(db).where((eb) =>
    eb.or([eb('t.debit_account_id', 'in', ids), eb('t.credit_account_id', 'in', ids)]),
  );
  if (scope.cardHolderUserId !== undefined) {
    query = query.where('t.id', 'in', cardPaymentsOf(db, merchantId, scope.cardHolderUserId));
  }
  if (from) query = query.where('t.created_at', '>=', from);
  if (to) query = query.where('t.created_at', '<', to);
  if (filters.status) query = query.where('t.status', '=', filters.status);
  if (filters.type) query = query.where('t.type', '=', filters.type);
  if (filters.direction === 'out') query = query.where('t.debit_account_id', 'in', ids);
  if (filters.direction === 'in') query = query.where('t.debit_account_id', 'not in', ids);
  if (filters.q?.trim()) {
    const pattern = `%${escapeLike(filters.q.trim())}%`;
    // The other side's merchant name and tag, so that searching one's own name does not match everything.
    const other = (column: 'name' | 'wallet_tag'): Expression<string | null> =>
      sql<
        string | null
      >`CASE WHEN t.debit_account_id IN (${sql.join(ids)}) THEN cm.${sql.ref(column)} ELSE dm.${sql.ref(column)} END`;
    query = query.where((eb) =>
      eb.or([
        eb('t.counterparty_name', 'ilike', pattern),
        eb('t.counterparty_iban', 'ilike', pattern),
        eb('t.counterparty_wallet_tag', 'ilike', pattern),
        eb('t.reference', 'ilike', pattern),
        eb('t.note', 'ilike', pattern),
        eb(other('name'), 'ilike', pattern),
        eb(other('wallet_tag'), 'ilike', pattern),
      ]),
    );
  }
  if (cursor) {
    query = query.where(
      sql<SqlBool>`(t.created_at, t.id) < (timestamptz 'epoch' + ${cursor.us.toString()}::int8 * interval '1 microsecond', ${cursor.id}::uuid)`,
    );
  }
  const rows = (await query
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit + 1)
    .execute()) as TransactionRow[];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const perspective = new Set(ids);
  return {
    items: page.map((row) => toView(row, perspective)),
    next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

/**
 * transaction: one of the merchant's transactions (within the caller's scope); any other id (another merchant's,
 * unknown, malformed, outside the scope) → 404.
 */
export async function getTransaction(
  db: Db,
  merchantId: string,
  transferId: string,
  scope: TransactionScope = {},
): Promise<Transaction> {
  if (!uuidPattern.test(transferId)) throw notFound();
  const ids = (await ownAccounts(db, merchantId)).map((a) => a.id);
  if (ids.length === 0) throw notFound();
  let query = baseQuery(db)
    .where('t.id', '=', transferId)
    .where((eb) => eb.or([eb('t.debit_account_id', 'in', ids), eb('t.credit_account_id', 'in', ids)]));
  if (scope.cardHolderUserId !== undefined) {
    query = query.where('t.id', 'in', cardPaymentsOf(db, merchantId, scope.cardHolderUserId));
  }
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return toView(row, new Set(ids));
}

/** `transactionFor` from a row the caller already has (e.g. the transfer it just posted): no query. */
export function transactionView(row: TransactionRow, accountId: string): Transaction {
  return toView(row, new Set([accountId]));
}

/** One transfer as the owner of `accountId` sees it (after posting, e.g. the sandbox rail or send money). */
export async function transactionFor(db: Db, accountId: string, transferId: string): Promise<Transaction> {
  const row = await baseQuery(db).where('t.id', '=', transferId).executeTakeFirst();
  if (!row) throw notFound();
  return toView(row, new Set([accountId]));
}

/**
 * Sandbox rail: a bank transfer from outside arrives for the account with this IBAN, debited to the external rails
 * of its currency, completed at once. Idempotent by `key` (scoped to this rail). Unknown IBAN → 404, a currency the
 * account is not in → 400; nothing moves on any failure.
 */
export async function receiveIncomingTransfer(
  db: Database,
  body: IncomingTransferBody,
  key: string,
): Promise<{ transaction: Transaction; replayed: boolean }> {
  const iban = electronicFormatIBAN(body.iban) ?? '';
  if (!isValidIBAN(iban)) throw badField('iban', 'Invalid IBAN.');
  if (!currencyCodes.includes(body.currency as (typeof currencyCodes)[number])) {
    throw badField('currency', 'Unknown currency.');
  }
  const amount = BigInt(body.amount_minor);
  const account = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'currency', 'merchant_id'])
    .where('iban', '=', iban)
    .where('kind', '=', 'merchant')
    .executeTakeFirst();
  if (!account) throw new AppError('not_found', 404, 'No account of ours has this IBAN.');
  if (account.currency.trim() !== body.currency) {
    throw badField('currency', `This account is in ${account.currency.trim()}.`);
  }
  const external = await systemAccount(db, body.currency, 'external');
  // The credit and its notification commit together; a replay notifies nobody again.
  const { transfer, replayed } = await db.transaction().execute(async (trx) => {
    const posted = await postTransfer(trx, {
      type: 'incoming_bank_transfer',
      status: 'completed',
      amountMinor: amount,
      currency: body.currency,
      debitAccountId: external,
      creditAccountId: account.id,
      counterpartyName: body.sender_name,
      reference: body.reference ?? null,
      idempotencyKey: `sandbox-incoming:${key}`,
    });
    if (!posted.replayed && account.merchant_id) {
      await moneyReceived(trx, {
        merchantId: account.merchant_id,
        transferId: posted.transfer.id,
        amountMinor: amount,
        currency: body.currency,
        via: 'bank_transfer',
        fromName: body.sender_name,
      });
    }
    return posted;
  });
  return { transaction: await transactionFor(db, account.id, transfer.id), replayed };
}
