import { composeIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignWalletTag, ensureMerchantAccount } from '../../server/accounts';
import { ledgerInvariants } from '../../server/ledger';
import { demoExternalAccounts } from '../../server/payee/externalAccounts';
import { insufficientFundsMessage } from '../../server/payments/sendMoney';
import { runSettlement as settleNow } from '../../server/payments/settlement';
import { api, apiWithBadInput, bodyOf, errorOf, expectStatus, type JsonBodyOf } from './client';
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
import { stepUpHeaders, stepUpToken, userIdOf } from './stepUp';
import { addMember } from './team';

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

type SendOptions = { key?: string; stepUp?: string; token?: string };

function send(
  payer: Merchant,
  body: JsonBodyOf<'POST', '/api/merchants/send_money/'>,
  options: SendOptions = {},
) {
  return api(server.app, 'POST', '/api/merchants/send_money/', {
    token: options.token ?? payer.token,
    body,
    headers: {
      'idempotency-key': options.key ?? newKey('send'),
      ...(options.stepUp ? stepUpHeaders(options.stepUp) : {}),
    },
  });
}

/** Deliberately bad input: a body of any shape, or no Idempotency-Key at all (`key` null). */
function sendWithBadInput(payer: Merchant, body: unknown, key: string | null = newKey('send')) {
  return apiWithBadInput(server.app, 'POST', '/api/merchants/send_money/', {
    token: payer.token,
    body,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
  });
}

const code = (payer: Merchant) => stepUpToken(server, payer.token, 'send_money');

async function verifyPayee(payer: Merchant, iban: string, name: string) {
  const response = await api(server.app, 'POST', '/api/merchants/payees/verify/', {
    token: payer.token,
    body: { iban, name },
  });
  expectStatus(response, 200);
  return response.body;
}

async function runSettlement() {
  const response = await api(server.app, 'POST', '/api/sandbox/settlement/run/', { body: {} });
  expectStatus(response, 200);
  return response.body;
}

