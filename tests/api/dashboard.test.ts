import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceHistoryDays, type HomeOverviewResponse } from '../../schemas/home.schema';
import { scheduleNeedsCode } from '../../schemas/scheduledPayments.schema';
import { assignWalletTag } from '../../server/accounts';
import { ledgerInvariants, postTransfer, systemAccount } from '../../server/ledger';
import { utcDate } from '../../server/payments/scheduledPayments';
import { orderCard } from './cards';
import { api, expectStatus, type JsonBodyOf } from './client';
import { startTestServer, type TestServer } from './harness';
import { stepUpHeaders, stepUpToken } from './stepUp';
import {
  employeeToken,
  expectHealthy,
  fund,
  incoming,
  merchantWithAccount,
  newKey,
  type MoneyMerchant,
} from './money';

// The dashboard's parts of GET /api/merchants/home/overview/ (SPEC §2 /dashboard): cashback earned, the next
// scheduled payments, and the welcome checklist that ticks itself from the merchant's data.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Frequency = JsonBodyOf<'POST', '/api/merchants/scheduled_payments/'>['frequency'];

async function overview(token: string): Promise<HomeOverviewResponse> {
  const response = await api(server.app, 'GET', '/api/merchants/home/overview/', { token });
  expectStatus(response, 200);
  return response.body;
}

const checklist = (body: HomeOverviewResponse) =>
  Object.fromEntries((body.welcome_checklist ?? []).map(({ item, done }) => [item, done]));

type Tagged = MoneyMerchant & { tag: string };
async function tagged(funding = 0n): Promise<Tagged> {
  const m = await merchantWithAccount(server);
  if (funding > 0n) await fund(server.db, m.accountId, funding);
  return { ...m, tag: await assignWalletTag(server.db, m.merchantId) };
}

/** A cashback credit as the monthly payout posts it (server/cards/cashback.ts): from the bank to the merchant. */
async function payCashback(accountId: string, amount: bigint) {
  await postTransfer(server.db, {
    type: 'cashback',
    status: 'completed',
    amountMinor: amount,
    currency: 'EUR',
    debitAccountId: await systemAccount(server.db, 'EUR', 'fees'),
    creditAccountId: accountId,
    counterpartyName: 'Tameio cashback',
    idempotencyKey: newKey('cashback'),
  });
}

describe('cashback', () => {
  it('is zero per account currency until cashback is paid, then the sum of the completed cashback credits', async () => {
    const m = await merchantWithAccount(server);
    expect((await overview(m.token)).cashback).toEqual([{ amount_minor: '0', currency: 'EUR' }]);

    await fund(server.db, m.accountId, 50_000n);
    await payCashback(m.accountId, 125n);
    await payCashback(m.accountId, 75n);
    // Another merchant's cashback is not ours.
    const other = await merchantWithAccount(server);
    await payCashback(other.accountId, 9_999n);

    const body = await overview(m.token);
    expect(body.cashback).toEqual([{ amount_minor: '200', currency: 'EUR' }]);
    expect(body.total_balance).toEqual([{ amount_minor: '50200', currency: 'EUR' }]);
    // The credit shows in the latest transfers with its own type.
    expect(body.latest_transactions[0]).toMatchObject({
      type: 'cashback',
      direction: 'in',
      status: 'completed',
    });
    expect((await overview(other.token)).cashback).toEqual([{ amount_minor: '9999', currency: 'EUR' }]);
    expectHealthy(await ledgerInvariants(server.db));
  });

  it('is an empty list for a merchant without accounts', async () => {
    const m = await merchantWithAccount(server);
    await server.db.deleteFrom('ledger_accounts').where('id', '=', m.accountId).execute();
    const body = await overview(m.token);
    expect(body.cashback).toEqual([]);
    expect(body.total_balance).toEqual([]);
  });
});

