import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleNeedsCode } from '../../schemas/scheduledPayments.schema';
import {
  occurrenceDate,
  occurrenceKey,
  runDueScheduledPayments,
  utcDate,
} from '../../server/payments/scheduledPayments';
import { insufficientFundsMessage } from '../../server/payments/sendMoney';
import { api, apiWithBadInput, bodyOf, expectStatus, type JsonBodyOf } from './client';
import { startTestServer, type TestServer } from './harness';
import {
  employeeToken,
  expectHealthy,
  fund,
  ledgerSnapshot,
  merchantWithAccount,
  newKey,
  walletMerchant,
  type WalletMerchant,
} from './money';
import { stepUpHeaders, stepUpToken } from './stepUp';

let server: TestServer;

type Merchant = WalletMerchant;

const merchant = (funding = 0n): Promise<Merchant> => walletMerchant(server, funding);

async function balanceOf(accountId: string): Promise<bigint> {
  const row = await server.db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_minor;
}
const today = () => utcDate(new Date());
const addDays = (date: string, days: number) =>
  utcDate(new Date(new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000));
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

type ScheduleBody = JsonBodyOf<'POST', '/api/merchants/scheduled_payments/'>;

/** Creates a schedule; a repeating one always needs a code (scheduleNeedsCode), so it gets a fresh grant. */
async function create(payer: Merchant, body: ScheduleBody, token = payer.token) {
  const grant = scheduleNeedsCode(body.frequency)
    ? stepUpHeaders(await stepUpToken(server, token, 'send_money'))
    : {};
  return api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
    token,
    headers: { ...grant, 'idempotency-key': newKey('schedule') },
    body,
  });
}

/** Creates a schedule with no code at all. */
function createWithoutCode(payer: Merchant, body: ScheduleBody) {
  return api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
    token: payer.token,
    headers: { 'idempotency-key': newKey('schedule') },
    body,
  });
}

const scheduleBody = (payee: Merchant): ScheduleBody => ({
  account_type: 'eur',
  recipient: { wallet_tag: payee.tag },
  amount_minor: '1000',
  frequency: 'once',
  start_date: today(),
});

function schedule(payer: Merchant, payee: Merchant, extra: Partial<ScheduleBody> = {}) {
  return create(payer, { ...scheduleBody(payee), ...extra });
}

/** Deliberately bad input: the usual schedule with fields of any shape over it. */
function scheduleWithBadInput(payer: Merchant, payee: Merchant, extra: Record<string, unknown>) {
  return apiWithBadInput(server.app, 'POST', '/api/merchants/scheduled_payments/', {
    token: payer.token,
    headers: { 'idempotency-key': newKey('schedule') },
    body: { ...scheduleBody(payee), ...extra },
  });
}

async function detail(payer: Merchant, id: string) {
  const response = await api(server.app, 'GET', '/api/merchants/scheduled_payments/{id}/', {
    params: { id },
    token: payer.token,
  });
  expectStatus(response, 200);
  return response.body;
}

async function storedFor(merchantId: string): Promise<number> {
  const row = await server.db
    .selectFrom('scheduled_payments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('occurrence dates', () => {
  it('monthly on the 31st runs on the last day of shorter months, and back on the 31st after', () => {
    const dates = [0, 1, 2, 3, 12, 13].map((n) => occurrenceDate('2027-01-31', 'monthly', n));
    expect(dates).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2028-01-31',
      '2028-02-29',
    ]);
    expect([0, 1, 4].map((n) => occurrenceDate('2028-02-29', 'yearly', n))).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2032-02-29',
    ]);
    expect(occurrenceDate('2026-12-30', 'daily', 3)).toBe('2027-01-02');
    expect(occurrenceDate('2026-12-30', 'weekly', 1)).toBe('2027-01-06');
  });
});