async function transferRow(id: string) {
  return server.db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const person = demoExternalAccounts.find((a) => a.key === 'person') ?? demoExternalAccounts[0];
/** A valid IBAN no bank in the sandbox knows: the settlement fails it. */
const unknownIban = composeIBAN({ countryCode: 'DE', bban: '370400440532013000' }) ?? '';

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('send money to a wallet tag', () => {
  it('moves the money at once and both merchants see it in their transactions', async () => {
    const payer = await merchant(50_000n);
    const payee = await merchant();
    const response = await send(payer, {
      account_type: 'eur',
      recipient: { wallet_tag: payee.tag.toUpperCase() },
      amount_minor: '1250',
      note: 'Coffee beans',
      gif: 'party-parrot',
    });
    expectStatus(response, 201);
    expect(response.body).toMatchObject({
      type: 'account_to_account',
      status: 'completed',
      direction: 'out',
      amount: { amount_minor: '1250', currency: 'EUR' },
      fee: { amount_minor: '0', currency: 'EUR' },
      counterparty: { wallet_tag: payee.tag, name: payee.name },
      note: 'Coffee beans',
    });
    expect(response.body.initiated_by?.id).toBeTruthy();
    expect(await balanceOf(payer.accountId)).toBe(48_750n);
    expect(await balanceOf(payee.accountId)).toBe(1_250n);
    const row = await transferRow(response.body.id);
    expect(row.gif).toBe('party-parrot');
    expect(row.payee_check_id).toBeNull();
    expect(response.body.payee_check).toBeNull();

    const theirs = await api(server.app, 'GET', '/api/merchants/transactions/', { token: payee.token });
    expectStatus(theirs, 200);
    expect(theirs.body.items[0]).toMatchObject({
      id: response.body.id,
      direction: 'in',
      status: 'completed',
    });
    const ours = await api(server.app, 'GET', '/api/merchants/transactions/', { token: payer.token });
    expectStatus(ours, 200);
    expect(ours.body.items[0]).toMatchObject({ id: response.body.id, direction: 'out' });
    expectHealthy(await ledgerInvariants(server.db));
  });

  it('answers a retry with the same key and body with the first result, and another body with 409', async () => {
    const payer = await merchant(10_000n);
    const payee = await merchant();
    const key = newKey('retry');
    const body = { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '500' };
    const first = await send(payer, body, { key });
    expectStatus(first, 201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Same request, written differently (tag without @, upper case): the same request.
    const again = await send(
      payer,
      { ...body, recipient: { wallet_tag: payee.tag.slice(1).toUpperCase() } },
      { key },
    );
    expectStatus(again, 201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(await balanceOf(payer.accountId)).toBe(9_500n);

    const stranger = await merchant(1_000n);
    const before = await ledgerSnapshot(server.db);
    for (const other of [
      { ...body, amount_minor: '501' },
      { ...body, note: 'another' },
      { ...body, gif: 'thumbs-up' },
    ]) {
      const conflict = await send(payer, other, { key });
      expectStatus(conflict, 409, JSON.stringify(other));
      expect(conflict.body.error.code).toBe('conflict');
    }
    // Another merchant's key space is its own: the same key is a new payment there.
    const theirs = await send(stranger, body, { key });
    expectStatus(theirs, 201);
    expect(theirs.body.id).not.toBe(first.body.id);
    const after = await ledgerSnapshot(server.db);
    expect(after.transfers).toBe(before.transfers + 1);
  });

  it('refuses bad input with a 4xx and changes no balance', async () => {
    const payer = await merchant(5_000n);
    const payee = await merchant();
    const good = { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '100' };
    const cases: [string, Record<string, unknown>, 400 | 404 | 422, string, { key: null }?][] = [
      ['negative', { ...good, amount_minor: '-100' }, 400, 'validation_failed'],
      ['zero', { ...good, amount_minor: '0' }, 400, 'validation_failed'],
      ['fractional', { ...good, amount_minor: '1.50' }, 400, 'validation_failed'],
      ['non-numeric', { ...good, amount_minor: 'ten' }, 400, 'validation_failed'],
      ['a number, not a string', { ...good, amount_minor: 100 }, 400, 'validation_failed'],
      ['too large', { ...good, amount_minor: '9999999999999999' }, 400, 'validation_failed'],
      ['no amount', { account_type: 'eur', recipient: good.recipient }, 400, 'validation_failed'],
      ['long note', { ...good, note: 'x'.repeat(141) }, 400, 'validation_failed'],
      ['gif not allowed', { ...good, gif: 'https://evil.example/x.gif' }, 400, 'validation_failed'],
      ['gif script', { ...good, gif: 'javascript:alert(1)' }, 400, 'validation_failed'],
      ['unknown currency', { ...good, currency: 'XYZ' }, 400, 'validation_failed'],
      ['lower-case currency', { ...good, currency: 'eur' }, 400, 'validation_failed'],
      [
        'two recipients',
        { ...good, recipient: { wallet_tag: payee.tag, iban: payer.iban } },
        400,
        'validation_failed',
      ],
      ['bad tag', { ...good, recipient: { wallet_tag: '@@' } }, 400, 'validation_failed'],
      [
        'bad IBAN checksum',
        { ...good, recipient: { iban: 'GR0000000000000000000000000', name: 'X' } },
        400,
        'validation_failed',
      ],
      ['no account in that currency', { ...good, account_type: 'usd' }, 404, 'not_found'],
      ['unknown tag', { ...good, recipient: { wallet_tag: '@nobody-at-all' } }, 404, 'not_found'],
      ['own tag', { ...good, recipient: { wallet_tag: payer.tag } }, 422, 'recipient_not_allowed'],
      [
        'own IBAN',
        { ...good, recipient: { iban: payer.iban, name: payer.name } },
        422,
        'recipient_not_allowed',
      ],
      ['recipient has no GBP account', { ...good, currency: 'GBP' }, 422, 'recipient_not_allowed'],
      ['over the balance', { ...good, amount_minor: '5001' }, 422, 'insufficient_funds'],
      ['no idempotency key', good, 400, 'validation_failed', { key: null }],
    ];
    const before = await ledgerSnapshot(server.db);
    for (const [name, body, status, errorCode, options] of cases) {
      const response = await sendWithBadInput(payer, body, options?.key);
      expectStatus(response, status, name);
      expect(response.body.error.code, name).toBe(errorCode);
      if (errorCode === 'insufficient_funds')
        expect(response.body.error.message).toBe(insufficientFundsMessage);
    }
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expectHealthy(before.invariants);
  });

  it('refuses a tag of a merchant that is not approved', async () => {
    const payer = await merchant(5_000n);
    const closed = await merchant();
    await server.db
      .updateTable('merchants')
      .set({ status: 'closed' })
      .where('id', '=', closed.merchantId)
      .execute();
    const before = await ledgerSnapshot(server.db);
    const response = await send(payer, {
      account_type: 'eur',
      recipient: { wallet_tag: closed.tag },
      amount_minor: '100',
    });
    expectStatus(response, 422);
    expect(response.body.error.code).toBe('recipient_not_allowed');
    expect(await ledgerSnapshot(server.db)).toEqual(before);
  });

  it('lets only owners of approved merchants send (viewers and employees 403, not approved 403)', async () => {
    const payer = await merchant(5_000n);
    const payee = await merchant();
    const body = { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '100' };
    const before = await ledgerSnapshot(server.db);
    for (const role of ['viewer', 'employee'] as const) {
      const token = await employeeToken(server, payer.merchantId, role);
      const response = await send(payer, body, { token });
      expectStatus(response, 403, role);
      expect(response.body.error.code).toBe('forbidden');
      const quote = await api(server.app, 'GET', '/api/merchants/amount_requires_verification/', {
        query: { amount_minor: '1', account_type: 'eur' },
        token,
      });
      expectStatus(quote, 403);
    }
    const pending = await merchant(0n, 'in_review');
    await fund(server.db, pending.accountId, 5_000n);
    const afterFunding = await ledgerSnapshot(server.db);
    const refused = await send(pending, body);
    expectStatus(refused, 403);
    expect(refused.body.error.code).toBe('merchant_not_approved');
    expect(await ledgerSnapshot(server.db)).toEqual(afterFunding);
    expect(afterFunding.transfers).toBe(before.transfers + 1);
    const anonymous = await api(server.app, 'POST', '/api/merchants/send_money/', {
      body,
      headers: { 'idempotency-key': newKey('send') },
    });
    expectStatus(anonymous, 401);
  });
});

describe('one-time code', () => {
  it('is required from the threshold on, consumed with the payment and good once', async () => {
    const payer = await merchant(100_000n);
    const payee = await merchant();
    const ask = (amount: string, recipientType?: 'wallet' | 'iban') =>
      api(server.app, 'GET', '/api/merchants/amount_requires_verification/', {
        query: {
          amount_minor: amount,
          account_type: 'eur',
          ...(recipientType ? { recipient_type: recipientType } : {}),
        },
        token: payer.token,
      });
    expect((await ask('9999')).body).toEqual({
      requires_verification: false,
      threshold: { amount_minor: '10000', currency: 'EUR' },
    });
    expect(bodyOf(await ask('10000'), 200).requires_verification).toBe(true);
    expect(bodyOf(await ask('1', 'iban'), 200).requires_verification).toBe(true);
    expect((await ask('0')).status).toBe(400);

    const body = { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '10000' };
    const before = await ledgerSnapshot(server.db);
    const missing = await send(payer, body);
    expectStatus(missing, 403);
    expect(missing.body.error.code).toBe('step_up_required');
    const forged = await send(payer, body, { stepUp: 'not-a-grant' });
    expectStatus(forged, 403);
    // A grant for another purpose does not do.
    const otherPurpose = await stepUpToken(server, payer.token, 'identity_verification');
    expect((await send(payer, body, { stepUp: otherPurpose })).status).toBe(403);
    expect(await ledgerSnapshot(server.db)).toEqual(before);

    const grant = await code(payer);
    // A refused payment (over the balance) rolls back and leaves the grant good.
    const tooMuch = await send(payer, { ...body, amount_minor: '100001' }, { stepUp: grant });
    expectStatus(tooMuch, 422);
    const key = newKey('coded');
    const paid = await send(payer, body, { stepUp: grant, key });
    expectStatus(paid, 201);
    // A retry of the same payment answers it without a new code; a new payment with the spent grant is refused.
    const retry = await send(payer, body, { stepUp: grant, key });
    expectStatus(retry, 201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const reuse = await send(payer, body, { stepUp: grant });
    expectStatus(reuse, 403);
    expect(await balanceOf(payer.accountId)).toBe(90_000n);
    // Below the threshold no code is asked.
    expect((await send(payer, { ...body, amount_minor: '9999' })).status).toBe(201);
  });
});

describe("the payee's notification", () => {
  it('is written with the payment, once per user who sees transactions; never on a refusal or a replay', async () => {
    const payer = await merchant(100_000n);
    const payee = await merchant();
    const admin = await addMember(server, payee.token, 'admin');
    const viewer = await addMember(server, payee.token, 'viewer');
    const own = await addMember(server, payee.token, 'employee', 'own');
    const gone = await addMember(server, payee.token, 'employee');
    await server.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', gone.userId).execute();
    const ownerId = userIdOf(payee.token);
    const notifications = () =>
      server.db
        .selectFrom('notifications')
        .select(['user_id', 'kind', 'event_key', 'params'])
        .where('merchant_id', '=', payee.merchantId)
        .where('kind', '=', 'money_received')
        .orderBy('user_id')
        .execute();
    const body = { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '2500' };

    // Refused (over the balance; and an unknown tag): no notification.
    const poor = await merchant(1_000n);
    expect((await send(poor, body)).status).toBe(422);
    expect((await send(payer, { ...body, recipient: { wallet_tag: '@nobody-here' } })).status).toBe(404);
    expect(await notifications()).toEqual([]);

    const key = newKey('notified');
    const paid = await send(payer, body, { key });
    expectStatus(paid, 201);
    const expected = (id: string, amount: string) =>
      [ownerId, admin.userId, viewer.userId].sort().map((user) => ({
        user_id: user,
        kind: 'money_received',
        event_key: `transfer:${id}`,
        params: {
          amount_minor: amount,
          currency: 'EUR',
          from: payer.name,
          via: 'wallet',
          transaction_id: id,
        },
      }));
    expect(await notifications()).toEqual(expected(paid.body.id, '2500'));
    expect((await notifications()).some((n) => n.user_id === own.userId || n.user_id === gone.userId)).toBe(
      false,
    );
    // A replay notifies nobody again.
    const replay = await send(payer, body, { key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await notifications()).toHaveLength(3);

    // With a one-time code (grant and posting in one transaction) the same, once.
    const coded = await send(payer, { ...body, amount_minor: '10000' }, { stepUp: await code(payer) });
    expectStatus(coded, 201);
    const rows = await notifications();
    expect(rows.filter((n) => n.event_key === `transfer:${coded.body.id}`)).toEqual(
      expected(coded.body.id, '10000'),
    );
    expect(rows).toHaveLength(6);
  });
});

describe('send money to an IBAN', () => {
  it('needs a name check of the same IBAN and name, and proceeding anyway unless it matched', async () => {
    const payer = await merchant(50_000n);
    const other = await merchant();
    const body = {
      account_type: 'eur',
      recipient: { iban: person.iban, name: person.holder_name },
      amount_minor: '1000',
    };
    const before = await ledgerSnapshot(server.db);
    const grant = await code(payer);
    const noCheck = await send(payer, body, { stepUp: grant });
    expectStatus(noCheck, 422);
    expect(noCheck.body.error.code).toBe('payee_check_required');

    const otherIban = await verifyPayee(payer, unknownIban, person.holder_name);
    const wrongIban = await send(
      payer,
      { ...body, recipient: { ...body.recipient, payee_check_id: otherIban.check_id } },
      { stepUp: grant },
    );
    expect(errorOf(wrongIban).code).toBe('payee_check_required');

    const othersCheck = await verifyPayee(other, person.iban, person.holder_name);
    const notOurs = await send(
      payer,
      { ...body, recipient: { ...body.recipient, payee_check_id: othersCheck.check_id } },
      { stepUp: grant },
    );
    expect(errorOf(notOurs).code).toBe('payee_check_required');

    const wrongName = await verifyPayee(payer, person.iban, 'Somebody Else Entirely');
    expect(wrongName.result).toBe('no_match');
    const amendedName = await send(
      payer,
      { ...body, recipient: { ...body.recipient, payee_check_id: wrongName.check_id } },
      { stepUp: grant },
    );
    expect(errorOf(amendedName).code).toBe('payee_check_required');
    const unconfirmed = await send(
      payer,
      {
        ...body,
        recipient: { iban: person.iban, name: 'Somebody Else Entirely', payee_check_id: wrongName.check_id },
      },
      { stepUp: grant },
    );
    expectStatus(unconfirmed, 422);
    expect(unconfirmed.body.error).toMatchObject({
      code: 'payee_check_not_confirmed',
      details: { result: 'no_match', check_id: wrongName.check_id },
    });
    expect(await ledgerSnapshot(server.db)).toEqual({
      ...before,
      invariants: before.invariants,
    });

    const anyway = await send(
      payer,
      {
        ...body,
        recipient: {
          iban: person.iban,
          name: 'Somebody Else Entirely',
          payee_check_id: wrongName.check_id,
          proceed_anyway: true,
        },
      },
      { stepUp: grant },
    );
    expectStatus(anyway, 201);
    const row = await transferRow(anyway.body.id);
    expect(row).toMatchObject({
      payee_check_id: wrongName.check_id,
      payee_check_result: 'no_match',
      payee_proceeded_anyway: true,
    });
    // The payer reads the name check and the decision on the transaction (its details and the list).
    expect(anyway.body.payee_check).toEqual({ result: 'no_match', proceeded_anyway: true });
    const listed = await api(server.app, 'GET', '/api/merchants/transactions/', { token: payer.token });
    expectStatus(listed, 200);
    expect(listed.body.items.find((one) => one.id === anyway.body.id)?.payee_check).toEqual({
      result: 'no_match',
      proceeded_anyway: true,
    });
  });

  it('to another bank: pending with the SEPA fee, then settled by the job', async () => {
    const payer = await merchant(50_000n);
    const check = await verifyPayee(payer, person.iban, person.holder_name);
    expect(check.result).toBe('match');
    const body = {
      account_type: 'eur',
      recipient: { iban: person.iban, name: person.holder_name, payee_check_id: check.check_id },
      amount_minor: '2000',
    };
    const quote = await api(server.app, 'GET', '/api/merchants/transfer_quote/', {
      query: { account_type: 'eur', amount_minor: '2000', iban: person.iban },
      token: payer.token,
    });
    expect(quote.body).toMatchObject({
      type: 'bank_transfer',
      status: 'pending',
      fee: { amount_minor: '50' },
      total: { amount_minor: '2050' },
      credited_amount: { amount_minor: '2000', currency: 'EUR' },
      exchange_rate: null,
      requires_verification: true,
      sufficient_funds: true,
    });
    // Without a code: refused, nothing moved.
    expect(errorOf(await send(payer, body)).code).toBe('step_up_required');
    const sent = await send(payer, body, { stepUp: await code(payer) });
    expectStatus(sent, 201);
    expect(sent.body).toMatchObject({
      type: 'bank_transfer',
      status: 'pending',
      amount: { amount_minor: '2000' },
      fee: { amount_minor: '50' },
      total: { amount_minor: '2050' },
      counterparty: { iban: person.iban, name: person.holder_name },
    });
    expect(await transferRow(sent.body.id)).toMatchObject({
      payee_check_result: 'match',
      payee_proceeded_anyway: false,
    });
    expect(await balanceOf(payer.accountId)).toBe(47_950n);
    const accounts = await api(server.app, 'GET', '/api/merchants/core_banking_accounts/', {
      token: payer.token,
    });
    if (accounts.status === 200) {
      const eur = accounts.body.accounts.find((a) => a.currency === 'EUR');
      expect(eur?.available_balance.amount_minor).toBe('47950');
      expect(eur?.balance.amount_minor).toBe('50000');
    }
    expectHealthy(await ledgerInvariants(server.db));

    const run = await runSettlement();
    expect(run.settled).toBeGreaterThanOrEqual(1);
    const settled = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: sent.body.id },
      token: payer.token,
    });
    expectStatus(settled, 200);
    expect(settled.body.status).toBe('completed');
    expect(await balanceOf(payer.accountId)).toBe(47_950n);
    // Idempotent: another run changes nothing.
    const snapshot = await ledgerSnapshot(server.db);
    await runSettlement();
    expect(await ledgerSnapshot(server.db)).toEqual(snapshot);
    expectHealthy(snapshot.invariants);
  });

  it('to an account the other bank does not know: failed by the job and refunded, fee included', async () => {
    const payer = await merchant(10_000n);
    const check = await verifyPayee(payer, unknownIban, 'Hans Meier');
    expect(check.result).toBe('not_possible');
    const sent = await send(
      payer,
      {
        account_type: 'eur',
        recipient: {
          iban: unknownIban,
          name: 'Hans Meier',
          payee_check_id: check.check_id,
          proceed_anyway: true,
        },
        amount_minor: '3000',
      },
      { stepUp: await code(payer) },
    );
    expectStatus(sent, 201);
    expect(await balanceOf(payer.accountId)).toBe(6_950n);
    await runSettlement();
    const failed = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: sent.body.id },
      token: payer.token,
    });
    expect(failed.body).toMatchObject({
      status: 'failed',
      failure_reason: expect.stringContaining('does not know'),
    });
    expect(await balanceOf(payer.accountId)).toBe(10_000n);
    expectHealthy(await ledgerInvariants(server.db));
  });

  it('to an account that refuses payments (sandbox switch): failed and refunded', async () => {
    const payer = await merchant(10_000n);
    const company = demoExternalAccounts.find((a) => a.key === 'company') ?? demoExternalAccounts[0];
    const reject = await api(server.app, 'POST', '/api/sandbox/settlement/reject-iban/', {
      body: { iban: company.iban, rejects_payments: true },
    });
    expectStatus(reject, 200);
    try {
      const check = await verifyPayee(payer, company.iban, company.holder_name);
      const sent = await send(
        payer,
        {
          account_type: 'eur',
          recipient: { iban: company.iban, name: company.holder_name, payee_check_id: check.check_id },
          amount_minor: '1000',
        },
        { stepUp: await code(payer) },
      );
      expectStatus(sent, 201);
      await runSettlement();
      const row = await transferRow(sent.body.id);
      expect(row.status).toBe('failed');
      expect(await balanceOf(payer.accountId)).toBe(10_000n);
    } finally {
      await api(server.app, 'POST', '/api/sandbox/settlement/reject-iban/', {
        body: { iban: company.iban, rejects_payments: false },
      });
    }
  });

  it('to an IBAN of this bank: settles at once, free', async () => {
    const payer = await merchant(10_000n);
    const payee = await merchant();
    const check = await verifyPayee(payer, payee.iban, payee.name);
    expect(check.result).toBe('match');
    const sent = await send(
      payer,
      {
        account_type: 'eur',
        recipient: { iban: payee.iban, name: payee.name, payee_check_id: check.check_id },
        amount_minor: '700',
      },
      { stepUp: await code(payer) },
    );
    expectStatus(sent, 201);
    expect(sent.body).toMatchObject({
      type: 'account_to_account',
      status: 'completed',
      fee: { amount_minor: '0' },
    });
    expect(await balanceOf(payee.accountId)).toBe(700n);
    expect(await balanceOf(payer.accountId)).toBe(9_300n);
    expect(sent.body.payee_check).toEqual({ result: 'match', proceeded_anyway: false });
    // The payer's name check is not the payee's to read.
    const theirs = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: sent.body.id },
      token: payee.token,
    });
    expectStatus(theirs, 200);
    expect(theirs.body).toMatchObject({ direction: 'in', payee_check: null });
  });

  it('international: the quote shows rate, fee and credited amount, and the payment records the same', async () => {
    const payer = await merchant(100_000n);
    const check = await verifyPayee(payer, person.iban, person.holder_name);
    const quote = await api(server.app, 'GET', '/api/merchants/transfer_quote/', {
      query: { account_type: 'eur', amount_minor: '10000', iban: person.iban, currency: 'USD' },
      token: payer.token,
    });
    expectStatus(quote, 200);
    expect(quote.body).toMatchObject({
      fee: { amount_minor: '500', currency: 'EUR' },
      total: { amount_minor: '10500', currency: 'EUR' },
      exchange_rate: { from: 'EUR', to: 'USD', rate: '1.0746' },
      credited_amount: { amount_minor: '10746', currency: 'USD' },
    });
    const sent = await send(
      payer,
      {
        account_type: 'eur',
        recipient: { iban: person.iban, name: person.holder_name, payee_check_id: check.check_id },
        amount_minor: '10000',
        currency: 'USD',
      },
      { stepUp: await code(payer) },
    );
    expectStatus(sent, 201);
    expect(sent.body).toMatchObject({
      fee: quote.body.fee,
      total: quote.body.total,
      original_amount: quote.body.credited_amount,
      exchange_rate: quote.body.exchange_rate,
    });
    expectHealthy(await ledgerInvariants(server.db));
    await runSettlement();
    expect((await transferRow(sent.body.id)).status).toBe('completed');
    expectHealthy(await ledgerInvariants(server.db));
  });
});

