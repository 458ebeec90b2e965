import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignWalletTag, ensureMerchantAccount } from '../../server/accounts';
import { ledgerInvariants } from '../../server/ledger';
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
  type MoneyMerchant,
} from './money';
import { stepUpHeaders, stepUpToken } from './stepUp';

let server: TestServer;

type Merchant = MoneyMerchant & { tag: string; name: string };

async function merchant(funding = 0n, status?: 'in_review'): Promise<Merchant> {
  const m = await merchantWithAccount(server, status ? { status } : {});
  if (funding > 0n) await fund(server.db, m.accountId, funding);
  const tag = status ? '' : await assignWalletTag(server.db, m.merchantId);
  const row = await server.db
    .selectFrom('merchants')
    .select('name')
    .where('id', '=', m.merchantId)
    .executeTakeFirstOrThrow();
  return { ...m, tag, name: row.name };
}

async function balanceOf(accountId: string): Promise<bigint> {
  const row = await server.db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_minor;
}

async function requestCount(): Promise<number> {
  const row = await server.db
    .selectFrom('money_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function ask(
  requester: Merchant,
  body: JsonBodyOf<'POST', '/api/merchants/request_money/'>,
  options: { key?: string; token?: string } = {},
) {
  return api(server.app, 'POST', '/api/merchants/request_money/', {
    token: options.token ?? requester.token,
    body,
    headers: { 'idempotency-key': options.key ?? newKey('request') },
  });
}

/** Deliberately bad input: a body of any shape, or no Idempotency-Key at all (`key` null). */
function askWithBadInput(requester: Merchant, body: unknown, key: string | null = newKey('request')) {
  return apiWithBadInput(server.app, 'POST', '/api/merchants/request_money/', {
    token: requester.token,
    body,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
  });
}

const accept = (payee: Merchant, id: string, options: { stepUp?: string; token?: string } = {}) =>
  api(server.app, 'POST', '/api/merchants/received_requests/{id}/accept/', {
    params: { id },
    token: options.token ?? payee.token,
    ...(options.stepUp ? { headers: stepUpHeaders(options.stepUp) } : {}),
  });

const decline = (payee: Merchant, id: string, token?: string) =>
  api(server.app, 'POST', '/api/merchants/received_requests/{id}/decline/', {
    params: { id },
    token: token ?? payee.token,
  });

/** The requests a merchant received (all, or in one status); the test fails unless they are listed. */
const received = async (m: Merchant, status?: 'pending' | 'accepted' | 'declined') =>
  bodyOf(
    await api(server.app, 'GET', '/api/merchants/received_requests/', {
      ...(status ? { query: { status } } : {}),
      token: m.token,
    }),
    200,
  );

async function requested(
  requester: Merchant,
  payee: Merchant,
  amount: string,
  note?: string,
): Promise<string> {
  const response = await ask(requester, {
    wallet_tag: payee.tag,
    amount_minor: amount,
    currency: 'EUR',
    ...(note ? { note } : {}),
  });
  expectStatus(response, 201);
  return response.body.id;
}

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('request money', () => {
  it('is sent, seen by the payee, accepted: the money moves once and both see the transaction', async () => {
    const requester = await merchant();
    const payee = await merchant(20_000n);
    const response = await ask(requester, {
      wallet_tag: payee.tag.slice(1).toUpperCase(),
      amount_minor: '1250',
      currency: 'EUR',
      note: 'Invoice 42',
    });
    expectStatus(response, 201);
    expect(response.body).toMatchObject({
      status: 'pending',
      amount: { amount_minor: '1250', currency: 'EUR' },
      note: 'Invoice 42',
      requester: { name: requester.name, wallet_tag: requester.tag },
      payee: { name: payee.name, wallet_tag: payee.tag },
      decided_at: null,
      transaction_id: null,
    });
    const id = response.body.id;

    const inbox = await received(payee, 'pending');
    expect(inbox.items.map((r) => r.id)).toEqual([id]);
    expect((await received(payee, 'accepted')).items).toEqual([]);
    const sent = await api(server.app, 'GET', '/api/merchants/sent_requests/', { token: requester.token });
    expectStatus(sent, 200);
    expect(sent.body.items).toEqual([expect.objectContaining({ id, status: 'pending' })]);
    // The requester does not receive its own request.
    expect((await received(requester)).items).toEqual([]);

    const paid = await accept(payee, id);
    expectStatus(paid, 200);
    expect(paid.body).toMatchObject({ id, status: 'accepted' });
    expect(paid.body.transaction_id).toBeTruthy();
    expect(paid.body.decided_at).toBeTruthy();
    expect(await balanceOf(payee.accountId)).toBe(18_750n);
    expect(await balanceOf(requester.accountId)).toBe(1_250n);

    const theirs = await api(server.app, 'GET', '/api/merchants/transactions/', { token: payee.token });
    expectStatus(theirs, 200);
    expect(theirs.body.items[0]).toMatchObject({
      id: paid.body.transaction_id,
      direction: 'out',
      status: 'completed',
      note: 'Invoice 42',
      counterparty: { wallet_tag: requester.tag, name: requester.name },
    });
    const ours = await api(server.app, 'GET', '/api/merchants/transactions/', { token: requester.token });
    expectStatus(ours, 200);
    expect(ours.body.items[0]).toMatchObject({ id: paid.body.transaction_id, direction: 'in' });
    expect((await received(payee, 'accepted')).items[0]).toMatchObject({ id, status: 'accepted' });

    // Decided once: another accept or a decline is 409, and nothing moves again.
    const before = await ledgerSnapshot(server.db);
    const again = await accept(payee, id);
    expectStatus(again, 409);
    expect((await decline(payee, id)).status).toBe(409);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expectHealthy(await ledgerInvariants(server.db));
  });

  it('is declined: nothing moves, and it cannot be accepted afterwards', async () => {
    const requester = await merchant();
    const payee = await merchant(5_000n);
    const id = await requested(requester, payee, '700');
    const before = await ledgerSnapshot(server.db);
    const declined = await decline(payee, id);
    expectStatus(declined, 200);
    expect(declined.body).toMatchObject({ id, status: 'declined', transaction_id: null });
    expect((await accept(payee, id)).status).toBe(409);
    expect((await decline(payee, id)).status).toBe(409);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expect((await received(payee, 'declined')).items).toEqual([
      expect.objectContaining({ id, status: 'declined' }),
    ]);
  });

  it('answers a retry with the same key and body with the first request, another body 409', async () => {
    const requester = await merchant();
    const payee = await merchant();
    const key = newKey('same');
    const body = { wallet_tag: payee.tag, amount_minor: '300', currency: 'EUR' };
    const first = await ask(requester, body, { key });
    expectStatus(first, 201);
    const again = await ask(requester, { ...body, wallet_tag: payee.tag.toUpperCase() }, { key });
    expectStatus(again, 201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const other = await ask(requester, { ...body, amount_minor: '301' }, { key });
    expectStatus(other, 409);
    expect((await askWithBadInput(requester, body, null)).status).toBe(400);
    const sent = await api(server.app, 'GET', '/api/merchants/sent_requests/', { token: requester.token });
    expectStatus(sent, 200);
    expect(sent.body.items).toHaveLength(1);
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const requester = await merchant();
    const payee = await merchant();
    const notApproved = await merchant(0n, 'in_review');
    const base = { wallet_tag: payee.tag, amount_minor: '100', currency: 'EUR' };
    const count = await requestCount();
    const cases: Array<[string, Record<string, unknown>, 400 | 404 | 422]> = [
      ['self', { ...base, wallet_tag: requester.tag }, 422],
      ['unknown tag', { ...base, wallet_tag: '@nobody-has-this-tag' }, 404],
      ['bad tag', { ...base, wallet_tag: '@@' }, 400],
      ['zero', { ...base, amount_minor: '0' }, 400],
      ['negative', { ...base, amount_minor: '-100' }, 400],
      ['fractional', { ...base, amount_minor: '1.5' }, 400],
      ['number', { ...base, amount_minor: 100 }, 400],
      ['no account in that currency', { ...base, currency: 'USD' }, 400],
      ['unknown currency', { ...base, currency: 'XXX' }, 400],
      ['lower-case currency', { ...base, currency: 'eur' }, 400],
      ['long note', { ...base, note: 'x'.repeat(141) }, 400],
      ['extra field', { ...base, account_type: 'eur' }, 400],
      ['missing amount', { wallet_tag: payee.tag, currency: 'EUR' }, 400],
    ];
    for (const [name, body, status] of cases) {
      const response = await askWithBadInput(requester, body);
      expectStatus(response, status, name);
      expect(response.body.error.code, name).toBeTruthy();
    }
    // A merchant that is not approved cannot be asked.
    const tagged = await assignWalletTag(server.db, notApproved.merchantId);
    expect((await ask(requester, { ...base, wallet_tag: tagged })).status).toBe(422);
    expect(await requestCount()).toBe(count);
    // A note of 140 characters is fine.
    expect((await ask(requester, { ...base, note: 'x'.repeat(140) })).status).toBe(201);
  });

  it('is paid from the account of its currency only', async () => {
    const requester = await merchant();
    await ensureMerchantAccount(server.db, requester.merchantId, 'USD');
    const payee = await merchant(10_000n);
    const response = await ask(requester, { wallet_tag: payee.tag, amount_minor: '100', currency: 'USD' });
    expectStatus(response, 201);
    const before = await ledgerSnapshot(server.db);
    // The payee has no USD account: refused, still pending.
    const refused = await accept(payee, response.body.id);
    expectStatus(refused, 422);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expect((await received(payee, 'pending')).items).toHaveLength(1);
  });
});

describe('accepting', () => {
  it('pays at most once under concurrent accepts', async () => {
    const requester = await merchant();
    const payee = await merchant(10_000n);
    const id = await requested(requester, payee, '4000');
    const answers = await Promise.all([accept(payee, id), accept(payee, id), accept(payee, id)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect(await balanceOf(payee.accountId)).toBe(6_000n);
    expect(await balanceOf(requester.accountId)).toBe(4_000n);
    const transfers = await server.db
      .selectFrom('transfers')
      .select('id')
      .where('idempotency_key', '=', `request:${id}`)
      .execute();
    expect(transfers).toHaveLength(1);
    expectHealthy(await ledgerInvariants(server.db));
  });

  it('with insufficient funds: 422 with the message, still pending, balances unchanged', async () => {
    const requester = await merchant();
    const payee = await merchant(500n);
    const id = await requested(requester, payee, '501');
    const before = await ledgerSnapshot(server.db);
    const refused = await accept(payee, id);
    expectStatus(refused, 422);
    expect(refused.body.error).toMatchObject({
      code: 'insufficient_funds',
      message: insufficientFundsMessage,
    });
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expect((await received(payee, 'pending')).items).toEqual([
      expect.objectContaining({ id, status: 'pending' }),
    ]);
    // Once funded it goes through.
    await fund(server.db, payee.accountId, 1n);
    expect((await accept(payee, id)).status).toBe(200);
    expect(await balanceOf(payee.accountId)).toBe(0n);
  });

  it('needs a one-time code from the send-money threshold on', async () => {
    const requester = await merchant();
    const payee = await merchant(50_000n);
    const id = await requested(requester, payee, '10000');
    const before = await ledgerSnapshot(server.db);
    const missing = await accept(payee, id);
    expectStatus(missing, 403);
    expect(missing.body.error.code).toBe('step_up_required');
    expect((await accept(payee, id, { stepUp: 'not-a-grant' })).status).toBe(403);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    const grant = await stepUpToken(server, payee.token, 'send_money');
    const paid = await accept(payee, id, { stepUp: grant });
    expectStatus(paid, 200);
    expect(await balanceOf(payee.accountId)).toBe(40_000n);
    // The grant was used up with the payment.
    const next = await requested(requester, payee, '10000');
    expect((await accept(payee, next, { stepUp: grant })).status).toBe(403);
    // Below the threshold no code is asked.
    expect((await accept(payee, await requested(requester, payee, '9999'))).status).toBe(200);
  });

  it('is 404 for a request that is not the caller’s to pay', async () => {
    const requester = await merchant();
    const payee = await merchant(5_000n);
    const stranger = await merchant(5_000n);
    const id = await requested(requester, payee, '100');
    const before = await ledgerSnapshot(server.db);
    expect((await accept(stranger, id)).status).toBe(404);
    expect((await decline(stranger, id)).status).toBe(404);
    // The requester cannot accept its own request either.
    expect((await accept(requester, id)).status).toBe(404);
    expect((await accept(payee, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await accept(payee, 'not-a-uuid')).status).toBe(400);
    expect((await received(stranger)).items).toEqual([]);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expect((await received(payee, 'pending')).items).toHaveLength(1);
  });
});

describe('who may', () => {
  it('refuses viewers and employees (403), merchants not approved (403) and anonymous callers (401)', async () => {
    const requester = await merchant(5_000n);
    const payee = await merchant(5_000n);
    const id = await requested(payee, requester, '100');
    const pending = await merchant(0n, 'in_review');
    const count = await requestCount();
    const before = await ledgerSnapshot(server.db);
    for (const role of ['viewer', 'employee'] as const) {
      const token = await employeeToken(server, requester.merchantId, role);
      const body = { wallet_tag: payee.tag, amount_minor: '100', currency: 'EUR' };
      expect((await ask(requester, body, { token })).status, role).toBe(403);
      expect((await accept(requester, id, { token })).status, role).toBe(403);
      expect((await decline(requester, id, token)).status, role).toBe(403);
      const list = await api(server.app, 'GET', '/api/merchants/received_requests/', { token });
      expectStatus(list, 403, role);
    }
    const refused = await ask(pending, { wallet_tag: payee.tag, amount_minor: '100', currency: 'EUR' });
    expectStatus(refused, 403);
    expect(refused.body.error.code).toBe('merchant_not_approved');
    const anonymous = await api(server.app, 'POST', '/api/merchants/request_money/', {
      body: { wallet_tag: payee.tag, amount_minor: '100', currency: 'EUR' },
      headers: { 'idempotency-key': newKey('request') },
    });
    expectStatus(anonymous, 401);
    expect(await requestCount()).toBe(count);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expect((await received(requester, 'pending')).items).toHaveLength(1);
  });
});
