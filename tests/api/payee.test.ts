import { randomInt } from 'node:crypto';
import { composeIBAN, isValidIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { openAccount } from '../../server/ledger';
import { demoExternalAccounts } from '../../server/payee/externalAccounts';
import { payeeChecksPerMinute } from '../../server/routes/payee.routes';
import { demoIban } from '../../server/seed';
import { api, apiWithBadInput, bodyOf, callUntyped, expectStatus, type JsonBodyOf } from './client';
import { createOwner, signIn, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const coffeeIban = demoIban('0000000000000001');
const external = Object.fromEntries(demoExternalAccounts.map((account) => [account.key, account])) as Record<
  (typeof demoExternalAccounts)[number]['key'],
  (typeof demoExternalAccounts)[number]
>;

/** A valid IBAN no account anywhere has (another country's format, random account number). */
function unknownIban(): string {
  const iban = composeIBAN({ countryCode: 'DE', bban: `37040044${String(randomInt(1e9, 1e10 - 1))}` });
  if (!iban || !isValidIBAN(iban)) throw new Error('could not make an IBAN');
  return iban;
}

/** A new IBAN of this bank (its bank and branch code, an account number far from the ones approval gives). */
function ourIban(): string {
  const iban = composeIBAN({
    countryCode: 'GR',
    bban: `02600019${String(randomInt(0, 2 ** 47)).padStart(15, '0')}`,
  });
  if (!iban || !isValidIBAN(iban)) throw new Error('could not make an IBAN');
  return iban;
}

/** The same IBAN with its last check digit changed: well formed, wrong checksum. */
function brokenChecksum(iban: string): string {
  const digit = Number(iban[3]);
  return `${iban.slice(0, 3)}${(digit + 1) % 10}${iban.slice(4)}`;
}

async function payer(status: 'approved' | 'onboarding' = 'approved') {
  const owner = await createOwner(server.db, { status });
  const session = await signIn(server.app, owner.email, owner.password);
  return { ...owner, token: session.accessToken };
}

async function checksOf(userId: string) {
  return server.db
    .selectFrom('payee_checks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

const verify = (token: string | undefined, body: JsonBodyOf<'POST', '/api/merchants/payees/verify/'>) =>
  api(server.app, 'POST', '/api/merchants/payees/verify/', { ...(token ? { token } : {}), body });

/** Deliberately bad input: a body of any shape. */
const verifyWithBadInput = (token: string | undefined, body: unknown) =>
  apiWithBadInput(server.app, 'POST', '/api/merchants/payees/verify/', { ...(token ? { token } : {}), body });

describe('verifyPayee: the four answers of Verification of Payee', () => {
  it('match: an account at this bank under its merchant’s registered name; no name is returned', async () => {
    const me = await payer();
    const answer = await verify(me.token, { iban: coffeeIban, name: 'DEMO COFFEE' });
    expectStatus(answer, 200);
    expect(answer.body).toEqual({ result: 'match', check_id: expect.any(String) });
    const [check] = await checksOf(me.userId);
    expect(check).toMatchObject({
      id: answer.body.check_id,
      merchant_id: me.merchantId,
      iban: coffeeIban,
      entered_name: 'DEMO COFFEE',
      result: 'match',
      registered_name: 'Demo Coffee',
    });
  });

  it('close match: returns the holder’s registered name, and that name then matches', async () => {
    const me = await payer();
    const answer = await verify(me.token, { iban: coffeeIban, name: 'Demo Cofee' });
    expectStatus(answer, 200);
    expect(answer.body).toEqual({
      result: 'close_match',
      suggested_name: 'Demo Coffee',
      check_id: expect.any(String),
    });
    const again = await verify(me.token, { iban: coffeeIban, name: answer.body.suggested_name ?? '' });
    expectStatus(again, 200);
    expect(again.body.result).toBe('match');
  });

  it('no match: does not reveal the holder’s name, which is kept on the server only', async () => {
    const me = await payer();
    const answer = await verify(me.token, { iban: coffeeIban, name: 'John Smith' });
    expectStatus(answer, 200);
    expect(answer.body).toEqual({ result: 'no_match', check_id: expect.any(String) });
    expect(answer.raw.body).not.toContain('Demo Coffee');
    const [check] = await checksOf(me.userId);
    expect(check).toMatchObject({ result: 'no_match', registered_name: 'Demo Coffee' });
  });

  it('not possible: an IBAN held nowhere we know', async () => {
    const me = await payer();
    const iban = unknownIban();
    const answer = await verify(me.token, { iban, name: 'Maria Papadopoulou' });
    expectStatus(answer, 200);
    expect(answer.body).toEqual({ result: 'not_possible', check_id: expect.any(String) });
    const [check] = await checksOf(me.userId);
    expect(check).toMatchObject({ iban, result: 'not_possible', registered_name: null });
  });

  it('not possible: an account at a bank that does not answer name checks', async () => {
    const me = await payer();
    const answer = await verify(me.token, {
      iban: external.unreachable.iban,
      name: external.unreachable.holder_name,
    });
    expect(answer.body).toEqual({ result: 'not_possible', check_id: expect.any(String) });
    expect(answer.raw.body).not.toContain('Van Dijk');
  });

  it('not possible: an account of a merchant that is not approved', async () => {
    const me = await payer();
    const closed = await createOwner(server.db, { status: 'onboarding' });
    const iban = ourIban();
    await openAccount(server.db, { merchantId: closed.merchantId, name: 'Main', currency: 'EUR', iban });
    const merchant = await server.db
      .selectFrom('merchants')
      .select('name')
      .where('id', '=', closed.merchantId)
      .executeTakeFirstOrThrow();
    const answer = await verify(me.token, { iban, name: merchant.name });
    expectStatus(answer, 200);
    expect(answer.body.result).toBe('not_possible');
  });

  it('checks accounts at other banks (sandbox): person names in any order, Greek ↔ Latin as a close match', async () => {
    const me = await payer();
    const person = external.person;
    expect(
      bodyOf(await verify(me.token, { iban: person.iban, name: 'Papadopoulou Maria' }), 200).result,
    ).toBe('match');
    const greek = await verify(me.token, { iban: external.greekScript.iban, name: 'Ilias Georgiou' });
    expect(greek.body).toMatchObject({ result: 'close_match', suggested_name: 'Ηλίας Γεωργίου' });
    const company = await verify(me.token, { iban: external.company.iban, name: 'Muller Handels' });
    expectStatus(company, 200);
    expect(company.body.result).toBe('match');
    const legalForm = await verify(me.token, {
      iban: external.cypriotCompany.iban,
      name: 'Olympus Flour Mills',
    });
    expectStatus(legalForm, 200);
    expect(legalForm.body.result).toBe('match');
  });

  it('counts a company’s trading name; a sole trader’s name may come in any order', async () => {
    const me = await payer();
    const holder = await createOwner(server.db);
    await server.db
      .updateTable('merchants')
      .set({ name: 'Kyma Trading Company' })
      .where('id', '=', holder.merchantId)
      .execute();
    await server.db
      .insertInto('merchant_onboarding')
      .values({
        merchant_id: holder.merchantId,
        company: JSON.stringify({
          name: 'Kyma Trading Company',
          commercial_name: 'Blue Wave',
          legal_form: 'ike',
        }),
        representative: null,
        directors: null,
        shareholders: null,
        funding: null,
      })
      .execute();
    const iban = ourIban();
    await openAccount(server.db, { merchantId: holder.merchantId, name: 'Main', currency: 'EUR', iban });

    expect(bodyOf(await verify(me.token, { iban, name: 'Blue Wave IKE' }), 200).result).toBe('match');
    const order = await verify(me.token, { iban, name: 'Trading Kyma Company' });
    expect(order.body).toMatchObject({ result: 'close_match', suggested_name: 'Kyma Trading Company' });

    await server.db
      .updateTable('merchant_onboarding')
      .set({
        company: JSON.stringify({ name: 'Eleni Kosta', commercial_name: null, legal_form: 'sole_trader' }),
      })
      .where('merchant_id', '=', holder.merchantId)
      .execute();
    await server.db
      .updateTable('merchants')
      .set({ name: 'Eleni Kosta' })
      .where('id', '=', holder.merchantId)
      .execute();
    expect(bodyOf(await verify(me.token, { iban, name: 'Kosta Eleni' }), 200).result).toBe('match');
  });

  it('takes the IBAN with spaces and in lower case, and stores it normalised', async () => {
    const me = await payer();
    const typed = coffeeIban.toLowerCase().replace(/(.{4})/g, '$1 ');
    const answer = await verify(me.token, { iban: `  ${typed}`, name: '  Demo Coffee  ' });
    expectStatus(answer, 200);
    expect(answer.body.result).toBe('match');
    const [check] = await checksOf(me.userId);
    expect(check).toMatchObject({ iban: coffeeIban, entered_name: 'Demo Coffee' });
  });
});

describe('verifyPayee: bad input gets a 400 and records nothing', () => {
  const cases: [string, unknown, string][] = [
    ['no body fields', {}, 'iban'],
    ['no iban', { name: 'Demo Coffee' }, 'iban'],
    ['no name', { iban: coffeeIban }, 'name'],
    ['an empty name', { iban: coffeeIban, name: '' }, 'name'],
    ['a blank name', { iban: coffeeIban, name: '    ' }, 'name'],
    ['a name over 140 characters', { iban: coffeeIban, name: 'A'.repeat(141) }, 'name'],
    ['a wrong checksum', { iban: brokenChecksum(coffeeIban), name: 'Demo Coffee' }, 'iban'],
    ['not an IBAN', { iban: 'hello world', name: 'Demo Coffee' }, 'iban'],
    ['an empty IBAN', { iban: '', name: 'Demo Coffee' }, 'iban'],
    ['a very long IBAN', { iban: 'GR'.repeat(100), name: 'Demo Coffee' }, 'iban'],
    ['a number for the IBAN', { iban: 123, name: 'Demo Coffee' }, 'iban'],
    ['a number for the name', { iban: coffeeIban, name: 5 }, 'name'],
    ['an object for the name', { iban: coffeeIban, name: { first: 'Demo' } }, 'name'],
    ['null', { iban: null, name: null }, 'iban'],
  ];

  it.each(cases)('%s', async (_label, body, field) => {
    const me = await payer();
    const answer = await verifyWithBadInput(me.token, body);
    expectStatus(answer, 400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.fields).toHaveProperty(field);
    expect(await checksOf(me.userId)).toEqual([]);
  });

  it('says "Invalid IBAN." for a bad IBAN', async () => {
    const me = await payer();
    const answer = await verify(me.token, { iban: brokenChecksum(coffeeIban), name: 'Demo Coffee' });
    expectStatus(answer, 400);
    expect(answer.body.error.fields).toEqual({ iban: 'Invalid IBAN.' });
  });

  it('rejects malformed JSON', async () => {
    const me = await payer();
    const answer = await apiWithBadInput(server.app, 'POST', '/api/merchants/payees/verify/', {
      token: me.token,
      payload: '{"iban":',
    });
    expectStatus(answer, 400);
    expect(await checksOf(me.userId)).toEqual([]);
  });
});

describe('verifyPayee: who may ask', () => {
  it('answers 401 without a session, before looking at the body', async () => {
    const before = await server.db.selectFrom('payee_checks').select('id').execute();
    expect((await verify(undefined, { iban: coffeeIban, name: 'Demo Coffee' })).status).toBe(401);
    expect((await verifyWithBadInput(undefined, {})).status).toBe(401);
    expect((await verify('not-a-token', { iban: coffeeIban, name: 'Demo Coffee' })).status).toBe(401);
    expect(await server.db.selectFrom('payee_checks').select('id').execute()).toHaveLength(before.length);
  });

  it('answers 403 merchant_not_approved to a merchant that has not passed review', async () => {
    const me = await payer('onboarding');
    const answer = await verify(me.token, { iban: coffeeIban, name: 'Demo Coffee' });
    expectStatus(answer, 403);
    expect(answer.body.error.code).toBe('merchant_not_approved');
    expect(await checksOf(me.userId)).toEqual([]);
  });

  it('answers 403 to an employee without the send-money area (a viewer)', async () => {
    const owner = await createOwner(server.db);
    const email = `payee-viewer-${owner.userId.slice(0, 8)}@example.test`;
    const viewer = await server.db
      .insertInto('users')
      .values({
        merchant_id: owner.merchantId,
        email,
        phone: null,
        password_hash: await hashPassword('Viewer-Password-1'),
        first_name: 'View',
        last_name: 'Er',
        is_owner: false,
        employee_type: 'viewer',
        access_level: 'company',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = await signIn(server.app, email, 'Viewer-Password-1');
    const answer = await verify(session.accessToken, { iban: coffeeIban, name: 'Demo Coffee' });
    expectStatus(answer, 403);
    expect(answer.body.error.code).toBe('forbidden');
    expect(await checksOf(viewer.id)).toEqual([]);
  });

  it(`limits each user to ${payeeChecksPerMinute} checks a minute (no name oracle), without slowing others`, async () => {
    const me = await payer();
    const other = await payer();
    for (let i = 0; i < payeeChecksPerMinute; i += 1) {
      const answer = await verify(me.token, { iban: coffeeIban, name: `Guess ${i}` });
      expectStatus(answer, 200);
    }
    const limited = await verify(me.token, { iban: coffeeIban, name: 'Demo Coffee' });
    expectStatus(limited, 429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await checksOf(me.userId)).toHaveLength(payeeChecksPerMinute);
    expect((await verify(other.token, { iban: coffeeIban, name: 'Demo Coffee' })).status).toBe(200);
  });
});

describe('sandbox: accounts at other banks', () => {
  it('creates and then replaces an account, and name checks follow it', async () => {
    const me = await payer();
    const iban = unknownIban();
    const typed = iban.toLowerCase().replace(/(.{4})/g, '$1 ');
    const created = await api(server.app, 'POST', '/api/sandbox/external-accounts/', {
      body: { iban: typed, holder_name: 'Nikos Alexiou', bank_name: 'Test Bank' },
    });
    expectStatus(created, 200);
    expect(created.body).toEqual({
      iban,
      holder_name: 'Nikos Alexiou',
      bank_name: 'Test Bank',
      reachable: true,
    });
    expect(bodyOf(await verify(me.token, { iban, name: 'Nikos Alexiou' }), 200).result).toBe('match');

    const replaced = await api(server.app, 'POST', '/api/sandbox/external-accounts/', {
      body: { iban, holder_name: 'Anna Alexiou', bank_name: 'Test Bank', reachable: true },
    });
    expectStatus(replaced, 200);
    expect(replaced.body.holder_name).toBe('Anna Alexiou');
    expect(bodyOf(await verify(me.token, { iban, name: 'Nikos Alexiou' }), 200).result).toBe('no_match');

    await api(server.app, 'POST', '/api/sandbox/external-accounts/', {
      body: { iban, holder_name: 'Anna Alexiou', bank_name: 'Test Bank', reachable: false },
    });
    expect(bodyOf(await verify(me.token, { iban, name: 'Anna Alexiou' }), 200).result).toBe('not_possible');
  });

  it.each([
    ['a bad IBAN', { iban: 'GR00 1234', holder_name: 'A B', bank_name: 'Bank' }, 'iban'],
    ['no holder name', { iban: 'DE89370400440532013000', bank_name: 'Bank' }, 'holder_name'],
    [
      'a holder name over 140 characters',
      { iban: 'DE89370400440532013000', holder_name: 'x'.repeat(141), bank_name: 'Bank' },
      'holder_name',
    ],
    ['no bank name', { iban: 'DE89370400440532013000', holder_name: 'A B' }, 'bank_name'],
    [
      'reachable not a boolean',
      { iban: 'DE89370400440532013000', holder_name: 'A B', bank_name: 'Bank', reachable: 'yes' },
      'reachable',
    ],
  ])('rejects %s with a 400 and stores nothing', async (_label, body, field) => {
    const answer = await apiWithBadInput(server.app, 'POST', '/api/sandbox/external-accounts/', { body });
    expectStatus(answer, 400);
    expect(answer.body.error.fields).toHaveProperty(field);
    const stored = await server.db
      .selectFrom('sandbox_external_accounts')
      .select('iban')
      .where('iban', '=', 'DE89370400440532013000')
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses an IBAN of an account at this bank', async () => {
    const answer = await api(server.app, 'POST', '/api/sandbox/external-accounts/', {
      body: { iban: coffeeIban, holder_name: 'Someone Else', bank_name: 'Elsewhere' },
    });
    expectStatus(answer, 409);
    const me = await payer();
    expect(bodyOf(await verify(me.token, { iban: coffeeIban, name: 'Demo Coffee' }), 200).result).toBe(
      'match',
    );
  });

  it('does not exist in production, where other banks’ accounts cannot be checked', async () => {
    const production = await server.buildVariant({ environment: 'production' });
    const iban = unknownIban();
    // Outside the production app's contract: the sandbox rails are not registered there at all.
    const answer = await callUntyped(production, 'POST', '/api/sandbox/external-accounts/', {
      body: { iban, holder_name: 'Nikos Alexiou', bank_name: 'Test Bank' },
    });
    expect(answer.status).toBe(404);
    const stored = await server.db
      .selectFrom('sandbox_external_accounts')
      .select('iban')
      .where('iban', '=', iban)
      .execute();
    expect(stored).toEqual([]);
  });
});