describe('create, list, cancel', () => {
  it('stores a schedule, lists it, shows it and cancels it', async () => {
    const payer = await merchant(10_000n);
    const payee = await merchant();
    const before = await ledgerSnapshot(server.db);
    const created = await schedule(payer, payee, {
      frequency: 'weekly',
      start_date: addDays(today(), 1),
      end_date: addDays(today(), 30),
      note: 'Rent',
      amount_minor: '2500',
    });
    expectStatus(created, 201);
    expect(created.body).toMatchObject({
      status: 'active',
      account_type: 'eur',
      recipient: { wallet_tag: payee.tag },
      amount: { amount_minor: '2500', currency: 'EUR' },
      note: 'Rent',
      frequency: 'weekly',
      start_date: addDays(today(), 1),
      end_date: addDays(today(), 30),
      next_run_date: addDays(today(), 1),
      run_count: 0,
      runs: [],
      cancelled_at: null,
    });
    // Creating moves no money.
    expect((await ledgerSnapshot(server.db)).balances).toEqual(before.balances);

    const list = await api(server.app, 'GET', '/api/merchants/scheduled_payments/', { token: payer.token });
    expectStatus(list, 200);
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([created.body.id]);

    const other = await merchant();
    expect(
      bodyOf(await api(server.app, 'GET', '/api/merchants/scheduled_payments/', { token: other.token }), 200)
        .items,
    ).toEqual([]);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/scheduled_payments/{id}/', {
          params: { id: created.body.id },
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/scheduled_payments/{id}/cancel/', {
          params: { id: created.body.id },
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/scheduled_payments/{id}/', {
          params: { id: 'not-a-uuid' },
          token: payer.token,
        })
      ).status,
    ).toBe(404);

    const cancelled = await api(server.app, 'POST', '/api/merchants/scheduled_payments/{id}/cancel/', {
      params: { id: created.body.id },
      token: payer.token,
    });
    expectStatus(cancelled, 200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', next_run_date: null });
    expect(cancelled.body.cancelled_at).toBeTruthy();
    const again = await api(server.app, 'POST', '/api/merchants/scheduled_payments/{id}/cancel/', {
      params: { id: created.body.id },
      token: payer.token,
    });
    expectStatus(again, 409);
    expect(again.body.error.code).toBe('conflict');
  });

  it('needs a one-time code for a one-off schedule from the send-money threshold on, used up when it is stored', async () => {
    const payer = await merchant(50_000n);
    const payee = await merchant();
    const big = {
      amount_minor: '15000',
      frequency: 'once',
      start_date: addDays(today(), 1),
    } satisfies Partial<ScheduleBody>;

    const refused = await schedule(payer, payee, big);
    expectStatus(refused, 403);
    expect(refused.body.error.code).toBe('step_up_required');
    expect(await storedFor(payer.merchantId)).toBe(0);

    const grant = await stepUpToken(server, payer.token, 'send_money');
    const accepted = await api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
      token: payer.token,
      body: { account_type: 'eur', recipient: { wallet_tag: payee.tag }, ...big },
      headers: { ...stepUpHeaders(grant), 'idempotency-key': newKey('schedule') },
    });
    expectStatus(accepted, 201);
    const again = await api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
      token: payer.token,
      body: { account_type: 'eur', recipient: { wallet_tag: payee.tag }, ...big },
      headers: { ...stepUpHeaders(grant), 'idempotency-key': newKey('schedule') },
    });
    expectStatus(again, 403);
    expect(await storedFor(payer.merchantId)).toBe(1);
    // Other tests run the job far in the future; this schedule must not be due then.
    const cancelled = await api(server.app, 'POST', '/api/merchants/scheduled_payments/{id}/cancel/', {
      params: { id: accepted.body.id },
      token: payer.token,
    });
    expectStatus(cancelled, 200);
  });

  it('needs a one-time code for every repeating schedule, whatever its amount, and none for a small one-off', async () => {
    const payer = await merchant(50_000n);
    const payee = await merchant();
    const start_date = addDays(today(), 1);
    // The case: a 1.00 EUR monthly payment with no end date was stored without a code while a single
    // 125.00 EUR payment needed one.
    for (const frequency of ['daily', 'weekly', 'monthly', 'yearly'] as const) {
      const refused = await createWithoutCode(payer, {
        ...scheduleBody(payee),
        amount_minor: '100',
        frequency,
        start_date,
      });
      expectStatus(refused, 403);
      expect(refused.body.error.code).toBe('step_up_required');
    }
    expect(await storedFor(payer.merchantId)).toBe(0);

    const small = await createWithoutCode(payer, { ...scheduleBody(payee), amount_minor: '100', start_date });
    expectStatus(small, 201);
    const monthly = await create(payer, {
      ...scheduleBody(payee),
      amount_minor: '100',
      frequency: 'monthly',
      start_date,
    });
    expectStatus(monthly, 201);
    expect(await storedFor(payer.merchantId)).toBe(2);
    for (const id of [small.body.id, monthly.body.id]) {
      const cancelled = await api(server.app, 'POST', '/api/merchants/scheduled_payments/{id}/cancel/', {
        params: { id },
        token: payer.token,
      });
      expectStatus(cancelled, 200);
    }
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const payer = await merchant(10_000n);
    const payee = await merchant();
    const cases: [Record<string, unknown>, 400 | 404 | 422][] = [
      [{ start_date: addDays(today(), -1) }, 400],
      [{ frequency: 'monthly', start_date: addDays(today(), 5), end_date: addDays(today(), 4) }, 400],
      [{ frequency: 'once', end_date: addDays(today(), 4) }, 400],
      [{ frequency: 'fortnightly' }, 400],
      [{ amount_minor: '0' }, 400],
      [{ amount_minor: '-5' }, 400],
      [{ amount_minor: '10.5' }, 400],
      [{ start_date: '2027-02-30' }, 400],
      [{ account_type: 'xyz' }, 404],
      [{ recipient: { wallet_tag: payer.tag } }, 422],
      [{ recipient: { wallet_tag: '@nobody-has-this-tag' } }, 404],
      [{ recipient: { iban: 'DE89370400440532013000', name: 'Jane Doe' } }, 400],
    ];
    for (const [extra, status] of cases) {
      const response = await scheduleWithBadInput(payer, payee, extra);
      expectStatus(response, status, JSON.stringify(extra));
      expect(response.body.error.code).toBeTruthy();
    }
    expect(await storedFor(payer.merchantId)).toBe(0);
  });

  it('lets a viewer read but not create or cancel; a merchant not approved gets 403', async () => {
    const payer = await merchant(10_000n);
    const payee = await merchant();
    const viewer = await employeeToken(server, payer.merchantId, 'viewer');
    const refused = await schedule(payer, payee, {});
    expectStatus(refused, 201);
    const byViewer = await create(
      payer,
      {
        account_type: 'eur',
        recipient: { wallet_tag: payee.tag },
        amount_minor: '100',
        frequency: 'once',
        start_date: today(),
      },
      viewer,
    );
    expectStatus(byViewer, 403);
    expect(
      (await api(server.app, 'GET', '/api/merchants/scheduled_payments/', { token: viewer })).status,
    ).toBe(200);
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/scheduled_payments/{id}/cancel/', {
          params: { id: refused.body.id },
          token: viewer,
        })
      ).status,
    ).toBe(403);
    expect(await storedFor(payer.merchantId)).toBe(1);
    // Cancelled, so that later job runs leave it alone.
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/scheduled_payments/{id}/cancel/', {
          params: { id: refused.body.id },
          token: payer.token,
        })
      ).status,
    ).toBe(200);

    const pending = await merchantWithAccount(server, { status: 'in_review' });
    const notApproved = await api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
      token: pending.token,
      headers: { 'idempotency-key': newKey() },
      body: {
        account_type: 'eur',
        recipient: { wallet_tag: payee.tag },
        amount_minor: '100',
        frequency: 'once',
        start_date: today(),
      },
    });
    expectStatus(notApproved, 403);
    expect(await storedFor(pending.merchantId)).toBe(0);
    expect((await api(server.app, 'GET', '/api/merchants/scheduled_payments/')).status).toBe(401);
  });
});

