import { randomInt } from 'node:crypto';
import { composeIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignWalletTag } from '../../server/accounts';
import { demoExternalAccounts } from '../../server/payee/externalAccounts';
import { api, apiWithBadInput, bodyOf, expectStatus, type JsonBodyOf } from './client';
import { createOwner, signIn, startTestServer, type TestServer } from './harness';
import { employeeToken, merchantWithAccount, newKey } from './money';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const external = Object.fromEntries(demoExternalAccounts.map((account) => [account.key, account])) as Record<
  (typeof demoExternalAccounts)[number]['key'],
  (typeof demoExternalAccounts)[number]
>;
const person = external.person; // Maria Papadopoulou, GR, answers name checks
const unreachable = external.unreachable; // NL, the bank does not answer name checks

function unknownGermanIban(): string {
  const iban = composeIBAN({ countryCode: 'DE', bban: `37040044${String(randomInt(1e9, 1e10 - 1))}` });
  if (!iban) throw new Error('could not make an IBAN');
  return iban;
}

type BeneficiaryBody = JsonBodyOf<'POST', '/api/merchants/beneficiaries/'>;
type BankBeneficiary = Extract<BeneficiaryBody, { kind: 'bank' }>;

const bank = (overrides: Partial<BankBeneficiary> = {}): BankBeneficiary => ({
  kind: 'bank',
  first_name: 'Maria',
  last_name: 'Papadopoulou',
  bank_country: 'GR',
  iban: person.iban,
  ...overrides,
});

async function owner(status: 'approved' | 'onboarding' = 'approved') {
  const created = await createOwner(server.db, { status });
  const { accessToken } = await signIn(server.app, created.email, created.password);
  return { ...created, token: accessToken };
}

const rowsOf = (merchantId: string) =>
  server.db.selectFrom('beneficiaries').selectAll().where('merchant_id', '=', merchantId).execute();

const create = (token: string, body: BeneficiaryBody) =>
  api(server.app, 'POST', '/api/merchants/beneficiaries/', {
    token,
    headers: { 'idempotency-key': newKey('beneficiary') },
    body,
  });

describe('createBeneficiary: bank beneficiaries and the name check', () => {
  it('match: saved at once, with the check recorded', async () => {
    const me = await owner();
    const answer = await create(
      me.token,
      bank({ iban: person.iban.replace(/(.{4})/g, '$1 ').toLowerCase() }),
    );
    expectStatus(answer, 201);
    expect(answer.body).toMatchObject({
      kind: 'bank',
      name: 'Maria Papadopoulou',
      first_name: 'Maria',
      last_name: 'Papadopoulou',
      bank_country: 'GR',
      iban: person.iban,
      wallet_tag: null,
      name_check: { result: 'match', accepted_mismatch: false },
    });
    const [row] = await rowsOf(me.merchantId);
    const check = await server.db
      .selectFrom('payee_checks')
      .selectAll()
      .where('id', '=', row!.name_check_id!)
      .executeTakeFirstOrThrow();
    expect(check).toMatchObject({ merchant_id: me.merchantId, result: 'match', iban: person.iban });
  });

  it('close match: 422 with the suggested name and nothing saved; the suggested name then matches', async () => {
    const me = await owner();
    const refused = await create(me.token, bank({ last_name: 'Papadopolou' }));
    expectStatus(refused, 422);
    expect(refused.body.error).toMatchObject({
      code: 'name_check_unconfirmed',
      details: { result: 'close_match', suggested_name: 'Maria Papadopoulou', check_id: expect.any(String) },
    });
    expect(await rowsOf(me.merchantId)).toEqual([]);
    const taken = await create(me.token, bank());
    expectStatus(taken, 201);
    expect(taken.body.name_check).toEqual({ result: 'match', accepted_mismatch: false });
  });

  it('close match saved anyway with accept_name_mismatch', async () => {
    const me = await owner();
    const answer = await create(me.token, bank({ last_name: 'Papadopolou', accept_name_mismatch: true }));
    expectStatus(answer, 201);
    expect(answer.body.name_check).toEqual({ result: 'close_match', accepted_mismatch: true });
  });

  it('no match: 422 without revealing the holder’s name; saved only with the flag', async () => {
    const me = await owner();
    const refused = await create(me.token, bank({ first_name: 'John', last_name: 'Smith' }));
    expectStatus(refused, 422);
    expect(refused.body.error.details).toEqual({ result: 'no_match', check_id: expect.any(String) });
    expect(refused.raw.body).not.toContain('Papadopoulou');
    expect(await rowsOf(me.merchantId)).toEqual([]);
    const saved = await create(
      me.token,
      bank({ first_name: 'John', last_name: 'Smith', accept_name_mismatch: true }),
    );
    expectStatus(saved, 201);
    expect(saved.body.name_check).toEqual({ result: 'no_match', accepted_mismatch: true });
  });

  it('not possible: 422 without the flag, saved with it', async () => {
    const me = await owner();
    const body = bank({ first_name: 'Jan', last_name: 'Dijk', bank_country: 'NL', iban: unreachable.iban });
    const refused = await create(me.token, body);
    expectStatus(refused, 422);
    expect(refused.body.error.details).toEqual({ result: 'not_possible', check_id: expect.any(String) });
    expect(await rowsOf(me.merchantId)).toEqual([]);
    const saved = await create(me.token, { ...body, accept_name_mismatch: true });
    expectStatus(saved, 201);
    expect(saved.body.name_check).toEqual({ result: 'not_possible', accepted_mismatch: true });
  });
});

