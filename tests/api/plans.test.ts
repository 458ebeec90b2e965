import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPerkKeys } from '../../schemas/plans.schema';
import { planCartInitialize, planCartPay } from '../../server/billing/cart';
import { featuresOfEveryPlan } from '../../server/plans';
import { address } from './cards';
import {
  api,
  type ApiErrorBody,
  apiWithBadInput,
  bodyOf,
  errorOf,
  expectStatus,
  type JsonBodyOf,
} from './client';
import { readOutbox, startTestServer, type TestServer } from './harness';
import {
  employeeToken,
  expectHealthy,
  fund,
  ledgerSnapshot,
  merchantWithAccount,
  newKey,
  walletMerchant,
  type MoneyMerchant,
} from './money';
import {
  buyPlan,
  cancelUrl,
  insufficientMessage,
  invoicePdf,
  invoicesOf,
  merchantPlan,
  planCartUrl,
  subscriptionTransfers,
  validAnswers,
} from './plans';
import { databaseDigest } from './tableDigest';

// Plans (SPEC §1 plans, §2 /plans, /plans/plan/checkout, /plans/address, /profile/billing, §6, §8): the plans
// list, pricing a change with proration, paying it through the ledger, invoices and their PDF, who may do it.
// Renewals are in billing.test.ts, account deletion in accountDeletion.test.ts.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** An approved merchant with a EUR account holding `funds` (default €2,000). */
async function merchant(funds = 200_000n): Promise<MoneyMerchant> {
  const m = await merchantWithAccount(server);
  if (funds > 0n) await fund(server.db, m.accountId, funds);
  return m;
}

const quote = (token: string, body: JsonBodyOf<'POST', typeof planCartUrl>) =>
  api(server.app, 'POST', planCartUrl, { token, body });
const pay = (token: string, cartId: string, key = newKey('plan')) =>
  api(server.app, 'POST', '/api/merchants/plans/cart/{id}/pay/', {
    params: { id: cartId },
    token,
    headers: { 'idempotency-key': key },
  });

