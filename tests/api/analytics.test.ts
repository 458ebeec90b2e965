import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMerchantAccount } from '../../server/accounts';
import { sharesBp } from '../../server/analytics/analytics';
import { failTransfer, postTransfer, settleTransfer, systemAccount } from '../../server/ledger';
import { authorize, orderCard } from './cards';
import { api, apiWithBadInput, bodyOf, expectStatus, type QueryOf } from './client';
import { startTestServer, type TestServer } from './harness';
import {
  employeeToken,
  fund,
  ledgerSnapshot,
  merchantWithAccount,
  newKey,
  type MoneyMerchant,
} from './money';

/**
 * Analytics against the ledger. Random movements of every kind go through the real ledger and endpoints
 * (incoming transfers on the sandbox rail, wallet payments both ways, payments to other banks that settle, fail or stay
 * pending, card orders, card payments in each category and declined ones, advertising bought through its endpoint),
 * then each is moved to a chosen instant (the ledger stamps "now"; analytics books by the transfer's time), many of
 * them a millisecond either side of an Athens midnight, on the DST days of 2025-10-26, 2026-03-29 and 2026-10-25
 * among others. Every figure of every endpoint is then compared with SQL of the test's own over `ledger_entries`,
 * with bucket bounds the test computes itself from the Athens UTC offset. Seed: ANALYTICS_SEED (default below).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const seed = Number(process.env.ANALYTICS_SEED ?? 20261124);

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function generator(start: number) {
  let state = start >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/** The UTC offset of Athens at an instant, in ms, from Intl (not from the server's SQL). */
