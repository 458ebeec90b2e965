import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvertisingPlansResponse, Campaign } from '../../schemas/advertising.schema';
import { campaignStatus } from '../../server/advertising/advertising';
import { call, startTestServer, type TestServer } from './harness';
import {
  employeeToken,
  expectHealthy,
  fund,
  ledgerSnapshot,
  merchantWithAccount,
  newKey,
  type MoneyMerchant,
} from './money';
import { databaseDigest } from './tableDigest';

/** Advertising (issue 9): plans, a purchase paid through the ledger in one transaction, campaigns with status. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const plansUrl = '/api/merchants/advertising/plans/';
const purchaseUrl = (plan: string) => `/api/merchants/advertising/plans/${plan}/purchase/`;
const campaignsUrl = '/api/merchants/advertising/campaigns/';
const body = { headline: 'Fresh coffee every morning', link: 'https://coffee.example.com/menu' };

function purchase(token: string, plan: string, payload: unknown, key: string | null = newKey('ad')) {
  return call<Campaign>(server.app, 'POST', purchaseUrl(plan), {
    token,
    body: payload,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
  });
}

const athensToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(new Date());
const plusDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

describe('advertising', () => {
  let merchant: MoneyMerchant;
  beforeAll(async () => {
    merchant = await merchantWithAccount(server);
    await fund(server.db, merchant.accountId, 100_000n);
  });

  it('lists the plans on sale with name, reach, duration and price, and the balance they are paid from', async () => {
    const response = await call<AdvertisingPlansResponse>(server.app, 'GET', plansUrl, {
      token: merchant.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.items.map((p) => p.id)).toEqual(['local_boost', 'city_spotlight', 'national_reach']);
    expect(response.body.items[0]).toEqual({
      id: 'local_boost',
      name: 'Local Boost',
      reach: 5000,
      duration_days: 7,
      price: { amount_minor: '2900', currency: 'EUR' },
      placements: ['dashboard'],
    });
    expect(response.body.available_balance).toEqual({ amount_minor: '100000', currency: 'EUR' });
  });

  it('a purchase takes the price through the ledger and makes the campaign, in one go; a retry replays it', async () => {
    const key = newKey('ad');
    const bought = await purchase(merchant.token, 'city_spotlight', body, key);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const today = athensToday();
    expect(bought.body).toMatchObject({
      plan: { id: 'city_spotlight', name: 'City Spotlight', reach: 25000, duration_days: 14 },
      headline: body.headline,
      link: body.link,
      status: 'active',
      start_date: today,
      end_date: plusDays(today, 13),
      price: { amount_minor: '9900', currency: 'EUR' },
    });
    expect(Date.parse(bought.body.ends_at) - Date.parse(bought.body.starts_at)).toBeGreaterThanOrEqual(
      14 * 86_400_000 - 3_600_000,
    );
    const transfer = await server.db
      .selectFrom('transfers')
      .selectAll()
      .where('id', '=', bought.body.transaction_id)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({
      type: 'advertising',
      status: 'completed',
      amount_minor: 9900n,
      debit_account_id: merchant.accountId,
    });
    const fees = await server.db
      .selectFrom('ledger_accounts')
      .select('system_role')
      .where('id', '=', transfer.credit_account_id)
      .executeTakeFirstOrThrow();
    expect(fees.system_role).toBe('fees');
    const balance = await server.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', merchant.accountId)
      .executeTakeFirstOrThrow();
    expect(balance.balance_minor).toBe(100_000n - 9900n);

    // The same key and body: the first campaign again, nothing moved.
    const before = await ledgerSnapshot(server.db);
    const again = await purchase(merchant.token, 'city_spotlight', body, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(bought.body.id);
    // The same key with another body: 409, nothing moved.
    const other = await purchase(
      merchant.token,
      'city_spotlight',
      { ...body, headline: 'Another headline' },
      key,
    );
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ error: { code: 'conflict' } });
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expectHealthy(before.invariants);

    // Listed in the transactions as an advertising payment.
    const listed = await call(
      server.app,
      'GET',
      `/api/merchants/transactions/${bought.body.transaction_id}/`,
      {
        token: merchant.token,
      },
    );
    expect(listed.body).toMatchObject({
      type: 'advertising',
      direction: 'out',
      total: { amount_minor: '9900' },
    });
  });

  it('concurrent purchases with one key pay once', async () => {
    const key = newKey('ad-race');
    const results = await Promise.all(
      [1, 2, 3].map(() => purchase(merchant.token, 'local_boost', body, key)),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const count = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM advertising_campaigns WHERE idempotency_key = ${key}`.execute(
      server.db,
    );
    expect(count.rows[0]?.n).toBe('1');
  });

  it('a booked start date makes a scheduled campaign; statuses follow the clock', async () => {
    const start = plusDays(athensToday(), 10);
    const bought = await purchase(merchant.token, 'local_boost', { ...body, start_date: start });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body).toMatchObject({
      status: 'scheduled',
      start_date: start,
      end_date: plusDays(start, 6),
    });
    const starts = new Date(bought.body.starts_at);
    const ends = new Date(bought.body.ends_at);
    expect(campaignStatus(starts, ends, new Date(starts.getTime() - 1))).toBe('scheduled');
    expect(campaignStatus(starts, ends, starts)).toBe('active');
    expect(campaignStatus(starts, ends, new Date(ends.getTime() - 1))).toBe('active');
    expect(campaignStatus(starts, ends, ends)).toBe('ended');
    // A campaign that ran in the past reads as ended.
    await sql`UPDATE advertising_campaigns SET starts_at = now() - interval '30 days', ends_at = now() - interval '23 days'
      WHERE id = ${bought.body.id}`.execute(server.db);
    const list = await call<{ items: Campaign[] }>(server.app, 'GET', campaignsUrl, {
      token: merchant.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.find((c) => c.id === bought.body.id)?.status).toBe('ended');
    // Newest first.
    const created = list.body.items.map((c) => c.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const one = await call<Campaign>(server.app, 'GET', `${campaignsUrl}${bought.body.id}/`, {
      token: merchant.token,
    });
    expect(one.body).toMatchObject({ id: bought.body.id, status: 'ended' });
  });

  it('too little money: 422 with SPEC §8’s message, and nothing changes', async () => {
    const poor = await merchantWithAccount(server);
    await fund(server.db, poor.accountId, 1_000n);
    const before = await databaseDigest(server.db);
    const response = await purchase(poor.token, 'national_reach', body);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      error: {
        code: 'insufficient_funds',
        message: 'Payment failed, possibly from insufficient balance; try again later.',
      },
    });
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it.each([
    [{ ...body, headline: 'Hi' }, 'headline'],
    [{ ...body, headline: 'x'.repeat(61) }, 'headline'],
    [{ ...body, headline: 'Click <script>alert(1)</script>' }, 'headline'],
    [{ ...body, link: 'http://coffee.example.com' }, 'link'],
    [{ ...body, link: 'javascript:alert(1)' }, 'link'],
    [{ ...body, link: 'https://user:pass@coffee.example.com' }, 'link'],
    [{ ...body, link: 'https://localhost/' }, 'link'],
    [{ ...body, link: `https://example.com/${'a'.repeat(200)}` }, 'link'],
    [{ headline: body.headline }, 'link'],
    [{ ...body, start_date: '2026-02-30' }, 'start_date'],
    [{ ...body, start_date: '2020-01-01' }, 'start_date'],
    [{ ...body, start_date: plusDays(athensToday(), 91) }, 'start_date'],
    [{ ...body, start_date: 'tomorrow' }, 'start_date'],
  ])('bad input %j is 400 on the field, and changes nothing', async (payload, field) => {
    const before = await databaseDigest(server.db);
    const response = await purchase(merchant.token, 'local_boost', payload);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    const error = (response.body as unknown as { error: { fields?: Record<string, string> } }).error;
    expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('no Idempotency-Key: 400; an unknown plan: 404; nothing changes', async () => {
    const before = await databaseDigest(server.db);
    const noKey = await purchase(merchant.token, 'local_boost', body, null);
    expect(noKey.status).toBe(400);
    expect((await purchase(merchant.token, 'gold_plan', body)).status).toBe(404);
    await sql`UPDATE advertising_plans SET on_sale = false WHERE id = 'national_reach'`.execute(server.db);
    try {
      expect((await purchase(merchant.token, 'national_reach', body)).status).toBe(404);
      const plans = await call<AdvertisingPlansResponse>(server.app, 'GET', plansUrl, {
        token: merchant.token,
      });
      expect(plans.body.items.map((p) => p.id)).not.toContain('national_reach');
    } finally {
      await sql`UPDATE advertising_plans SET on_sale = true WHERE id = 'national_reach'`.execute(server.db);
    }
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('another merchant’s campaign is 404, and their list is their own', async () => {
    const other = await merchantWithAccount(server);
    const mine = await call<{ items: Campaign[] }>(server.app, 'GET', campaignsUrl, {
      token: merchant.token,
    });
    const id = mine.body.items[0]?.id ?? '';
    expect((await call(server.app, 'GET', `${campaignsUrl}${id}/`, { token: other.token })).status).toBe(404);
    expect((await call(server.app, 'GET', `${campaignsUrl}not-a-uuid/`, { token: other.token })).status).toBe(
      404,
    );
    const theirs = await call<{ items: Campaign[] }>(server.app, 'GET', campaignsUrl, { token: other.token });
    expect(theirs.body.items).toEqual([]);
  });

  it('viewers and employees see plans and campaigns; only the owner buys', async () => {
    const viewer = await employeeToken(server, merchant.merchantId, 'viewer');
    const employee = await employeeToken(server, merchant.merchantId, 'employee');
    for (const token of [viewer, employee]) {
      expect((await call(server.app, 'GET', plansUrl, { token })).status).toBe(200);
      const before = await databaseDigest(server.db);
      const response = await purchase(token, 'local_boost', body);
      expect(response.status).toBe(403);
      expect(await databaseDigest(server.db)).toEqual(before);
    }
    expect((await call(server.app, 'GET', campaignsUrl, { token: viewer })).status).toBe(200);
    // SPEC §6 names no advertising area: the page is open to everybody, the company's spending follows the
    // company-data rule (an `own` employee would not see it) and the area rule.
    expect((await call(server.app, 'GET', campaignsUrl, { token: employee })).status).toBe(200);
  });

  it('before approval: 403 merchant_not_approved', async () => {
    const pending = await merchantWithAccount(server, { status: 'in_review' });
    const response = await call(server.app, 'GET', plansUrl, { token: pending.token });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('merchant_not_approved');
  });
});