async function balance(accountId: string): Promise<bigint> {
  const row = await server.db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_minor;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** No stack trace, no SQL, nothing but the ApiError shape. */
function expectCleanError(body: { error: ApiErrorBody }, code: string): void {
  const error = body.error;
  expect(error.code).toBe(code);
  expect(Object.keys(error).every((key) => ['code', 'message', 'fields', 'details'].includes(key))).toBe(
    true,
  );
  expect(JSON.stringify(body)).not.toMatch(/ at \S+ \(|\.ts:\d|SELECT |INSERT |"stack"/);
}

describe('plans', () => {
  it('lists the plans with prices, the yearly saving, the POS terminal and the subscription on Free', async () => {
    const me = await merchant(0n);
    const response = await api(server.app, 'GET', '/api/merchants/plans/', { token: me.token });
    expectStatus(response, 200);
    expect(response.body.items.map((p: { id: string }) => p.id)).toEqual(['free', 'business', 'premium']);
    expect(response.body.items[1]).toMatchObject({
      id: 'business',
      name: 'Business',
      monthly_price: { amount_minor: '1900', currency: 'EUR' },
      yearly_price: { amount_minor: '19000', currency: 'EUR' },
      yearly_saving: { amount_minor: '3800', currency: 'EUR' },
      cashback_rate_bp: 50,
      card_prices: { physical: { amount_minor: '490' }, virtual: { amount_minor: '0' } },
    });
    expect(response.body.pos_terminal).toEqual({
      price: { amount_minor: '14900', currency: 'EUR' },
      available_with: ['business', 'premium'],
    });
    expect(response.body.subscription).toEqual({
      plan_id: 'free',
      plan_name: 'Free',
      period: null,
      status: 'active',
      current_period_start: null,
      current_period_end: null,
      cancel_at_period_end: false,
      scheduled_change: null,
      next_retry_at: null,
      downgrade_at: null,
      has_pos_terminal: false,
    });
    const questions = await api(server.app, 'GET', '/api/merchants/profile/cancellation_questions/', {
      token: me.token,
    });
    expectStatus(questions, 200);
    expect(questions.body.items[0]).toMatchObject({ id: 'reason', type: 'single', required: true });
  });
});

describe('plan perks are what the server allows', () => {
  type FeatureOperation = (typeof featuresOfEveryPlan)[keyof typeof featuresOfEveryPlan][number];

  /** Calls one operation of a feature as the owner of `me`; its status says whether the plan let it through. */
  async function call(operation: FeatureOperation, me: MoneyMerchant, payeeTag: string): Promise<number> {
    switch (operation) {
      case 'coreBankingAccounts':
        return (await api(server.app, 'GET', '/api/merchants/core_banking_accounts/', { token: me.token }))
          .status;
      case 'sendMoney':
        return (
          await api(server.app, 'POST', '/api/merchants/send_money/', {
            token: me.token,
            headers: { 'idempotency-key': newKey('send') },
            body: { account_type: 'eur', recipient: { wallet_tag: payeeTag }, amount_minor: '100' },
          })
        ).status;
      case 'employees':
        return (await api(server.app, 'GET', '/api/merchants/employees/', { token: me.token })).status;
      case 'inviteEmployee':
        return (
          await api(server.app, 'POST', '/api/merchants/invitations/', {
            token: me.token,
            headers: { 'idempotency-key': newKey('invite') },
            body: {
              email: `perk-${newKey('mail').slice(-12)}@example.test`.toLowerCase(),
              first_name: 'Nikos',
              last_name: 'Pappas',
              role: 'viewer',
              access_level: 'company',
            },
          })
        ).status;
      case 'analyticsAmounts':
        return (
          await api(server.app, 'GET', '/api/merchants/analytics/amounts/', {
            token: me.token,
            query: { range: 'month', currency: 'EUR' },
          })
        ).status;
      case 'analyticsMonthlyAmounts':
        return (
          await api(server.app, 'GET', '/api/merchants/analytics/monthly_amounts/', {
            token: me.token,
            query: { currency: 'EUR' },
          })
        ).status;
    }
  }

  it('lists on every plan exactly what that plan lets the merchant do, and it works there', async () => {
    const payee = await walletMerchant(server);
    const listed = bodyOf(
      await api(server.app, 'GET', '/api/merchants/plans/', { token: (await merchant(0n)).token }),
      200,
    ).items;
    // Perks derived from the prices and rates card ordering and cashback use, and the features no plan limits.
    expect(Object.fromEntries(listed.map((plan) => [plan.id, plan.perks]))).toEqual({
      free: ['wallet', 'virtual_cards', 'physical_cards', 'cashback', 'employees', 'analytics'],
      business: [
        'wallet',
        'free_virtual_cards',
        'discounted_physical_cards',
        'cashback',
        'employees',
        'analytics',
      ],
      premium: ['wallet', 'free_virtual_cards', 'free_physical_cards', 'cashback', 'employees', 'analytics'],
    });
    for (const plan of listed) {
      // Every perk shown is one the app has words for, and each card perk matches the price charged for a card.
      for (const perk of plan.perks) expect(planPerkKeys, perk).toContain(perk);
      const physical = BigInt(plan.card_prices.physical.amount_minor);
      const virtual = BigInt(plan.card_prices.virtual.amount_minor);
      expect(plan.perks.includes('free_physical_cards')).toBe(physical === 0n);
      expect(plan.perks.includes('free_virtual_cards')).toBe(virtual === 0n);
      expect(plan.perks.includes('cashback')).toBe(plan.cashback_rate_bp > 0);

      // Every feature no plan limits is listed on this plan, and works for a merchant on it.
      const me = await merchant();
      await server.db
        .updateTable('merchants')
        .set({ plan_id: plan.id })
        .where('id', '=', me.merchantId)
        .execute();
      for (const [feature, operations] of Object.entries(featuresOfEveryPlan)) {
        expect(plan.perks, `${plan.id} lists ${feature}`).toContain(feature);
        for (const operation of operations) {
          const status = await call(operation, me, payee.tag);
          expect(status, `${operation} on ${plan.id}`).toBeGreaterThanOrEqual(200);
          expect(status, `${operation} on ${plan.id}`).toBeLessThan(300);
        }
      }
    }
  });
});

describe('buying a plan', () => {
  it('a first paid plan: quoted, paid through the ledger, invoiced, and the checklist ticks', async () => {
    const me = await merchant();
    const before = await api(server.app, 'GET', '/api/merchants/home/overview/', { token: me.token });
    expectStatus(before, 200);
    expect(before.body.welcome_checklist?.find((i: { item: string }) => i.item === 'pick_plan')?.done).toBe(
      false,
    );

    const q = await quote(me.token, { plan_id: 'premium', period: 'yearly', pos_terminal: false });
    expectStatus(q, 201);
    expect(q.body).toMatchObject({
      plan_id: 'premium',
      period: 'yearly',
      pos_terminal: false,
      shipping_address: null,
      lines: [{ kind: 'plan', plan_id: 'premium', period: 'yearly', amount: { amount_minor: '49000' } }],
      total: { amount_minor: '49000', currency: 'EUR' },
      vat: { amount_minor: '9484', currency: 'EUR' },
      effective: 'now',
      available_balance: { amount_minor: '200000', currency: 'EUR' },
    });
    // Nothing is charged by a quote.
    expect(await balance(me.accountId)).toBe(200_000n);

    const key = newKey('plan');
    const paid = await pay(me.token, q.body.id, key);
    expectStatus(paid, 201);
    expect(paid.body.subscription).toMatchObject({
      plan_id: 'premium',
      plan_name: 'Premium',
      period: 'yearly',
      status: 'active',
      cancel_at_period_end: false,
    });
    const start = new Date(paid.body.subscription.current_period_start ?? '');
    const end = new Date(paid.body.subscription.current_period_end ?? '');
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
    expect(await balance(me.accountId)).toBe(200_000n - 49_000n);
    expect(await merchantPlan(server, me.merchantId)).toBe('premium');

    const transaction = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: String(paid.body.transaction_id) },
      token: me.token,
    });
    expect(transaction.body).toMatchObject({
      type: 'subscription',
      status: 'paid',
      direction: 'out',
      amount: { amount_minor: '49000', currency: 'EUR' },
    });

    const history = await api(server.app, 'GET', '/api/merchants/profile/billing_history/', {
      token: me.token,
    });
    expectStatus(history, 200);
    expect(history.body.items).toHaveLength(1);
    const invoice = history.body.items[0];
    expect(invoice).toMatchObject({
      id: paid.body.invoice_id,
      status: 'paid',
      description: 'Premium plan, yearly',
      net: { amount_minor: '39516' },
      vat: { amount_minor: '9484' },
      total: { amount_minor: '49000' },
      transaction_id: paid.body.transaction_id,
      period_start: paid.body.subscription.current_period_start,
      period_end: paid.body.subscription.current_period_end,
    });
    expect(invoice?.number).toMatch(/^TAM-\d{4}-\d{6}$/);

    // Same key: the first result, nothing charged again; another key: the cart is paid.
    const replay = await pay(me.token, q.body.id, key);
    expectStatus(replay, 201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(paid.body);
    const again = await pay(me.token, q.body.id);
    expectStatus(again, 409);
    expect(again.body.error.code).toBe('cart_paid');
    expect(await balance(me.accountId)).toBe(151_000n);
    expect(await subscriptionTransfers(server, me.accountId)).toHaveLength(1);

    const after = await api(server.app, 'GET', '/api/merchants/home/overview/', { token: me.token });
    expectStatus(after, 200);
    expect(after.body.welcome_checklist?.find((i: { item: string }) => i.item === 'pick_plan')?.done).toBe(
      true,
    );
    // The same plan and period again is nothing to buy.
    const same = await quote(me.token, { plan_id: 'premium', period: 'yearly', pos_terminal: false });
    expectStatus(same, 409);
    expect(same.body.error.code).toBe('plan_unchanged');
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
  });

  it('invoice numbers run on without gaps, also when merchants pay at once; one cart is paid once', async () => {
    const merchants = await Promise.all(Array.from({ length: 4 }, () => merchant()));
    const quotes = await Promise.all(
      merchants.map((m) => quote(m.token, { plan_id: 'business', period: 'monthly', pos_terminal: false })),
    );
    // Every merchant pays twice at the same moment with two keys: one payment each goes through.
    const paid = await Promise.all(
      merchants.flatMap((m, i) => {
        const id = bodyOf(quotes[i]!, 201).id;
        return [pay(m.token, id), pay(m.token, id)];
      }),
    );
    const statuses = paid.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(4).fill(201), ...Array(4).fill(409)]);
    for (const m of merchants) expect(await subscriptionTransfers(server, m.accountId)).toHaveLength(1);
    const rows = await server.db.selectFrom('invoices').select(['year', 'sequence', 'number']).execute();
    const byYear = new Map<number, number[]>();
    for (const row of rows) byYear.set(row.year, [...(byYear.get(row.year) ?? []), row.sequence]);
    for (const [year, sequences] of byYear) {
      const sorted = [...sequences].sort((x, y) => x - y);
      expect(sorted, String(year)).toEqual(sorted.map((_, i) => i + 1));
    }
  });

  it('upgrading mid-period credits the unused time by the second; the quoted price holds for 30 minutes', async () => {
    const me = await merchant();
    const actor = { merchantId: me.merchantId, userId: me.merchantId };
    const owner = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', me.email)
      .executeTakeFirstOrThrow();
    actor.userId = owner.id;
    const t0 = new Date('2026-03-01T00:00:00Z');
    const first = await planCartInitialize(
      server.db,
      actor,
      { plan_id: 'business', period: 'monthly', pos_terminal: false },
      t0,
    );
    const bought = await planCartPay(server.db, actor, first.id, newKey('plan'), t0);
    expect(bought.order.subscription).toMatchObject({
      current_period_start: '2026-03-01T00:00:00.000Z',
      current_period_end: '2026-04-01T00:00:00.000Z',
    });

    // 20.5 of the period's 31 days unused: floor(1900 × 1 771 200 s / 2 678 400 s) = 1256.
    const t1 = new Date('2026-03-11T12:00:00Z');
    const upgrade = await planCartInitialize(
      server.db,
      actor,
      { plan_id: 'premium', period: 'monthly', pos_terminal: false },
      t1,
    );
    expect(upgrade.lines).toEqual([
      {
        kind: 'plan',
        plan_id: 'premium',
        period: 'monthly',
        amount: { amount_minor: '4900', currency: 'EUR' },
      },
      {
        kind: 'proration_credit',
        plan_id: 'business',
        period: 'monthly',
        amount: { amount_minor: '-1256', currency: 'EUR' },
      },
    ]);
    expect(upgrade).toMatchObject({
      total: { amount_minor: '3644' },
      vat: { amount_minor: '705' },
      effective: 'now',
      effective_at: t1.toISOString(),
      next_billing_at: '2026-04-11T12:00:00.000Z',
    });
    const balanceBefore = await balance(me.accountId);
    // Paid five minutes later: the quote's price, a period from the payment.
    const paidAt = new Date(t1.getTime() + 5 * 60 * 1000);
    const paid = await planCartPay(server.db, actor, upgrade.id, newKey('plan'), paidAt);
    expect(paid.order.subscription).toMatchObject({
      plan_id: 'premium',
      period: 'monthly',
      current_period_start: paidAt.toISOString(),
      current_period_end: '2026-04-11T12:05:00.000Z',
    });
    expect(await balance(me.accountId)).toBe(balanceBefore - 3644n);
    const invoices = await invoicesOf(server, me.merchantId);
    expect(invoices.at(-1)).toMatchObject({ total_minor: 3644n, net_minor: 2939n, vat_minor: 705n });

    // A quote past its 30 minutes cannot be paid.
    const late = await planCartInitialize(
      server.db,
      actor,
      { plan_id: 'premium', period: 'yearly', pos_terminal: false },
      paidAt,
    );
    await expect(
      planCartPay(server.db, actor, late.id, newKey('plan'), new Date(paidAt.getTime() + 31 * 60 * 1000)),
    ).rejects.toMatchObject({ code: 'cart_expired', statusCode: 410 });
  });

  it('a quote whose subscription changed before it was paid is refused and changes nothing', async () => {
    const me = await merchant();
    const stale = await quote(me.token, { plan_id: 'premium', period: 'monthly', pos_terminal: false });
    expectStatus(stale, 201);
    await buyPlan(server, me.token, { plan_id: 'business', period: 'yearly', pos_terminal: false });
    const before = await databaseDigest(server.db);
    const response = await pay(me.token, stale.body.id);
    expectStatus(response, 409);
    expectCleanError(response.body, 'quote_changed');
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('downgrading is scheduled for the period’s end and charges nothing now', async () => {
    const me = await merchant();
    const bought = await buyPlan(server, me.token, {
      plan_id: 'premium',
      period: 'yearly',
      pos_terminal: false,
    });
    const end = bought.order.subscription.current_period_end;
    const balanceBefore = await balance(me.accountId);
    const q = await quote(me.token, { plan_id: 'business', period: 'monthly', pos_terminal: false });
    expectStatus(q, 201);
    expect(q.body).toMatchObject({
      lines: [],
      total: { amount_minor: '0' },
      vat: { amount_minor: '0' },
      effective: 'period_end',
      effective_at: end,
      next_billing_at: end,
    });
    const paid = await pay(me.token, q.body.id);
    expectStatus(paid, 201);
    expect(paid.body).toMatchObject({ invoice_id: null, transaction_id: null });
    expect(paid.body.subscription).toMatchObject({
      plan_id: 'premium',
      period: 'yearly',
      scheduled_change: { plan_id: 'business', period: 'monthly', effective_at: end },
    });
    expect(await balance(me.accountId)).toBe(balanceBefore);
    expect(await merchantPlan(server, me.merchantId)).toBe('premium');
    // Yearly → monthly on the same plan is a downgrade too; to Free as well (no next billing).
    const free = await quote(me.token, { plan_id: 'free', period: 'monthly', pos_terminal: false });
    expect(free.body).toMatchObject({ effective: 'period_end', effective_at: end, next_billing_at: null });
  });

  it('the POS terminal needs a shipping address and a paid plan, is bought once, and can come with a downgrade', async () => {
    const me = await merchant();
    const noAddress = await quote(me.token, { plan_id: 'business', period: 'monthly', pos_terminal: true });
    expectStatus(noAddress, 400);
    expect(Object.keys(noAddress.body.error.fields ?? {})).toEqual(['shipping']);
    const addressWithout = await quote(me.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: false,
      shipping: { address },
    });
    expectStatus(addressWithout, 400);
    expect(Object.keys(addressWithout.body.error.fields ?? {})).toEqual(['shipping']);
    const onFree = await quote(me.token, {
      plan_id: 'free',
      period: 'monthly',
      pos_terminal: true,
      shipping: { address },
    });
    expectStatus(onFree, 400);
    expect(Object.keys(onFree.body.error.fields ?? {})).toEqual(['pos_terminal']);
    const notOurs = await quote(me.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: true,
      shipping: { address_id: '00000000-0000-4000-8000-000000000000' },
    });
    expectStatus(notOurs, 404);

    const q = await quote(me.token, {
      plan_id: 'premium',
      period: 'yearly',
      pos_terminal: true,
      shipping: { address, save: true },
    });
    expectStatus(q, 201);
    expect(
      q.body.lines.map((l: { kind: string; amount: { amount_minor: string } }) => [
        l.kind,
        l.amount.amount_minor,
      ]),
    ).toEqual([
      ['plan', '49000'],
      ['pos_terminal', '14900'],
    ]);
    expect(q.body.total.amount_minor).toBe('63900');
    expect(q.body.shipping_address).toMatchObject({ country: 'GR', city: 'Athens', line1: 'Ermou 12' });
    const paid = await pay(me.token, q.body.id);
    expectStatus(paid, 201);
    expect(paid.body.subscription.has_pos_terminal).toBe(true);
    const saved = await api(server.app, 'GET', '/api/merchants/addresses/', { token: me.token });
    expectStatus(saved, 200);
    expect(
      saved.body.items.some(
        (a: { kind: string; line1: string }) => a.kind === 'shipping' && a.line1 === 'Ermou 12',
      ),
    ).toBe(true);

    const second = await quote(me.token, {
      plan_id: 'premium',
      period: 'monthly',
      pos_terminal: true,
      shipping: { address },
    });
    expectStatus(second, 400);
    expect(Object.keys(second.body.error.fields ?? {})).toEqual(['pos_terminal']);

    // A downgrade charges only the terminal now.
    const other = await merchant();
    await buyPlan(server, other.token, { plan_id: 'premium', period: 'monthly', pos_terminal: false });
    const down = await quote(other.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: true,
      shipping: { address },
    });
    expectStatus(down, 201);
    expect(down.body).toMatchObject({ effective: 'period_end', total: { amount_minor: '14900' } });
    const downPaid = await pay(other.token, down.body.id);
    expectStatus(downPaid, 201);
    expect(downPaid.body.invoice_id).not.toBeNull();
    expect(downPaid.body.subscription).toMatchObject({ plan_id: 'premium', has_pos_terminal: true });
  });

  it('too little money: 422 with SPEC §8’s message and nothing changed anywhere', async () => {
    const me = await merchant(1_000n);
    const q = await quote(me.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: true,
      shipping: { address, save: true },
    });
    expectStatus(q, 201);
    expect(q.body.available_balance.amount_minor).toBe('1000');
    const before = await databaseDigest(server.db);
    const response = await pay(me.token, q.body.id);
    expectStatus(response, 422);
    expectCleanError(response.body, 'insufficient_funds');
    expect(response.body.error.message).toBe(insufficientMessage);
    // Balances, subscription, invoices, carts, addresses, the ledger: every table as it was.
    expect(await databaseDigest(server.db)).toEqual(before);
    // Topped up, the same quote goes through.
    await fund(server.db, me.accountId, 100_000n);
    expect((await pay(me.token, q.body.id)).status).toBe(201);
  });

  it('a viewer or an employee cannot see, buy or cancel plans, or read billing: 403 and nothing changed', async () => {
    const me = await merchant();
    const viewer = await employeeToken(server, me.merchantId, 'viewer');
    const employee = await employeeToken(server, me.merchantId, 'employee');
    const bought = await buyPlan(server, me.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: false,
    });
    const cart = await quote(me.token, { plan_id: 'premium', period: 'monthly', pos_terminal: false });
    expectStatus(cart, 201);
    const before = await databaseDigest(server.db);
    for (const token of [viewer, employee]) {
      const attempts: { status: number; body: unknown }[] = [
        await api(server.app, 'GET', '/api/merchants/plans/', { token }),
        await quote(token, { plan_id: 'premium', period: 'monthly', pos_terminal: false }),
        await pay(token, cart.body.id),
        await api(server.app, 'POST', '/api/merchants/plans/cancel/', { token, body: validAnswers }),
        await api(server.app, 'POST', '/api/merchants/plans/cancel/undo/', { token }),
        await api(server.app, 'GET', '/api/merchants/profile/billing_history/', { token }),
        await invoicePdf(server, token, bought.order.invoice_id),
      ];
      for (const response of attempts) {
        expect(response.status).toBe(403);
        expect(errorOf(response).code).toBe('forbidden');
      }
    }
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('another merchant’s cart or invoice is 404', async () => {
    const a = await merchant();
    const b = await merchant();
    const bought = await buyPlan(server, b.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: false,
    });
    const cart = await quote(b.token, { plan_id: 'premium', period: 'monthly', pos_terminal: false });
    expectStatus(cart, 201);
    expect((await pay(a.token, cart.body.id)).status).toBe(404);
    expect((await invoicePdf(server, a.token, bought.order.invoice_id)).status).toBe(404);
  });
});