describe('quote, amounts and contacts', () => {
  it('quotes a wallet payment, cross-currency to a USD account', async () => {
    const payer = await merchant(20_000n);
    const payee = await merchant();
    await ensureMerchantAccount(server.db, payee.merchantId, 'USD');
    const quote = await api(server.app, 'GET', '/api/merchants/transfer_quote/', {
      query: { account_type: 'eur', amount_minor: '30000', wallet_tag: payee.tag, currency: 'USD' },
      token: payer.token,
    });
    expect(quote.body).toMatchObject({
      type: 'account_to_account',
      status: 'completed',
      fee: { amount_minor: '0' },
      credited_amount: { amount_minor: '32238', currency: 'USD' },
      requires_verification: true,
      sufficient_funds: false,
      available_balance: { amount_minor: '20000', currency: 'EUR' },
    });
    const neither = await api(server.app, 'GET', '/api/merchants/transfer_quote/', {
      query: { account_type: 'eur', amount_minor: '1' },
      token: payer.token,
    });
    expectStatus(neither, 400);
  });

  it('lists predefined amounts', async () => {
    const payer = await merchant();
    const all = await api(server.app, 'GET', '/api/merchants/predefined_send_amounts/', {
      token: payer.token,
    });
    expectStatus(all, 200);
    expect(all.body.items.map((i) => i.currency)).toEqual(['EUR', 'USD', 'GBP']);
    const eur = await api(server.app, 'GET', '/api/merchants/predefined_send_amounts/', {
      query: { account_type: 'eur' },
      token: payer.token,
    });
    expectStatus(eur, 200);
    expect(eur.body.items).toHaveLength(1);
    expect(eur.body.items[0]?.amounts[0]).toEqual({ amount_minor: '1000', currency: 'EUR' });
  });

  it('searches wallet tags by prefix (never oneself) and IBANs without names', async () => {
    const payer = await merchant();
    const payee = await merchant();
    const search = (q: string) =>
      api(server.app, 'GET', '/api/merchants/contacts/search/', { query: { q }, token: payer.token });
    const byTag = await search(payee.tag.slice(0, -1));
    expectStatus(byTag, 200);
    expect(byTag.body.items).toContainEqual({ kind: 'wallet', wallet_tag: payee.tag, name: payee.name });
    expect(byTag.body.items.some((c) => c.kind === 'wallet' && c.wallet_tag === payer.tag)).toBe(false);
    const self = await search(payer.tag);
    expectStatus(self, 200);
    expect(self.body.items).toEqual([]);
    const ours = await search(payee.iban);
    expectStatus(ours, 200);
    expect(ours.body.items).toEqual([{ kind: 'iban', iban: payee.iban, valid: true, at_this_bank: true }]);
    expect(JSON.stringify(ours.body)).not.toContain(payee.name);
    const external = await search(person.iban);
    expectStatus(external, 200);
    expect(external.body.items).toEqual([
      { kind: 'iban', iban: person.iban, valid: true, at_this_bank: false },
    ]);
    expect(JSON.stringify(external.body)).not.toContain('Maria');
    const invalid = await search('GR0000000000000000000000000');
    expectStatus(invalid, 200);
    expect(invalid.body.items[0]).toMatchObject({ valid: false });
    expect((await search('a')).status).toBe(400);
    expect(bodyOf(await search('%_'), 200).items).toEqual([]);
  });
});

