import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../src/api/schema';
import { assignWalletTag } from '../../server/accounts';
import { buildApp } from '../../server/app';
import { createDatabase, type Database } from '../../server/db/database';
import { ledgerInvariants } from '../../server/ledger';
import { ledgerKeyOf } from '../../server/payments/sendMoney';
import type { JsonBodyOf } from './client';
import { startTestServer, type TestServer } from './harness';
import { expectHealthy, fund, merchantWithAccount, newKey, type MoneyMerchant } from './money';

/**
 * Send money under real parallelism, over HTTP (the proof of docs/engineering.md principle 7): many payments among a
 * few merchants at once, a quarter of them sent two or three times with the same Idempotency-Key as a retrying client
 * would, and a burst of over-balance attempts. PGlite runs one connection at a time, so this only means something on
 * PostgreSQL: it runs when DATABASE_URL is set (CI's second API run) and is skipped otherwise.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const reason = 'needs DATABASE_URL: PGlite has one connection, so nothing would run in parallel';

let server: TestServer;
/** A second app on a wide pool, listening on a port, so that requests really run side by side. */
let db: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let url = '';
/** Over the network, typed by the same contract as the in-process client (openapi-fetch, as the app uses). */
let client: Client<paths>;

beforeAll(async () => {
  if (!onPostgres) return;
  server = await startTestServer();
  db = createDatabase({
    dataDir: server.config.dataDir,
    databaseUrl: server.config.databaseUrl,
    poolSize: 20,
  });
  app = await buildApp({ config: server.config, db, logger: false });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  client = createClient<paths>({ baseUrl: url });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await server?.close();
});

type Merchant = MoneyMerchant & { tag: string };

async function merchants(count: number, funding: bigint): Promise<Merchant[]> {
  const list: Merchant[] = [];
  for (let i = 0; i < count; i += 1) {
    const m = await merchantWithAccount(server);
    if (funding > 0n) await fund(server.db, m.accountId, funding);
    list.push({ ...m, tag: await assignWalletTag(server.db, m.merchantId) });
  }
  return list;
}

type Request = { payer: Merchant; key: string; body: JsonBodyOf<'POST', '/api/merchants/send_money/'> };
type Outcome = { key: string; status: number; code?: string; id?: string; replayed: boolean };

