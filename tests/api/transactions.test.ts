import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMerchantAccount } from '../../server/accounts';
import { postTransfer, systemAccount } from '../../server/ledger';
import { api, apiWithBadInput, bodyOf, type BodyOf, expectStatus, type QueryOf } from './client';
import { startTestServer, type TestServer } from './harness';
import {
  expectHealthy,
  fund,
  ledgerSnapshot,
  merchantWithAccount,
  newKey,
  type MoneyMerchant,
} from './money';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Query = QueryOf<'GET', '/api/merchants/transactions/'>;
type Item = BodyOf<'GET', '/api/merchants/transactions/', 200>['items'][number];

/** One page of the list; the test fails unless it is answered. */
const page = async (merchant: MoneyMerchant, query: Query) =>
  bodyOf(await api(server.app, 'GET', '/api/merchants/transactions/', { query, token: merchant.token }), 200);

/** Walks every page; fails on a repeated id. */
async function walk(merchant: MoneyMerchant, query: Query, limit: number): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const response = await page(merchant, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(response.items.length).toBeLessThanOrEqual(limit);
    items.push(...response.items);
    cursor = response.next_cursor;
    if (!cursor) break;
  }
  expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  return items;
}

/** The merchant's transfers straight from the database, newest first. */
async function expectedOrder(accountId: string): Promise<string[]> {
  const rows = await server.db
    .selectFrom('transfers')
    .select('id')
    .where((eb) => eb.or([eb('debit_account_id', '=', accountId), eb('credit_account_id', '=', accountId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

describe('transactions: 250 transfers, pages and filters', () => {
  let merchant: MoneyMerchant;
  let other: MoneyMerchant;

  beforeAll(async () => {
    merchant = await merchantWithAccount(server);
    other = await merchantWithAccount(server);
    await fund(server.db, merchant.accountId, 10_000_000n);
    await fund(server.db, other.accountId, 10_000_000n);
    const external = await systemAccount(server.db, 'EUR', 'external');
    const clearing = await systemAccount(server.db, 'EUR', 'clearing');
    for (let i = 0; i < 249; i += 1) {
      const amountMinor = BigInt(100 + i);
      const base = { amountMinor, currency: 'EUR', idempotencyKey: newKey('page') };
      switch (i % 5) {
        case 0:
          await postTransfer(server.db, {
            ...base,
            type: 'incoming_bank_transfer',
            status: 'completed',
            debitAccountId: external,
            creditAccountId: merchant.accountId,
            counterpartyName: `Sender ${i}`,
            reference: `Invoice ${i}`,
          });
          break;
        case 1:
          await postTransfer(server.db, {
            ...base,
            type: 'account_to_account',
            status: 'completed',
            debitAccountId: merchant.accountId,
            creditAccountId: other.accountId,
            reference: `Order ${i}`,
          });
          break;
        case 2:
          await postTransfer(server.db, {
            ...base,
            type: 'face_to_face',
            status: 'completed',
            debitAccountId: external,
            creditAccountId: merchant.accountId,
            counterpartyName: `Counter ${i}`,
          });
          break;
        case 3:
          await postTransfer(server.db, {
            ...base,
            type: 'bank_transfer',
            status: 'pending',
            feeMinor: 10n,
            debitAccountId: merchant.accountId,
            creditAccountId: clearing,
            counterpartyName: `Supplier ${i}`,
            counterpartyIban: 'DE89370400440532013000',
          });
          break;
        default:
          await postTransfer(server.db, {
            ...base,
            type: 'account_to_account',
            status: 'completed',
            debitAccountId: other.accountId,
            creditAccountId: merchant.accountId,
            note: `Coffee ${i}`,
          });
      }
    }
    // Spread them over days (three an hour), and give ten of them the very same instant: the id breaks the tie.
    await sql`
      UPDATE transfers t SET created_at = timestamptz '2026-01-01 00:00:00Z' + (n.rn / 3) * interval '1 hour'
      FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS rn FROM transfers
            WHERE debit_account_id = ${merchant.accountId} OR credit_account_id = ${merchant.accountId}) n
      WHERE t.id = n.id`.execute(server.db);
    await sql`
      UPDATE transfers SET created_at = timestamptz '2026-01-02 12:00:00.123456Z'
      WHERE id IN (SELECT id FROM transfers WHERE credit_account_id = ${merchant.accountId} ORDER BY id LIMIT 10)`.execute(
      server.db,
    );
  });

  it('walks all pages of 40: every transaction exactly once, newest first', async () => {
    const expected = await expectedOrder(merchant.accountId);
    expect(expected).toHaveLength(250);
    const items = await walk(merchant, {}, 40);
    expect(items.map((i) => i.id)).toEqual(expected);
    const first = await page(merchant, { limit: '40' });
    expect(first.items).toHaveLength(40);
    expect(first.next_cursor).toEqual(expect.any(String));
  });

  it('stays stable when new transfers arrive while paging', async () => {
    const expected = await expectedOrder(merchant.accountId);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 2; n += 1) {
      const response = await page(merchant, { limit: '40', ...(cursor ? { cursor } : {}) });
      seen.push(...response.items.map((i) => i.id));
      cursor = response.next_cursor;
    }
    // Newer than every page: they belong before the first page, never in the rest of this walk.
    const newcomers = [];
    for (let n = 0; n < 5; n += 1) {
      const { transfer } = await postTransfer(server.db, {
        type: 'account_to_account',
        status: 'completed',
        amountMinor: 1n,
        currency: 'EUR',
        debitAccountId: other.accountId,
        creditAccountId: merchant.accountId,
        idempotencyKey: newKey('late'),
      });
      newcomers.push(transfer.id);
    }
    while (cursor) {
      const response = await page(merchant, { limit: '40', cursor });
      seen.push(...response.items.map((i) => i.id));
      cursor = response.next_cursor;
    }
    expect(seen).toEqual(expected);
    const fresh = await page(merchant, { limit: '5' });
    expect(fresh.items.map((i) => i.id).sort()).toEqual([...newcomers].sort());
  });

  it('combines filters, and paging a filtered list gives the filtered list', async () => {
    const all = await walk(merchant, {}, 100);
    const inDays = (item: Item) => item.created_at >= '2026-01-03' && item.created_at < '2026-01-06';
    const cases: [Query, (item: Item) => boolean][] = [
      [{ type: 'account_to_account' }, (i) => i.type === 'account_to_account'],
      [{ status: 'pending' }, (i) => i.status === 'pending'],
      [{ direction: 'out' }, (i) => i.direction === 'out'],
      [
        { type: 'account_to_account', direction: 'out', q: 'order 1' },
        (i) => i.type === 'account_to_account' && i.direction === 'out' && /order 1/i.test(i.reference ?? ''),
      ],
      [{ from: '2026-01-03', to: '2026-01-05' }, inDays],
      [
        { from: '2026-01-03', to: '2026-01-05', status: 'completed', type: 'face_to_face' },
        (i) => inDays(i) && i.status === 'completed' && i.type === 'face_to_face',
      ],
      [{ q: 'SUPPLIER 2' }, (i) => /supplier 2/i.test(i.counterparty.name)],
      [{ q: 'coffee 4' }, (i) => /coffee 4/i.test(i.note ?? '')],
      // The other side's merchant name: everything with the other merchant, nothing by one's own name.
      [{ q: 'Test Merchant' }, (i) => i.type === 'account_to_account'],
      [{ q: 'DE8937' }, (i) => i.counterparty.iban === 'DE89370400440532013000'],
      [{ q: '100%' }, () => false],
      [{ q: '  ' }, () => true],
      [{ account_type: 'eur', status: 'pending' }, (i) => i.status === 'pending'],
      [
        { account_id: merchant.accountId, type: 'incoming_bank_transfer' },
        (i) => i.type === 'incoming_bank_transfer',
      ],
      [
        { from: '2026-01-02T12:00:00.123456Z', to: '2026-01-02T12:00:00.123456Z' },
        (i) => i.created_at === '2026-01-02T12:00:00.123Z',
      ],
    ];
    for (const [query, keep] of cases) {
      const expected = all.filter(keep).map((i) => i.id);
      if (query.q !== '100%') expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
      const walked = await walk(merchant, query, 7);
      expect(
        walked.map((i) => i.id),
        JSON.stringify(query),
      ).toEqual(expected);
    }
    expect(all.filter((i) => i.created_at === '2026-01-02T12:00:00.123Z')).toHaveLength(10);
  });

  it("shows one transaction with both currencies, fee and total; another merchant's is a 404", async () => {
    const [pending] = (await page(merchant, { status: 'pending', limit: '1' })).items;
    if (!pending) throw new Error('no pending transaction');
    const detail = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: pending.id },
      token: merchant.token,
    });
    expectStatus(detail, 200);
    const amount = BigInt(detail.body.amount.amount_minor);
    expect(detail.body).toMatchObject({
      id: pending.id,
      type: 'bank_transfer',
      status: 'pending',
      direction: 'out',
      account: { id: merchant.accountId, account_type: 'eur', currency: 'EUR' },
      counterparty: { iban: 'DE89370400440532013000' },
      fee: { amount_minor: '10', currency: 'EUR' },
      total: { amount_minor: (amount + 10n).toString(), currency: 'EUR' },
      original_amount: { amount_minor: amount.toString(), currency: 'EUR' },
      exchange_rate: null,
    });
    const stranger = await merchantWithAccount(server);
    for (const id of [pending.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const response = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
        params: { id },
        token: stranger.token,
      });
      expectStatus(response, 404, id);
      expect(response.body.error.code).toBe('not_found');
    }
  });

  it('refuses bad filters with 400 and foreign accounts with 404, changing nothing', async () => {
    const before = await ledgerSnapshot(server.db);
    const first = await page(merchant, { limit: '2' });
    const cursor = first.next_cursor ?? '';
    const tampered = Buffer.from(
      Buffer.from(cursor, 'base64url').toString('utf8').replace(/^\d+/, 'x'),
      'utf8',
    ).toString('base64url');
    const bad: [Record<string, string>, 400 | 404][] = [
      [{ cursor: 'not a cursor!' }, 400],
      [{ cursor: 'bm9wZQ' }, 400],
      [{ cursor: tampered }, 400],
      [{ cursor: Buffer.from('1.00000000-0000-0000-0000-00000000000g').toString('base64url') }, 400],
      [{ limit: '0' }, 400],
      [{ limit: '101' }, 400],
      [{ limit: 'ten' }, 400],
      [{ limit: '1.5' }, 400],
      [{ limit: '-5' }, 400],
      [{ from: 'yesterday' }, 400],
      [{ from: '2026-02-31' }, 400],
      [{ to: '2026-13-01' }, 400],
      [{ from: '2026-01-05', to: '2026-01-03' }, 400],
      [{ status: 'lost' }, 400],
      [{ type: 'teleport' }, 400],
      [{ direction: 'sideways' }, 400],
      [{ q: 'x'.repeat(101) }, 400],
      [{ account_type: 'usd' }, 404],
      [{ account_type: 'EUR!' }, 404],
      [{ account_id: other.accountId }, 404],
      [{ account_id: 'not-a-uuid' }, 404],
    ];
    for (const [query, status] of bad) {
      const response = await apiWithBadInput(server.app, 'GET', '/api/merchants/transactions/', {
        query,
        token: merchant.token,
      });
      expectStatus(response, status, JSON.stringify(query));
      expect(response.body.error.code).toBe(status === 400 ? 'validation_failed' : 'not_found');
    }
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expectHealthy(before.invariants);
  });

  it('agrees with the dashboard: the same latest transfers and balances', async () => {
    const overview = await api(server.app, 'GET', '/api/merchants/home/overview/', { token: merchant.token });
    expectStatus(overview, 200);
    const latest = await page(merchant, { limit: '10' });
    // The dashboard shows what moved the account, fee included: the list's total.
    expect(overview.body.latest_transactions.map((t) => [t.id, t.direction, t.amount])).toEqual(
      latest.items.map((t) => [t.id, t.direction, t.total]),
    );
    const accounts = await api(server.app, 'GET', '/api/merchants/core_banking_accounts/', {
      token: merchant.token,
    });
    expectStatus(accounts, 200);
    expect(overview.body.total_balance).toEqual([accounts.body.accounts[0]?.balance]);
  });
});

