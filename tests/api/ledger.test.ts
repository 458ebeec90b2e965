import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxAmountMinor } from '../../schemas/money';
import { AppError } from '../../server/errors';
import {
  ensureSystemAccounts,
  failTransfer,
  ledgerInvariants,
  openAccount,
  pendingHolds,
  postTransfer,
  settleTransfer,
  systemAccount,
  type PostTransferInput,
} from '../../server/ledger';
import { demoIban } from '../../server/seed';
import { createOwner, startTestServer, type TestServer } from './harness';
import { expectHealthy } from './money';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let keyCounter = 0;
const key = () => `test-${Date.now()}-${(keyCounter += 1)}`;

async function merchantAccount(): Promise<string> {
  const owner = await createOwner(server.db);
  return openAccount(server.db, { merchantId: owner.merchantId, name: 'Main', currency: 'EUR', iban: null });
}

async function balance(accountId: string): Promise<bigint> {
  const row = await server.db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_minor;
}

async function holds(accountId: string): Promise<bigint> {
  return (await pendingHolds(server.db, [accountId])).get(accountId) ?? 0n;
}

async function fund(accountId: string, amount: bigint): Promise<void> {
  await postTransfer(server.db, {
    type: 'incoming_bank_transfer',
    status: 'completed',
    amountMinor: amount,
    currency: 'EUR',
    debitAccountId: await systemAccount(server.db, 'EUR', 'external'),
    creditAccountId: accountId,
    counterpartyName: 'Funding',
    idempotencyKey: key(),
  });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the ledger', () => {
  it('moves money as two entries that sum to zero and updates both balances', async () => {
    const from = await merchantAccount();
    const to = await merchantAccount();
    await fund(from, 10_000n);
    const { transfer, replayed } = await postTransfer(server.db, {
      type: 'account_to_account',
      status: 'completed',
      amountMinor: 2_500n,
      currency: 'EUR',
      debitAccountId: from,
      creditAccountId: to,
      idempotencyKey: key(),
    });
    expect(replayed).toBe(false);
    expect(transfer.amount_minor).toBe(2_500n);
    const entries = await server.db
      .selectFrom('ledger_entries')
      .select(['account_id', 'amount_minor'])
      .where('transfer_id', '=', transfer.id)
      .execute();
    expect(entries).toHaveLength(2);
    expect(entries.reduce((sum, e) => sum + e.amount_minor, 0n)).toBe(0n);
    expect(await balance(from)).toBe(7_500n);
    expect(await balance(to)).toBe(2_500n);
  });

  it('is idempotent: the same key and body give the first result, another body a conflict', async () => {
    const from = await merchantAccount();
    const to = await merchantAccount();
    await fund(from, 10_000n);
    const input: PostTransferInput = {
      type: 'account_to_account',
      status: 'completed',
      amountMinor: 1_000n,
      currency: 'EUR',
      debitAccountId: from,
      creditAccountId: to,
      reference: 'Invoice 7',
      idempotencyKey: key(),
    };
    const first = await postTransfer(server.db, input);
    const second = await postTransfer(server.db, input);
    expect(second.replayed).toBe(true);
    expect(second.transfer.id).toBe(first.transfer.id);
    expect(await balance(from)).toBe(9_000n);

    const conflict = await rejection(postTransfer(server.db, { ...input, amountMinor: 2_000n }));
    expect(conflict.code).toBe('conflict');
    expect(conflict.statusCode).toBe(409);
    expect(await balance(from)).toBe(9_000n);
  });

  it('never takes a merchant account below zero and leaves nothing behind when it refuses', async () => {
    const from = await merchantAccount();
    const to = await merchantAccount();
    await fund(from, 500n);
    const transfersBefore = await server.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await rejection(
      postTransfer(server.db, {
        type: 'account_to_account',
        status: 'completed',
        amountMinor: 501n,
        currency: 'EUR',
        debitAccountId: from,
        creditAccountId: to,
        idempotencyKey: key(),
      }),
    );
    expect(refused.code).toBe('insufficient_funds');
    expect(refused.statusCode).toBe(422);
    expect(await balance(from)).toBe(500n);
    expect(await balance(to)).toBe(0n);
    const transfersAfter = await server.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(transfersAfter.n).toBe(transfersBefore.n);
  });

  it('refuses a direct write that would make a merchant balance negative (the database CHECK)', async () => {
    const account = await merchantAccount();
    await expect(
      server.db
        .updateTable('ledger_accounts')
        .set({ balance_minor: -1n })
        .where('id', '=', account)
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses bad transfers: zero, same account, currency mismatch, unknown account', async () => {
    const from = await merchantAccount();
    await fund(from, 1_000n);
    const usd = await openAccount(server.db, {
      merchantId: null,
      name: 'USD pool',
      currency: 'USD',
      iban: null,
    });
    const base = {
      type: 'account_to_account' as const,
      status: 'completed' as const,
      currency: 'EUR',
      debitAccountId: from,
    };
    expect(
      (
        await rejection(
          postTransfer(server.db, { ...base, amountMinor: 0n, creditAccountId: usd, idempotencyKey: key() }),
        )
      ).code,
    ).toBe('validation_failed');
    expect(
      (
        await rejection(
          postTransfer(server.db, { ...base, amountMinor: 1n, creditAccountId: from, idempotencyKey: key() }),
        )
      ).code,
    ).toBe('validation_failed');
    expect(
      (
        await rejection(
          postTransfer(server.db, { ...base, amountMinor: 1n, creditAccountId: usd, idempotencyKey: key() }),
        )
      ).code,
    ).toBe('validation_failed');
    expect(
      (
        await rejection(
          postTransfer(server.db, {
            ...base,
            amountMinor: 1n,
            creditAccountId: '00000000-0000-0000-0000-000000000000',
            idempotencyKey: key(),
          }),
        )
      ).code,
    ).toBe('not_found');
    expect(await balance(from)).toBe(1_000n);
  });

  it('charges a fee as a third entry, still summing to zero', async () => {
    const from = await merchantAccount();
    const to = await merchantAccount();
    const fees = await openAccount(server.db, {
      merchantId: null,
      name: 'Fee income',
      currency: 'EUR',
      iban: null,
    });
    await fund(from, 1_000n);
    const { transfer } = await postTransfer(server.db, {
      type: 'bank_transfer',
      status: 'completed',
      amountMinor: 900n,
      feeMinor: 50n,
      feeAccountId: fees,
      currency: 'EUR',
      debitAccountId: from,
      creditAccountId: to,
      idempotencyKey: key(),
    });
    const entries = await server.db
      .selectFrom('ledger_entries')
      .select('amount_minor')
      .where('transfer_id', '=', transfer.id)
      .execute();
    expect(entries).toHaveLength(3);
    expect(entries.reduce((sum, e) => sum + e.amount_minor, 0n)).toBe(0n);
    expect(await balance(from)).toBe(50n);
    // 50 left covers neither a second fee plus any amount.
    const refused = await rejection(
      postTransfer(server.db, {
        type: 'bank_transfer',
        status: 'completed',
        amountMinor: 1n,
        feeMinor: 50n,
        feeAccountId: fees,
        currency: 'EUR',
        debitAccountId: from,
        creditAccountId: to,
        idempotencyKey: key(),
      }),
    );
    expect(refused.code).toBe('insufficient_funds');
  });

  it('keeps every balance equal to its entries and every currency summing to zero under concurrent spending', async () => {
    const from = await merchantAccount();
    const to = await merchantAccount();
    await fund(from, 100n);
    const attempts = Array.from({ length: 20 }, () =>
      postTransfer(server.db, {
        type: 'account_to_account',
        status: 'completed',
        amountMinor: 10n,
        currency: 'EUR',
        debitAccountId: from,
        creditAccountId: to,
        idempotencyKey: key(),
      }).then(
        () => 'ok',
        (error: unknown) => (error instanceof AppError ? error.code : 'crash'),
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'insufficient_funds')).toBe(true);
    expect(await balance(from)).toBe(0n);
    expect(await balance(to)).toBe(100n);

    const perCurrency = await sql<{ currency: string; total: bigint }>`
      SELECT a.currency, SUM(e.amount_minor)::int8 AS total
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      GROUP BY a.currency`.execute(server.db);
    for (const row of perCurrency.rows) expect(row.total).toBe(0n);
    const mismatched = await sql<{ id: string }>`
      SELECT a.id FROM ledger_accounts a
      LEFT JOIN ledger_entries e ON e.account_id = a.id
      GROUP BY a.id, a.balance_minor
      HAVING a.balance_minor <> COALESCE(SUM(e.amount_minor), 0)`.execute(server.db);
    expect(mismatched.rows).toEqual([]);
  });

  it('gives accounts valid IBANs and refuses invalid ones', async () => {
    expect(demoIban('0000000000000001')).toMatch(/^GR\d{25}$/);
    const owner = await createOwner(server.db);
    const refused = await rejection(
      openAccount(server.db, {
        merchantId: owner.merchantId,
        name: 'Bad',
        currency: 'EUR',
        iban: 'GR0000000000000000000000000',
      }),
    );
    expect(refused.code).toBe('validation_failed');
  });
});