describe('latest transactions', () => {
  it('show what left the account, fee included, as the transaction list and detail do', async () => {
    const m = await merchantWithAccount(server);
    await fund(server.db, m.accountId, 50_000n);
    await postTransfer(server.db, {
      type: 'bank_transfer',
      status: 'completed',
      amountMinor: 30_000n,
      feeMinor: 50n,
      currency: 'EUR',
      debitAccountId: m.accountId,
      creditAccountId: await systemAccount(server.db, 'EUR', 'clearing'),
      counterpartyName: 'Olive Press SA',
      counterpartyIban: 'DE89370400440532013000',
      idempotencyKey: newKey('fee'),
    });
    const latest = (await overview(m.token)).latest_transactions[0];
    expect(latest).toMatchObject({ direction: 'out', amount: { amount_minor: '30050', currency: 'EUR' } });
    const detail = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      token: m.token,
      params: { id: latest?.id ?? '' },
    });
    expectStatus(detail, 200);
    expect(detail.body.total).toEqual(latest?.amount);
    expectHealthy(await ledgerInvariants(server.db));
  });
});

describe('scheduled payments', () => {
  const addDays = (days: number) => utcDate(new Date(Date.now() + days * 86_400_000));

  it('lists the next three active ones, soonest first, with recipient, amount, frequency and next run', async () => {
    const payer = await tagged(100_000n);
    const payee = await tagged();
    expect((await overview(payer.token)).scheduled_payments).toEqual([]);

    // A repeating schedule needs a one-time code (scheduleNeedsCode): each gets a fresh grant.
    const create = async (startInDays: number, frequency: Frequency, amount: string) =>
      api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
        token: payer.token,
        headers: {
          'idempotency-key': newKey(),
          ...(scheduleNeedsCode(frequency)
            ? stepUpHeaders(await stepUpToken(server, payer.token, 'send_money'))
            : {}),
        },
        body: {
          account_type: 'eur',
          recipient: { wallet_tag: payee.tag },
          amount_minor: amount,
          frequency,
          start_date: addDays(startInDays),
        },
      });
    const ids: string[] = [];
    for (const [days, frequency, amount] of [
      [9, 'monthly', '400'],
      [2, 'weekly', '200'],
      [1, 'once', '100'],
      [5, 'yearly', '300'],
    ] as const) {
      const created = await create(days, frequency, amount);
      expectStatus(created, 201);
      ids.push(created.body.id);
    }
    // A cancelled one never shows, even if it would be the soonest.
    const cancelled = await create(0, 'daily', '50');
    expectStatus(cancelled, 201);
    const cancel = await api(server.app, 'POST', '/api/merchants/scheduled_payments/{id}/cancel/', {
      params: { id: cancelled.body.id },
      token: payer.token,
    });
    expectStatus(cancel, 200);

    const body = await overview(payer.token);
    expect(body.scheduled_payments).toEqual([
      {
        id: ids[2],
        recipient: { wallet_tag: payee.tag, name: expect.any(String) },
        amount: { amount_minor: '100', currency: 'EUR' },
        frequency: 'once',
        next_run_date: addDays(1),
      },
      expect.objectContaining({ id: ids[1], frequency: 'weekly', next_run_date: addDays(2) }),
      expect.objectContaining({ id: ids[3], frequency: 'yearly', next_run_date: addDays(5) }),
    ]);
    // The payee schedules nothing.
    expect((await overview(payee.token)).scheduled_payments).toEqual([]);
  });
});

describe('welcome checklist', () => {
  it('starts unticked and ticks top_up by itself after an incoming bank transfer through the sandbox', async () => {
    const m = await merchantWithAccount(server);
    const first = await overview(m.token);
    expect(first.welcome_checklist?.map((i) => i.item)).toEqual(['top_up', 'pick_plan', 'create_card']);
    expect(checklist(first)).toEqual({ top_up: false, pick_plan: false, create_card: false });

    const response = await incoming(server, {
      iban: m.iban,
      amount_minor: '2500',
      currency: 'EUR',
      sender_name: 'Alpha Foods SA',
    });
    expectStatus(response, 201);
    expect(checklist(await overview(m.token))).toEqual({
      top_up: true,
      pick_plan: false,
      create_card: false,
    });
  });

  it('does not count money from another Tameio wallet, or cashback, as a top-up', async () => {
    const payer = await tagged(10_000n);
    const payee = await merchantWithAccount(server);
    await postTransfer(server.db, {
      type: 'account_to_account',
      status: 'completed',
      amountMinor: 1_000n,
      currency: 'EUR',
      debitAccountId: payer.accountId,
      creditAccountId: payee.accountId,
      counterpartyName: 'Payer',
      idempotencyKey: newKey('wallet'),
    });
    await payCashback(payee.accountId, 10n);
    expect(checklist(await overview(payee.token)).top_up).toBe(false);
    // The payer was funded from the external rails: topped up.
    expect(checklist(await overview(payer.token)).top_up).toBe(true);
  });

  it('shows every part to a viewer, and none of the dashboard parts to an employee (SPEC §6)', async () => {
    const m = await merchantWithAccount(server);
    const viewer = await overview(await employeeToken(server, m.merchantId, 'viewer'));
    expect(viewer.cashback).toEqual([{ amount_minor: '0', currency: 'EUR' }]);
    expect(viewer.scheduled_payments).toEqual([]);
    expect(checklist(viewer)).toEqual({ top_up: false, pick_plan: false, create_card: false });

    const employee = await overview(await employeeToken(server, m.merchantId, 'employee'));
    expect(employee.total_balance).toEqual([{ amount_minor: '0', currency: 'EUR' }]);
    expect(employee.cashback).toBeNull();
    expect(employee.scheduled_payments).toBeNull();
    expect(employee.welcome_checklist).toBeNull();
  });
});