async function post(request: Request): Promise<Outcome> {
  const { data, error, response } = await client.POST('/api/merchants/send_money/', {
    params: { header: { 'idempotency-key': request.key } },
    headers: { authorization: `Bearer ${request.payer.token}` },
    body: request.body,
  });
  return {
    key: request.key,
    status: response.status,
    ...(error ? { code: error.error.code } : {}),
    ...(data ? { id: data.id } : {}),
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}

/** A seeded pseudo-random sequence, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function balances(ids: string[]): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance_minor'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.balance_minor]));
}

describe('send money under concurrency (PostgreSQL, over HTTP)', () => {
  it.skipIf(!onPostgres)(
    `parallel wallet payments among a few merchants with retried keys and over-balance attempts (${reason})`,
    async () => {
      const group = await merchants(5, 30_000n);
      const next = random(20_261_122);
      const requests: Request[] = [];
      for (let i = 0; i < 240; i += 1) {
        const from = Math.floor(next() * group.length);
        let to = Math.floor(next() * group.length);
        if (to === from) to = (from + 1) % group.length;
        const payer = group[from];
        const payee = group[to];
        if (!payer || !payee) throw new Error('no merchant');
        requests.push({
          payer,
          key: newKey('mesh'),
          // Below the code threshold (100.00): up to 99.99 against 300.00 balances, so some run dry.
          body: {
            account_type: 'eur',
            recipient: { wallet_tag: payee.tag },
            amount_minor: String(1 + Math.floor(next() * 9_999)),
          },
        });
      }
      const sent = requests.flatMap((r, i) => (i % 4 === 0 ? [r, r, ...(i % 8 === 0 ? [r] : [])] : [r]));
      const outcomes = await Promise.all(sent.map((r) => post(r)));

      expect(outcomes.filter((o) => o.status !== 201 && o.code !== 'insufficient_funds')).toEqual([]);
      const ok = outcomes.filter((o) => o.status === 201);
      expect(ok.length).toBeGreaterThan(60);

      // Each key moved money once, and every success of a key answers that one transfer.
      const keys = requests.map((r) => ledgerKeyOf(r.payer.merchantId, r.key));
      const transfers = await db
        .selectFrom('transfers')
        .select(['id', 'idempotency_key', 'amount_minor', 'debit_account_id', 'credit_account_id'])
        .where('idempotency_key', 'in', keys)
        .execute();
      const byKey = new Map(transfers.map((t) => [t.idempotency_key, t]));
      expect(byKey.size).toBe(transfers.length);
      for (const request of requests) {
        const transfer = byKey.get(ledgerKeyOf(request.payer.merchantId, request.key));
        const successes = ok.filter((o) => o.key === request.key);
        if (successes.length === 0) expect(transfer).toBeUndefined();
        for (const success of successes) expect(success.id).toBe(transfer?.id);
        expect(successes.filter((o) => !o.replayed).length).toBeLessThanOrEqual(1);
      }

      // Each transfer notified its payee's owner exactly once, in its own statement; nothing else was notified.
      const notified = await db
        .selectFrom('notifications')
        .select(['user_id', 'merchant_id', 'event_key', 'params'])
        .where('kind', '=', 'money_received')
        .where(
          'merchant_id',
          'in',
          group.map((m) => m.merchantId),
        )
        .execute();
      expect(notified.map((n) => n.event_key).sort()).toEqual(
        transfers.map((t) => `transfer:${t.id}`).sort(),
      );
      for (const t of transfers) {
        const row = notified.find((n) => n.event_key === `transfer:${t.id}`);
        const payee = group.find((m) => m.accountId === t.credit_account_id);
        expect(row?.merchant_id).toBe(payee?.merchantId);
        expect(row?.params.amount_minor).toBe(t.amount_minor.toString());
      }

      // The balances are the funding plus what the committed transfers moved; none is negative.
      const ids = group.map((m) => m.accountId);
      const expected = new Map(ids.map((id) => [id, 30_000n]));
      for (const t of transfers) {
        expected.set(t.debit_account_id, (expected.get(t.debit_account_id) ?? 0n) - t.amount_minor);
        expected.set(t.credit_account_id, (expected.get(t.credit_account_id) ?? 0n) + t.amount_minor);
      }
      const actual = await balances(ids);
      for (const id of ids) {
        expect(actual.get(id)).toBe(expected.get(id));
        expect(actual.get(id) ?? -1n).toBeGreaterThanOrEqual(0n);
      }
      expectHealthy(await ledgerInvariants(db));
    },
    120_000,
  );

  it.skipIf(!onPostgres)(
    `N payments against a balance that covers only k: exactly k succeed (${reason})`,
    async () => {
      const [payer, ...payees] = await merchants(4, 0n);
      if (!payer) throw new Error('no payer');
      // 12 payments of 25.00 against 100.00: exactly 4 go through, whatever the interleaving.
      await fund(server.db, payer.accountId, 10_000n);
      const requests: Request[] = Array.from({ length: 12 }, (_, i) => ({
        payer,
        key: newKey('burst'),
        body: {
          account_type: 'eur',
          recipient: { wallet_tag: payees[i % payees.length]!.tag },
          amount_minor: '2500',
        },
      }));
      // Each one also retried at once with the same key.
      const outcomes = await Promise.all([...requests, ...requests].map((r) => post(r)));
      const firsts = outcomes.filter((o) => o.status === 201 && !o.replayed);
      expect(firsts).toHaveLength(4);
      expect(outcomes.filter((o) => o.status !== 201).every((o) => o.code === 'insufficient_funds')).toBe(
        true,
      );
      const successKeys = new Set(outcomes.filter((o) => o.status === 201).map((o) => o.key));
      expect(successKeys.size).toBe(4);
      expect((await balances([payer.accountId])).get(payer.accountId)).toBe(0n);
      expectHealthy(await ledgerInvariants(db));
    },
    120_000,
  );
});
