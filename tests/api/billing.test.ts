import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalGraceDays, renewalRetryDays } from '../../schemas/plans.schema';
import { undoCancelPlan } from '../../server/billing/cancellation';
import { runBilling } from '../../server/billing/renewals';
import { api, bodyOf, expectStatus } from './client';
import { readOutbox, startTestServer, type TestServer } from './harness';
import { expectHealthy, fund, ledgerSnapshot, merchantWithAccount, type MoneyMerchant } from './money';
import {
  buyPlan,
  dayMs,
  invoicesOf,
  merchantPlan,
  periodEndOf,
  plusMs,
  runBillingAt,
  subscriptionTransfers,
  validAnswers,
} from './plans';

// The billing job (docs/plans.md "Renewals"): renewals charge once whatever runs them, a cancelled plan
// becomes Free when its period ends, a scheduled downgrade takes effect then, and a renewal the balance does not
// cover is retried on the stated schedule, with emails, until the merchant moves to Free. The job takes the clock.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function merchant(funds: bigint): Promise<MoneyMerchant> {
  const m = await merchantWithAccount(server);
  if (funds > 0n) await fund(server.db, m.accountId, funds);
  return m;
}

async function balance(accountId: string): Promise<bigint> {
  const row = await server.db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_minor;
}

const subscription = async (token: string) =>
  bodyOf(await api(server.app, 'GET', '/api/merchants/plans/', { token }), 200).subscription;

const subjects = async (email: string) => (await readOutbox(server.app, email)).map((m) => m.subject);

