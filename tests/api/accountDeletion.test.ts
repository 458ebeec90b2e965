import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTransfer, systemAccount } from '../../server/ledger';
import { orderCard, virtualCart } from './cards';
import { api, apiWithBadInput, expectStatus, type JsonBodyOf } from './client';
import { readOutbox, startTestServer, type TestServer } from './harness';
import { employeeToken, fund, merchantWithAccount, newKey, type MoneyMerchant } from './money';
import { buyPlan, deleteRequestUrl, periodEndOf, plusMs, runBillingAt, validAnswers } from './plans';
import { stepUpHeaders, stepUpToken } from './stepUp';
import { databaseDigest } from './tableDigest';

// Leaving (SPEC §4: an account deletion request is effective at the end of the billing period and a
// representative follows up): a fresh one-time code, the payout IBAN, the blockers, the representative's task, withdraw,
// and completion by the billing job only once nothing blocks it.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** An IBAN at another (German) bank, mod-97 valid. */
const payoutIban = 'DE89370400440532013000';

async function merchant(funds: bigint): Promise<MoneyMerchant> {
  const m = await merchantWithAccount(server);
  if (funds > 0n) await fund(server.db, m.accountId, funds);
  return m;
}

async function requestDeletion(
  me: MoneyMerchant,
  body: JsonBodyOf<'POST', typeof deleteRequestUrl> = { payout_iban: payoutIban },
) {
  const grant = await stepUpToken(server, me.token, 'account_deletion');
  return api(server.app, 'POST', '/api/merchants/accounts/delete_request/', {
    token: me.token,
    body,
    headers: stepUpHeaders(grant),
  });
}

async function tasksOf(merchantId: string) {
  const response = await api(server.app, 'GET', '/api/sandbox/representative_tasks/', {
    query: { merchant_id: merchantId },
  });
  expectStatus(response, 200);
  return response.body.items;
}

/** Pays the whole balance out to another bank, as the representative would. */
async function payOut(me: MoneyMerchant, amount: bigint): Promise<void> {
  await postTransfer(server.db, {
    type: 'bank_transfer',
    status: 'completed',
    amountMinor: amount,
    currency: 'EUR',
    debitAccountId: me.accountId,
    creditAccountId: await systemAccount(server.db, 'EUR', 'external'),
    counterpartyName: 'Payout on account closure',
    counterpartyIban: payoutIban,
    idempotencyKey: newKey('payout'),
  });
}

const merchantStatus = async (merchantId: string) =>
  (
    await server.db
      .selectFrom('merchants')
      .select('status')
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow()
  ).status;