describe('transactions across currencies', () => {
  it('shows the account side and the original side, the fee in both and the rate', async () => {
    const merchant = await merchantWithAccount(server);
    const usd = await ensureMerchantAccount(server.db, merchant.merchantId, 'USD');
    await fund(server.db, merchant.accountId, 100_000n);
    const { transfer: abroad } = await postTransfer(server.db, {
      type: 'bank_transfer',
      status: 'completed',
      amountMinor: 10_000n,
      feeMinor: 250n,
      currency: 'EUR',
      credit: { amountMinor: 10_800n, currency: 'USD', exchangeRate: '1.08' },
      debitAccountId: merchant.accountId,
      creditAccountId: await systemAccount(server.db, 'USD', 'external'),
      counterpartyName: 'Brooklyn Beans Inc.',
      idempotencyKey: newKey(),
    });
    const detail = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: abroad.id },
      token: merchant.token,
    });
    expect(detail.body).toMatchObject({
      direction: 'out',
      counterparty: { name: 'Brooklyn Beans Inc.' },
      amount: { amount_minor: '10000', currency: 'EUR' },
      fee: { amount_minor: '250', currency: 'EUR' },
      total: { amount_minor: '10250', currency: 'EUR' },
      original_amount: { amount_minor: '10800', currency: 'USD' },
      original_fee: { amount_minor: '270', currency: 'USD' },
      original_total: { amount_minor: '11070', currency: 'USD' },
      exchange_rate: { from: 'EUR', to: 'USD', rate: '1.08' },
    });

    // Between the merchant's own accounts: out of EUR, into USD when looking at the USD account.
    const { transfer: own } = await postTransfer(server.db, {
      type: 'account_to_account',
      status: 'completed',
      amountMinor: 5_000n,
      currency: 'EUR',
      credit: { amountMinor: 5_400n, currency: 'USD', exchangeRate: '1.08' },
      debitAccountId: merchant.accountId,
      creditAccountId: usd,
      idempotencyKey: newKey(),
    });
    const all = await page(merchant, {});
    expect(all.items.find((i) => i.id === own.id)).toMatchObject({
      direction: 'out',
      amount: { amount_minor: '5000', currency: 'EUR' },
    });
    const usdOnly = await page(merchant, { account_type: 'usd' });
    expect(usdOnly.items).toHaveLength(1);
    expect(usdOnly.items[0]).toMatchObject({
      id: own.id,
      direction: 'in',
      amount: { amount_minor: '5400', currency: 'USD' },
    });
    const accounts = await api(server.app, 'GET', '/api/merchants/core_banking_accounts/', {
      token: merchant.token,
    });
    expectStatus(accounts, 200);
    expect(accounts.body.accounts.map((a) => a.balance)).toEqual([
      { amount_minor: String(100_000 - 10_250 - 5_000), currency: 'EUR' },
      { amount_minor: '5400', currency: 'USD' },
    ]);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
  });
});