describe('renewals', () => {
  it('a period that ended is charged once, however many runs at the same clock', async () => {
    const me = await merchant(200_000n);
    const { order } = await buyPlan(server, me.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: false,
    });
    const end = periodEndOf(order);

    await runBillingAt(server, plusMs(end, -1000));
    expect(await subscriptionTransfers(server, me.accountId)).toHaveLength(1);

    const after = plusMs(end, 1000);
    await runBillingAt(server, after);
    await runBillingAt(server, after);
    // Two runs at once (two processes): still one charge.
    await Promise.all([runBilling(server.db, after), runBilling(server.db, after)]);
    const transfers = await subscriptionTransfers(server, me.accountId);
    expect(transfers).toHaveLength(2);
    expect(transfers[1]).toMatchObject({
      amount_minor: 1900n,
      status: 'paid',
      reference: 'Renewal: Business plan, monthly',
      idempotency_key: `renewal:${me.merchantId}:${new Date(end).toISOString()}`,
    });
    expect(await balance(me.accountId)).toBe(200_000n - 2n * 1900n);

    const renewed = await subscription(me.token);
    expect(renewed).toMatchObject({ plan_id: 'business', period: 'monthly', status: 'active' });
    // The next period follows the last without a gap.
    expect(renewed.current_period_start).toBe(end);
    expect(new Date(renewed.current_period_end ?? '').getTime()).toBeGreaterThan(new Date(end).getTime());

    const invoices = await invoicesOf(server, me.merchantId);
    expect(invoices.map((i) => [i.kind, i.status, i.total_minor])).toEqual([
      ['purchase', 'paid', 1900n],
      ['renewal', 'paid', 1900n],
    ]);
    expect(invoices[1]?.period_start?.toISOString()).toBe(end);
    expect(invoices[1]?.period_end?.toISOString()).toBe(renewed.current_period_end);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
  });

  it('a clock past the end of a cancelled plan’s period moves it to Free, charging nothing', async () => {
    const me = await merchant(200_000n);
    const { order } = await buyPlan(server, me.token, {
      plan_id: 'premium',
      period: 'yearly',
      pos_terminal: false,
    });
    const end = periodEndOf(order);
    const cancelled = await api(server.app, 'POST', '/api/merchants/plans/cancel/', {
      token: me.token,
      body: validAnswers,
    });
    expectStatus(cancelled, 200);

    await runBillingAt(server, plusMs(end, -1000));
    expect(await merchantPlan(server, me.merchantId)).toBe('premium');
    // Undo stays possible until the period ends, not after (even before the job has run).
    await expect(
      undoCancelPlan(server.db, { merchantId: me.merchantId, userId: me.merchantId }, plusMs(end, 1000)),
    ).rejects.toMatchObject({ code: 'subscription_state', details: { state: 'period_ended' } });

    const balanceBefore = await balance(me.accountId);
    await runBillingAt(server, plusMs(end, 1000));
    expect(await merchantPlan(server, me.merchantId)).toBe('free');
    expect(await subscription(me.token)).toMatchObject({
      plan_id: 'free',
      period: null,
      current_period_end: null,
      cancel_at_period_end: false,
    });
    expect(await balance(me.accountId)).toBe(balanceBefore);
    expect(await subscriptionTransfers(server, me.accountId)).toHaveLength(1);
    expect(await subjects(me.email)).toContain('Your Tameio plan is now Free');
    const undo = await api(server.app, 'POST', '/api/merchants/plans/cancel/undo/', { token: me.token });
    expectStatus(undo, 409);
  });

  it('a scheduled downgrade takes effect at the period’s end and is charged at the new price', async () => {
    const me = await merchant(200_000n);
    const { order } = await buyPlan(server, me.token, {
      plan_id: 'premium',
      period: 'yearly',
      pos_terminal: false,
    });
    const end = periodEndOf(order);
    await buyPlan(server, me.token, { plan_id: 'business', period: 'monthly', pos_terminal: false });
    expect(await merchantPlan(server, me.merchantId)).toBe('premium');

    await runBillingAt(server, plusMs(end, 1000));
    expect(await merchantPlan(server, me.merchantId)).toBe('business');
    expect(await subscription(me.token)).toMatchObject({
      plan_id: 'business',
      period: 'monthly',
      current_period_start: end,
      scheduled_change: null,
    });
    const transfers = await subscriptionTransfers(server, me.accountId);
    expect(transfers.map((t) => t.amount_minor)).toEqual([49_000n, 1900n]);
    const history = bodyOf(
      await api(server.app, 'GET', '/api/merchants/profile/billing_history/', { token: me.token }),
      200,
    ).items;
    expect(history[0]).toMatchObject({ description: 'Renewal: Business plan, monthly', status: 'paid' });
  });

  it('short of balance: past due, retried after 1, 3 and 7 days with emails, then Free', async () => {
    expect(renewalRetryDays).toEqual([1, 3, 7]);
    expect(renewalGraceDays).toBe(7);
    const me = await merchant(1900n);
    const { order } = await buyPlan(server, me.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: false,
    });
    const end = periodEndOf(order);
    expect(await balance(me.accountId)).toBe(0n);

    const at = (days: number) => plusMs(end, days * dayMs + 1000);
    await runBillingAt(server, at(0));
    const pastDue = await subscription(me.token);
    expect(pastDue).toMatchObject({
      plan_id: 'business',
      status: 'past_due',
      current_period_end: end,
      next_retry_at: plusMs(end, dayMs).toISOString(),
      downgrade_at: plusMs(end, 7 * dayMs).toISOString(),
    });
    let invoices = await invoicesOf(server, me.merchantId);
    expect(invoices.map((i) => [i.kind, i.status])).toEqual([
      ['purchase', 'paid'],
      ['renewal', 'failed'],
    ]);
    const failedNumber = invoices[1]?.number;
    expect(await subjects(me.email)).toEqual(
      expect.arrayContaining(['Your Tameio plan could not be renewed']),
    );
    const failedMail = (await readOutbox(server.app, me.email))[0];
    expect(failedMail?.body).toContain('€19.00');

    // The same clock again: nothing new.
    await runBillingAt(server, at(0));
    expect(
      (await subjects(me.email)).filter((s) => s === 'Your Tameio plan could not be renewed'),
    ).toHaveLength(1);
    // Before the retry is due, nothing either.
    await runBillingAt(server, plusMs(end, dayMs - 1000));
    expect(await subscription(me.token)).toMatchObject({ next_retry_at: plusMs(end, dayMs).toISOString() });

    await runBillingAt(server, at(1));
    expect(await subscription(me.token)).toMatchObject({
      status: 'past_due',
      next_retry_at: plusMs(end, 3 * dayMs).toISOString(),
    });
    await runBillingAt(server, at(3));
    expect(await subscription(me.token)).toMatchObject({
      status: 'past_due',
      next_retry_at: plusMs(end, 7 * dayMs).toISOString(),
    });
    const row = await server.db
      .selectFrom('subscriptions')
      .select('retry_attempts')
      .where('merchant_id', '=', me.merchantId)
      .executeTakeFirstOrThrow();
    expect(row.retry_attempts).toBe(3);

    await runBillingAt(server, at(7));
    expect(await merchantPlan(server, me.merchantId)).toBe('free');
    expect(await subscription(me.token)).toMatchObject({
      plan_id: 'free',
      status: 'active',
      next_retry_at: null,
      downgrade_at: null,
    });
    const mails = await subjects(me.email);
    expect(mails.filter((s) => s === 'Your Tameio plan could not be renewed')).toHaveLength(3);
    expect(mails.filter((s) => s === 'Your Tameio plan is now Free')).toHaveLength(1);
    // One renewal, one invoice (failed), one number; no charge.
    invoices = await invoicesOf(server, me.merchantId);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({ number: failedNumber, status: 'failed', transfer_id: null });
    expect(await subscriptionTransfers(server, me.accountId)).toHaveLength(1);
    expect(await balance(me.accountId)).toBe(0n);
  });

  it('a retry after a top-up pays the same invoice', async () => {
    const me = await merchant(1900n);
    const { order } = await buyPlan(server, me.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: false,
    });
    const end = periodEndOf(order);
    await runBillingAt(server, plusMs(end, 1000));
    const [, failed] = await invoicesOf(server, me.merchantId);
    expect(failed?.status).toBe('failed');

    await fund(server.db, me.accountId, 5000n);
    await runBillingAt(server, plusMs(end, dayMs + 1000));
    const invoices = await invoicesOf(server, me.merchantId);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({ id: failed?.id, number: failed?.number, status: 'paid' });
    expect(invoices[1]?.transfer_id).not.toBeNull();
    expect(await subscription(me.token)).toMatchObject({
      plan_id: 'business',
      status: 'active',
      current_period_start: end,
      next_retry_at: null,
      downgrade_at: null,
    });
    expect(await balance(me.accountId)).toBe(5000n - 1900n);
  });
});
