import { createHash } from 'node:crypto';
import { composeIBAN, isValidIBAN } from 'ibantools';
import { sql, type Selectable, type Transaction } from 'kysely';
import { maxAmountMinor } from '../schemas/money';
import { namedStatement, precompiled, type Database } from './db/database';
import type { DB, SystemRole, TransferStatus, Transfers, TransferType } from './db/types';
import { AppError } from './errors';
import { uuidPattern } from './db/ids';

/**
 * The double-entry ledger (docs/engineering.md principle 7; balances explained in db/migrations/008_money.sql). Money moves
 * only through `postTransfer`, and pending payments end only through `settleTransfer` or `failTransfer`: each one
 * database transaction, accounts locked in id order, every movement entries that sum to zero per currency.
 */

/** Database or an open transaction: a caller may post as part of its own transaction. */
export type Db = Database | Transaction<DB>;

async function inTransaction<T>(db: Db, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<DB>);
  return db.transaction().execute(work);
}

const systemNames: Record<SystemRole, (currency: string) => string> = {
  external: (currency) => `External settlement ${currency}`,
  clearing: (currency) => `Clearing ${currency} (pending outgoing payments)`,
  fees: (currency) => `Fee income ${currency}`,
  fx: (currency) => `Foreign exchange ${currency}`,
  cashback: (currency) => `Cashback paid ${currency}`,
};

/**
 * The bank's account of one role in one currency, created on first use (idempotent and safe under concurrency:
 * a unique index on (currency, system_role) decides, the loser reads the winner's).
 */
export async function systemAccount(
  db: Db,
  currency: string,
  role: SystemRole = 'external',
): Promise<string> {
  const find = () =>
    db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('system_role', '=', role)
      .where('currency', '=', currency)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return existing.id;
  if (!/^[A-Z]{3}$/.test(currency)) throw new AppError('validation_failed', 400, 'Unknown currency.');
  await db
    .insertInto('ledger_accounts')
    .values({
      merchant_id: null,
      name: systemNames[role](currency),
      currency,
      iban: null,
      kind: 'system',
      system_role: role,
    })
    .onConflict((oc) =>
      oc.columns(['currency', 'system_role']).where('system_role', 'is not', null).doNothing(),
    )
    .execute();
  const created = await find();
  if (!created) throw new Error(`could not create the ${role} account for ${currency}`);
  return created.id;
}

/** The payment rails' system accounts of a currency, e.g. for the seed (the cashback payer comes on first payout). */
export async function ensureSystemAccounts(
  db: Db,
  currency: string,
): Promise<Record<Exclude<SystemRole, 'cashback'>, string>> {
  return {
    external: await systemAccount(db, currency, 'external'),
    clearing: await systemAccount(db, currency, 'clearing'),
    fees: await systemAccount(db, currency, 'fees'),
    fx: await systemAccount(db, currency, 'fx'),
  };
}

export type PostTransferInput = {
  type: TransferType;
  /**
   * Money moves for each. 'pending' is a payment leaving the bank: its credit account must be the clearing account
   * of the credit currency, and `settleTransfer` or `failTransfer` ends it.
   */
  status: Extract<TransferStatus, 'completed' | 'pending' | 'paid'>;
  /** The debit side: what leaves the debit account, fee excluded, in its currency. */
  amountMinor: bigint;
  currency: string;
  debitAccountId: string;
  creditAccountId: string;
  /**
   * The credit side when it is in another currency: it goes through the fx accounts of both currencies.
   * `exchangeRate` is credit units per debit unit, as a decimal string.
   */
  credit?: { amountMinor: bigint; currency: string; exchangeRate: string } | undefined;
  /** Charged to the debit account on top of the amount, in its currency; credited to `feeAccountId` (default: fees). */
  feeMinor?: bigint | undefined;
  feeAccountId?: string | undefined;
  counterpartyName?: string | null | undefined;
  counterpartyIban?: string | null | undefined;
  counterpartyWalletTag?: string | null | undefined;
  reference?: string | null | undefined;
  note?: string | null | undefined;
  /** The user who asked for it; null for the bank's own (incoming transfers, jobs). */
  initiatedBy?: string | null | undefined;
  idempotencyKey: string;
  /**
   * Columns a caller records on the transfer it posts (send money: the client's hash, the GIF, the name check),
   * written with the transfer itself; not part of the request hash, and never written on a replay.
   */
  extra?: TransferExtra | undefined;
  /**
   * A notification the posting writes in its own statement, only if it posts (never on a replay or a refusal):
   * migration 027's `ledger_post_transfer_notify`. Built by server/notifications/events.ts.
   */
  notification?: PostingNotification | undefined;
};

