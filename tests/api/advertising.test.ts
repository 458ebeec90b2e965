import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignStatus } from '../../server/advertising/advertising';
import { api, apiWithBadInput, bodyOf, expectStatus, type JsonBodyOf } from './client';
import { startTestServer, type TestServer } from './harness';
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

/** Advertising: plans, a purchase paid through the ledger in one transaction, campaigns with status. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const body = { headline: 'Fresh coffee every morning', link: 'https://coffee.example.com/menu' };

function purchase(
  token: string,
  plan: string,
  payload: JsonBodyOf<'POST', '/api/merchants/advertising/plans/{id}/purchase/'>,
  key = newKey('ad'),
) {
  return api(server.app, 'POST', '/api/merchants/advertising/plans/{id}/purchase/', {
    params: { id: plan },
    token,
    body: payload,
    headers: { 'idempotency-key': key },
  });
}

/** Deliberately bad input: a body of any shape, or no Idempotency-Key at all (`key` null). */
function purchaseWithBadInput(token: string, payload: unknown, key: string | null = newKey('ad')) {
  return apiWithBadInput(server.app, 'POST', '/api/merchants/advertising/plans/{id}/purchase/', {
    params: { id: 'local_boost' },
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
    const response = await api(server.app, 'GET', '/api/merchants/advertising/plans/', {
      token: merchant.token,
    });
    expectStatus(response, 200);
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
    expectStatus(bought, 201);
    const today = athensToday();
    expect(bought.body).toMatchObject({
      plan: { id: 'city_spotlight', name: 'City Spotlight', reach: 25000, duration_days: 14 },
      headline: body.headline,
      link: body.link,
      // Shown to nobody until the bank approves it (tests/api/campaignReview.test.ts).
      status: 'in_review',
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
    expectStatus(again, 201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(bought.body.id);
    // The same key with another body: 409, nothing moved.
    const other = await purchase(
      merchant.token,
      'city_spotlight',
      { ...body, headline: 'Another headline' },
      key,
    );
    expectStatus(other, 409);
    expect(other.body).toMatchObject({ error: { code: 'conflict' } });
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expectHealthy(before.invariants);

    // Listed in the transactions as an advertising payment.
    const listed = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: bought.body.transaction_id },
      token: merchant.token,
    });
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
    expect(new Set(results.map((r) => bodyOf(r, 201).id)).size).toBe(1);
    const count = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM advertising_campaigns WHERE idempotency_key = ${key}`.execute(
      server.db,
    );
    expect(count.rows[0]?.n).toBe('1');
  });

  it('a booked start date makes a scheduled campaign once approved; statuses follow the clock', async () => {
    const start = plusDays(athensToday(), 10);
    const bought = await purchase(merchant.token, 'local_boost', { ...body, start_date: start });
    expectStatus(bought, 201);
    expect(bought.body).toMatchObject({
      status: 'in_review',
      start_date: start,
      end_date: plusDays(start, 6),
    });
    // The bank's approval (tests/api/campaignReview.test.ts decides through the domain function).
    await sql`UPDATE advertising_campaigns SET review_status = 'approved', reviewed_at = now()
      WHERE id = ${bought.body.id}`.execute(server.db);
    const approved = await api(server.app, 'GET', '/api/merchants/advertising/campaigns/{id}/', {
      params: { id: bought.body.id },
      token: merchant.token,
    });
    expect(approved.body).toMatchObject({ status: 'scheduled' });
    const starts = new Date(bought.body.starts_at);
    const ends = new Date(bought.body.ends_at);
    expect(campaignStatus(starts, ends, new Date(starts.getTime() - 1))).toBe('scheduled');
    expect(campaignStatus(starts, ends, starts)).toBe('active');
    expect(campaignStatus(starts, ends, new Date(ends.getTime() - 1))).toBe('active');
    expect(campaignStatus(starts, ends, ends)).toBe('ended');
    // A campaign that ran in the past reads as ended.
    await sql`UPDATE advertising_campaigns SET starts_at = now() - interval '30 days', ends_at = now() - interval '23 days'
      WHERE id = ${bought.body.id}`.execute(server.db);
    const list = await api(server.app, 'GET', '/api/merchants/advertising/campaigns/', {
      token: merchant.token,
    });
    expectStatus(list, 200);
    expect(list.body.items.find((c) => c.id === bought.body.id)?.status).toBe('ended');
    // Newest first.
    const created = list.body.items.map((c) => c.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const one = await api(server.app, 'GET', '/api/merchants/advertising/campaigns/{id}/', {
      params: { id: bought.body.id },
      token: merchant.token,
    });
    expect(one.body).toMatchObject({ id: bought.body.id, status: 'ended' });
  });

  it('too little money: 422 with SPEC §8’s message, and nothing changes', async () => {
    const poor = await merchantWithAccount(server);
    await fund(server.db, poor.accountId, 1_000n);
    const before = await databaseDigest(server.db);
    const response = await purchase(poor.token, 'national_reach', body);
    expectStatus(response, 422);
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
    const response = await purchaseWithBadInput(merchant.token, payload);
    expectStatus(response, 400);
    expect(Object.keys(response.body.error.fields ?? {})).toContain(field);
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('no Idempotency-Key: 400; an unknown plan: 404; nothing changes', async () => {
    const before = await databaseDigest(server.db);
    const noKey = await purchaseWithBadInput(merchant.token, body, null);
    expectStatus(noKey, 400);
    expect((await purchase(merchant.token, 'gold_plan', body)).status).toBe(404);
    await sql`UPDATE advertising_plans SET on_sale = false WHERE id = 'national_reach'`.execute(server.db);
    try {
      expect((await purchase(merchant.token, 'national_reach', body)).status).toBe(404);
      const plans = await api(server.app, 'GET', '/api/merchants/advertising/plans/', {
        token: merchant.token,
      });
      expectStatus(plans, 200);
      expect(plans.body.items.map((p) => p.id)).not.toContain('national_reach');
    } finally {
      await sql`UPDATE advertising_plans SET on_sale = true WHERE id = 'national_reach'`.execute(server.db);
    }
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('another merchant’s campaign is 404, and their list is their own', async () => {
    const other = await merchantWithAccount(server);
    const mine = await api(server.app, 'GET', '/api/merchants/advertising/campaigns/', {
      token: merchant.token,
    });
    expectStatus(mine, 200);
    const id = mine.body.items[0]?.id ?? '';
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/advertising/campaigns/{id}/', {
          params: { id },
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/advertising/campaigns/{id}/', {
          params: { id: 'not-a-uuid' },
          token: other.token,
        })
      ).status,
    ).toBe(404);
    const theirs = await api(server.app, 'GET', '/api/merchants/advertising/campaigns/', {
      token: other.token,
    });
    expectStatus(theirs, 200);
    expect(theirs.body.items).toEqual([]);
  });

  it('viewers and employees see plans and campaigns; only the owner buys', async () => {
    const viewer = await employeeToken(server, merchant.merchantId, 'viewer');
    const employee = await employeeToken(server, merchant.merchantId, 'employee');
    for (const token of [viewer, employee]) {
      expect((await api(server.app, 'GET', '/api/merchants/advertising/plans/', { token })).status).toBe(200);
      const before = await databaseDigest(server.db);
      const response = await purchase(token, 'local_boost', body);
      expectStatus(response, 403);
      expect(await databaseDigest(server.db)).toEqual(before);
    }
    expect(
      (await api(server.app, 'GET', '/api/merchants/advertising/campaigns/', { token: viewer })).status,
    ).toBe(200);
    // SPEC §6 names no advertising area: the page is open to everybody, the company's spending follows the
    // company-data rule (an `own` employee would not see it) and the area rule.
    expect(
      (await api(server.app, 'GET', '/api/merchants/advertising/campaigns/', { token: employee })).status,
    ).toBe(200);
  });

  it('before approval: 403 merchant_not_approved', async () => {
    const pending = await merchantWithAccount(server, { status: 'in_review' });
    const response = await api(server.app, 'GET', '/api/merchants/advertising/plans/', {
      token: pending.token,
    });
    expectStatus(response, 403);
    expect(response.body.error.code).toBe('merchant_not_approved');
  });
});
