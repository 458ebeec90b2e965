import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { api, apiWithBadInput, bodyOf, errorOf, expectStatus, type JsonBodyOf } from './client';
import {
  createOwner,
  latestCode,
  readOutbox,
  refreshCookieOf,
  signIn,
  solveAltcha,
  startTestServer,
  type TestServer,
} from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const password = 'Blue-Harbour-Lantern-42';
let counter = 0;

function fresh() {
  counter += 1;
  const suffix = `${Date.now() % 1_000_000}${counter}`;
  return {
    email: `new${suffix}@example.test`,
    // Greek national mobile format (69 + 8 digits), normalised to E.164 by the server.
    national: `69${String(40_000_000 + counter * 7919 + (Date.now() % 1000)).slice(-8)}`,
  };
}

async function counts(db: Database) {
  const count = async (table: 'users' | 'merchants' | 'registrations' | 'legal_acceptances' | 'sessions') =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    users: await count('users'),
    merchants: await count('merchants'),
    registrations: await count('registrations'),
    acceptances: await count('legal_acceptances'),
    sessions: await count('sessions'),
  };
}

async function start(email: string, phone: string) {
  return api(server.app, 'POST', '/api/merchants/registrations/', { body: { email, phone } });
}

/** A registration verified up to the password step. */
async function readyToRegister() {
  const { app } = server;
  const { email, national } = fresh();
  const started = await start(email, national);
  expectStatus(started, 201);
  const id: string = started.body.id;
  const phone: string = started.body.phone;
  await api(app, 'POST', '/api/merchants/registrations/{id}/send_email_verification/', { params: { id } });
  await api(app, 'POST', '/api/merchants/registrations/{id}/verify_email/', {
    params: { id },
    body: { code: await latestCode(app, email) },
  });
  await api(app, 'POST', '/api/merchants/registrations/{id}/send_sms_verification/', { params: { id } });
  await api(app, 'POST', '/api/merchants/registrations/{id}/verify_phone/', {
    params: { id },
    body: { code: await latestCode(app, phone) },
  });
  const saved = await api(app, 'PUT', '/api/merchants/registrations/{id}/details/', {
    params: { id },
    body: { first_name: 'Eleni', last_name: 'Papadopoulou', company_name: 'Olive Grove Trading IKE' },
  });
  expectStatus(saved, 200);
  expect(saved.body.step).toBe('password');
  return { id, email, phone };
}

async function registerBody(id: string): Promise<JsonBodyOf<'POST', '/api/merchants/accounts/register/'>> {
  return {
    registration_id: id,
    password,
    password_confirmation: password,
    accept_terms: true,
    accept_privacy: true,
    altcha: await solveAltcha(server.app),
  };
}