describe('account deletion', () => {
  it('needs a fresh one-time code: without one 403 and nothing changed', async () => {
    const me = await merchant(5000n);
    const before = await databaseDigest(server.db);
    const response = await api(server.app, 'POST', '/api/merchants/accounts/delete_request/', {
      token: me.token,
      body: { payout_iban: payoutIban },
    });
    expectStatus(response, 403);
    expect(response.body.error.code).toBe('step_up_required');
    expect(await databaseDigest(server.db)).toEqual(before);
    // A grant for another purpose does not do either.
    const other = await stepUpToken(server, me.token, 'card_reveal');
    const before2 = await databaseDigest(server.db);
    const wrongPurpose = await api(server.app, 'POST', '/api/merchants/accounts/delete_request/', {
      token: me.token,
      body: { payout_iban: payoutIban },
      headers: stepUpHeaders(other),
    });
    expectStatus(wrongPurpose, 403);
    expect(await databaseDigest(server.db)).toEqual(before2);
  });

  it('on Free: effective now, blockers listed, a task for the representative, withdrawable', async () => {
    const me = await merchant(5000n);
    await orderCard(server, me, virtualCart);
    const response = await requestDeletion(me, {
      payout_iban: 'de89 3704 0044 0532 0130 00',
      reason: 'Moving on',
    });
    expectStatus(response, 201);
    expect(response.body).toMatchObject({
      status: 'scheduled',
      payout_iban: payoutIban,
      blockers: ['balance', 'active_card'],
    });
    expect(Math.abs(new Date(response.body.effective_at).getTime() - Date.now())).toBeLessThan(60_000);

    const shown = await api(server.app, 'GET', '/api/merchants/accounts/delete_request/', {
      token: me.token,
    });
    expectStatus(shown, 200);
    expect(shown.body).toMatchObject({ id: response.body.id, blockers: ['balance', 'active_card'] });

    const [task] = await tasksOf(me.merchantId);
    expect(task).toMatchObject({
      kind: 'account_deletion',
      status: 'open',
      payload: {
        deletion_id: response.body.id,
        payout_iban: payoutIban,
        reason: 'Moving on',
        blockers: ['balance', 'active_card'],
      },
    });
    expect((await readOutbox(server.app, me.email)).map((m) => m.subject)).toContain(
      'We received your request to delete your Tameio account',
    );

    const twice = await requestDeletion(me);
    expectStatus(twice, 409);
    expect(twice.body.error).toMatchObject({ code: 'deletion_state', details: { state: 'scheduled' } });

    const withdrawn = await api(server.app, 'DELETE', '/api/merchants/accounts/delete_request/', {
      token: me.token,
    });
    expectStatus(withdrawn, 200);
    expect(withdrawn.body).toMatchObject({ id: response.body.id, status: 'withdrawn' });
    expect(
      (await api(server.app, 'GET', '/api/merchants/accounts/delete_request/', { token: me.token })).status,
    ).toBe(404);
    expect(
      (await api(server.app, 'DELETE', '/api/merchants/accounts/delete_request/', { token: me.token }))
        .status,
    ).toBe(404);
    const [done] = await tasksOf(me.merchantId);
    expect(done).toMatchObject({ status: 'done', payload: { outcome: 'withdrawn' } });
    // Withdrawn, the billing job leaves the account alone.
    await runBillingAt(server, plusMs(new Date().toISOString(), 60_000));
    expect(await merchantStatus(me.merchantId)).toBe('approved');
  });

  it('completes only when nothing blocks it: then the merchant is closed and signed out', async () => {
    const me = await merchant(5000n);
    const response = await requestDeletion(me);
    expectStatus(response, 201);
    expect(response.body.blockers).toEqual(['balance']);

    const later = plusMs(new Date().toISOString(), 60_000);
    const blocked = await runBillingAt(server, later);
    expect(blocked.deletions_blocked).toBeGreaterThanOrEqual(1);
    expect(await merchantStatus(me.merchantId)).toBe('approved');
    const [task] = await tasksOf(me.merchantId);
    expect(task).toMatchObject({
      status: 'open',
      payload: { blockers: ['balance'], checked_at: later.toISOString() },
    });

    await payOut(me, 5000n);
    const done = await runBillingAt(server, plusMs(later.toISOString(), 60_000));
    expect(done.deletions_completed).toBeGreaterThanOrEqual(1);
    expect(await merchantStatus(me.merchantId)).toBe('closed');
    const [closed] = await tasksOf(me.merchantId);
    expect(closed).toMatchObject({ status: 'done', payload: { outcome: 'completed', blockers: [] } });
    expect((await readOutbox(server.app, me.email)).map((m) => m.subject)).toContain(
      'Your Tameio account has been deleted',
    );
    // Every session ended with it.
    const afterwards = await api(server.app, 'GET', '/api/merchants/plans/', { token: me.token });
    expectStatus(afterwards, 401);
  });

  it('on a paid plan: effective at the period’s end, blocked by the plan until it is cancelled', async () => {
    const me = await merchant(100_000n);
    const { order } = await buyPlan(server, me.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: false,
    });
    const end = periodEndOf(order);
    const response = await requestDeletion(me);
    expectStatus(response, 201);
    expect(response.body).toMatchObject({ effective_at: end, blockers: ['balance', 'active_plan'] });

    // Not due before the period's end.
    await runBillingAt(server, plusMs(end, -60_000));
    expect((await tasksOf(me.merchantId))[0]?.payload.checked_at).toBe(response.body.requested_at);

    expect(
      (await api(server.app, 'POST', '/api/merchants/plans/cancel/', { token: me.token, body: validAnswers }))
        .status,
    ).toBe(200);
    const shown = await api(server.app, 'GET', '/api/merchants/accounts/delete_request/', {
      token: me.token,
    });
    expectStatus(shown, 200);
    expect(shown.body.blockers).toEqual(['balance']);

    const left = (
      await server.db
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('id', '=', me.accountId)
        .executeTakeFirstOrThrow()
    ).balance_minor;
    await payOut(me, left);
    // At the period's end the plan becomes Free first, then the deletion completes in the same run.
    const run = await runBillingAt(server, plusMs(end, 1000));
    expect(run.deletions_completed).toBeGreaterThanOrEqual(1);
    expect(await merchantStatus(me.merchantId)).toBe('closed');
  });

  it('bad input: 400 with the field and nothing changed; employees and viewers: 403', async () => {
    const me = await merchant(0n);
    const grant = await stepUpToken(server, me.token, 'account_deletion');
    const before = await databaseDigest(server.db);
    const ownIban = (
      await server.db
        .selectFrom('ledger_accounts')
        .select('iban')
        .where('id', '=', me.accountId)
        .executeTakeFirstOrThrow()
    ).iban;
    const cases: [string, unknown, string[]][] = [
      ['no iban', {}, ['payout_iban']],
      ['too short', { payout_iban: 'DE89' }, ['payout_iban']],
      ['bad checksum', { payout_iban: 'DE89370400440532013001' }, ['payout_iban']],
      ['own account', { payout_iban: ownIban }, ['payout_iban']],
      ['oversized reason', { payout_iban: payoutIban, reason: 'x'.repeat(1001) }, ['reason']],
      ['unknown field', { payout_iban: payoutIban, when: 'now' }, ['body']],
    ];
    for (const [what, body, fields] of cases) {
      const response = await apiWithBadInput(server.app, 'POST', deleteRequestUrl, {
        token: me.token,
        body,
        headers: stepUpHeaders(grant),
      });
      expectStatus(response, 400, what);
      expect(response.body.error.code).toBe('validation_failed');
      expect(Object.keys(response.body.error.fields ?? {}), what).toEqual(fields);
      expect(JSON.stringify(response.body)).not.toMatch(/"stack"|\.ts:\d/);
    }
    for (const role of ['viewer', 'employee'] as const) {
      const token = await employeeToken(server, me.merchantId, role);
      const attempts = {
        GET: await api(server.app, 'GET', deleteRequestUrl, { token }),
        POST: await api(server.app, 'POST', deleteRequestUrl, { token, body: { payout_iban: payoutIban } }),
        DELETE: await api(server.app, 'DELETE', deleteRequestUrl, { token }),
      };
      for (const [method, response] of Object.entries(attempts)) {
        expectStatus(response, 403, `${role} ${method}`);
      }
    }
    // The employees signed in above wrote sessions; nothing else may differ.
    const after = await databaseDigest(server.db);
    for (const table of ['account_deletions', 'representative_tasks', 'step_up_grants', 'merchants']) {
      expect(after[table], table).toBe(before[table]);
    }
    // The grant was not spent by any refusal: it still works.
    const ok = await api(server.app, 'POST', '/api/merchants/accounts/delete_request/', {
      token: me.token,
      body: { payout_iban: payoutIban },
      headers: stepUpHeaders(grant),
    });
    expectStatus(ok, 201);
    expect(ok.body.blockers).toEqual([]);
  });
});
