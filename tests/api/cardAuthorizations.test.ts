import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CardLimitCategory,
  CardStatus,
  DeclineReason,
  LimitFrequency,
} from '../../schemas/cards.schema';
import { payCashback } from '../../server/cards/cashback';
import { authorize, balanceOf, orderCard, physicalCart, setPlan, virtualCart } from './cards';
import { api, bodyOf, expectStatus } from './client';
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

// The authorisation path (docs/product.md "Cards"): status, currency, limits in Europe/Athens calendar windows,
// balance, single use, idempotency, declines listed as transactions, cashback accrual and the monthly payout.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const noLimits = { card_transaction: null, card_purchase: null, card_ecommerce: null, card_cash: null };

/**
 * An approved merchant on `plan` with €1000 and a fresh active card (free on premium): virtual, or physical (and
 * activated) where a test sets an in-shop or cash limit, which only a physical card has.
 */
async function cardHolder(
  plan: 'free' | 'business' | 'premium' = 'premium',
  funds = 100_000n,
  form: 'virtual' | 'physical' = 'virtual',
) {
  const m = await merchantWithAccount(server);
  await setPlan(server, m.merchantId, plan);
  if (funds > 0n) await fund(server.db, m.accountId, funds);
  const { card } = await orderCard(server, m, form === 'physical' ? physicalCart : virtualCart);
  if (form === 'physical') {
    const activated = await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
      params: { id: card.id, action: 'activate' },
      token: m.token,
    });
    expectStatus(activated, 200);
  }
  return { merchant: m, cardId: card.id, last4: card.last4 };
}

async function setLimits(
  merchant: MoneyMerchant,
  cardId: string,
  frequency: LimitFrequency,
  limits: Partial<Record<CardLimitCategory, string | null>>,
) {
  const response = await api(server.app, 'PUT', '/api/merchants/cards/{id}/limits/', {
    params: { id: cardId },
    token: merchant.token,
    body: { frequency, limits: { ...noLimits, ...limits } },
  });
  expectStatus(response, 200);
}

type Outcome = true | DeclineReason;
/** What the network was told: approved, or the reason of the decline (both answer 200). */
const outcomeOf = (response: Awaited<ReturnType<typeof authorize>>): Outcome => {
  const body = bodyOf(response, 200);
  return body.approved ? true : (body.decline_reason ?? 'card_frozen');
};

describe('every card status', () => {
  const table: [CardStatus, Outcome][] = [
    ['active', true],
    ['inactive', 'card_inactive'],
    ['frozen', 'card_frozen'],
    ['lost', 'card_lost'],
    ['destroyed', 'card_destroyed'],
    ['restricted', 'card_restricted'],
  ];
  it.each(table)(
    '%s → %s; a decline moves nothing and is listed as a declined card transaction',
    async (status, expected) => {
      const { merchant, cardId, last4 } = await cardHolder();
      await server.db
        .updateTable('cards')
        .set({ status, destroyed_at: status === 'destroyed' ? new Date() : null })
        .where('id', '=', cardId)
        .execute();
      const before = await balanceOf(server, merchant.accountId);
      const response = await authorize(server, {
        card_id: cardId,
        amount_minor: '1234',
        merchant_name: 'Kiosk 7',
      });
      expectStatus(response, 200);
      expect(outcomeOf(response)).toBe(expected);
      expect(await balanceOf(server, merchant.accountId)).toBe(expected === true ? before - 1234n : before);
      const listed = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
        params: { id: String(response.body.transaction_id) },
        token: merchant.token,
      });
      expect(listed.body).toMatchObject({
        type: 'card_transaction',
        status: expected === true ? 'completed' : 'declined',
        direction: 'out',
        counterparty: { name: 'Kiosk 7' },
        reference: `Card ending ${last4}`,
        amount: { amount_minor: '1234', currency: 'EUR' },
        failure_reason: expected === true ? null : expected,
      });
      const entries = await server.db
        .selectFrom('ledger_entries')
        .select('id')
        .where('transfer_id', '=', response.body.transaction_id)
        .execute();
      expect(entries.length).toBe(expected === true ? 2 : 0);
      expectHealthy((await ledgerSnapshot(server.db)).invariants);
    },
  );
});