describe('registration journey', () => {
  it('registers a merchant from nothing: contact, both codes, details, password; resumes at each step', async () => {
    const { app, db } = server;
    const { email, national } = fresh();
    const before = await counts(db);

    const checked = await api(app, 'POST', '/api/merchants/accounts/prevalidate/', {
      body: { email: ` ${email.toUpperCase()} `, phone: `${national.slice(0, 3)} ${national.slice(3)}` },
    });
    expectStatus(checked, 200);
    expect(checked.body).toEqual({
      email: { valid: true, available: true, normalized: email },
      phone: { valid: true, available: true, normalized: `+30${national}` },
    });

    const started = await start(email, national);
    expectStatus(started, 201);
    const id: string = started.body.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(started.body).toMatchObject({
      step: 'verify-email',
      email,
      phone: `+30${national}`,
      email_verified: false,
      phone_verified: false,
    });

    const sent = await api(app, 'POST', '/api/merchants/registrations/{id}/send_email_verification/', {
      params: { id },
    });
    expectStatus(sent, 200);
    expect(sent.body).toEqual({ destination: `n***@example.test`, expires_in: 300, resend_in: 30 });
    const [mail] = await readOutbox(app, email);
    expect(mail?.subject).toBe('Confirm your email for Tameio');

    // Resend is throttled like login codes.
    const tooSoon = await api(app, 'POST', '/api/merchants/registrations/{id}/send_email_verification/', {
      params: { id },
    });
    expectStatus(tooSoon, 429);
    expect(tooSoon.body.error.code).toBe('otp_cooldown');

    // The phone cannot be verified before the email.
    const early = await api(app, 'POST', '/api/merchants/registrations/{id}/send_sms_verification/', {
      params: { id },
    });
    expectStatus(early, 409);

    const resumed = await api(app, 'GET', '/api/merchants/registrations/{id}/', { params: { id } });
    expectStatus(resumed, 200);
    expect(resumed.body.step).toBe('verify-email');

    const emailOk = await api(app, 'POST', '/api/merchants/registrations/{id}/verify_email/', {
      params: { id },
      body: { code: await latestCode(app, email) },
    });
    expectStatus(emailOk, 200);
    expect(emailOk.body).toMatchObject({ step: 'verify-phone', email_verified: true });

    const sms = await api(app, 'POST', '/api/merchants/registrations/{id}/send_sms_verification/', {
      params: { id },
    });
    expectStatus(sms, 200);
    const phoneOk = await api(app, 'POST', '/api/merchants/registrations/{id}/verify_phone/', {
      params: { id },
      body: { code: await latestCode(app, `+30${national}`) },
    });
    expect(phoneOk.body).toMatchObject({ step: 'details', phone_verified: true });

    const details = await api(app, 'PUT', '/api/merchants/registrations/{id}/details/', {
      params: { id },
      body: { first_name: ' Eleni ', last_name: 'Papadopoulou', company_name: 'Olive Grove Trading IKE' },
    });
    expectStatus(details, 200);
    expect(details.body).toMatchObject({ step: 'password', first_name: 'Eleni' });
    expect(
      bodyOf(await api(app, 'GET', '/api/merchants/registrations/{id}/', { params: { id } }), 200).step,
    ).toBe('password');

    const done = await api(app, 'POST', '/api/merchants/accounts/register/', {
      body: await registerBody(id),
    });
    expectStatus(done, 200);
    expect(done.body).toMatchObject({
      token_type: 'Bearer',
      user: {
        email,
        first_name: 'Eleni',
        last_name: 'Papadopoulou',
        is_owner: true,
        employee_type: null,
        merchant: { name: 'Olive Grove Trading IKE' },
      },
    });
    expect(refreshCookieOf(done).length).toBeGreaterThan(20);
    const cookie = done.cookies.find((c) => c.name === 'refreshKey');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });

    const merchant = await db
      .selectFrom('merchants')
      .select(['status', 'name'])
      .where('id', '=', done.body.user.merchant.id)
      .executeTakeFirstOrThrow();
    expect(merchant).toEqual({ status: 'onboarding', name: 'Olive Grove Trading IKE' });
    const user = await db
      .selectFrom('users')
      .select(['phone', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.phone).toBe(`+30${national}`);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const acceptances = await db
      .selectFrom('legal_acceptances')
      .select(['document', 'version'])
      .where('user_id', '=', done.body.user.id)
      .orderBy('document')
      .execute();
    expect(acceptances).toEqual([
      { document: 'privacy_policy', version: '2026-01' },
      { document: 'terms_of_use', version: '2026-01' },
    ]);
    const after = await counts(db);
    expect(after).toMatchObject({
      users: before.users + 1,
      merchants: before.merchants + 1,
      registrations: before.registrations + 1,
      acceptances: before.acceptances + 2,
      sessions: before.sessions + 1,
    });

    // The registration is consumed: it cannot be resumed or registered twice.
    expect((await api(app, 'GET', '/api/merchants/registrations/{id}/', { params: { id } })).status).toBe(
      404,
    );
    const twice = await api(app, 'POST', '/api/merchants/accounts/register/', {
      body: await registerBody(id),
    });
    expectStatus(twice, 404);
    expect(await counts(db)).toEqual(after);

    // The new owner signs in with the password and a code by SMS.
    const session = await signIn(app, email, password, 'sms', `+30${national}`);
    expect(session.body.user.merchant.name).toBe('Olive Grove Trading IKE');
  });
});

