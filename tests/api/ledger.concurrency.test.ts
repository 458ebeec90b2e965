import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMerchantAccount } from '../../server/accounts';
import { createDatabase, type Database } from '../../server/db/database';
import { AppError } from '../../server/errors';
import {
  failTransfer,
  ledgerInvariants,
  postTransfer,
  settleTransfer,
  systemAccount,
  type PostTransferInput,
} from '../../server/ledger';
import { bodyOf } from './client';
import { createOwner, startTestServer, type TestServer } from './harness';
import { expectHealthy, fund, incoming, newKey } from './money';

/**
 * The ledger under real parallelism (the proof of docs/engineering.md principle 7). PGlite runs one connection at a
 * time, so these only mean something on a PostgreSQL server: they run when DATABASE_URL is set (CI's second API run)
 * and are skipped otherwise.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const reason = 'needs DATABASE_URL: PGlite has one connection, so nothing would run in parallel';

let server: TestServer;
/** Its own pool, wider than the app's, so that many transactions really are in flight at once. */
let db: Database;

beforeAll(async () => {
  if (!onPostgres) return;
  server = await startTestServer();
  db = createDatabase({
    dataDir: server.config.dataDir,
    databaseUrl: server.config.databaseUrl,
    poolSize: 24,
  });
});
afterAll(async () => {
  await db?.destroy();
  await server?.close();
});

type Outcome = { key: string; result: 'ok' | string; transferId?: string; replayed?: boolean };

async function attempt(input: PostTransferInput): Promise<Outcome> {
  try {
    const { transfer, replayed } = await postTransfer(db, input);
    return { key: input.idempotencyKey, result: 'ok', transferId: transfer.id, replayed };
  } catch (error) {
    if (error instanceof AppError) return { key: input.idempotencyKey, result: error.code };
    return { key: input.idempotencyKey, result: `crash: ${(error as Error).message}` };
  }
}

async function merchantAccounts(count: number, funding: bigint): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const owner = await createOwner(server.db);
    const id = await ensureMerchantAccount(server.db, owner.merchantId, 'EUR');
    if (funding > 0n) await fund(server.db, id, funding);
    ids.push(id);
  }
  return ids;
}