describe('saved beneficiaries, the settlement delay and the search limit', () => {
  it('pays a saved wallet beneficiary; another merchant’s beneficiary is a 404', async () => {
    const payer = await merchant(5_000n);
    const payee = await merchant();
    const saved = await api(server.app, 'POST', '/api/merchants/beneficiaries/', {
      token: payer.token,
      headers: { 'idempotency-key': newKey() },
      body: { kind: 'wallet', wallet_tag: payee.tag },
    });
    expectStatus(saved, 201);
    const body = { account_type: 'eur', recipient: { beneficiary_id: saved.body.id }, amount_minor: '300' };
    const paid = await send(payer, body);
    expectStatus(paid, 201);
    expect(paid.body.counterparty.wallet_tag).toBe(payee.tag);
    expect(await balanceOf(payee.accountId)).toBe(300n);
    const stranger = await merchant(5_000n);
    const before = await ledgerSnapshot(server.db);
    const refused = await send(stranger, body);
    expectStatus(refused, 404);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
  });

  it('leaves payments younger than the delay pending', async () => {
    const payer = await merchant(10_000n);
    const check = await verifyPayee(payer, person.iban, person.holder_name);
    const sent = await send(
      payer,
      {
        account_type: 'eur',
        recipient: { iban: person.iban, name: person.holder_name, payee_check_id: check.check_id },
        amount_minor: '100',
      },
      { stepUp: await code(payer) },
    );
    expectStatus(sent, 201);
    await settleNow(server.db, { delaySeconds: 3600 });
    expect((await transferRow(sent.body.id)).status).toBe('pending');
    await settleNow(server.db, { delaySeconds: 3600, now: new Date(Date.now() + 3_601_000) });
    expect((await transferRow(sent.body.id)).status).toBe('completed');
  });

  it('rate-limits the contact search per user, and not the other send-money calls', async () => {
    const payer = await merchant();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await api(server.app, 'GET', '/api/merchants/contacts/search/', {
        query: { q: 'demo' },
        token: payer.token,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    for (let i = 0; i < 35; i += 1) {
      const response = await api(server.app, 'GET', '/api/merchants/predefined_send_amounts/', {
        token: payer.token,
      });
      expectStatus(response, 200);
    }
  });
});