describe('prevalidate', () => {
  it('says when an email or phone is taken, or not valid', async () => {
    const owner = await createOwner(server.db);
    const taken = await api(server.app, 'POST', '/api/merchants/accounts/prevalidate/', {
      body: { email: owner.email, phone: owner.phone ?? undefined },
    });
    expect(taken.body).toEqual({
      email: { valid: true, available: false, normalized: owner.email },
      phone: { valid: true, available: false, normalized: owner.phone },
    });
    const bad = await api(server.app, 'POST', '/api/merchants/accounts/prevalidate/', {
      body: { email: 'not-an-email', phone: '2101234567' },
    });
    expect(bad.body).toEqual({
      email: { valid: false, available: false, normalized: null },
      phone: { valid: false, available: false, normalized: null },
    });
    const onlyPhone = await api(server.app, 'POST', '/api/merchants/accounts/prevalidate/', {
      body: { phone: '+357 96 123456' },
    });
    expect(onlyPhone.body).toEqual({ phone: { valid: true, available: true, normalized: '+35796123456' } });
  });

  it('refuses an empty body, wrong types and overlong values with 400', async () => {
    for (const body of [
      {},
      { email: 42 },
      { phone: ['6912345678'] },
      { email: `${'a'.repeat(250)}@x.test` },
    ]) {
      const response = await apiWithBadInput(server.app, 'POST', '/api/merchants/accounts/prevalidate/', {
        body,
      });
      expectStatus(response, 400, JSON.stringify(body));
      expect(response.body.error.code).toBe('validation_failed');
    }
  });

  it('is rate limited', async () => {
    const limited = await server.buildVariant({ loginRateLimitPerMinute: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (
          await api(limited, 'POST', '/api/merchants/accounts/prevalidate/', {
            body: { email: 'a@b.test' },
            ip: '10.9.9.9',
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('bad input changes nothing', () => {
  it('refuses missing, invalid and taken contacts on start', async () => {
    const owner = await createOwner(server.db);
    const before = await counts(server.db);
    const cases: Array<[unknown, 400 | 409, string[]]> = [
      [{}, 400, ['email', 'phone']],
      [{ email: 'x@y.test' }, 400, ['phone']],
      [{ email: 'nope', phone: '6912345678' }, 400, ['email']],
      [{ email: 'x@y.test', phone: '2101234567' }, 400, ['phone']],
      [{ email: 'x@y.test', phone: 6912345678 }, 400, ['phone']],
      [{ email: owner.email, phone: '6999999999' }, 409, ['email']],
      [{ email: 'x@y.test', phone: owner.phone }, 409, ['phone']],
    ];
    for (const [body, status, fields] of cases) {
      const response = await apiWithBadInput(server.app, 'POST', '/api/merchants/registrations/', { body });
      expectStatus(response, status, JSON.stringify(body));
      expect(Object.keys(response.body.error.fields ?? {}).sort(), JSON.stringify(body)).toEqual(fields);
    }
    expect(await counts(server.db)).toEqual(before);
  });

  it('answers 404 for unknown, expired or malformed registration ids, and 400 for a malformed one', async () => {
    const unknown = '7b7d7c1e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
    const params = { id: unknown };
    for (const response of [
      await api(server.app, 'GET', '/api/merchants/registrations/{id}/', { params }),
      await api(server.app, 'POST', '/api/merchants/registrations/{id}/send_email_verification/', { params }),
      await api(server.app, 'POST', '/api/merchants/registrations/{id}/send_sms_verification/', { params }),
    ]) {
      expectStatus(response, 404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect(
      (await api(server.app, 'GET', '/api/merchants/registrations/{id}/', { params: { id: 'not-a-uuid' } }))
        .status,
    ).toBe(400);

    const { email, national } = fresh();
    const started = await start(email, national);
    expectStatus(started, 201);
    await server.db
      .updateTable('registrations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', started.body.id)
      .execute();
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/registrations/{id}/', {
          params: { id: started.body.id },
        })
      ).status,
    ).toBe(404);
  });

  it('counts wrong codes, kills the code after 5, and refuses codes of another registration', async () => {
    const { app, db } = server;
    const first = fresh();
    const second = fresh();
    const a = bodyOf(await start(first.email, first.national), 201).id;
    const b = bodyOf(await start(second.email, second.national), 201).id;
    await api(app, 'POST', '/api/merchants/registrations/{id}/send_email_verification/', {
      params: { id: a },
    });
    await api(app, 'POST', '/api/merchants/registrations/{id}/send_email_verification/', {
      params: { id: b },
    });
    const codeA = await latestCode(app, first.email);
    const codeB = await latestCode(app, second.email);

    // B's code does not verify A (codes are bound to their registration), unless they happen to be equal.
    if (codeA !== codeB) {
      const crossed = await api(app, 'POST', '/api/merchants/registrations/{id}/verify_email/', {
        params: { id: a },
        body: { code: codeB },
      });
      expectStatus(crossed, 400);
      expect(crossed.body.error).toMatchObject({ code: 'otp_invalid', details: { attempts_left: 4 } });
    }
    const wrong = codeA === '000000' ? '111111' : '000000';
    for (const shape of ['12345', 'abcdef', 123456, null]) {
      const bad = await apiWithBadInput(app, 'POST', '/api/merchants/registrations/{id}/verify_email/', {
        params: { id: a },
        body: { code: shape },
      });
      expectStatus(bad, 400);
      expect(bad.body.error.code).toBe('validation_failed');
    }
    const tryWrong = () =>
      api(app, 'POST', '/api/merchants/registrations/{id}/verify_email/', {
        params: { id: a },
        body: { code: wrong },
      });
    for (let i = 0; i < 4; i += 1) await tryWrong();
    expect(errorOf(await tryWrong()).code).toBe('otp_exhausted');
    const dead = await api(app, 'POST', '/api/merchants/registrations/{id}/verify_email/', {
      params: { id: a },
      body: { code: codeA },
    });
    expectStatus(dead, 400);
    expect(dead.body.error.code).toBe('otp_exhausted');
    const row = await db
      .selectFrom('registrations')
      .select('email_verified_at')
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();

    // An expired code is refused too.
    await db
      .updateTable('otp_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('binding', '=', b)
      .execute();
    const expired = await api(app, 'POST', '/api/merchants/registrations/{id}/verify_email/', {
      params: { id: b },
      body: { code: codeB },
    });
    expect(errorOf(expired).code).toBe('otp_expired');
  });

  it('refuses details before verification and names that are missing, too long or not Latin', async () => {
    const { app, db } = server;
    const { email, national } = fresh();
    const early = bodyOf(await start(email, national), 201).id;
    const tooEarly = await api(app, 'PUT', '/api/merchants/registrations/{id}/details/', {
      params: { id: early },
      body: { first_name: 'Eleni', last_name: 'Papa', company_name: 'Acme' },
    });
    expectStatus(tooEarly, 409);

    const { id } = await readyToRegister();
    const snapshot = await db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ last_name: 'Papa', company_name: 'Acme' }, 'first_name'],
      [{ first_name: 'Ελένη', last_name: 'Papa', company_name: 'Acme' }, 'first_name'],
      [{ first_name: 'Eleni', last_name: 'P'.repeat(51), company_name: 'Acme' }, 'last_name'],
      [{ first_name: 'Eleni', last_name: 'Papa', company_name: 'Ελιά ΙΚΕ' }, 'company_name'],
      [{ first_name: 'Eleni', last_name: 'Papa', company_name: 'Acme <script>' }, 'company_name'],
      [{ first_name: 'Eleni', last_name: 'Papa', company_name: 'A'.repeat(101) }, 'company_name'],
      [{ first_name: 42, last_name: 'Papa', company_name: 'Acme' }, 'first_name'],
      [{ first_name: '   ', last_name: 'Papa', company_name: 'Acme' }, 'first_name'],
    ];
    for (const [body, field] of cases) {
      const response = await apiWithBadInput(app, 'PUT', '/api/merchants/registrations/{id}/details/', {
        params: { id },
        body,
      });
      expectStatus(response, 400, JSON.stringify(body));
      expect(Object.keys(response.body.error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst()).toEqual(
      snapshot,
    );
  });

  it('refuses a bad password, a mismatch, missing acceptances, a failed or replayed bot check', async () => {
    const { app, db } = server;
    const { id } = await readyToRegister();
    const before = await counts(db);
    const altcha = await solveAltcha(app);
    const cases: Array<[Record<string, unknown>, 400, string]> = [
      [{ password: 'short', password_confirmation: 'short' }, 400, 'password'],
      [{ password: 'password123', password_confirmation: 'password123' }, 400, 'password'],
      [{ password_confirmation: `${password}x` }, 400, 'password_confirmation'],
      [{ accept_terms: false }, 400, 'accept_terms'],
      [{ accept_privacy: undefined }, 400, 'accept_privacy'],
      [{ accept_terms: 'yes' }, 400, 'accept_terms'],
      [{ altcha: 'bm90LWEtc29sdXRpb24=' }, 400, 'altcha'],
      [{ registration_id: 'abc' }, 400, 'registration_id'],
    ];
    for (const [extra, status, field] of cases) {
      const response = await apiWithBadInput(app, 'POST', '/api/merchants/accounts/register/', {
        body: { ...(await registerBody(id)), altcha, ...extra },
      });
      expectStatus(response, status, JSON.stringify(extra));
      expect(Object.keys(response.body.error.fields ?? {}), JSON.stringify(extra)).toContain(field);
    }
    expect(await counts(db)).toEqual(before);
    const proof = await solveAltcha(app);
    const ok = await api(app, 'POST', '/api/merchants/accounts/register/', {
      body: { ...(await registerBody(id)), altcha: proof },
    });
    expectStatus(ok, 200);
    // A solved ALTCHA is single use: replaying it for another registration fails and changes nothing.
    const other = await readyToRegister();
    const afterFirst = await counts(db);
    const replayed = await api(app, 'POST', '/api/merchants/accounts/register/', {
      body: { ...(await registerBody(other.id)), altcha: proof },
    });
    expectStatus(replayed, 400);
    expect(replayed.body.error.code).toBe('bot_check_failed');
    expect(await counts(db)).toEqual(afterFirst);
  });

  it('refuses to register before every step is done, and when the email got taken meanwhile', async () => {
    const { app, db } = server;
    const { email, national } = fresh();
    const early = bodyOf(await start(email, national), 201).id;
    const tooEarly = await api(app, 'POST', '/api/merchants/accounts/register/', {
      body: await registerBody(early),
    });
    expectStatus(tooEarly, 409);

    const { id, email: takenEmail } = await readyToRegister();
    const other = await readyToRegister();
    await db.updateTable('registrations').set({ email: takenEmail }).where('id', '=', other.id).execute();
    expect(
      (await api(app, 'POST', '/api/merchants/accounts/register/', { body: await registerBody(id) })).status,
    ).toBe(200);
    const before = await counts(db);
    const clash = await api(app, 'POST', '/api/merchants/accounts/register/', {
      body: await registerBody(other.id),
    });
    expectStatus(clash, 409);
    expect(clash.body.error.fields).toHaveProperty('email');
    expect(await counts(db)).toEqual(before);
  });
});