describe('createBeneficiary: wallet beneficiaries', () => {
  it('saves another approved merchant by its tag (with or without @, any case)', async () => {
    const me = await owner();
    const answer = await create(me.token, { kind: 'wallet', wallet_tag: 'Demo-Bakery' });
    expectStatus(answer, 201);
    expect(answer.body).toMatchObject({
      kind: 'wallet',
      wallet_tag: '@demo-bakery',
      name: 'Demo Bakery',
      iban: null,
      name_check: null,
    });
  });
});

describe('bad input gets a 4xx and changes nothing', () => {
  const cases: Array<[string, unknown, 400, string]> = [
    ['missing kind', { first_name: 'Maria' }, 400, 'kind'],
    ['missing first name', bank({ first_name: undefined }), 400, 'first_name'],
    ['empty last name', bank({ last_name: '  ' }), 400, 'last_name'],
    ['first name too long', bank({ first_name: 'A'.repeat(51) }), 400, 'first_name'],
    ['non-Latin name', bank({ first_name: 'Μαρία' }), 400, 'first_name'],
    [
      'bad IBAN checksum',
      bank({ iban: person.iban.replace(/^GR(\d)/, (_, d: string) => `GR${(Number(d) + 1) % 10}`) }),
      400,
      'iban',
    ],
    ['IBAN of another country than the bank', bank({ bank_country: 'CY' }), 400, 'iban'],
    ['a country without IBANs', bank({ bank_country: 'US' }), 400, 'bank_country'],
    ['missing wallet tag', { kind: 'wallet' }, 400, 'wallet_tag'],
    ['malformed wallet tag', { kind: 'wallet', wallet_tag: '@demo coffee!' }, 400, 'wallet_tag'],
    ['unknown wallet tag', { kind: 'wallet', wallet_tag: '@nobody-here-at-all' }, 400, 'wallet_tag'],
  ];
  it.each(cases)('%s → %i on %s', async (_name, body, status, field) => {
    const me = await owner();
    const answer = await apiWithBadInput(server.app, 'POST', '/api/merchants/beneficiaries/', {
      token: me.token,
      headers: { 'idempotency-key': newKey('beneficiary') },
      body,
    });
    expectStatus(answer, status);
    expect(answer.body.error.fields).toHaveProperty(field);
    expect(await rowsOf(me.merchantId)).toEqual([]);
  });

  it('refuses the merchant’s own wallet tag and own IBAN', async () => {
    const me = await merchantWithAccount(server);
    const tag = await assignWalletTag(server.db, me.merchantId);
    const ownTag = await create(me.token, { kind: 'wallet', wallet_tag: tag });
    expectStatus(ownTag, 400);
    expect(ownTag.body.error.fields).toEqual({ wallet_tag: 'This is your own wallet tag.' });
    const ownIban = await create(me.token, bank({ bank_country: 'GR', iban: me.iban }));
    expectStatus(ownIban, 400);
    expect(ownIban.body.error.fields).toEqual({ iban: 'This is one of your own accounts.' });
    expect(await rowsOf(me.merchantId)).toEqual([]);
  });

  it('duplicates (same IBAN, same wallet) are 409', async () => {
    const me = await owner();
    expect((await create(me.token, bank())).status).toBe(201);
    expect((await create(me.token, { kind: 'wallet', wallet_tag: '@demo-coffee' })).status).toBe(201);
    const again = await create(me.token, bank({ first_name: 'Maria', accept_name_mismatch: true }));
    expectStatus(again, 409);
    expect(again.body.error.fields).toHaveProperty('iban');
    const tagAgain = await create(me.token, { kind: 'wallet', wallet_tag: 'demo-coffee' });
    expectStatus(tagAgain, 409);
    expect(await rowsOf(me.merchantId)).toHaveLength(2);
  });
});

