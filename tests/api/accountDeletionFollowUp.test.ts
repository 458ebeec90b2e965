import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/audit/auditTrail';
import { completeDeletionTask, deletionTasks } from '../../server/billing/deletionFollowUp';
import { postTransfer, systemAccount } from '../../server/ledger';
import { api, apiWithBadInput, expectStatus } from './client';
import { startTestServer, type TestServer } from './harness';
import { fund, merchantWithAccount, newKey, type MoneyMerchant } from './money';
import { plusMs, runBillingAt } from './plans';
import { stepUpHeaders, stepUpToken } from './stepUp';
import { auditAfter, lastAuditId } from './auditEntries';
import { insertStaff, signInStaff } from './staffHelpers';
import { databaseDigest } from './tableDigest';

/*
 * The follow-up of an account deletion by the bank's operations (schemas/deletionFollowUp.schema.ts): the open tasks,
 * oldest first, with the merchant and the request behind each (date, payout IBAN, reason, what blocks it), and a
 * staff member completing one with a note, on the audit trail. Done twice is 409; bad input changes nothing; a due
 * deletion still blocked reopens its task. First the domain functions, then the same through
 * /api/back-office/account-deletions/ with the roles of the area (operations or an admin; never a reviewer, never a
 * merchant's token). Real server, real database.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const origin = { ip: '203.0.113.9', userAgent: 'DeletionFollowUpTest/1.0' };
/** An IBAN at another (German) bank, mod-97 valid. */
const payoutIban = 'DE89370400440532013000';

async function merchant(funds: bigint): Promise<MoneyMerchant> {
  const m = await merchantWithAccount(server);
  if (funds > 0n) await fund(server.db, m.accountId, funds);
  return m;
}

/** Asks for the account's deletion (on Free: effective now) and answers the request. */
async function requestDeletion(me: MoneyMerchant, reason?: string) {
  const grant = await stepUpToken(server, me.token, 'account_deletion');
  const response = await api(server.app, 'POST', '/api/merchants/accounts/delete_request/', {
    token: me.token,
    body: { payout_iban: payoutIban, ...(reason ? { reason } : {}) },
    headers: stepUpHeaders(grant),
  });
  expectStatus(response, 201);
  return response.body;
}