describe('cancelling', () => {
  it('keeps the plan to the period’s end, stores the answers, and can be undone until then', async () => {
    const me = await merchant();
    const bought = await buyPlan(server, me.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: false,
    });
    const answers = {
      answers: [
        { question_id: 'reason', options: ['missing_features'] },
        { question_id: 'missing_features', options: ['integrations', 'pos'] },
        { question_id: 'comments', text: 'We need an accounting export.' },
      ],
    };
    const cancelled = await api(server.app, 'POST', '/api/merchants/plans/cancel/', {
      token: me.token,
      body: answers,
    });
    expectStatus(cancelled, 200);
    expect(cancelled.body).toMatchObject({
      plan_id: 'business',
      cancel_at_period_end: true,
      current_period_end: bought.order.subscription.current_period_end,
    });
    const stored = await server.db
      .selectFrom('cancellation_answers')
      .selectAll()
      .where('merchant_id', '=', me.merchantId)
      .executeTakeFirstOrThrow();
    expect(stored.answers).toEqual(answers.answers);
    expect(stored.effective_at.toISOString()).toBe(bought.order.subscription.current_period_end);

    const twice = await api(server.app, 'POST', '/api/merchants/plans/cancel/', {
      token: me.token,
      body: validAnswers,
    });
    expectStatus(twice, 409);
    expect(twice.body.error).toMatchObject({ code: 'subscription_state', details: { state: 'cancelled' } });

    const undone = await api(server.app, 'POST', '/api/merchants/plans/cancel/undo/', { token: me.token });
    expectStatus(undone, 200);
    expect(undone.body.cancel_at_period_end).toBe(false);
    const nothingToUndo = await api(server.app, 'POST', '/api/merchants/plans/cancel/undo/', {
      token: me.token,
    });
    expectStatus(nothingToUndo, 409);
    expect(nothingToUndo.body.error.details?.state).toBe('not_cancelled');
  });

  it('Free stays Free: 409', async () => {
    const me = await merchant(0n);
    const response = await api(server.app, 'POST', '/api/merchants/plans/cancel/', {
      token: me.token,
      body: validAnswers,
    });
    expectStatus(response, 409);
    expectCleanError(response.body, 'subscription_state');
  });
});