describe('the ledger: system accounts, clearing, currencies, limits', () => {
  it('creates the system accounts of a currency once, even when asked concurrently', async () => {
    const ids = await Promise.all(
      Array.from({ length: 6 }, () => systemAccount(server.db, 'GBP', 'clearing')),
    );
    expect(new Set(ids).size).toBe(1);
    const all = await ensureSystemAccounts(server.db, 'GBP');
    expect(all.clearing).toBe(ids[0]);
    expect(new Set(Object.values(all)).size).toBe(4);
    expect(await systemAccount(server.db, 'EUR')).toBe(await systemAccount(server.db, 'EUR', 'external'));
  });

  it('holds a pending payment in clearing; settling moves it to the rails, failing refunds amount and fee', async () => {
    const from = await merchantAccount();
    await fund(from, 10_000n);
    const clearing = await systemAccount(server.db, 'EUR', 'clearing');
    const external = await systemAccount(server.db, 'EUR', 'external');
    const pay = (amount: bigint) =>
      postTransfer(server.db, {
        type: 'bank_transfer',
        status: 'pending',
        amountMinor: amount,
        feeMinor: 150n,
        currency: 'EUR',
        debitAccountId: from,
        creditAccountId: clearing,
        counterpartyIban: 'DE89370400440532013000',
        counterpartyName: 'Outside GmbH',
        idempotencyKey: key(),
      });
    const clearingBefore = await balance(clearing);
    const externalBefore = await balance(external);
    const settled = await pay(4_000n);
    const failed = await pay(3_000n);
    expect(await balance(from)).toBe(10_000n - 4_150n - 3_150n);
    expect(await holds(from)).toBe(7_300n);
    expect(await balance(clearing)).toBe(clearingBefore + 7_000n);

    const done = await settleTransfer(server.db, settled.transfer.id);
    expect(done.transfer.status).toBe('completed');
    expect((await settleTransfer(server.db, settled.transfer.id)).replayed).toBe(true);
    expect(await balance(external)).toBe(externalBefore + 4_000n);

    const refunded = await failTransfer(server.db, failed.transfer.id, 'Beneficiary bank refused');
    expect(refunded.transfer).toMatchObject({ status: 'failed', failure_reason: 'Beneficiary bank refused' });
    expect((await failTransfer(server.db, failed.transfer.id, 'again')).replayed).toBe(true);
    expect(await balance(from)).toBe(10_000n - 4_150n);
    expect(await holds(from)).toBe(0n);
    expect(await balance(clearing)).toBe(clearingBefore);

    // Only pending payments settle or fail; the rest is a conflict and moves nothing.
    expect((await rejection(failTransfer(server.db, settled.transfer.id, 'late'))).statusCode).toBe(409);
    expect((await rejection(settleTransfer(server.db, failed.transfer.id))).statusCode).toBe(409);
    expect(
      (await rejection(settleTransfer(server.db, '00000000-0000-4000-8000-000000000000'))).statusCode,
    ).toBe(404);
    expect((await rejection(failTransfer(server.db, 'nope', 'x'))).statusCode).toBe(404);
    const phases = await server.db
      .selectFrom('ledger_entries')
      .select(['phase', (eb) => eb.fn.sum<bigint>('amount_minor').as('total')])
      .where('transfer_id', 'in', [settled.transfer.id, failed.transfer.id])
      .groupBy('phase')
      .execute();
    for (const phase of phases) expect(BigInt(phase.total)).toBe(0n);
    expect(phases.map((p) => p.phase).sort()).toEqual(['post', 'reverse', 'settle']);
    expect(await balance(from)).toBe(5_850n);
    expectHealthy(await ledgerInvariants(server.db));
  });

  it('sends a pending payment only to clearing, and ends it exactly once under concurrency', async () => {
    const from = await merchantAccount();
    const to = await merchantAccount();
    await fund(from, 1_000n);
    const refused = await rejection(
      postTransfer(server.db, {
        type: 'bank_transfer',
        status: 'pending',
        amountMinor: 100n,
        currency: 'EUR',
        debitAccountId: from,
        creditAccountId: to,
        idempotencyKey: key(),
      }),
    );
    expect(refused.code).toBe('validation_failed');
    const { transfer } = await postTransfer(server.db, {
      type: 'bank_transfer',
      status: 'pending',
      amountMinor: 100n,
      currency: 'EUR',
      debitAccountId: from,
      creditAccountId: await systemAccount(server.db, 'EUR', 'clearing'),
      idempotencyKey: key(),
    });
    const outcome = (promise: Promise<{ replayed: boolean }>, done: string) =>
      promise.then(
        (r) => (r.replayed ? 'replay' : done),
        (error: unknown) => (error instanceof AppError ? error.code : 'crash'),
      );
    // Settle twice and fail once at the same moment: exactly one of them changes the payment; a second settle
    // replays or meets the failure (409), the failure meets the settlement (409) or wins.
    const outcomes = await Promise.all([
      outcome(settleTransfer(server.db, transfer.id), 'settled'),
      outcome(settleTransfer(server.db, transfer.id), 'settled'),
      outcome(failTransfer(server.db, transfer.id, 'race'), 'failed'),
    ]);
    const changed = outcomes.filter((o) => o === 'settled' || o === 'failed');
    expect(changed).toHaveLength(1);
    expect(outcomes.every((o) => ['settled', 'failed', 'replay', 'conflict'].includes(o))).toBe(true);
    const phases = await server.db
      .selectFrom('ledger_entries')
      .select('phase')
      .where('transfer_id', '=', transfer.id)
      .where('phase', '<>', 'post')
      .execute();
    expect(phases.map((p) => p.phase)).toEqual(
      changed[0] === 'settled' ? ['settle', 'settle'] : ['reverse', 'reverse'],
    );
    expectHealthy(await ledgerInvariants(server.db));
  });

  it('crosses currencies through the fx accounts: every currency still sums to zero', async () => {
    const owner = await createOwner(server.db);
    const eur = await openAccount(server.db, {
      merchantId: owner.merchantId,
      name: 'EUR',
      currency: 'EUR',
      iban: null,
    });
    const usd = await openAccount(server.db, {
      merchantId: owner.merchantId,
      name: 'USD',
      currency: 'USD',
      iban: null,
    });
    await fund(eur, 10_000n);
    const input: PostTransferInput = {
      type: 'account_to_account',
      status: 'completed',
      amountMinor: 5_000n,
      currency: 'EUR',
      credit: { amountMinor: 5_417n, currency: 'USD', exchangeRate: '1.0834' },
      debitAccountId: eur,
      creditAccountId: usd,
      idempotencyKey: key(),
    };
    const { transfer } = await postTransfer(server.db, input);
    expect(transfer).toMatchObject({
      credit_currency: 'USD',
      credit_amount_minor: 5_417n,
      exchange_rate: '1.0834',
    });
    const replay = await postTransfer(server.db, input);
    expect(replay).toMatchObject({ replayed: true, transfer: { id: transfer.id, exchange_rate: '1.0834' } });
    expect(await balance(eur)).toBe(5_000n);
    expect(await balance(usd)).toBe(5_417n);
    const entries = await server.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('transfer_id', '=', transfer.id)
      .execute();
    expect(entries).toHaveLength(4);
    // A credit side in a currency the credit account is not in, or a bad rate, is refused.
    for (const credit of [
      { amountMinor: 5n, currency: 'GBP', exchangeRate: '0.9' },
      { amountMinor: 5n, currency: 'USD', exchangeRate: '0' },
      { amountMinor: 5n, currency: 'USD', exchangeRate: '-1' },
      { amountMinor: 0n, currency: 'USD', exchangeRate: '1.1' },
    ]) {
      const refused = await rejection(postTransfer(server.db, { ...input, credit, idempotencyKey: key() }));
      expect(
        refused.code,
        JSON.stringify(credit, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
      ).toBe('validation_failed');
    }
    expectHealthy(await ledgerInvariants(server.db));
  });

  it('refuses amounts beyond any real payment', async () => {
    const from = await merchantAccount();
    const to = await merchantAccount();
    const refused = await rejection(
      postTransfer(server.db, {
        type: 'account_to_account',
        status: 'completed',
        amountMinor: maxAmountMinor + 1n,
        currency: 'EUR',
        debitAccountId: from,
        creditAccountId: to,
        idempotencyKey: key(),
      }),
    );
    expect(refused.code).toBe('validation_failed');
  });
});