async function taskIdOf(merchantId: string): Promise<string> {
  const row = await server.db
    .selectFrom('representative_tasks')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function taskRow(id: string) {
  return server.db
    .selectFrom('representative_tasks')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Pays the whole balance out to another bank, as operations would. */
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

describe('the open follow-ups', () => {
  it('lists open tasks oldest first, with the merchant and the request behind each', async () => {
    const first = await merchant(5000n);
    const second = await merchant(0n);
    const firstDeletion = await requestDeletion(first, 'Moving to another bank');
    const secondDeletion = await requestDeletion(second);

    const { items } = await deletionTasks(server.db);
    const ids = items.map((item) => item.merchant.id);
    expect(ids.indexOf(first.merchantId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.merchantId)).toBeLessThan(ids.indexOf(second.merchantId));
    const created = items.map((item) => item.created_at);
    expect(created).toEqual([...created].sort());
    expect(items.every((item) => item.status === 'open')).toBe(true);

    const task = items.find((item) => item.merchant.id === first.merchantId);
    expect(task).toMatchObject({
      kind: 'account_deletion',
      status: 'open',
      completed: null,
      deletion: {
        id: firstDeletion.id,
        status: 'scheduled',
        payout_iban: payoutIban,
        reason: 'Moving to another bank',
        blockers: ['balance'],
      },
    });
    expect(task?.merchant.name).toMatch(/^Test Merchant/);
    expect(items.find((item) => item.merchant.id === second.merchantId)?.deletion).toMatchObject({
      id: secondDeletion.id,
      reason: null,
      blockers: [],
    });
  });
});

describe('completing a follow-up', () => {
  it('marks it done with the note, takes it off the list, and writes one staff entry', async () => {
    const me = await merchant(2500n);
    const deletion = await requestDeletion(me);
    const operator = await insertStaff(server, 'operations', { name: 'Kostas Operations' });
    const taskId = await taskIdOf(me.merchantId);
    const before = await lastAuditId(server);

    const done = await completeDeletionTask(
      server.db,
      taskId,
      { note: '  Paid out EUR 25.00 to the IBAN given; called the owner.  ' },
      { staffId: operator.staffId },
      origin,
    );
    expect(done).toMatchObject({
      id: taskId,
      status: 'done',
      completed: {
        staff_id: operator.staffId,
        name: 'Kostas Operations',
        note: 'Paid out EUR 25.00 to the IBAN given; called the owner.',
      },
    });
    expect((await deletionTasks(server.db)).items.map((item) => item.id)).not.toContain(taskId);

    const entries = await auditAfter(server, before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      realm: 'staff',
      actor_user_id: operator.staffId,
      merchant_id: me.merchantId,
      action: 'account_deletion.task_done',
      subject: `representative_task:${taskId}`,
      details: { deletion_id: deletion.id, note: 'Paid out EUR 25.00 to the IBAN given; called the owner.' },
      ip: origin.ip,
      user_agent: origin.userAgent,
    });
    expect((await verifyAuditChain(server.db)).ok).toBe(true);
  });

  it('is done once: a second completion, by anyone, is 409 and changes nothing', async () => {
    const me = await merchant(0n);
    await requestDeletion(me);
    const operator = await insertStaff(server, 'operations');
    const admin = await insertStaff(server, 'admin');
    const taskId = await taskIdOf(me.merchantId);
    await completeDeletionTask(server.db, taskId, { note: 'Checked, nothing left.' }, operator, origin);

    const before = await databaseDigest(server.db);
    for (const staff of [operator, admin]) {
      await expect(
        completeDeletionTask(server.db, taskId, { note: 'Again' }, staff, origin),
      ).rejects.toMatchObject({ code: 'conflict', statusCode: 409, details: { status: 'done' } });
    }
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('refuses a blank note and an unknown task, leaving no trace', async () => {
    const me = await merchant(0n);
    await requestDeletion(me);
    const operator = await insertStaff(server, 'operations');
    const taskId = await taskIdOf(me.merchantId);
    const before = await databaseDigest(server.db);

    await expect(
      completeDeletionTask(server.db, taskId, { note: '   ' }, operator, origin),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      statusCode: 400,
      fields: { note: expect.any(String) },
    });
    await expect(
      completeDeletionTask(server.db, crypto.randomUUID(), { note: 'Done' }, operator, origin),
    ).rejects.toMatchObject({ code: 'not_found', statusCode: 404 });
    expect(await databaseDigest(server.db)).toEqual(before);
    expect((await taskRow(taskId)).status).toBe('open');
  });

  it('a withdrawn deletion closes its task without a note; completing it then is 409', async () => {
    const me = await merchant(0n);
    await requestDeletion(me);
    const taskId = await taskIdOf(me.merchantId);
    const withdrawn = await api(server.app, 'DELETE', '/api/merchants/accounts/delete_request/', {
      token: me.token,
    });
    expectStatus(withdrawn, 200);
    expect(await taskRow(taskId)).toMatchObject({ status: 'done', completed_by: null, note: null });
    const operator = await insertStaff(server, 'operations');
    await expect(
      completeDeletionTask(server.db, taskId, { note: 'Too late' }, operator, origin),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it('a due deletion still blocked reopens the task; once paid out and completed, the note stays', async () => {
    const me = await merchant(4000n);
    const deletion = await requestDeletion(me);
    const operator = await insertStaff(server, 'operations');
    const taskId = await taskIdOf(me.merchantId);

    // Marked done while the money is still there: the billing job finds the deletion blocked and reopens it.
    await completeDeletionTask(server.db, taskId, { note: 'Will pay out tomorrow.' }, operator, origin);
    await runBillingAt(server, plusMs(deletion.effective_at, 60_000));
    expect(await taskRow(taskId)).toMatchObject({
      status: 'open',
      completed_by: null,
      completed_at: null,
      note: null,
    });
    expect((await deletionTasks(server.db)).items.map((item) => item.id)).toContain(taskId);

    await payOut(me, 4000n);
    await completeDeletionTask(server.db, taskId, { note: 'Paid out EUR 40.00.' }, operator, origin);
    await runBillingAt(server, plusMs(deletion.effective_at, 120_000));
    const account = await server.db
      .selectFrom('account_deletions')
      .select('status')
      .where('id', '=', deletion.id)
      .executeTakeFirstOrThrow();
    expect(account.status).toBe('completed');
    expect(await taskRow(taskId)).toMatchObject({
      status: 'done',
      completed_by: operator.staffId,
      note: 'Paid out EUR 40.00.',
      payload: { outcome: 'completed' },
    });
  });
});

describe('the back office’s endpoints (area account-deletions)', () => {
  const tasksUrl = '/api/back-office/account-deletions/tasks/' as const;
  const doneUrl = '/api/back-office/account-deletions/tasks/{id}/done/' as const;

  it('operations read the open tasks and complete one with a note; done twice is 409', async () => {
    const me = await merchant(1500n);
    await requestDeletion(me, 'Closing the shop');
    const taskId = await taskIdOf(me.merchantId);
    const operator = await signInStaff(server, 'operations');

    const list = await api(server.app, 'GET', tasksUrl, { headers: operator.headers });
    expectStatus(list, 200);
    expect(list.body.items.find((item) => item.id === taskId)).toMatchObject({
      merchant: { id: me.merchantId },
      deletion: { reason: 'Closing the shop', blockers: ['balance'] },
    });

    const before = await lastAuditId(server);
    const done = await api(server.app, 'POST', doneUrl, {
      params: { id: taskId },
      body: { note: 'Paid out EUR 15.00.' },
      headers: { ...operator.headers, 'user-agent': 'BackOffice/1.0' },
      ip: '198.51.100.45',
    });
    expectStatus(done, 200);
    expect(done.body).toMatchObject({
      status: 'done',
      completed: { staff_id: operator.staffId, note: 'Paid out EUR 15.00.' },
    });
    const entries = await auditAfter(server, before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      realm: 'staff',
      actor_user_id: operator.staffId,
      action: 'account_deletion.task_done',
      ip: '198.51.100.45',
      user_agent: 'BackOffice/1.0',
    });

    const twice = await api(server.app, 'POST', doneUrl, {
      params: { id: taskId },
      body: { note: 'Again' },
      headers: operator.headers,
    });
    expectStatus(twice, 409);
    expect(twice.body.error.code).toBe('conflict');
  });

  it('bad input: 400 with the field, an unknown task 404, and nothing written', async () => {
    const me = await merchant(0n);
    await requestDeletion(me);
    const taskId = await taskIdOf(me.merchantId);
    const admin = await signInStaff(server, 'admin');
    const before = await databaseDigest(server.db);
    for (const body of [{}, { note: '   ' }, { note: 'x'.repeat(1001) }, { note: 42 }]) {
      const response = await apiWithBadInput(server.app, 'POST', doneUrl, {
        params: { id: taskId },
        body,
        headers: admin.headers,
      });
      expectStatus(response, 400);
      expect(response.body.error.fields).toHaveProperty('note');
    }
    const badId = await apiWithBadInput(server.app, 'POST', doneUrl, {
      params: { id: 'nope' },
      body: { note: 'Done' },
      headers: admin.headers,
    });
    expectStatus(badId, 400);
    const unknown = await api(server.app, 'POST', doneUrl, {
      params: { id: crypto.randomUUID() },
      body: { note: 'Done' },
      headers: admin.headers,
    });
    expectStatus(unknown, 404);
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('a reviewer may not read or complete them (403), a merchant’s token opens none (401), nothing written', async () => {
    const me = await merchant(0n);
    await requestDeletion(me);
    const taskId = await taskIdOf(me.merchantId);
    const reviewer = await signInStaff(server, 'reviewer');
    const before = await databaseDigest(server.db);
    for (const [headers, status] of [
      [reviewer.headers, 403],
      [{ authorization: `Bearer ${me.token}` }, 401],
    ] as const) {
      expectStatus(await api(server.app, 'GET', tasksUrl, { headers }), status);
      const done = await api(server.app, 'POST', doneUrl, {
        params: { id: taskId },
        body: { note: 'Done' },
        headers,
      });
      expectStatus(done, status);
    }
    expect(await databaseDigest(server.db)).toEqual(before);
    expect((await taskRow(taskId)).status).toBe('open');
  });
});