describe('invoice PDF', () => {
  it('holds the merchant, the number, the lines, the VAT line and the total, in English or Greek', async () => {
    const me = await merchant();
    const { order } = await buyPlan(server, me.token, {
      plan_id: 'premium',
      period: 'yearly',
      pos_terminal: true,
      shipping: { address },
    });
    const invoice = bodyOf(
      await api(server.app, 'GET', '/api/merchants/profile/billing_history/', { token: me.token }),
      200,
    ).items[0];
    const response = await invoicePdf(server, me.token, order.invoice_id);
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${invoice!.number}.pdf"`);
    const bytes = response.raw.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    const merchantName = (
      await server.db
        .selectFrom('merchants')
        .select('name')
        .where('id', '=', me.merchantId)
        .executeTakeFirstOrThrow()
    ).name;
    for (const part of [
      'Invoice',
      invoice!.number,
      merchantName,
      'Premium plan, yearly',
      'POS terminal',
      'Net amount',
      '€515.32',
      'VAT 24%',
      '€123.68',
      'Total',
      '€639.00',
      'Paid on',
    ]) {
      expect(text, part).toContain(part);
    }
    const greek = await invoicePdf(server, me.token, order.invoice_id, 'el');
    const greekText = await pdfText(greek.raw.rawPayload);
    for (const part of ['Τιμολόγιο', invoice!.number, 'ΦΠΑ 24%', 'Σύνολο', '639,00']) {
      expect(greekText, part).toContain(part);
    }
    // Without ?lang the user's stored language.
    await server.db.updateTable('users').set({ locale: 'el' }).where('email', '=', me.email).execute();
    const stored = await invoicePdf(server, me.token, order.invoice_id);
    expect(await pdfText(stored.raw.rawPayload)).toContain('Τιμολόγιο');
  });
});