describe('reading, changing and deleting', () => {
  it('lists by name with search, gets one, updates with a new check, deletes for good', async () => {
    const me = await owner();
    const maria = bodyOf(await create(me.token, bank()), 201);
    await create(me.token, { kind: 'wallet', wallet_tag: '@demo-bakery' });
    const iban = unknownGermanIban();
    const hans = bodyOf(
      await create(
        me.token,
        bank({
          first_name: 'Hans',
          last_name: 'Becker',
          bank_country: 'DE',
          iban,
          accept_name_mismatch: true,
        }),
      ),
      201,
    );

    const all = await api(server.app, 'GET', '/api/merchants/beneficiaries/', { token: me.token });
    expectStatus(all, 200);
    expect(all.body.beneficiaries.map((b: { name: string }) => b.name)).toEqual([
      'Demo Bakery',
      'Hans Becker',
      'Maria Papadopoulou',
    ]);
    const found = await api(server.app, 'GET', '/api/merchants/beneficiaries/', {
      query: { q: 'papado' },
      token: me.token,
    });
    expectStatus(found, 200);
    expect(found.body.beneficiaries.map((b: { id: string }) => b.id)).toEqual([maria.id]);
    const byIban = await api(server.app, 'GET', '/api/merchants/beneficiaries/', {
      query: { q: iban.slice(-6) },
      token: me.token,
    });
    expectStatus(byIban, 200);
    expect(byIban.body.beneficiaries.map((b: { id: string }) => b.id)).toEqual([hans.id]);
    const byTag = await api(server.app, 'GET', '/api/merchants/beneficiaries/', {
      query: { q: '@demo' },
      token: me.token,
    });
    expectStatus(byTag, 200);
    expect(byTag.body.beneficiaries).toHaveLength(1);
    const wildcard = await api(server.app, 'GET', '/api/merchants/beneficiaries/', {
      query: { q: '%' },
      token: me.token,
    });
    expectStatus(wildcard, 200);
    expect(wildcard.body.beneficiaries).toEqual([]);

    const one = await api(server.app, 'GET', '/api/merchants/beneficiaries/{id}/', {
      params: { id: maria.id },
      token: me.token,
    });
    expect(one.body).toEqual(maria);

    // A changed name is checked again: close match without the flag is refused and changes nothing.
    const refused = await api(server.app, 'PUT', '/api/merchants/beneficiaries/{id}/', {
      params: { id: maria.id },
      token: me.token,
      body: bank({ first_name: 'Mariah' }),
    });
    expectStatus(refused, 422);
    expect(refused.body.error.details).toMatchObject({
      result: 'close_match',
      suggested_name: 'Maria Papadopoulou',
    });
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/beneficiaries/{id}/', {
          params: { id: maria.id },
          token: me.token,
        })
      ).body,
    ).toEqual(maria);
    const accepted = await api(server.app, 'PUT', '/api/merchants/beneficiaries/{id}/', {
      params: { id: maria.id },
      token: me.token,
      body: bank({ first_name: 'Mariah', accept_name_mismatch: true }),
    });
    expectStatus(accepted, 200);
    expect(accepted.body).toMatchObject({
      first_name: 'Mariah',
      name_check: { result: 'close_match', accepted_mismatch: true },
    });
    // Unchanged name and IBAN: no new check, the earlier decision stands.
    const checksBefore = await server.db
      .selectFrom('payee_checks')
      .select('id')
      .where('merchant_id', '=', me.merchantId)
      .execute();
    const same = await api(server.app, 'PUT', '/api/merchants/beneficiaries/{id}/', {
      params: { id: maria.id },
      token: me.token,
      body: bank({ first_name: 'Mariah' }),
    });
    expectStatus(same, 200);
    const checksAfter = await server.db
      .selectFrom('payee_checks')
      .select('id')
      .where('merchant_id', '=', me.merchantId)
      .execute();
    expect(checksAfter).toHaveLength(checksBefore.length);
    // Changing into another merchant's IBAN that is already saved: 409.
    const clash = await api(server.app, 'PUT', '/api/merchants/beneficiaries/{id}/', {
      params: { id: maria.id },
      token: me.token,
      body: bank({
        first_name: 'Hans',
        last_name: 'Becker',
        bank_country: 'DE',
        iban,
        accept_name_mismatch: true,
      }),
    });
    expectStatus(clash, 409);

    const deleted = await api(server.app, 'DELETE', '/api/merchants/beneficiaries/{id}/', {
      params: { id: maria.id },
      token: me.token,
    });
    expectStatus(deleted, 204);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/beneficiaries/{id}/', {
          params: { id: maria.id },
          token: me.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(server.app, 'DELETE', '/api/merchants/beneficiaries/{id}/', {
          params: { id: maria.id },
          token: me.token,
        })
      ).status,
    ).toBe(404);
    const after = await api(server.app, 'GET', '/api/merchants/beneficiaries/', { token: me.token });
    expectStatus(after, 200);
    expect(after.body.beneficiaries.map((b: { id: string }) => b.id)).not.toContain(maria.id);
    // The row stays (soft delete) so that a transfer naming it can still be explained, and it can be added again.
    const kept = await server.db
      .selectFrom('beneficiaries')
      .select('deleted_at')
      .where('id', '=', maria.id)
      .executeTakeFirstOrThrow();
    expect(kept.deleted_at).toBeInstanceOf(Date);
    expect((await create(me.token, bank())).status).toBe(201);
  });

  it('another merchant’s beneficiary is 404 on get, update and delete, and stays unchanged', async () => {
    const me = await owner();
    const other = await owner();
    const theirs = bodyOf(await create(other.token, bank()), 201);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/beneficiaries/{id}/', {
          params: { id: theirs.id },
          token: me.token,
        })
      ).status,
    ).toBe(404);
    const put = await api(server.app, 'PUT', '/api/merchants/beneficiaries/{id}/', {
      params: { id: theirs.id },
      token: me.token,
      body: bank({ first_name: 'John', last_name: 'Smith', accept_name_mismatch: true }),
    });
    expectStatus(put, 404);
    expect(
      (
        await api(server.app, 'DELETE', '/api/merchants/beneficiaries/{id}/', {
          params: { id: theirs.id },
          token: me.token,
        })
      ).status,
    ).toBe(404);
    const mine = await api(server.app, 'GET', '/api/merchants/beneficiaries/', { token: me.token });
    expectStatus(mine, 200);
    expect(mine.body.beneficiaries).toEqual([]);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/beneficiaries/{id}/', {
          params: { id: theirs.id },
          token: other.token,
        })
      ).body,
    ).toEqual(theirs);
  });

  it('a malformed id is 400, an unknown one 404', async () => {
    const me = await owner();
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/beneficiaries/{id}/', {
          params: { id: 'not-a-uuid' },
          token: me.token,
        })
      ).status,
    ).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/beneficiaries/{id}/', {
          params: { id: unknown },
          token: me.token,
        })
      ).status,
    ).toBe(404);
  });
});