/**
 * Window edges in Europe/Athens (UTC+2 in winter, UTC+3 in summer; 2026's DST starts 29 March 03:00 → 04:00 and ends
 * 25 October 04:00 → 03:00): the first instant of a window, its last second, and the first instant of the next.
 */
const windows: {
  name: string;
  frequency: LimitFrequency;
  start: string;
  lastSecond: string;
  next: string;
}[] = [
  {
    name: 'daily, the 23-hour day DST starts',
    frequency: 'daily',
    start: '2026-03-28T22:00:00Z',
    lastSecond: '2026-03-29T20:59:59Z',
    next: '2026-03-29T21:00:00Z',
  },
  {
    name: 'daily, the 25-hour day DST ends',
    frequency: 'daily',
    start: '2026-10-24T21:00:00Z',
    lastSecond: '2026-10-25T21:59:59Z',
    next: '2026-10-25T22:00:00Z',
  },
  {
    name: 'weekly, Monday to Sunday across the DST change',
    frequency: 'weekly',
    start: '2026-03-22T22:00:00Z',
    lastSecond: '2026-03-29T20:59:59Z',
    next: '2026-03-29T21:00:00Z',
  },
  {
    name: 'monthly, March ends at 21:00 UTC on the 31st',
    frequency: 'monthly',
    start: '2026-02-28T22:00:00Z',
    lastSecond: '2026-03-31T20:59:59Z',
    next: '2026-03-31T21:00:00Z',
  },
  {
    name: 'yearly, 2026 ends at 22:00 UTC on 31 December',
    frequency: 'yearly',
    start: '2025-12-31T22:00:00Z',
    lastSecond: '2026-12-31T21:59:59Z',
    next: '2026-12-31T22:00:00Z',
  },
];

describe('limit windows: calendar periods in Europe/Athens', () => {
  it.each(windows)('$name', async ({ frequency, start, lastSecond, next }) => {
    const { merchant, cardId } = await cardHolder();
    await setLimits(merchant, cardId, frequency, { card_transaction: '1000' });
    const at = (iso: string, amount: string) =>
      authorize(server, { card_id: cardId, amount_minor: amount, at: iso });
    const before = (iso: string) => new Date(Date.parse(iso) - 1000).toISOString();
    const steps: [string, string, Outcome][] = [
      // The window before does not count against this one.
      [before(start), '1000', true],
      [start, '600', true],
      [lastSecond, '401', 'limit_card_transaction'],
      [lastSecond, '400', true],
      [lastSecond, '1', 'limit_card_transaction'],
      // Nothing of the full window counts against the next one.
      [next, '1000', true],
      [next, '1', 'limit_card_transaction'],
    ];
    for (const [when, amount, expected] of steps) {
      const response = await at(when, amount);
      expectStatus(response, 200);
      expect(outcomeOf(response), `${amount} at ${when}`).toBe(expected);
    }
  });

  it('reads the window in the bank’s zone, not UTC: 23:30 in Athens on 31 March UTC-dates to the 31st but is April', async () => {
    const { merchant, cardId } = await cardHolder();
    await setLimits(merchant, cardId, 'monthly', { card_transaction: '1000' });
    expect(
      bodyOf(
        await authorize(server, { card_id: cardId, amount_minor: '1000', at: '2026-03-31T20:30:00Z' }),
        200,
      ).approved,
    ).toBe(true);
    // 2026-03-31T21:30Z is 00:30 on 1 April in Athens: a new month.
    expect(
      bodyOf(
        await authorize(server, { card_id: cardId, amount_minor: '1000', at: '2026-03-31T21:30:00Z' }),
        200,
      ).approved,
    ).toBe(true);
    expect(
      outcomeOf(await authorize(server, { card_id: cardId, amount_minor: '1', at: '2026-04-30T20:59:59Z' })),
    ).toBe('limit_card_transaction');
  });

  it('counts declined payments against no limit', async () => {
    const { merchant, cardId } = await cardHolder('premium', 500n);
    await setLimits(merchant, cardId, 'daily', { card_transaction: '1000' });
    const at = '2026-06-10T09:00:00Z';
    expect(outcomeOf(await authorize(server, { card_id: cardId, amount_minor: '900', at }))).toBe(
      'insufficient_funds',
    );
    await fund(server.db, merchant.accountId, 10_000n);
    expect(outcomeOf(await authorize(server, { card_id: cardId, amount_minor: '1000', at }))).toBe(true);
  });
});