function athensOffset(at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Athens',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** Athens midnight that starts a day (Athens changes clocks at 03:00/04:00, so midnight is never skipped). */
function athensMidnight(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  return utcMidnight - athensOffset(utcMidnight - 2 * 3_600_000);
}

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

type Expected = { in: bigint; out: bigint; countIn: number; countOut: number };

describe('analytics equal the ledger on generated movements', () => {
  let merchant: MoneyMerchant;
  let others: MoneyMerchant[];
  const random = generator(seed);

  beforeAll(async () => {
    merchant = await merchantWithAccount(server);
    others = [await merchantWithAccount(server), await merchantWithAccount(server)];
    await fund(server.db, merchant.accountId, 50_000_000n);
    for (const other of others) await fund(server.db, other.accountId, 50_000_000n);
    const clearing = await systemAccount(server.db, 'EUR', 'clearing');
    const { card, transactionId: cardOrderId } = await orderCard(server, merchant);

    const kinds = [
      'incoming',
      'wallet_in',
      'wallet_out',
      'bank_out',
      'card',
      'card_declined',
      'advert',
    ] as const;
    for (let i = 0; i < 170; i += 1) {
      const kind = random.pick(kinds);
      const amount = BigInt(random.int(1, 250_000));
      const other = random.pick(others);
      if (kind === 'incoming') {
        const response = await api(server.app, 'POST', '/api/sandbox/incoming-transfers/', {
          body: {
            iban: merchant.iban,
            amount_minor: amount.toString(),
            currency: 'EUR',
            sender_name: random.pick(['Acme Ltd', 'ACME LTD', 'Βιβλιοπωλείο Α.Ε.', 'Olive Co']),
          },
          headers: { 'idempotency-key': newKey('in') },
        });
        expectStatus(response, 201);
      } else if (kind === 'wallet_in' || kind === 'wallet_out') {
        const out = kind === 'wallet_out';
        await postTransfer(server.db, {
          type: 'account_to_account',
          status: 'completed',
          amountMinor: amount,
          feeMinor: out && random.next() < 0.3 ? BigInt(random.int(1, 99)) : 0n,
          currency: 'EUR',
          debitAccountId: out ? merchant.accountId : other.accountId,
          creditAccountId: out ? other.accountId : merchant.accountId,
          idempotencyKey: newKey('wallet'),
        });
      } else if (kind === 'bank_out') {
        const { transfer } = await postTransfer(server.db, {
          type: 'bank_transfer',
          status: 'pending',
          amountMinor: amount,
          feeMinor: 50n,
          currency: 'EUR',
          debitAccountId: merchant.accountId,
          creditAccountId: clearing,
          counterpartyName: random.pick(['Supplier One', 'Supplier Two']),
          counterpartyIban: random.pick(['DE89370400440532013000', 'FR1420041010050500013M02606']),
          idempotencyKey: newKey('bank'),
        });
        const fate = random.next();
        if (fate < 0.5) await settleTransfer(server.db, transfer.id);
        else if (fate < 0.8) await failTransfer(server.db, transfer.id, 'Rejected by the other bank');
      } else if (kind === 'card' || kind === 'card_declined') {
        const response = await authorize(server, {
          card_id: card.id,
          amount_minor: amount.toString(),
          category: random.pick(['pos', 'online', 'atm'] as const),
          merchant_name: random.pick(['Corner Shop', 'Web Store', 'ATM Syntagma']),
          // A currency the card's account does not hold: declined, recorded, moves nothing.
          ...(kind === 'card_declined' ? { currency: 'USD' } : {}),
        });
        expectStatus(response, 200);
        expect(response.body.approved).toBe(kind === 'card');
      } else {
        const plans = await api(server.app, 'GET', '/api/merchants/advertising/plans/', {
          token: merchant.token,
        });
        expectStatus(plans, 200);
        const plan = random.pick(plans.body.items);
        const bought = await api(server.app, 'POST', '/api/merchants/advertising/plans/{id}/purchase/', {
          params: { id: plan.id },
          token: merchant.token,
          body: { headline: `Campaign number ${i}`, link: 'https://shop.example.com/offer' },
          headers: { 'idempotency-key': newKey('ad') },
        });
        expectStatus(bought, 201);
      }
    }

    // Every transfer of the merchant's account to an instant of its own: a third a millisecond either side of an
    // Athens midnight (the DST days among them), the rest anywhere from October 2025 to October 2026.
    const edgeDays = ['2025-10-26', '2025-10-27', '2026-03-29', '2026-03-30', '2026-10-25', '2026-10-26'];
    const transfers = await server.db
      .selectFrom('transfers')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('debit_account_id', '=', merchant.accountId),
          eb('credit_account_id', '=', merchant.accountId),
        ]),
      )
      .orderBy('created_at')
      .execute();
    const start = Date.parse('2025-10-01T00:00:00Z');
    const span = Date.parse('2026-11-01T00:00:00Z') - start;
    for (const { id } of transfers) {
      let at: number;
      const choice = random.next();
      // The one card order inside the year the category test reads.
      if (id === cardOrderId) at = Date.parse('2026-06-15T10:00:00Z');
      else if (choice < 0.15) {
        at = athensMidnight(random.pick(edgeDays)) + random.pick([-1, 0, 1]);
      } else if (choice < 0.3) {
        at = athensMidnight(addDays('2025-10-01', random.int(0, 395))) + random.pick([-1, 0]);
      } else {
        at = start + Math.floor(random.next() * span);
      }
      await sql`UPDATE transfers SET created_at = ${new Date(at)} WHERE id = ${id}`.execute(server.db);
      await sql`UPDATE ledger_entries SET created_at = ${new Date(at)} WHERE transfer_id = ${id}`.execute(
        server.db,
      );
    }
  });

  /** The test's own reading of the ledger: each booked transfer's entries on the account, summed, in [from, to). */
  async function expected(from: number, to: number): Promise<Expected> {
    const result = await sql<{ effect: string }>`
      SELECT SUM(e.amount_minor)::text AS effect
      FROM ledger_entries e JOIN transfers t ON t.id = e.transfer_id
      WHERE e.account_id = ${merchant.accountId} AND t.status IN ('completed', 'paid')
        AND t.created_at >= ${new Date(from)} AND t.created_at < ${new Date(to)}
      GROUP BY t.id`.execute(server.db);
    const effects = result.rows.map((row) => BigInt(row.effect));
    return {
      in: effects.filter((e) => e > 0n).reduce((sum, e) => sum + e, 0n),
      out: -effects.filter((e) => e < 0n).reduce((sum, e) => sum + e, 0n),
      countIn: effects.filter((e) => e > 0n).length,
      countOut: effects.filter((e) => e < 0n).length,
    };
  }

  /** One analytics endpoint's answer for this merchant; the test fails unless it is a 200. */
  const read = {
    amounts: async (query: QueryOf<'GET', '/api/merchants/analytics/amounts/'>) =>
      bodyOf(
        await api(server.app, 'GET', '/api/merchants/analytics/amounts/', { query, token: merchant.token }),
        200,
      ),
    monthly_amounts: async (query: QueryOf<'GET', '/api/merchants/analytics/monthly_amounts/'>) =>
      bodyOf(
        await api(server.app, 'GET', '/api/merchants/analytics/monthly_amounts/', {
          query,
          token: merchant.token,
        }),
        200,
      ),
    expenses_per_category: async (query: QueryOf<'GET', '/api/merchants/analytics/expenses_per_category/'>) =>
      bodyOf(
        await api(server.app, 'GET', '/api/merchants/analytics/expenses_per_category/', {
          query,
          token: merchant.token,
        }),
        200,
      ),
    top_counterparties: async (query: QueryOf<'GET', '/api/merchants/analytics/top_counterparties/'>) =>
      bodyOf(
        await api(server.app, 'GET', '/api/merchants/analytics/top_counterparties/', {
          query,
          token: merchant.token,
        }),
        200,
      ),
  };

  const dayRanges = [
    { range: 'week', end: '2026-03-31', first: '2026-03-25' },
    { range: 'week', end: '2026-10-27', first: '2026-10-21' },
    { range: 'week', end: '2025-10-29', first: '2025-10-23' },
    { range: 'month', end: '2026-04-15', first: '2026-03-17' },
    { range: 'month', end: '2026-11-05', first: '2026-10-07' },
  ] as const;

  it.each(dayRanges)('amounts per day, $range ending $end', async ({ range, end, first }) => {
    const body = await read.amounts({ range, currency: 'eur', end });
    expect(body.granularity).toBe('day');
    expect(body.period).toMatchObject({ range, currency: 'EUR', from: first, to: end });
    expect(body.buckets).toHaveLength(range === 'week' ? 7 : 30);
    let totalIn = 0n;
    let totalOut = 0n;
    for (const [n, bucket] of body.buckets.entries()) {
      const day = addDays(first, n);
      const from = athensMidnight(day);
      const to = athensMidnight(addDays(day, 1));
      expect(bucket.label).toBe(day);
      expect(Date.parse(bucket.starts_at), day).toBe(from);
      expect(Date.parse(bucket.ends_at), day).toBe(to);
      const want = await expected(from, to);
      expect(
        {
          in: bucket.money_in.amount_minor,
          out: bucket.money_out.amount_minor,
          net: bucket.net.amount_minor,
          countIn: bucket.count_in,
          countOut: bucket.count_out,
        },
        day,
      ).toEqual({
        in: want.in.toString(),
        out: want.out.toString(),
        net: (want.in - want.out).toString(),
        countIn: want.countIn,
        countOut: want.countOut,
      });
      totalIn += want.in;
      totalOut += want.out;
    }
    expect(body.totals.money_in.amount_minor).toBe(totalIn.toString());
    expect(body.totals.money_out.amount_minor).toBe(totalOut.toString());
    expect(body.period.has_data).toBe(totalIn + totalOut > 0n);
  });

  it('the DST days have 23 and 25 hours', async () => {
    const spring = await read.amounts({
      range: 'week',
      currency: 'EUR',
      end: '2026-03-31',
    });
    const autumn = await read.amounts({
      range: 'week',
      currency: 'EUR',
      end: '2026-10-27',
    });
    const hours = (b: { starts_at: string; ends_at: string }) =>
      (Date.parse(b.ends_at) - Date.parse(b.starts_at)) / 3.6e6;
    expect(hours(spring.buckets.find((b) => b.label === '2026-03-29') ?? spring.buckets[0]!)).toBe(23);
    expect(hours(autumn.buckets.find((b) => b.label === '2026-10-25') ?? autumn.buckets[0]!)).toBe(25);
    // Something was booked a millisecond either side of those midnights, so the edges were really tested.
    const near = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM transfers
      WHERE (debit_account_id = ${merchant.accountId} OR credit_account_id = ${merchant.accountId})
        AND created_at IN (${new Date(athensMidnight('2026-03-29'))}, ${new Date(athensMidnight('2026-03-30') - 1)},
          ${new Date(athensMidnight('2026-10-25'))}, ${new Date(athensMidnight('2026-10-26') - 1)},
          ${new Date(athensMidnight('2026-03-30'))}, ${new Date(athensMidnight('2026-10-26'))},
          ${new Date(athensMidnight('2026-03-29') - 1)}, ${new Date(athensMidnight('2026-10-25') - 1)})`.execute(
      server.db,
    );
    expect(Number(near.rows[0]?.n)).toBeGreaterThan(0);
  });

  it('year: 12 calendar months, and monthly_amounts the same', async () => {
    const year = await read.amounts({
      range: 'year',
      currency: 'EUR',
      end: '2026-10-31',
    });
    const monthly = await read.monthly_amounts({
      currency: 'EUR',
      end: '2026-10-31',
    });
    expect(year.granularity).toBe('month');
    expect(year.period).toMatchObject({ from: '2025-11-01', to: '2026-10-31' });
    expect(year.buckets.map((b) => b.label)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
    for (const bucket of year.buckets) {
      const from = athensMidnight(`${bucket.label}-01`);
      const [y, m] = bucket.label.split('-').map(Number) as [number, number];
      const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
      const want = await expected(from, athensMidnight(next));
      expect(bucket.money_in.amount_minor, bucket.label).toBe(want.in.toString());
      expect(bucket.money_out.amount_minor, bucket.label).toBe(want.out.toString());
    }
    expect(monthly.months).toEqual(year.buckets);
    expect(monthly.totals).toEqual(year.totals);
    // The year as a whole: the ledger's own total over [first midnight, last midnight).
    const whole = await expected(athensMidnight('2025-11-01'), athensMidnight('2026-11-01'));
    expect(year.totals.money_in.amount_minor).toBe(whole.in.toString());
    expect(year.totals.money_out.amount_minor).toBe(whole.out.toString());
  });

  it('expenses per category add up to the money out, each category as the ledger says', async () => {
    const query = { range: 'year', currency: 'EUR', end: '2026-10-31' } as const;
    const body = await read.expenses_per_category(query);
    const amounts = await read.amounts(query);
    const from = new Date(athensMidnight('2025-11-01'));
    const to = new Date(athensMidnight('2026-11-01'));
    // The test's categories: entries on the account, the fee part from the transfer, card category from the
    // authorisation.
    const rows = await sql<{ category: string; effect: string; fee: string }>`
      SELECT CASE WHEN t.type <> 'card_transaction' THEN t.type
        WHEN a.category IS NULL THEN 'card_order' ELSE 'card_' || a.category END AS category,
        SUM(e.amount_minor)::text AS effect, t.fee_minor::text AS fee
      FROM ledger_entries e JOIN transfers t ON t.id = e.transfer_id
      LEFT JOIN card_authorizations a ON a.transfer_id = t.id
      WHERE e.account_id = ${merchant.accountId} AND t.status IN ('completed', 'paid')
        AND t.created_at >= ${from} AND t.created_at < ${to}
      GROUP BY t.id, t.type, a.category, t.fee_minor
      HAVING SUM(e.amount_minor) < 0`.execute(server.db);
    const want = new Map<string, bigint>();
    for (const row of rows.rows) {
      const out = -BigInt(row.effect);
      const fee = BigInt(row.fee);
      want.set(row.category, (want.get(row.category) ?? 0n) + out - fee);
      if (fee > 0n) want.set('fees', (want.get('fees') ?? 0n) + fee);
    }
    const got = new Map(body.categories.map((c) => [c.category as string, BigInt(c.amount.amount_minor)]));
    expect(got).toEqual(new Map([...want].filter(([, amount]) => amount > 0n)));
    expect(body.total.amount_minor).toBe(amounts.totals.money_out.amount_minor);
    expect(body.categories.reduce((sum, c) => sum + c.share_bp, 0)).toBe(10000);
    for (const category of ['card_pos', 'card_online', 'card_atm', 'card_order', 'advertising', 'fees']) {
      expect(got.has(category), category).toBe(true);
    }
    const sorted = [...body.categories].sort((a, b) =>
      BigInt(b.amount.amount_minor) > BigInt(a.amount.amount_minor) ? 1 : -1,
    );
    expect(body.categories.map((c) => c.amount.amount_minor)).toEqual(
      sorted.map((c) => c.amount.amount_minor),
    );
  });

  it('top counterparties: the five largest each way, as the ledger says', async () => {
    const query = { range: 'year', currency: 'EUR', end: '2026-10-31' } as const;
    const body = await read.top_counterparties(query);
    const from = new Date(athensMidnight('2025-11-01'));
    const to = new Date(athensMidnight('2026-11-01'));
    const rows = await sql<{ key: string; effect: string }>`
      SELECT CASE WHEN o.merchant_id IS NOT NULL THEN 'merchant:' || o.merchant_id::text
          WHEN t.counterparty_iban IS NOT NULL THEN 'iban:' || t.counterparty_iban
          WHEN t.counterparty_wallet_tag IS NOT NULL THEN 'tag:' || t.counterparty_wallet_tag
          ELSE 'name:' || lower(COALESCE(t.counterparty_name, 'Tameio')) END AS key,
        SUM(e.amount_minor)::text AS effect
      FROM ledger_entries e JOIN transfers t ON t.id = e.transfer_id
      JOIN ledger_accounts o ON o.id = CASE WHEN t.debit_account_id = e.account_id THEN t.credit_account_id
        ELSE t.debit_account_id END
      WHERE e.account_id = ${merchant.accountId} AND t.status IN ('completed', 'paid')
        AND t.created_at >= ${from} AND t.created_at < ${to}
      GROUP BY t.id, 1`.execute(server.db);
    const sums = { in: new Map<string, bigint>(), out: new Map<string, bigint>() };
    for (const row of rows.rows) {
      const effect = BigInt(row.effect);
      const side = effect > 0n ? sums.in : sums.out;
      side.set(row.key, (side.get(row.key) ?? 0n) + (effect > 0n ? effect : -effect));
    }
    for (const [direction, list] of [
      ['in', body.money_in],
      ['out', body.money_out],
    ] as const) {
      const all = [...sums[direction].entries()].sort(([, a], [, b]) => (b > a ? 1 : b < a ? -1 : 0));
      expect(list.length).toBe(Math.min(5, all.length));
      for (const item of list)
        expect(BigInt(item.amount.amount_minor), item.key).toBe(sums[direction].get(item.key));
      // Nothing left out was larger than the smallest listed.
      const smallest = BigInt(list[list.length - 1]?.amount.amount_minor ?? '0');
      const listed = new Set(list.map((item) => item.key));
      for (const [key, amount] of all) if (!listed.has(key)) expect(amount <= smallest, key).toBe(true);
    }
    // The other merchants are named as Tameio merchants with their wallet tag.
    const named = body.money_in.find((item) => item.key === `merchant:${others[0]?.merchantId}`);
    if (named) expect(named.name).toMatch(/^Test Merchant/);
    // Differently written names of one sender are one counterparty.
    expect(body.money_in.filter((item) => item.key === 'name:acme ltd').length).toBeLessThanOrEqual(1);
  });

  it('a held currency with no movements is zeros; one not held is 404 no_data', async () => {
    await ensureMerchantAccount(server.db, merchant.merchantId, 'USD');
    const zero = await read.amounts({ range: 'month', currency: 'USD' });
    expect(zero.period.has_data).toBe(false);
    expect(zero.buckets).toHaveLength(30);
    expect(
      zero.buckets.every((b) => b.money_in.amount_minor === '0' && b.money_out.amount_minor === '0'),
    ).toBe(true);
    const expenses = await read.expenses_per_category({
      range: 'week',
      currency: 'USD',
    });
    expect(expenses).toMatchObject({ categories: [], total: { amount_minor: '0', currency: 'USD' } });
    const top = await read.top_counterparties({
      range: 'year',
      currency: 'usd',
    });
    expect(top).toMatchObject({ money_in: [], money_out: [], period: { has_data: false } });
    for (const path of [
      '/api/merchants/analytics/amounts/',
      '/api/merchants/analytics/expenses_per_category/',
      '/api/merchants/analytics/top_counterparties/',
    ] as const) {
      const response = await api(server.app, 'GET', path, {
        query: { range: 'week', currency: 'GBP' },
        token: merchant.token,
      });
      expectStatus(response, 404, path);
      expect(response.body.error).toMatchObject({
        code: 'no_data',
        message: 'No data found for this currency.',
      });
    }
    const monthly = await api(server.app, 'GET', '/api/merchants/analytics/monthly_amounts/', {
      query: { currency: 'GBP' },
      token: merchant.token,
    });
    expectStatus(monthly, 404);
  });
});

describe('analytics: bad input, other merchants, roles', () => {
  let merchant: MoneyMerchant;
  beforeAll(async () => {
    merchant = await merchantWithAccount(server);
  });

  it.each([
    ['range=day&currency=EUR', 'range'],
    ['currency=EUR', 'range'],
    ['range=week', 'currency'],
    ['range=week&currency=EURO', 'currency'],
    ['range=week&currency=E1R', 'currency'],
    ['range=week&currency=EUR&end=2026-02-30', 'end'],
    ['range=week&currency=EUR&end=20260201', 'end'],
    ['range=week&currency=EUR&end=2999-01-01', 'end'],
    ['range=week&currency=EUR&end=1999-12-31', 'end'],
  ])('?%s is 400 on %s, and changes nothing', async (query, field) => {
    const before = await ledgerSnapshot(server.db);
    for (const path of [
      '/api/merchants/analytics/amounts/',
      '/api/merchants/analytics/expenses_per_category/',
      '/api/merchants/analytics/top_counterparties/',
    ] as const) {
      const response = await apiWithBadInput(server.app, 'GET', path, { query, token: merchant.token });
      expectStatus(response, 400, `${path}?${query}`);
      expect(Object.keys(response.body.error.fields ?? {}), path).toContain(field);
    }
    expect(await ledgerSnapshot(server.db)).toEqual(before);
  });

  it.each([
    ['', 'currency'],
    ['currency=EU', 'currency'],
    ['currency=EUR&end=2026-13-01', 'end'],
    ['currency=EUR&end=2999-12-31', 'end'],
  ])('monthly_amounts?%s is 400 on %s', async (query, field) => {
    const response = await apiWithBadInput(server.app, 'GET', '/api/merchants/analytics/monthly_amounts/', {
      query,
      token: merchant.token,
    });
    expectStatus(response, 400);
    expect(Object.keys(response.body.error.fields ?? {})).toContain(field);
  });

  it('sees only its own account: another merchant’s money never shows', async () => {
    const other = await merchantWithAccount(server);
    await fund(server.db, other.accountId, 123_456n);
    const body = bodyOf(
      await api(server.app, 'GET', '/api/merchants/analytics/amounts/', {
        query: { range: 'week', currency: 'EUR' },
        token: merchant.token,
      }),
      200,
    );
    expect(body.totals.money_in.amount_minor).toBe('0');
    const theirs = bodyOf(
      await api(server.app, 'GET', '/api/merchants/analytics/amounts/', {
        query: { range: 'week', currency: 'EUR' },
        token: other.token,
      }),
      200,
    );
    expect(theirs.totals.money_in.amount_minor).toBe('123456');
  });

  it('viewers may read analytics; Cardholders (and admins) may not (SPEC §6)', async () => {
    const viewer = await employeeToken(server, merchant.merchantId, 'viewer');
    const employee = await employeeToken(server, merchant.merchantId, 'employee');
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/analytics/amounts/', {
          query: { range: 'week', currency: 'EUR' },
          token: viewer,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/analytics/amounts/', {
          query: { range: 'week', currency: 'EUR' },
          token: employee,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/analytics/amounts/', {
          query: { range: 'week', currency: 'EUR' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('sharesBp', () => {
  it('adds up to 10000 by largest remainder', () => {
    expect(sharesBp([1n, 1n, 1n])).toEqual([3334, 3333, 3333]);
    expect(sharesBp([2n, 1n])).toEqual([6667, 3333]);
    expect(sharesBp([0n, 0n])).toEqual([0, 0]);
    expect(sharesBp([5n])).toEqual([10000]);
  });
});
