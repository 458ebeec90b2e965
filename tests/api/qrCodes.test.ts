import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodePattern } from '../../schemas/qrCodes.schema';
import { assignWalletTag, ensureMerchantAccount } from '../../server/accounts';
import { api, apiWithBadInput, bodyOf, expectStatus, type JsonBodyOf } from './client';
import { startTestServer, type TestServer } from './harness';
import { employeeToken, merchantWithAccount, newKey, type MoneyMerchant } from './money';

// QR codes (SPEC §2 /my-wallet/qr-codes, §3, §7, §8): create, list, delete, and resolve by another merchant.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ APP_URL: 'https://bank.example/' });
});
afterAll(async () => {
  await server?.close();
});

type Merchant = MoneyMerchant & { tag: string; name: string };

async function merchant(status?: 'in_review'): Promise<Merchant> {
  const m = await merchantWithAccount(server, status ? { status } : {});
  const tag = status ? '' : await assignWalletTag(server.db, m.merchantId);
  const row = await server.db
    .selectFrom('merchants')
    .select('name')
    .where('id', '=', m.merchantId)
    .executeTakeFirstOrThrow();
  return { ...m, tag, name: row.name };
}

const create = (token: string, body: JsonBodyOf<'POST', '/api/merchants/qr_codes/'>) =>
  api(server.app, 'POST', '/api/merchants/qr_codes/', {
    token,
    headers: { 'idempotency-key': newKey('qr') },
    body,
  });

const rowsOf = (merchantId: string) =>
  server.db.selectFrom('qr_codes').selectAll().where('merchant_id', '=', merchantId).execute();