/** A seeded pseudo-random sequence, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('the ledger under concurrency (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    `many parallel transfers among a few accounts, retried keys, over-balance attempts (${reason})`,
    async () => {
      const accounts = await merchantAccounts(5, 40_000n);
      const next = random(20_261_122);
      const inputs: PostTransferInput[] = [];
      for (let i = 0; i < 400; i += 1) {
        const from = accounts[Math.floor(next() * accounts.length)] ?? '';
        let to = accounts[Math.floor(next() * accounts.length)] ?? '';
        if (to === from) to = accounts[(accounts.indexOf(from) + 1) % accounts.length] ?? '';
        inputs.push({
          type: 'account_to_account',
          status: 'completed',
          // Up to 150.00 against 400.00 balances: many succeed, some run into an empty account.
          amountMinor: BigInt(1 + Math.floor(next() * 15_000)),
          currency: 'EUR',
          debitAccountId: from,
          creditAccountId: to,
          idempotencyKey: newKey('mesh'),
        });
      }
      // A quarter of the requests are sent two or three times at once, as a client retrying would.
      const requests = inputs.flatMap((input, i) =>
        i % 4 === 0 ? [input, input, ...(i % 8 === 0 ? [input] : [])] : [input],
      );
      const outcomes = await Promise.all(requests.map((input) => attempt(input)));

      expect(outcomes.filter((o) => o.result !== 'ok' && o.result !== 'insufficient_funds')).toEqual([]);
      const ok = outcomes.filter((o) => o.result === 'ok');
      expect(ok.length).toBeGreaterThan(100);
      expect(outcomes.some((o) => o.result === 'insufficient_funds')).toBe(true);

      // Each key moved money at most once, and every success of a key names that one transfer.
      const keys = inputs.map((i) => i.idempotencyKey);
      const transfers = await db
        .selectFrom('transfers')
        .select(['id', 'idempotency_key', 'amount_minor', 'debit_account_id', 'credit_account_id'])
        .where('idempotency_key', 'in', keys)
        .execute();
      const byKey = new Map(transfers.map((t) => [t.idempotency_key, t]));
      expect(byKey.size).toBe(transfers.length);
      for (const outcome of ok) expect(byKey.get(outcome.key)?.id).toBe(outcome.transferId);
      for (const key of keys) {
        const succeeded = ok.filter((o) => o.key === key);
        if (succeeded.length === 0) expect(byKey.has(key)).toBe(false);
        else expect(succeeded.filter((o) => !o.replayed).length).toBeLessThanOrEqual(1);
      }
      const entries = await db
        .selectFrom('ledger_entries')
        .select(['transfer_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where(
          'transfer_id',
          'in',
          transfers.map((t) => t.id),
        )
        .groupBy('transfer_id')
        .execute();
      expect(entries.every((e) => Number(e.n) === 2)).toBe(true);
      expect(entries).toHaveLength(transfers.length);

      // The balances are the funding plus what the committed transfers moved, and none is negative.
      const expected = new Map(accounts.map((id) => [id, 40_000n]));
      for (const t of transfers) {
        expected.set(t.debit_account_id, (expected.get(t.debit_account_id) ?? 0n) - t.amount_minor);
        expected.set(t.credit_account_id, (expected.get(t.credit_account_id) ?? 0n) + t.amount_minor);
      }
      const balances = await db
        .selectFrom('ledger_accounts')
        .select(['id', 'balance_minor'])
        .where('id', 'in', accounts)
        .execute();
      for (const row of balances) expect(row.balance_minor).toBe(expected.get(row.id));
      expectHealthy(await ledgerInvariants(db));
    },
    120_000,
  );

  it.skipIf(!onPostgres)(`N debits against a balance for k: exactly k succeed (${reason})`, async () => {
    const [payer, ...payees] = await merchantAccounts(4, 0n);
    if (!payer) throw new Error('no payer');
    await fund(server.db, payer, 1_000n);
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt({
          type: 'account_to_account',
          status: 'completed',
          amountMinor: 100n,
          currency: 'EUR',
          debitAccountId: payer,
          creditAccountId: payees[i % payees.length] ?? '',
          idempotencyKey: newKey('k-of-n'),
        }),
      ),
    );
    expect(outcomes.filter((o) => o.result === 'ok')).toHaveLength(10);
    expect(outcomes.filter((o) => o.result === 'insufficient_funds')).toHaveLength(30);
    const row = await db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', payer)
      .executeTakeFirstOrThrow();
    expect(row.balance_minor).toBe(0n);
    expectHealthy(await ledgerInvariants(db));
  });

  it.skipIf(!onPostgres)(`one key sent 30 times at once moves money once (${reason})`, async () => {
    const [from, to] = await merchantAccounts(2, 5_000n);
    const input: PostTransferInput = {
      type: 'account_to_account',
      status: 'completed',
      amountMinor: 1_234n,
      currency: 'EUR',
      debitAccountId: from ?? '',
      creditAccountId: to ?? '',
      idempotencyKey: newKey('hammer'),
    };
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => attempt(input)));
    expect(outcomes.every((o) => o.result === 'ok')).toBe(true);
    expect(new Set(outcomes.map((o) => o.transferId)).size).toBe(1);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    const conflict = await attempt({ ...input, amountMinor: 1n });
    expect(conflict.result).toBe('conflict');
    const row = await db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', from ?? '')
      .executeTakeFirstOrThrow();
    expect(row.balance_minor).toBe(5_000n - 1_234n);
    expectHealthy(await ledgerInvariants(db));
  });

  it.skipIf(!onPostgres)(
    `pending payments settled and failed in parallel end once each (${reason})`,
    async () => {
      const [payer] = await merchantAccounts(1, 100_000n);
      const clearing = await systemAccount(db, 'EUR', 'clearing');
      const pending = await Promise.all(
        Array.from({ length: 20 }, () =>
          postTransfer(db, {
            type: 'bank_transfer',
            status: 'pending',
            amountMinor: 1_000n,
            feeMinor: 50n,
            currency: 'EUR',
            debitAccountId: payer ?? '',
            creditAccountId: clearing,
            counterpartyIban: 'DE89370400440532013000',
            idempotencyKey: newKey('pending'),
          }),
        ),
      );
      const endings = await Promise.all(
        pending.flatMap(({ transfer }, i) => {
          const settle = () => settleTransfer(db, transfer.id);
          const fail = () => failTransfer(db, transfer.id, 'refused');
          const ends = i % 2 === 0 ? [settle, settle, fail] : [fail, fail, settle];
          return ends.map((end) =>
            end().then(
              (r) => (r.replayed ? 'replay' : r.transfer.status),
              (error: unknown) => (error instanceof AppError ? error.code : `crash: ${String(error)}`),
            ),
          );
        }),
      );
      expect(endings.filter((e) => e === 'completed' || e === 'failed')).toHaveLength(20);
      expect(endings.every((e) => ['completed', 'failed', 'replay', 'conflict'].includes(e))).toBe(true);
      const statuses = await db
        .selectFrom('transfers')
        .select('status')
        .where(
          'id',
          'in',
          pending.map((p) => p.transfer.id),
        )
        .execute();
      const failed = statuses.filter((s) => s.status === 'failed').length;
      const row = await db
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('id', '=', payer ?? '')
        .executeTakeFirstOrThrow();
      expect(row.balance_minor).toBe(100_000n - BigInt(20 - failed) * 1_050n);
      expectHealthy(await ledgerInvariants(db));
    },
  );

  it.skipIf(!onPostgres)(`the sandbox rail credits once for one key sent 10 times (${reason})`, async () => {
    const owner = await createOwner(server.db);
    const accountId = await ensureMerchantAccount(server.db, owner.merchantId, 'EUR');
    const account = await db
      .selectFrom('ledger_accounts')
      .select('iban')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    const key = newKey('rail');
    const body = {
      iban: account.iban ?? '',
      amount_minor: '5000',
      currency: 'EUR',
      sender_name: 'Alpha Foods SA',
    };
    const responses = await Promise.all(Array.from({ length: 10 }, () => incoming(server, body, key)));
    expect(responses.every((r) => r.status === 201)).toBe(true);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(responses.map((r) => bodyOf(r, 201).id)).size).toBe(1);
    const row = await db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(row.balance_minor).toBe(5_000n);
  });
});