describe('who may do what', () => {
  it('a viewer may list and read but not create, change or delete (SPEC §6)', async () => {
    const me = await owner();
    const saved = bodyOf(await create(me.token, bank()), 201);
    const viewer = await employeeToken(server, me.merchantId, 'viewer');
    expect((await api(server.app, 'GET', '/api/merchants/beneficiaries/', { token: viewer })).status).toBe(
      200,
    );
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/beneficiaries/{id}/', {
          params: { id: saved.id },
          token: viewer,
        })
      ).status,
    ).toBe(200);
    const denied = await create(viewer, { kind: 'wallet', wallet_tag: '@demo-bakery' });
    expectStatus(denied, 403);
    expect(
      (
        await api(server.app, 'PUT', '/api/merchants/beneficiaries/{id}/', {
          params: { id: saved.id },
          token: viewer,
          body: bank({ first_name: 'Eve' }),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(server.app, 'DELETE', '/api/merchants/beneficiaries/{id}/', {
          params: { id: saved.id },
          token: viewer,
        })
      ).status,
    ).toBe(403);
    expect(await rowsOf(me.merchantId)).toHaveLength(1);
  });

  it('an employee may not even list; a merchant not yet approved gets 403 merchant_not_approved', async () => {
    const me = await owner();
    const employee = await employeeToken(server, me.merchantId, 'employee');
    expect((await api(server.app, 'GET', '/api/merchants/beneficiaries/', { token: employee })).status).toBe(
      403,
    );
    const pending = await owner('onboarding');
    const list = await api(server.app, 'GET', '/api/merchants/beneficiaries/', { token: pending.token });
    expectStatus(list, 403);
    expect(list.body.error.code).toBe('merchant_not_approved');
    const created = await create(pending.token, bank());
    expectStatus(created, 403);
    expect(await rowsOf(pending.merchantId)).toEqual([]);
  });

  it('signed out is 401 before any field is looked at', async () => {
    const answer = await apiWithBadInput(server.app, 'POST', '/api/merchants/beneficiaries/', { body: {} });
    expectStatus(answer, 401);
    expect(answer.body.error.code).toBe('unauthorized');
  });
});