describe('the job', () => {
  it('pays due occurrences once, however often or concurrently it runs, and completes after the end date', async () => {
    const payer = await merchant(10_000n);
    const payee = await merchant();
    const created = await schedule(payer, payee, {
      frequency: 'daily',
      end_date: addDays(today(), 1),
      amount_minor: '1500',
      note: 'Daily beans',
    });
    expectStatus(created, 201);
    const id = created.body.id;

    await runDueScheduledPayments(server.db, noon(today()));
    await runDueScheduledPayments(server.db, noon(today()));
    // Overlapping runs (on PostgreSQL truly concurrent, over the pool's connections).
    await Promise.all([1, 2, 3, 4].map(() => runDueScheduledPayments(server.db, noon(today()))));
    expect(await balanceOf(payer.accountId)).toBe(8_500n);
    expect(await balanceOf(payee.accountId)).toBe(1_500n);
    let shown = await detail(payer, id);
    expect(shown).toMatchObject({ status: 'active', next_run_date: addDays(today(), 1), run_count: 1 });
    expect(shown.runs).toHaveLength(1);
    expect(shown.runs[0]).toMatchObject({ occurrence_date: today(), outcome: 'paid', failure_reason: null });
    const transfer = await server.db
      .selectFrom('transfers')
      .selectAll()
      .where('id', '=', shown.runs[0]?.transfer_id ?? '')
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({
      idempotency_key: occurrenceKey(id, today()),
      type: 'account_to_account',
      status: 'completed',
      note: 'Daily beans',
    });
    expect(transfer.amount_minor).toBe(1_500n);
    // The payer sees it among its transactions.
    const txs = await api(server.app, 'GET', '/api/merchants/transactions/', { token: payer.token });
    expectStatus(txs, 200);
    expect(txs.body.items.some((t) => t.id === transfer.id)).toBe(true);

    const tomorrow = noon(addDays(today(), 1));
    await Promise.all([
      runDueScheduledPayments(server.db, tomorrow),
      runDueScheduledPayments(server.db, tomorrow),
    ]);
    shown = await detail(payer, id);
    expect(shown).toMatchObject({ status: 'completed', next_run_date: null, run_count: 2 });
    await runDueScheduledPayments(server.db, noon(addDays(today(), 5)));
    expect(await balanceOf(payer.accountId)).toBe(7_000n);
    expect(await balanceOf(payee.accountId)).toBe(3_000n);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
  });

  it('records a run the balance does not cover as failed, moves no money, and goes on to the next one', async () => {
    const payer = await merchant(500n);
    const payee = await merchant();
    const created = await schedule(payer, payee, {
      frequency: 'daily',
      end_date: addDays(today(), 1),
      amount_minor: '1000',
    });
    expectStatus(created, 201);
    const id = created.body.id;
    const before = await ledgerSnapshot(server.db);
    await runDueScheduledPayments(server.db, noon(today()));
    const after = await ledgerSnapshot(server.db);
    expect(after.balances).toEqual(before.balances);
    expect(after.transfers).toBe(before.transfers);
    let shown = await detail(payer, id);
    expect(shown.runs).toEqual([
      expect.objectContaining({
        occurrence_date: today(),
        outcome: 'failed',
        transfer_id: null,
        failure_reason: insufficientFundsMessage,
      }),
    ]);
    // No retry of the failed occurrence: the next one runs as usual, and pays once there is money.
    expect(shown).toMatchObject({ status: 'active', next_run_date: addDays(today(), 1) });
    await fund(server.db, payer.accountId, 1_000n);
    await runDueScheduledPayments(server.db, noon(addDays(today(), 1)));
    shown = await detail(payer, id);
    expect(shown.status).toBe('completed');
    expect(shown.runs.map((r: { outcome: string }) => r.outcome)).toEqual(['failed', 'paid']);
    expect(await balanceOf(payer.accountId)).toBe(500n);
    expect(await balanceOf(payee.accountId)).toBe(1_000n);
  });

  it('does not pay a cancelled schedule', async () => {
    const payer = await merchant(10_000n);
    const payee = await merchant();
    const created = await schedule(payer, payee, { amount_minor: '700' });
    expectStatus(created, 201);
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/scheduled_payments/{id}/cancel/', {
          params: { id: created.body.id },
          token: payer.token,
        })
      ).status,
    ).toBe(200);
    await runDueScheduledPayments(server.db, noon(addDays(today(), 3)));
    expect(await balanceOf(payer.accountId)).toBe(10_000n);
    expect((await detail(payer, created.body.id)).runs).toEqual([]);
  });

  it('runs through the sandbox endpoint, and monthly on the 31st runs on the last day of shorter months', async () => {
    const payer = await merchant(100_000n);
    const payee = await merchant();
    const created = await schedule(payer, payee, {
      frequency: 'monthly',
      start_date: '2099-01-31',
      end_date: '2099-04-15',
      amount_minor: '1000',
    });
    expectStatus(created, 201);
    const id = created.body.id;
    const run = (now: string) =>
      api(server.app, 'POST', '/api/sandbox/scheduled_payments/run/', { body: { now } });
    expect(bodyOf(await run('2099-01-30T23:59:59Z'), 200).paid).toBe(0);
    const first = await run('2099-01-31T08:00:00Z');
    expectStatus(first, 200);
    expect(first.body.paid).toBe(1);
    expect(bodyOf(await run('2099-01-31T08:00:00Z'), 200).paid).toBe(0);
    expect((await detail(payer, id)).next_run_date).toBe('2099-02-28');
    await run('2099-02-28T08:00:00Z');
    expect((await detail(payer, id)).next_run_date).toBe('2099-03-31');
    await run('2099-03-31T08:00:00Z');
    const shown = await detail(payer, id);
    // April 30 is after the end date: completed.
    expect(shown).toMatchObject({ status: 'completed', next_run_date: null, run_count: 3 });
    expect(shown.runs.map((r: { occurrence_date: string }) => r.occurrence_date)).toEqual([
      '2099-01-31',
      '2099-02-28',
      '2099-03-31',
    ]);
    expect(await balanceOf(payee.accountId)).toBe(3_000n);
  });
});