describe('balance history and what needs attention', () => {
  const day = (offset: number) => utcDate(new Date(Date.now() + offset * 86_400_000));

  it('gives the booked balance at the end of each of the last 30 days, today last, from the ledger', async () => {
    const m = await tagged();
    const empty = await overview(m.token);
    expect(empty.balance_history).toHaveLength(1);
    const [eur] = empty.balance_history!;
    expect(eur!.currency).toBe('EUR');
    expect(eur!.points).toHaveLength(balanceHistoryDays);
    expect(eur!.points.at(-1)!.date).toBe(day(0));
    expect(eur!.points[0]!.date).toBe(day(-(balanceHistoryDays - 1)));
    expect(new Set(eur!.points.map((point) => point.balance_minor))).toEqual(new Set(['0']));

    // 500.00 EUR posted three days ago (moved back in time as the ledger would have booked it), 120.00 EUR today.
    await fund(server.db, m.accountId, 50_000n);
    await server.db
      .updateTable('ledger_entries')
      .set({ created_at: new Date(Date.now() - 3 * 86_400_000) })
      .where('account_id', '=', m.accountId)
      .execute();
    await fund(server.db, m.accountId, 12_000n);
    const points = (await overview(m.token)).balance_history![0]!.points;
    const at = (offset: number) => points.find((point) => point.date === day(offset))!.balance_minor;
    expect([at(-4), at(-3), at(-1), at(0)]).toEqual(['0', '50000', '50000', '62000']);
    expect(BigInt(at(0))).toBe(BigInt((await overview(m.token)).total_balance[0]!.amount_minor));
  });

  it('counts requests to answer, payments due within 7 days and frozen cards; an employee gets none', async () => {
    const m = await tagged(100_000n);
    const other = await tagged(100_000n);
    expect((await overview(m.token)).needs_attention).toEqual({
      requests_to_answer: 0,
      scheduled_this_week: 0,
      cards_frozen: 0,
    });

    const asked = await api(server.app, 'POST', '/api/merchants/request_money/', {
      token: other.token,
      body: { wallet_tag: m.tag, amount_minor: '100', currency: 'EUR' },
      headers: { 'idempotency-key': newKey('request') },
    });
    expectStatus(asked, 201);
    for (const [startInDays, key] of [
      [6, 'soon'],
      [8, 'later'],
    ] as const) {
      const scheduled = await api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
        token: m.token,
        headers: { 'idempotency-key': newKey(key) },
        body: {
          account_type: 'eur',
          recipient: { wallet_tag: other.tag },
          amount_minor: '100',
          frequency: 'once',
          start_date: day(startInDays),
        },
      });
      expectStatus(scheduled, 201);
    }
    const { card } = await orderCard(server, m);
    const frozen = await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
      params: { id: card.id, action: 'freeze' },
      token: m.token,
    });
    expectStatus(frozen, 200);

    // The request is the payee's to answer, not the requester's; the payment in 8 days is not this week's.
    expect((await overview(m.token)).needs_attention).toEqual({
      requests_to_answer: 1,
      scheduled_this_week: 1,
      cards_frozen: 1,
    });
    expect((await overview(other.token)).needs_attention).toMatchObject({ requests_to_answer: 0 });

    const employee = await overview(await employeeToken(server, m.merchantId, 'employee'));
    expect(employee.needs_attention).toBeNull();
    expect(employee.balance_history).toBeNull();
  });
});