describe('each category has its own limit, and the overall one caps them all', () => {
  const table: [CardLimitCategory, 'pos' | 'online' | 'atm', DeclineReason, 'pos' | 'online' | 'atm'][] = [
    ['card_purchase', 'pos', 'limit_card_purchase', 'online'],
    ['card_ecommerce', 'online', 'limit_card_ecommerce', 'atm'],
    ['card_cash', 'atm', 'limit_card_cash', 'pos'],
  ];
  it.each(table)('%s limits %s only', async (limit, category, reason, other) => {
    const { merchant, cardId } = await cardHolder('premium', 100_000n, 'physical');
    await setLimits(merchant, cardId, 'daily', { [limit]: '1000' });
    const at = '2026-05-05T10:00:00Z';
    const pay = (amount: string, cat: 'pos' | 'online' | 'atm') =>
      authorize(server, { card_id: cardId, amount_minor: amount, category: cat, at });
    expect(outcomeOf(await pay('1001', category))).toBe(reason);
    expect(outcomeOf(await pay('1000', category))).toBe(true);
    expect(outcomeOf(await pay('1', category))).toBe(reason);
    expect(outcomeOf(await pay('5000', other))).toBe(true);
  });

  it('card_transaction sums every category', async () => {
    const { merchant, cardId } = await cardHolder('premium', 100_000n, 'physical');
    await setLimits(merchant, cardId, 'weekly', { card_transaction: '1000', card_purchase: '5000' });
    const at = '2026-05-05T10:00:00Z';
    const pay = (amount: string, category: 'pos' | 'online' | 'atm') =>
      authorize(server, { card_id: cardId, amount_minor: amount, category, at });
    expect(outcomeOf(await pay('600', 'pos'))).toBe(true);
    expect(outcomeOf(await pay('300', 'online'))).toBe(true);
    expect(outcomeOf(await pay('101', 'atm'))).toBe('limit_card_transaction');
    expect(outcomeOf(await pay('100', 'atm'))).toBe(true);
  });

  it('lets no two payments racing past a limit both through', async () => {
    const { merchant, cardId } = await cardHolder();
    await setLimits(merchant, cardId, 'daily', { card_transaction: '1000' });
    const at = '2026-07-01T10:00:00Z';
    const results = await Promise.all(
      Array.from({ length: 6 }, () => authorize(server, { card_id: cardId, amount_minor: '300', at })),
    );
    expect(results.filter((r) => bodyOf(r, 200).approved).length).toBe(3);
  });
});