/**
 * What `ledger_post_transfer_notify` (migration 027) writes with a posting: one `kind` notification with event key
 * `transfer:<id>` per enabled user of `merchantId` whose role key is in `roles`, with `params` plus `transaction_id`
 * (and `from`, the name of `fromMerchantId`), and a pg_notify on `channel` per row.
 */
export type PostingNotification = {
  merchantId: string;
  kind: string;
  params: Record<string, string>;
  fromMerchantId: string | null;
  roles: readonly string[];
  channel: string;
};

/** A transfer row as selected. */
export type Transfer = Selectable<Transfers>;

export type TransferExtra = Partial<
  Pick<
    Transfer,
    'client_request_hash' | 'gif' | 'payee_check_id' | 'payee_check_result' | 'payee_proceeded_anyway'
  >
>;

export type PostTransferResult = { transfer: Transfer; replayed: boolean };

/** numeric comes back as a string from pg and otherwise from PGlite: read it as text on both. */
export const exchangeRateText = sql<string | null>`trim_scale(transfers.exchange_rate)::text`.as(
  'exchange_rate',
);

/** Everything but the key: a repeated key must come with the same request to be a replay. */
function requestHash(input: PostTransferInput): string {
  const canonical = JSON.stringify([
    input.type,
    input.status,
    input.amountMinor.toString(),
    input.currency,
    input.debitAccountId,
    input.creditAccountId,
    (input.feeMinor ?? 0n).toString(),
    input.feeAccountId ?? null,
    input.counterpartyName ?? null,
    input.reference ?? null,
    // Added by migration 008; absent values keep the hashes of earlier transfers unchanged.
    ...(input.credit
      ? [input.credit.amountMinor.toString(), input.credit.currency, input.credit.exchangeRate]
      : []),
    ...(input.counterpartyIban || input.counterpartyWalletTag || input.note || input.initiatedBy
      ? [
          input.counterpartyIban ?? null,
          input.counterpartyWalletTag ?? null,
          input.note ?? null,
          input.initiatedBy ?? null,
        ]
      : []),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

type LockedAccount = {
  id: string;
  currency: string;
  kind: 'merchant' | 'system';
  system_role: SystemRole | null;
  balance_minor: bigint;
};

/**
 * Locks the accounts FOR UPDATE in id order (the one order every transaction uses: no deadlocks), in one statement:
 * the rows are locked as the sort returns them. Missing accounts are absent from the map.
 */
async function lockAccountRows(trx: Transaction<DB>, ids: string[]): Promise<Map<string, LockedAccount>> {
  const unique = [...new Set(ids)].sort();
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'currency', 'kind', 'system_role', 'balance_minor'])
    .where('id', 'in', unique)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** `lockAccountRows`, 404 if one of them does not exist. */
async function lockAccounts(trx: Transaction<DB>, ids: string[]): Promise<Map<string, LockedAccount>> {
  const accounts = await lockAccountRows(trx, ids);
  if (accounts.size !== new Set(ids).size) throw new AppError('not_found', 404, 'Account not found.');
  return accounts;
}

type Movement = { accountId: string; amount: bigint };

/** Writes the entries of one phase and applies them to the (already locked) balances. */
async function applyMovements(
  trx: Transaction<DB>,
  transferId: string,
  phase: 'post' | 'settle' | 'reverse',
  movements: Movement[],
): Promise<void> {
  const nonZero = movements.filter((m) => m.amount !== 0n);
  if (nonZero.length === 0) return;
  await trx
    .insertInto('ledger_entries')
    .values(
      nonZero.map((m) => ({
        transfer_id: transferId,
        account_id: m.accountId,
        amount_minor: m.amount,
        phase,
      })),
    )
    .execute();
  await sql`
    UPDATE ledger_accounts AS a SET balance_minor = a.balance_minor + m.amount
    FROM (VALUES ${movementValues(nonZero)}) AS m (account_id, amount)
    WHERE a.id = m.account_id`.execute(trx);
}

/** `($1::uuid, $2::int8), ...`: movements of distinct accounts as the rows of a VALUES list. */
function movementValues(movements: Movement[]) {
  const total = new Map<string, bigint>();
  for (const m of movements) total.set(m.accountId, (total.get(m.accountId) ?? 0n) + m.amount);
  return sql.join([...total].map(([id, amount]) => sql`(${id}::uuid, ${amount.toString()}::int8)`));
}

function positiveAmount(amount: bigint, what: string): void {
  if (amount <= 0n) throw new AppError('validation_failed', 400, `The ${what} must be positive.`);
  if (amount > maxAmountMinor) throw new AppError('validation_failed', 400, `The ${what} is too large.`);
}

/**
 * Moves money between two ledger accounts as one double-entry transfer in one transaction (docs/engineering.md principle 7).
 * Idempotent by key (same key and request: the first result; another request: 409); accounts are locked in id
 * order so two opposite transfers cannot deadlock; a merchant account never goes below zero (checked here for a
 * clear 422, and by a CHECK constraint as the last line).
 */
export async function postTransfer(db: Db, input: PostTransferInput): Promise<PostTransferResult> {
  const fee = input.feeMinor ?? 0n;
  positiveAmount(input.amountMinor, 'amount');
  if (fee < 0n) throw new AppError('validation_failed', 400, 'The fee cannot be negative.');
  if (fee > maxAmountMinor) throw new AppError('validation_failed', 400, 'The fee is too large.');
  if (input.debitAccountId === input.creditAccountId) {
    throw new AppError('validation_failed', 400, 'The debit and credit accounts must differ.');
  }
  const credit = input.credit && input.credit.currency !== input.currency ? input.credit : null;
  if (input.credit && !credit && input.credit.amountMinor !== input.amountMinor) {
    throw new AppError('validation_failed', 400, 'In one currency both sides move the same amount.');
  }
  if (credit) {
    positiveAmount(credit.amountMinor, 'credited amount');
    if (!/^\d{1,12}(\.\d{1,12})?$/.test(credit.exchangeRate) || !/[1-9]/.test(credit.exchangeRate)) {
      throw new AppError('validation_failed', 400, 'The exchange rate is not valid.');
    }
  }
  const creditCurrency = credit?.currency ?? input.currency;
  const hash = requestHash(input);

  // The bank's accounts this transfer needs, created beforehand if they do not exist yet (idempotent).
  const feeAccountId =
    fee > 0n ? (input.feeAccountId ?? (await systemAccount(db, input.currency, 'fees'))) : null;
  const fx = credit
    ? {
        debit: await systemAccount(db, input.currency, 'fx'),
        credit: await systemAccount(db, creditCurrency, 'fx'),
      }
    : null;

  const movements: Movement[] = [{ accountId: input.debitAccountId, amount: -(input.amountMinor + fee) }];
  if (fx && credit) {
    movements.push(
      { accountId: fx.debit, amount: input.amountMinor },
      { accountId: fx.credit, amount: -credit.amountMinor },
      { accountId: input.creditAccountId, amount: credit.amountMinor },
    );
  } else {
    movements.push({ accountId: input.creditAccountId, amount: input.amountMinor });
  }
  if (feeAccountId) movements.push({ accountId: feeAccountId, amount: fee });

  // One statement (migration 016's `ledger_post_transfer`): lock the accounts in id order, check them, write the
  // transfer, its entries and the balances; outside a transaction it is its own, so one round trip in all. A request
  // with the same key that committed first (before us, or while we waited for the locks) is looked up only when this
  // one cannot go through as it stands or its insert meets the key; either way it answers as that request's replay
  // (or 409 for another request), before any refusal of ours, as if it had been looked up first.
  // With a notification, migration 027's wrapper posts and writes it in the same statement. Both calls are compiled
  // once (`precompiled`): building the 26-argument call was a good part of the server's work per payment.
  const extra = input.extra ?? {};
  const notification = input.notification;
  const values: Record<PostingArgument, unknown> = {
    type: input.type,
    status: input.status,
    amount: input.amountMinor,
    currency: input.currency,
    creditAmount: credit?.amountMinor ?? input.amountMinor,
    creditCurrency,
    exchangeRate: credit?.exchangeRate ?? null,
    fee,
    debitAccountId: input.debitAccountId,
    creditAccountId: input.creditAccountId,
    feeAccountId,
    counterpartyName: input.counterpartyName ?? null,
    counterpartyIban: input.counterpartyIban ?? null,
    counterpartyWalletTag: input.counterpartyWalletTag ?? null,
    reference: input.reference ?? null,
    note: input.note ?? null,
    initiatedBy: input.initiatedBy ?? null,
    idempotencyKey: input.idempotencyKey,
    hash,
    clientRequestHash: extra.client_request_hash ?? null,
    gif: extra.gif ?? null,
    payeeCheckId: extra.payee_check_id ?? null,
    payeeCheckResult: extra.payee_check_result ?? null,
    payeeProceededAnyway: extra.payee_proceeded_anyway ?? null,
    movementAccounts: arrayLiteral(movements.map((m) => m.accountId)),
    movementAmounts: arrayLiteral(movements.map((m) => m.amount.toString())),
  };
  const rows = notification
    ? await postAndNotifyCall(db, {
        ...values,
        notifyMerchantId: notification.merchantId,
        notifyKind: notification.kind,
        notifyParams: JSON.stringify(notification.params),
        notifyFromMerchantId: notification.fromMerchantId,
        notifyRoles: arrayLiteral([...notification.roles]),
        notifyChannel: notification.channel,
      })
    : await postCall(db, values);
  const row = rows[0];
  if (!row) throw new Error('ledger_post_transfer returned no row');
  const { outcome, exchange_rate_text: exchangeRate, ...transfer } = row;
  switch (outcome) {
    case 'posted':
      return { transfer: { ...transfer, exchange_rate: credit?.exchangeRate ?? null }, replayed: false };
    case 'prior':
      if (transfer.request_hash !== hash) {
        throw new AppError('conflict', 409, 'This idempotency key was already used for a different request.');
      }
      return { transfer: { ...transfer, exchange_rate: exchangeRate }, replayed: true };
    case 'not_found':
      throw new AppError('not_found', 404, 'Account not found.');
    case 'currency':
      throw new AppError('validation_failed', 400, 'The accounts and the transfer must share one currency.');
    case 'not_clearing':
      throw new AppError('validation_failed', 400, 'A pending payment goes to the clearing account.');
    case 'insufficient_funds':
      throw new AppError('insufficient_funds', 422, 'The amount exceeds the available balance.');
    case 'unrecorded':
      throw new AppError('conflict', 409, 'The transfer could not be recorded; try again.');
  }
}

/** The arguments of `ledger_post_transfer` (migration 016), in its order. */
const postingArguments = [
  'type',
  'status',
  'amount',
  'currency',
  'creditAmount',
  'creditCurrency',
  'exchangeRate',
  'fee',
  'debitAccountId',
  'creditAccountId',
  'feeAccountId',
  'counterpartyName',
  'counterpartyIban',
  'counterpartyWalletTag',
  'reference',
  'note',
  'initiatedBy',
  'idempotencyKey',
  'hash',
  'clientRequestHash',
  'gif',
  'payeeCheckId',
  'payeeCheckResult',
  'payeeProceededAnyway',
  'movementAccounts',
  'movementAmounts',
] as const;
type PostingArgument = (typeof postingArguments)[number];

/** The arguments `ledger_post_transfer_notify` (migration 027) adds, in its order. */
const notifyArguments = [
  'notifyMerchantId',
  'notifyKind',
  'notifyParams',
  'notifyFromMerchantId',
  'notifyRoles',
  'notifyChannel',
] as const;

type PostedRow = Transfer & { outcome: PostOutcome; exchange_rate_text: string | null };

function postingArgumentList(v: Record<PostingArgument, never>) {
  return sql`
      ${v.type}, ${v.status}, ${v.amount}::int8, ${v.currency},
      ${v.creditAmount}::int8, ${v.creditCurrency}, ${v.exchangeRate}::numeric,
      ${v.fee}::int8, ${v.debitAccountId}::uuid, ${v.creditAccountId}::uuid, ${v.feeAccountId}::uuid,
      ${v.counterpartyName}, ${v.counterpartyIban}, ${v.counterpartyWalletTag},
      ${v.reference}, ${v.note}, ${v.initiatedBy}::uuid, ${v.idempotencyKey},
      ${v.hash}, ${v.clientRequestHash}, ${v.gif}, ${v.payeeCheckId}::uuid,
      ${v.payeeCheckResult}, ${v.payeeProceededAnyway}::boolean,
      ${v.movementAccounts}::uuid[],
      ${v.movementAmounts}::int8[]`;
}

const postCall = precompiled(
  postingArguments,
  (_db, v) => sql<PostedRow>`
    SELECT ${namedStatement} r.outcome, (r.transfer).*,
      trim_scale((r.transfer).exchange_rate)::text AS exchange_rate_text
    FROM ledger_post_transfer(${postingArgumentList(v)}) AS r`,
);

const postAndNotifyCall = precompiled(
  [...postingArguments, ...notifyArguments],
  (_db, v) => sql<PostedRow>`
    SELECT ${namedStatement} r.outcome, (r.transfer).*,
      trim_scale((r.transfer).exchange_rate)::text AS exchange_rate_text
    FROM ledger_post_transfer_notify(${postingArgumentList(v)},
      ${v.notifyMerchantId}::uuid, ${v.notifyKind}, ${v.notifyParams}::jsonb,
      ${v.notifyFromMerchantId}::uuid, ${v.notifyRoles}::text[], ${v.notifyChannel}) AS r`,
);

/** What `ledger_post_transfer` answers (migration 016). */
type PostOutcome =
  'posted' | 'prior' | 'not_found' | 'currency' | 'not_clearing' | 'insufficient_funds' | 'unrecorded';

/** `{a,b}`: uuids and integers need no quoting in an array literal; the same text on pg and PGlite. */
function arrayLiteral(values: string[]): string {
  return `{${values.join(',')}}`;
}

export type DeclinedTransferInput = {
  type: TransferType;
  amountMinor: bigint;
  currency: string;
  debitAccountId: string;
  creditAccountId: string;
  counterpartyName?: string | null | undefined;
  reference?: string | null | undefined;
  /** Why it was declined, shown with the transaction. */
  reason: string;
  idempotencyKey: string;
};

/**
 * Records a payment the bank refused (a declined card authorisation) as a transfer with status `declined` and no
 * entries: it moves no money, so balances and the invariants are untouched, yet the merchant sees it in its
 * transactions (docs/decisions/010-cards-declines-windows-plans.md). Idempotent by key like `postTransfer`; the
 * amount is what was asked for, in the currency it was asked in.
 */
export async function recordDeclinedTransfer(
  db: Db,
  input: DeclinedTransferInput,
): Promise<PostTransferResult> {
  positiveAmount(input.amountMinor, 'amount');
  if (!/^[A-Z]{3}$/.test(input.currency)) throw new AppError('validation_failed', 400, 'Unknown currency.');
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        'declined',
        input.type,
        input.amountMinor.toString(),
        input.currency,
        input.debitAccountId,
        input.creditAccountId,
        input.counterpartyName ?? null,
        input.reference ?? null,
        input.reason,
      ]),
    )
    .digest('hex');
  const inserted = await db
    .insertInto('transfers')
    .values({
      type: input.type,
      status: 'declined',
      amount_minor: input.amountMinor,
      currency: input.currency,
      credit_amount_minor: input.amountMinor,
      credit_currency: input.currency,
      debit_account_id: input.debitAccountId,
      credit_account_id: input.creditAccountId,
      counterparty_name: input.counterpartyName ?? null,
      reference: input.reference ?? null,
      failure_reason: input.reason,
      idempotency_key: input.idempotencyKey,
      request_hash: hash,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { transfer: { ...inserted, exchange_rate: null }, replayed: false };
  const prior = await db
    .selectFrom('transfers')
    .selectAll()
    .select(exchangeRateText)
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirstOrThrow();
  if (prior.request_hash !== hash) {
    throw new AppError('conflict', 409, 'This idempotency key was already used for a different request.');
  }
  return { transfer: prior, replayed: true };
}

async function lockTransfer(trx: Transaction<DB>, transferId: string): Promise<Transfer> {
  const transfer = await trx
    .selectFrom('transfers')
    .selectAll()
    .select(exchangeRateText)
    .where('id', '=', transferId)
    .forUpdate()
    .executeTakeFirst();
  if (!transfer) throw new AppError('not_found', 404, 'Nothing here.');
  return transfer;
}

/**
 * A pending payment reached the other bank: pending → completed, its amount moves from clearing to the external
 * rails. Idempotent (settling a completed one answers it again); 409 for any other status.
 */
export async function settleTransfer(db: Db, transferId: string): Promise<PostTransferResult> {
  if (!uuidPattern.test(transferId)) throw new AppError('not_found', 404, 'Nothing here.');
  const peek = await db
    .selectFrom('transfers')
    .select('credit_currency')
    .where('id', '=', transferId)
    .executeTakeFirst();
  if (!peek) throw new AppError('not_found', 404, 'Nothing here.');
  const external = await systemAccount(db, peek.credit_currency, 'external');
  return inTransaction(db, async (trx) => {
    const transfer = await lockTransfer(trx, transferId);
    if (transfer.status === 'completed') return { transfer, replayed: true };
    if (transfer.status !== 'pending') {
      throw new AppError('conflict', 409, 'Only a pending payment can be settled.', {
        details: { status: transfer.status },
      });
    }
    await lockAccounts(trx, [transfer.credit_account_id, external]);
    await applyMovements(trx, transfer.id, 'settle', [
      { accountId: transfer.credit_account_id, amount: -transfer.credit_amount_minor },
      { accountId: external, amount: transfer.credit_amount_minor },
    ]);
    const updated = await trx
      .updateTable('transfers')
      .set({ status: 'completed', updated_at: new Date() })
      .where('id', '=', transfer.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { transfer: { ...updated, exchange_rate: transfer.exchange_rate }, replayed: false };
  });
}

/**
 * A pending payment was refused by the other side: pending → failed, every entry of its posting reversed, so the
 * payer gets amount and fee back. Idempotent (failing a failed one answers it again); 409 for any other status.
 */
export async function failTransfer(db: Db, transferId: string, reason: string): Promise<PostTransferResult> {
  if (!uuidPattern.test(transferId)) throw new AppError('not_found', 404, 'Nothing here.');
  return inTransaction(db, async (trx) => {
    const transfer = await lockTransfer(trx, transferId);
    if (transfer.status === 'failed') return { transfer, replayed: true };
    if (transfer.status !== 'pending') {
      throw new AppError('conflict', 409, 'Only a pending payment can fail.', {
        details: { status: transfer.status },
      });
    }
    const posted = await trx
      .selectFrom('ledger_entries')
      .select(['account_id', 'amount_minor'])
      .where('transfer_id', '=', transfer.id)
      .where('phase', '=', 'post')
      .execute();
    await lockAccounts(
      trx,
      posted.map((e) => e.account_id),
    );
    await applyMovements(
      trx,
      transfer.id,
      'reverse',
      posted.map((e) => ({ accountId: e.account_id, amount: -e.amount_minor })),
    );
    const updated = await trx
      .updateTable('transfers')
      .set({ status: 'failed', failure_reason: reason.slice(0, 500), updated_at: new Date() })
      .where('id', '=', transfer.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { transfer: { ...updated, exchange_rate: transfer.exchange_rate }, replayed: false };
  });
}

/** Amount + fee of an account's pending outgoing payments: the part of the balance not available. */
export async function pendingHolds(db: Db, accountIds: string[]): Promise<Map<string, bigint>> {
  const holds = new Map<string, bigint>();
  if (accountIds.length === 0) return holds;
  const rows = await db
    .selectFrom('transfers')
    .select(['debit_account_id', sql<bigint>`SUM(amount_minor + fee_minor)::int8`.as('held')])
    .where('status', '=', 'pending')
    .where('debit_account_id', 'in', accountIds)
    .groupBy('debit_account_id')
    .execute();
  for (const row of rows) holds.set(row.debit_account_id, BigInt(row.held));
  return holds;
}

export type LedgerInvariants = {
  /** Per currency the sum of all balances and of all entries: both must be 0. */
  currencies: { currency: string; balances: bigint; entries: bigint }[];
  /** Merchant accounts below zero: must be empty. */
  negativeMerchantAccounts: string[];
  /** Accounts whose balance differs from the sum of their entries: must be empty. */
  mismatchedAccounts: string[];
};

/** The ledger's invariants, for tests and a health check. */
export async function ledgerInvariants(db: Db): Promise<LedgerInvariants> {
  const balances = await sql<{ currency: string; total: bigint }>`
    SELECT currency, SUM(balance_minor)::int8 AS total FROM ledger_accounts GROUP BY currency ORDER BY currency`.execute(
    db,
  );
  const entries = await sql<{ currency: string; total: bigint }>`
    SELECT a.currency, SUM(e.amount_minor)::int8 AS total
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    GROUP BY a.currency`.execute(db);
  const negative = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('kind', '=', 'merchant')
    .where('balance_minor', '<', 0n)
    .execute();
  const mismatched = await sql<{ id: string }>`
    SELECT a.id FROM ledger_accounts a
    LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.id, a.balance_minor
    HAVING a.balance_minor <> COALESCE(SUM(e.amount_minor), 0)`.execute(db);
  const entryTotals = new Map(entries.rows.map((r) => [r.currency.trim(), BigInt(r.total)]));
  return {
    currencies: balances.rows.map((r) => ({
      currency: r.currency.trim(),
      balances: BigInt(r.total),
      entries: entryTotals.get(r.currency.trim()) ?? 0n,
    })),
    negativeMerchantAccounts: negative.map((r) => r.id),
    mismatchedAccounts: mismatched.rows.map((r) => r.id),
  };
}

/** Our own (fictional) bank and branch code inside Greek IBANs. */
const bankBranch = '0260001';

/** Our (fictional) bank's BIC, the one beside every IBAN we issue. */
export const bankBic = 'TAMEGRA1XXX';

/** An IBAN of ours for a 16-digit account number, with a valid mod-97 checksum. */
export function ourIban(accountNumber: string): string {
  const iban = composeIBAN({ countryCode: 'GR', bban: `${bankBranch}${accountNumber}` });
  if (!iban) throw new Error(`cannot compose an IBAN for ${accountNumber}`);
  return iban;
}

export type OpenAccountInput = {
  merchantId: string | null;
  name: string;
  currency: string;
  iban: string | null;
};

/** Opens a merchant account (one per currency: a second is a 409) or an ad-hoc system account. */
export async function openAccount(db: Db, input: OpenAccountInput): Promise<string> {
  if (input.iban !== null && !isValidIBAN(input.iban)) {
    throw new AppError('validation_failed', 400, 'The IBAN is not valid.', {
      fields: { iban: 'Invalid IBAN.' },
    });
  }
  if (input.merchantId) {
    const existing = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('merchant_id', '=', input.merchantId)
      .where('currency', '=', input.currency)
      .executeTakeFirst();
    if (existing)
      throw new AppError('conflict', 409, 'The merchant already has an account in this currency.');
  }
  const row = await db
    .insertInto('ledger_accounts')
    .values({
      merchant_id: input.merchantId,
      name: input.name,
      currency: input.currency,
      iban: input.iban,
      kind: input.merchantId ? 'merchant' : 'system',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