describe('bad input: 400 with the fields, no trace, nothing changed', () => {
  it('on every plan endpoint', async () => {
    const me = await merchant();
    const before = await databaseDigest(server.db);
    const cases: [string, 'POST', typeof planCartUrl | typeof cancelUrl, unknown, string[]][] = [
      [
        'unknown plan',
        'POST',
        planCartUrl,
        { plan_id: 'gold', period: 'monthly', pos_terminal: false },
        ['plan_id'],
      ],
      [
        'bad plan id',
        'POST',
        planCartUrl,
        { plan_id: 'Gold!', period: 'monthly', pos_terminal: false },
        ['plan_id'],
      ],
      [
        'bad period',
        'POST',
        planCartUrl,
        { plan_id: 'business', period: 'weekly', pos_terminal: false },
        ['period'],
      ],
      ['missing fields', 'POST', planCartUrl, {}, ['period', 'plan_id', 'pos_terminal']],
      [
        'unknown field',
        'POST',
        planCartUrl,
        { plan_id: 'business', period: 'monthly', pos_terminal: false, coupon: 'FREE' },
        ['body'],
      ],
      [
        'bad address',
        'POST',
        planCartUrl,
        {
          plan_id: 'business',
          period: 'monthly',
          pos_terminal: true,
          shipping: { address: { ...address, country: 'Greece' } },
        },
        ['shipping.address.country'],
      ],
      ['no answers', 'POST', cancelUrl, {}, ['answers']],
      [
        'unknown question',
        'POST',
        cancelUrl,
        { answers: [{ question_id: 'mood', options: ['x'] }] },
        ['answers.0.question_id'],
      ],
      [
        'unknown option',
        'POST',
        cancelUrl,
        { answers: [{ question_id: 'reason', options: ['aliens'] }] },
        ['answers.0.options'],
      ],
      [
        'two options for one',
        'POST',
        cancelUrl,
        { answers: [{ question_id: 'reason', options: ['too_expensive', 'other'] }] },
        ['answers.0.options'],
      ],
      [
        'required missing',
        'POST',
        cancelUrl,
        { answers: [{ question_id: 'comments', text: 'hm' }] },
        ['answers'],
      ],
      [
        'oversized text',
        'POST',
        cancelUrl,
        { answers: [{ question_id: 'comments', text: 'x'.repeat(1001) }] },
        ['answers.0.text'],
      ],
      [
        'too many answers',
        'POST',
        cancelUrl,
        { answers: Array.from({ length: 21 }, () => ({ question_id: 'reason', options: ['other'] })) },
        ['answers'],
      ],
    ];
    for (const [what, method, url, body, fields] of cases) {
      const response = await apiWithBadInput(server.app, method, url, { token: me.token, body });
      expectStatus(response, 400, what);
      expectCleanError(response.body, 'validation_failed');
      expect(Object.keys(response.body.error.fields ?? {}).sort(), what).toEqual(fields);
    }
    const badCart = await api(server.app, 'POST', '/api/merchants/plans/cart/{id}/pay/', {
      params: { id: 'not-a-uuid' },
      token: me.token,
      headers: { 'idempotency-key': newKey() },
    });
    expectStatus(badCart, 400);
    expect(Object.keys(badCart.body.error.fields ?? {})).toEqual(['id']);
    const noKey = await apiWithBadInput(server.app, 'POST', '/api/merchants/plans/cart/{id}/pay/', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      token: me.token,
    });
    expectStatus(noKey, 400);
    expect(Object.keys(noKey.body.error.fields ?? {})).toEqual(['idempotency-key']);
    const badLang = await apiWithBadInput(
      server.app,
      'GET',
      '/api/merchants/profile/billing_history/{id}/pdf/',
      {
        params: { id: '00000000-0000-4000-8000-000000000000' },
        query: { lang: 'de' },
        token: me.token,
      },
    );
    expectStatus(badLang, 400);
    expect(Object.keys(badLang.body.error.fields ?? {})).toEqual(['lang']);
    const badInvoice = await invoicePdf(server, me.token, 'nope');
    expectStatus(badInvoice, 400);
    expect(await databaseDigest(server.db)).toEqual(before);
    expect(await readOutbox(server.app, me.email)).toHaveLength(1); // the sign-in code only
  });
});
