import { createHash } from 'node:crypto';
import { isValidIBAN } from 'ibantools';
import type { Transaction } from 'kysely';
import type { Database } from './db/database';
import type { DB, Transfer, TransferStatus, TransferType } from './db/types';
import { AppError } from './errors';

export type PostTransferInput = {
  type: TransferType;
  /** Money moves for 'completed' and 'pending' (a pending payment holds the funds; failing it refunds). */
  status: Extract<TransferStatus, 'completed' | 'pending' | 'paid'>;
  amountMinor: bigint;
  currency: string;
  debitAccountId: string;
  creditAccountId: string;
  /** Charged to the debit account on top of the amount and credited to `feeAccountId`. */
  feeMinor?: bigint;
  feeAccountId?: string;
  counterpartyName?: string | null;
  reference?: string | null;
  idempotencyKey: string;
};

export type PostTransferResult = { transfer: Transfer; replayed: boolean };

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
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

async function findByKey(
  trx: Transaction<DB>,
  key: string,
  hash: string,
): Promise<PostTransferResult | null> {
  const existing = await trx
    .selectFrom('transfers')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!existing) return null;
  if (existing.request_hash !== hash) {
    throw new AppError('conflict', 409, 'This idempotency key was already used for a different request.');
  }
  return { transfer: existing, replayed: true };
}

/**
 * Moves money between two ledger accounts as one double-entry transfer in one transaction (DESIGN.md principle 7).
 * Idempotent by key; accounts are locked in id order so two opposite transfers cannot deadlock; a merchant account
 * never goes below zero (checked here for a clear error, and by a CHECK constraint as the last line).
 */
export async function postTransfer(db: Database, input: PostTransferInput): Promise<PostTransferResult> {
  const fee = input.feeMinor ?? 0n;
  if (input.amountMinor <= 0n) throw new AppError('validation_failed', 400, 'The amount must be positive.');
  if (fee < 0n) throw new AppError('validation_failed', 400, 'The fee cannot be negative.');
  if (fee > 0n && !input.feeAccountId)
    throw new AppError('validation_failed', 400, 'A fee needs a fee account.');
  if (input.debitAccountId === input.creditAccountId) {
    throw new AppError('validation_failed', 400, 'The debit and credit accounts must differ.');
  }
  const hash = requestHash(input);

  return db.transaction().execute(async (trx) => {
    const replay = await findByKey(trx, input.idempotencyKey, hash);
    if (replay) return replay;

    const accountIds = [input.debitAccountId, input.creditAccountId];
    if (fee > 0n && input.feeAccountId) accountIds.push(input.feeAccountId);
    const ordered = [...new Set(accountIds)].sort();
    const accounts = new Map<string, { id: string; currency: string; kind: string; balance_minor: bigint }>();
    for (const id of ordered) {
      const account = await trx
        .selectFrom('ledger_accounts')
        .select(['id', 'currency', 'kind', 'balance_minor'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!account) throw new AppError('not_found', 404, 'Account not found.');
      accounts.set(id, account);
    }
    for (const account of accounts.values()) {
      if (account.currency !== input.currency) {
        throw new AppError(
          'validation_failed',
          400,
          'The accounts and the transfer must share one currency.',
        );
      }
    }
    const debit = accounts.get(input.debitAccountId);
    if (debit && debit.kind === 'merchant' && debit.balance_minor < input.amountMinor + fee) {
      throw new AppError('insufficient_funds', 422, 'The amount exceeds the available balance.');
    }

    const inserted = await trx
      .insertInto('transfers')
      .values({
        type: input.type,
        status: input.status,
        amount_minor: input.amountMinor,
        currency: input.currency,
        fee_minor: fee,
        debit_account_id: input.debitAccountId,
        credit_account_id: input.creditAccountId,
        counterparty_name: input.counterpartyName ?? null,
        reference: input.reference ?? null,
        idempotency_key: input.idempotencyKey,
        request_hash: hash,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      // A concurrent request with the same key committed first: answer as its replay.
      const raced = await findByKey(trx, input.idempotencyKey, hash);
      if (raced) return raced;
      throw new AppError('conflict', 409, 'The transfer could not be recorded; try again.');
    }

    const movements: { accountId: string; amount: bigint }[] = [
      { accountId: input.debitAccountId, amount: -(input.amountMinor + fee) },
      { accountId: input.creditAccountId, amount: input.amountMinor },
    ];
    if (fee > 0n && input.feeAccountId) movements.push({ accountId: input.feeAccountId, amount: fee });
    await trx
      .insertInto('ledger_entries')
      .values(
        movements.map((m) => ({ transfer_id: inserted.id, account_id: m.accountId, amount_minor: m.amount })),
      )
      .execute();
    for (const movement of movements) {
      await trx
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance_minor: eb('balance_minor', '+', movement.amount) }))
        .where('id', '=', movement.accountId)
        .execute();
    }
    return { transfer: inserted, replayed: false };
  });
}

export type OpenAccountInput = {
  merchantId: string | null;
  name: string;
  currency: string;
  iban: string | null;
};

export async function openAccount(db: Database | Transaction<DB>, input: OpenAccountInput): Promise<string> {
  if (input.iban !== null && !isValidIBAN(input.iban)) {
    throw new AppError('validation_failed', 400, 'The IBAN is not valid.', {
      fields: { iban: 'Invalid IBAN.' },
    });
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