describe('createQrCode and qrCodes', () => {
  it('creates codes with and without an amount, each with an unguessable code and its link, newest first', async () => {
    const me = await merchant();
    const withAmount = await create(me.token, { currency: 'EUR', amount_minor: '1250', note: '  Table 4 ' });
    expectStatus(withAmount, 201);
    expect(withAmount.body).toMatchObject({
      currency: 'EUR',
      account_type: 'eur',
      amount: { amount_minor: '1250', currency: 'EUR' },
      note: 'Table 4',
    });
    const code: string = withAmount.body.code;
    expect(code).toMatch(qrCodePattern);
    expect(withAmount.body.link).toBe(`https://bank.example/pay/${code}`);
    expect(Number.isNaN(Date.parse(withAmount.body.created_at))).toBe(false);

    const open = await create(me.token, { currency: 'EUR', note: '' });
    expectStatus(open, 201);
    expect(open.body).toMatchObject({ amount: null, note: null });
    expect(open.body.code).not.toBe(code);

    const list = await api(server.app, 'GET', '/api/merchants/qr_codes/', { token: me.token });
    expectStatus(list, 200);
    expect(list.body.items).toEqual([open.body, withAmount.body]);

    // Another merchant sees none of them.
    const other = await merchant();
    expect(
      bodyOf(await api(server.app, 'GET', '/api/merchants/qr_codes/', { token: other.token }), 200).items,
    ).toEqual([]);
  });

  it('creates a code for another account the merchant holds (USD)', async () => {
    const me = await merchant();
    await ensureMerchantAccount(server.db, me.merchantId, 'USD');
    const created = await create(me.token, { currency: 'USD', amount_minor: '500' });
    expectStatus(created, 201);
    expect(created.body).toMatchObject({ currency: 'USD', account_type: 'usd' });
    const [row] = await rowsOf(me.merchantId);
    const usd = await server.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('merchant_id', '=', me.merchantId)
      .where('currency', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(row?.account_id).toBe(usd.id);
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const me = await merchant();
    const base = { currency: 'EUR', amount_minor: '100' };
    const cases: Array<[string, unknown, 400]> = [
      ['zero', { ...base, amount_minor: '0' }, 400],
      ['negative', { ...base, amount_minor: '-100' }, 400],
      ['fractional', { ...base, amount_minor: '1.5' }, 400],
      ['a number, not a string', { ...base, amount_minor: 100 }, 400],
      ['leading zero', { ...base, amount_minor: '0100' }, 400],
      ['above the send-money limit', { ...base, amount_minor: '1'.repeat(16) }, 400],
      ['empty amount', { ...base, amount_minor: '' }, 400],
      ['no account in that currency', { ...base, currency: 'USD' }, 400],
      ['unknown currency', { ...base, currency: 'XXX' }, 400],
      ['lower-case currency', { ...base, currency: 'eur' }, 400],
      ['missing currency', { amount_minor: '100' }, 400],
      ['overlong note', { ...base, note: 'x'.repeat(141) }, 400],
      ['extra field', { ...base, wallet_tag: '@demo-coffee' }, 400],
      ['not an object', [base], 400],
    ];
    for (const [name, body, status] of cases) {
      const response = await apiWithBadInput(server.app, 'POST', '/api/merchants/qr_codes/', {
        token: me.token,
        headers: { 'idempotency-key': newKey('qr') },
        body,
      });
      expectStatus(response, status, name);
      expect(response.body.error.code, name).toBe('validation_failed');
    }
    const wrongCurrency = await create(me.token, { ...base, currency: 'USD' });
    expectStatus(wrongCurrency, 400);
    expect(wrongCurrency.body.error.fields).toEqual({ currency: 'You have no USD account.' });
    const longNote = await create(me.token, { ...base, note: 'x'.repeat(141) });
    expectStatus(longNote, 400);
    expect(longNote.body.error.fields).toEqual({ note: 'Max 140 characters' });
    expect(await rowsOf(me.merchantId)).toEqual([]);

    // The limits themselves are fine.
    expect((await create(me.token, { ...base, note: 'x'.repeat(140) })).status).toBe(201);
    expect((await create(me.token, { ...base, amount_minor: '9'.repeat(15) })).status).toBe(201);
    expect((await create(me.token, { ...base, amount_minor: '1' })).status).toBe(201);
  });
});

describe('deleteQrCode', () => {
  it('deletes one’s own code: it is no longer listed or resolved, and a second delete is 404', async () => {
    const me = await merchant();
    const payer = await merchant();
    const kept = bodyOf(await create(me.token, { currency: 'EUR' }), 201);
    const gone = bodyOf(await create(me.token, { currency: 'EUR', amount_minor: '300' }), 201);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
          params: { code: gone.code },
          token: payer.token,
        })
      ).status,
    ).toBe(200);

    const deleted = await api(server.app, 'DELETE', '/api/merchants/qr_codes/{id}/', {
      params: { id: gone.id },
      token: me.token,
    });
    expectStatus(deleted, 204);
    const list = await api(server.app, 'GET', '/api/merchants/qr_codes/', { token: me.token });
    expectStatus(list, 200);
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([kept.id]);
    const resolved = await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
      params: { code: gone.code },
      token: payer.token,
    });
    expectStatus(resolved, 404);
    expect(resolved.body.error.code).toBe('not_found');
    expect(
      (
        await api(server.app, 'DELETE', '/api/merchants/qr_codes/{id}/', {
          params: { id: gone.id },
          token: me.token,
        })
      ).status,
    ).toBe(404);
    const row = (await rowsOf(me.merchantId)).find((r) => r.id === gone.id);
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.deleted_by).toEqual(expect.any(String));
  });

  it('another merchant’s id is 404 and the code stays, live and resolvable', async () => {
    const me = await merchant();
    const intruder = await merchant();
    const payer = await merchant();
    const mine = bodyOf(await create(me.token, { currency: 'EUR' }), 201);
    const answer = await api(server.app, 'DELETE', '/api/merchants/qr_codes/{id}/', {
      params: { id: mine.id },
      token: intruder.token,
    });
    expectStatus(answer, 404);
    expect(answer.body.error.code).toBe('not_found');
    const [row] = await rowsOf(me.merchantId);
    expect(row).toMatchObject({ id: mine.id, deleted_at: null, deleted_by: null });
    expect(
      bodyOf(await api(server.app, 'GET', '/api/merchants/qr_codes/', { token: me.token }), 200).items,
    ).toEqual([mine]);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
          params: { code: mine.code },
          token: payer.token,
        })
      ).status,
    ).toBe(200);
  });

  it('a malformed id is 400, an unknown one 404', async () => {
    const me = await merchant();
    expect(
      (
        await api(server.app, 'DELETE', '/api/merchants/qr_codes/{id}/', {
          params: { id: 'not-a-uuid' },
          token: me.token,
        })
      ).status,
    ).toBe(400);
    const unknown = await api(server.app, 'DELETE', '/api/merchants/qr_codes/{id}/', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      token: me.token,
    });
    expectStatus(unknown, 404);
  });
});