describe('balance, currency, single use, idempotency', () => {
  it('declines more than the balance with insufficient_funds, leaving the balance as it was', async () => {
    const { merchant, cardId } = await cardHolder('premium', 500n);
    const ok = await authorize(server, { card_id: cardId, amount_minor: '500' });
    expectStatus(ok, 200);
    expect(ok.body.approved).toBe(true);
    const refused = await authorize(server, { card_id: cardId, amount_minor: '1' });
    expectStatus(refused, 200);
    expect(outcomeOf(refused)).toBe('insufficient_funds');
    expect(await balanceOf(server, merchant.accountId)).toBe(0n);
    const listed = await api(server.app, 'GET', '/api/merchants/transactions/', {
      query: { status: 'declined' },
      token: merchant.token,
    });
    expectStatus(listed, 200);
    expect(listed.body.items.map((t) => t.id)).toEqual([refused.body.transaction_id]);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
  });

  it('declines a payment in another currency than the card’s account', async () => {
    const { merchant, cardId } = await cardHolder();
    const before = await balanceOf(server, merchant.accountId);
    const refused = await authorize(server, { card_id: cardId, amount_minor: '100', currency: 'USD' });
    expectStatus(refused, 200);
    expect(outcomeOf(refused)).toBe('currency_mismatch');
    expect(await balanceOf(server, merchant.accountId)).toBe(before);
    const listed = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: String(refused.body.transaction_id) },
      token: merchant.token,
    });
    expect(listed.body).toMatchObject({
      status: 'declined',
      amount: { amount_minor: '100', currency: 'USD' },
    });
  });

  it('restricts a single-use card after its first approval', async () => {
    const m = await merchantWithAccount(server);
    await setPlan(server, m.merchantId, 'premium');
    await fund(server.db, m.accountId, 10_000n);
    const { card } = await orderCard(server, m, { ...virtualCart, usage: 'single' });
    const declined = await authorize(server, { card_id: card.id, amount_minor: '100', currency: 'GBP' });
    expectStatus(declined, 200);
    expect(declined.body.approved).toBe(false);
    expect(
      bodyOf(
        await api(server.app, 'GET', '/api/merchants/cards/{id}/', {
          params: { id: card.id },
          token: m.token,
        }),
        200,
      ).status,
    ).toBe('active');
    expect(bodyOf(await authorize(server, { card_id: card.id, amount_minor: '100' }), 200).approved).toBe(
      true,
    );
    expect(
      bodyOf(
        await api(server.app, 'GET', '/api/merchants/cards/{id}/', {
          params: { id: card.id },
          token: m.token,
        }),
        200,
      ).status,
    ).toBe('restricted');
    expect(outcomeOf(await authorize(server, { card_id: card.id, amount_minor: '100' }))).toBe(
      'card_restricted',
    );
  });

  it('answers the same key with the same result and moves money once; another body with it is 409', async () => {
    const { merchant, cardId } = await cardHolder('premium', 100_000n, 'physical');
    const key = newKey('auth');
    const first = await authorize(server, { card_id: cardId, amount_minor: '250' }, key);
    const before = await ledgerSnapshot(server.db);
    const again = await authorize(server, { card_id: cardId, amount_minor: '250' }, key);
    expectStatus(again, 200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await authorize(server, { card_id: cardId, amount_minor: '251' }, key);
    expectStatus(other, 409);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expect(await balanceOf(server, merchant.accountId)).toBe(100_000n - 250n);

    // A decline replays as the decline, even once the reason is gone.
    await setLimits(merchant, cardId, 'daily', { card_cash: '10' });
    const declineKey = newKey('auth');
    const declined = await authorize(
      server,
      { card_id: cardId, amount_minor: '11', category: 'atm' },
      declineKey,
    );
    expect(outcomeOf(declined)).toBe('limit_card_cash');
    await setLimits(merchant, cardId, 'daily', {});
    const replayed = await authorize(
      server,
      { card_id: cardId, amount_minor: '11', category: 'atm' },
      declineKey,
    );
    expect(replayed.body).toEqual(declined.body);
  });

  it('answers an unknown card with 404 and records nothing', async () => {
    const before = await ledgerSnapshot(server.db);
    const unknownId = await authorize(server, {
      card_id: '00000000-0000-4000-8000-000000000000',
      amount_minor: '1',
    });
    expectStatus(unknownId, 404);
    const unknownNumber = await authorize(server, { card_number: '4000001234567899', amount_minor: '1' });
    expectStatus(unknownNumber, 404);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
  });
});