describe('resolveQrCode', () => {
  it('tells another merchant who is paid, in which currency, how much and why', async () => {
    const me = await merchant();
    const payer = await merchant();
    const created = bodyOf(
      await create(me.token, { currency: 'EUR', amount_minor: '1250', note: 'Table 4' }),
      201,
    );
    const answer = await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
      params: { code: created.code },
      token: payer.token,
    });
    expectStatus(answer, 200);
    expect(answer.body).toEqual({
      code: created.code,
      payee: { name: me.name, wallet_tag: me.tag },
      currency: 'EUR',
      account_type: 'eur',
      amount: { amount_minor: '1250', currency: 'EUR' },
      note: 'Table 4',
    });
    const open = bodyOf(await create(me.token, { currency: 'EUR' }), 201);
    const openAnswer = await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
      params: { code: open.code },
      token: payer.token,
    });
    expect(openAnswer.body).toMatchObject({ amount: null, note: null });
  });

  it('refuses one’s own code clearly (422 recipient_not_allowed)', async () => {
    const me = await merchant();
    const created = bodyOf(await create(me.token, { currency: 'EUR', amount_minor: '100' }), 201);
    const answer = await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
      params: { code: created.code },
      token: me.token,
    });
    expectStatus(answer, 422);
    expect(answer.body.error.code).toBe('recipient_not_allowed');
    expect(answer.body.error.message).toMatch(/your own QR code/);
  });

  it('an unknown code is 404, a malformed one 400; a merchant no longer approved cannot be paid', async () => {
    const payer = await merchant();
    const unknown = await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
      params: { code: 'A'.repeat(22) },
      token: payer.token,
    });
    expectStatus(unknown, 404);
    const malformed = await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
      params: { code: 'short' },
      token: payer.token,
    });
    expectStatus(malformed, 400);

    const me = await merchant();
    const created = bodyOf(await create(me.token, { currency: 'EUR' }), 201);
    await server.db
      .updateTable('merchants')
      .set({ status: 'closed' })
      .where('id', '=', me.merchantId)
      .execute();
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
          params: { code: created.code },
          token: payer.token,
        })
      ).status,
    ).toBe(404);
  });
});

describe('who may use QR codes (SPEC §6)', () => {
  it('signed out is 401 on every operation, before any field is looked at', async () => {
    const me = await merchant();
    const created = bodyOf(await create(me.token, { currency: 'EUR' }), 201);
    const anonymous = [
      await api(server.app, 'GET', '/api/merchants/qr_codes/'),
      await api(server.app, 'POST', '/api/merchants/qr_codes/', {
        headers: { 'idempotency-key': newKey('qr') },
        body: { currency: 'EUR', amount_minor: '-1' },
      }),
      await api(server.app, 'DELETE', '/api/merchants/qr_codes/{id}/', { params: { id: created.id } }),
      await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
        params: { code: created.code },
      }),
    ];
    for (const answer of anonymous) {
      expectStatus(answer, 401);
      expect(answer.body.error.code).toBe('unauthorized');
    }
    expect((await rowsOf(me.merchantId)).map((row) => row.deleted_at)).toEqual([null]);
  });

  it('an employee may not manage QR codes nor pay one; a viewer may manage them but not pay', async () => {
    const me = await merchant();
    const payee = await merchant();
    const code = bodyOf(await create(payee.token, { currency: 'EUR' }), 201).code;
    const employee = await employeeToken(server, me.merchantId, 'employee');
    expect((await api(server.app, 'GET', '/api/merchants/qr_codes/', { token: employee })).status).toBe(403);
    expect((await create(employee, { currency: 'EUR' })).status).toBe(403);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
          params: { code },
          token: employee,
        })
      ).status,
    ).toBe(403);

    const viewer = await employeeToken(server, me.merchantId, 'viewer');
    expect((await api(server.app, 'GET', '/api/merchants/qr_codes/', { token: viewer })).status).toBe(200);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
          params: { code },
          token: viewer,
        })
      ).status,
    ).toBe(403);
    expect(await rowsOf(me.merchantId)).toEqual([]);
  });

  it('a merchant not yet approved gets 403 merchant_not_approved', async () => {
    const pending = await merchant('in_review');
    const list = await api(server.app, 'GET', '/api/merchants/qr_codes/', { token: pending.token });
    expectStatus(list, 403);
    expect(list.body.error.code).toBe('merchant_not_approved');
    const created = await create(pending.token, { currency: 'EUR' });
    expectStatus(created, 403);
    expect(await rowsOf(pending.merchantId)).toEqual([]);
  });
});