describe('cashback', () => {
  const plans: ['free' | 'business' | 'premium', number][] = [
    ['free', 25],
    ['business', 50],
    ['premium', 100],
  ];
  it.each(plans)(
    'accrues floor(amount × %s plan rate) on POS and online purchases, none on ATM',
    async (plan, bp) => {
      const { merchant, cardId, last4 } = await cardHolder(plan);
      const at = '2026-04-10T12:00:00Z';
      const pos = await authorize(server, {
        card_id: cardId,
        amount_minor: '10000',
        category: 'pos',
        at,
        merchant_name: 'Bookshop',
      });
      expectStatus(pos, 200);
      expect(pos.body.cashback).toEqual({ amount_minor: String(bp), currency: 'EUR' });
      const online = await authorize(server, {
        card_id: cardId,
        amount_minor: '12345',
        category: 'online',
        at,
      });
      expectStatus(online, 200);
      expect(online.body.cashback).toEqual({
        amount_minor: String(Math.floor((12345 * bp) / 10000)),
        currency: 'EUR',
      });
      const atm = await authorize(server, { card_id: cardId, amount_minor: '10000', category: 'atm', at });
      expectStatus(atm, 200);
      expect(atm.body.approved).toBe(true);
      expect(atm.body.cashback).toBeNull();
      // 39 × 25 bp is 0.0975 of a cent: floored to nothing, and nothing is recorded.
      const tiny = await authorize(server, { card_id: cardId, amount_minor: '39', at });
      expectStatus(tiny, 200);
      expect(tiny.body.cashback).toBeNull();
      const declined = await authorize(server, {
        card_id: cardId,
        amount_minor: '10000',
        currency: 'USD',
        at,
      });
      expectStatus(declined, 200);
      expect(declined.body.cashback).toBeNull();

      const earned = bp + Math.floor((12345 * bp) / 10000);
      const view = await api(server.app, 'GET', '/api/merchants/cashback/', { token: merchant.token });
      expectStatus(view, 200);
      expect(view.body.plan).toMatchObject({ id: plan, cashback_rate_bp: bp });
      expect(view.body.totals).toEqual([
        {
          currency: 'EUR',
          earned: { amount_minor: String(earned), currency: 'EUR' },
          paid_out: { amount_minor: '0', currency: 'EUR' },
          pending: { amount_minor: String(earned), currency: 'EUR' },
        },
      ]);
      expect(view.body.items).toHaveLength(2);
      expect(view.body.items).toContainEqual(
        expect.objectContaining({
          transaction_id: pos.body.transaction_id,
          card_last4: last4,
          merchant_name: 'Bookshop',
          purchase: { amount_minor: '10000', currency: 'EUR' },
          rate_bp: bp,
          amount: { amount_minor: String(bp), currency: 'EUR' },
          accrued_at: '2026-04-10T12:00:00.000Z',
          paid_at: null,
        }),
      );
    },
  );

  it('pays each account’s unpaid cashback of the ended months once, however often the payout runs', async () => {
    const a = await cardHolder('premium');
    const b = await cardHolder('business');
    // March (Athens) purchases, and one on 1 April at 00:30 Athens, which belongs to April.
    await authorize(server, { card_id: a.cardId, amount_minor: '20000', at: '2026-03-15T10:00:00Z' });
    await authorize(server, {
      card_id: a.cardId,
      amount_minor: '30000',
      category: 'online',
      at: '2026-03-31T20:59:59Z',
    });
    await authorize(server, { card_id: a.cardId, amount_minor: '40000', at: '2026-03-31T21:30:00Z' });
    await authorize(server, { card_id: b.cardId, amount_minor: '20000', at: '2026-03-20T10:00:00Z' });
    const aBefore = await balanceOf(server, a.merchant.accountId);
    const bBefore = await balanceOf(server, b.merchant.accountId);

    // Still March: nothing is due.
    const early = await payCashback(server.db, new Date('2026-03-31T20:59:59Z'));
    expect(
      early.payouts.filter((p) => [a.merchant.accountId, b.merchant.accountId].includes(p.account_id)),
    ).toEqual([]);

    const april = await api(server.app, 'POST', '/api/sandbox/cashback/payout/', {
      body: { now: '2026-04-01T00:30:00+03:00' },
    });
    expectStatus(april, 200);
    const mine = (accountId: string) => april.body.payouts.find((p) => p.account_id === accountId);
    expect(mine(a.merchant.accountId)).toMatchObject({ amount: { amount_minor: '500' }, accruals: 2 });
    expect(mine(b.merchant.accountId)).toMatchObject({ amount: { amount_minor: '100' }, accruals: 1 });
    expect(await balanceOf(server, a.merchant.accountId)).toBe(aBefore + 500n);
    expect(await balanceOf(server, b.merchant.accountId)).toBe(bBefore + 100n);

    const snapshot = await ledgerSnapshot(server.db);
    const [twice] = await Promise.all([
      payCashback(server.db, new Date('2026-04-01T00:30:00+03:00')),
      payCashback(server.db, new Date('2026-04-02T00:00:00Z')),
    ]);
    const later = await payCashback(server.db, new Date('2026-04-20T00:00:00Z'));
    expect([...twice.payouts, ...later.payouts].map((p) => p.account_id)).not.toContain(a.merchant.accountId);
    expect(await ledgerSnapshot(server.db)).toEqual(snapshot);
    expectHealthy(snapshot.invariants);

    // The dashboard's "cashback earned" is what was paid; /cashback splits paid and pending.
    const home = await api(server.app, 'GET', '/api/merchants/home/overview/', { token: a.merchant.token });
    expectStatus(home, 200);
    expect(home.body.cashback).toEqual([{ amount_minor: '500', currency: 'EUR' }]);
    const view = await api(server.app, 'GET', '/api/merchants/cashback/', { token: a.merchant.token });
    expectStatus(view, 200);
    expect(view.body.totals[0]).toMatchObject({
      earned: { amount_minor: '900' },
      paid_out: { amount_minor: '500' },
      pending: { amount_minor: '400' },
    });
    const paidA = mine(a.merchant.accountId);
    if (!paidA) throw new Error('no payout for the first merchant');
    const payout = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: paidA.transaction_id },
      token: a.merchant.token,
    });
    expect(payout.body).toMatchObject({ type: 'cashback', status: 'completed', direction: 'in' });

    // May's run pays April's purchase, once, even when two processes run it at the same time.
    const beforeMay = await balanceOf(server, a.merchant.accountId);
    const mays = await Promise.all([
      payCashback(server.db, new Date('2026-05-01T00:00:00+03:00')),
      payCashback(server.db, new Date('2026-05-01T00:00:00+03:00')),
    ]);
    const paidInMay = mays.flatMap((run) => run.payouts).filter((p) => p.account_id === a.merchant.accountId);
    expect(paidInMay).toEqual([
      expect.objectContaining({ amount: { amount_minor: '400', currency: 'EUR' }, accruals: 1 }),
    ]);
    expect(await balanceOf(server, a.merchant.accountId)).toBe(beforeMay + 400n);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
  });

  it('is closed to employees and open to viewers, as SPEC §6 has it', async () => {
    const { merchant } = await cardHolder();
    const employee = await employeeToken(server, merchant.merchantId, 'employee');
    const viewer = await employeeToken(server, merchant.merchantId, 'viewer');
    expect((await api(server.app, 'GET', '/api/merchants/cashback/', { token: employee })).status).toBe(403);
    expect((await api(server.app, 'GET', '/api/merchants/cashback/', { token: viewer })).status).toBe(200);
  });
});
