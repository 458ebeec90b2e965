import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { api, apiWithBadInput, callUntyped, errorOf, expectStatus } from './client';
import {
  createOwner,
  demoPassword,
  initialize,
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

const stateTables = [
  'merchants',
  'users',
  'sessions',
  'refresh_tokens',
  'login_tickets',
  'otp_codes',
  'outbox',
  'ledger_accounts',
  'transfers',
  'ledger_entries',
] as const;

async function counts(db: Database): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of stateTables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

const initUrl = '/api/merchants/accounts/initialize_login/';

describe('bad input gets a clear 4xx and changes nothing', () => {
  it('answers malformed JSON with 400 bad_request', async () => {
    for (const payload of ['{"email": "demo@tameio.test",', 'not json', '{"__proto__": {"x": 1}}']) {
      const response = await apiWithBadInput(server.app, 'POST', initUrl, { payload });
      expectStatus(response, 400);
      expect(response.body.error.code).toBe('bad_request');
    }
  });

  it('answers missing and wrong fields with 400 validation_failed and the fields', async () => {
    const empty = await apiWithBadInput(server.app, 'POST', initUrl, { body: {} });
    expectStatus(empty, 400);
    expect(empty.body.error.code).toBe('validation_failed');
    expect(Object.keys(empty.body.error.fields ?? {}).sort()).toEqual(['altcha', 'email', 'password']);

    // Every field there and a string: the contract's types allow it, the rules refuse it.
    const badEmail = await api(server.app, 'POST', initUrl, {
      body: { email: 'not-an-email', password: 'x', altcha: 'y' },
    });
    expectStatus(badEmail, 400);
    expect(Object.keys(badEmail.body.error.fields ?? {})).toEqual(['email']);

    const wrongTypes = await apiWithBadInput(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: 42, method: 'pigeon' },
    });
    expectStatus(wrongTypes, 400);
    expect(Object.keys(wrongTypes.body.error.fields ?? {}).sort()).toEqual(['login_token', 'method']);

    const badCode = await api(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: { login_token: 'x', code: '12ab56' },
    });
    expectStatus(badCode, 400);
    expect(badCode.body.error.fields).toEqual({ code: 'Enter the 6-digit code.' });

    const arrayBody = await apiWithBadInput(server.app, 'POST', initUrl, { body: [1, 2, 3] });
    expectStatus(arrayBody, 400);
    expect(arrayBody.body.error.code).toBe('validation_failed');

    const outbox = await apiWithBadInput(server.app, 'GET', '/api/sandbox/outbox/', {});
    expectStatus(outbox, 400);
    expect(Object.keys(outbox.body.error.fields ?? {})).toEqual(['to']);
  });

  it('answers an oversized body with 413 payload_too_large', async () => {
    const response = await api(server.app, 'POST', initUrl, {
      body: { email: 'demo@tameio.test', password: 'x'.repeat(70 * 1024), altcha: 'y' },
    });
    expectStatus(response, 413);
    expect(response.body.error.code).toBe('payload_too_large');
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await apiWithBadInput(server.app, 'POST', initUrl, {
      payload: 'email=demo@tameio.test',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectStatus(response, 415);
    expect(response.body.error.code).toBe('bad_request');
  });

  it('answers unknown API paths and methods with 404 not_found in the error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope/'],
      ['POST', '/api/merchants/accounts/initialize_login'],
      ['DELETE', '/api/config/'],
      ['GET', '/api'],
    ] as const) {
      // Outside the contract by definition.
      const response = await callUntyped(server.app, method, url);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: 'not_found', message: 'Nothing here.' } });
    }
  });

  it('leaves no rows behind after a barrage of bad requests', async () => {
    const before = await counts(server.db);
    const owner = await createOwner(server.db);
    const afterOwner = await counts(server.db);
    await apiWithBadInput(server.app, 'POST', initUrl, { payload: '{' });
    await apiWithBadInput(server.app, 'POST', initUrl, { body: {} });
    await api(server.app, 'POST', initUrl, {
      body: { email: 'demo@tameio.test', password: 'x'.repeat(70_000), altcha: 'y' },
    });
    await initialize(server.app, owner.email, 'wrong-password');
    await initialize(server.app, 'nobody@example.test', 'wrong-password');
    await api(server.app, 'POST', initUrl, {
      body: { email: owner.email, password: owner.password, altcha: 'forged' },
    });
    await api(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: 'unknown', method: 'email' },
    });
    await api(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: { login_token: 'unknown', code: '123456' },
    });
    await api(server.app, 'POST', '/api/merchants/accounts/token/refresh/', { cookie: 'unknown' });
    await api(server.app, 'GET', '/api/merchants/home/overview/', { token: 'forged.jwt.token' });
    expect(await counts(server.db)).toEqual(afterOwner);
    expect(afterOwner.users).toBe(before.users! + 1);
  });

  it('never answers 500 to odd but well-formed input', async () => {
    const altcha = await solveAltcha(server.app);
    const odd = [
      { email: 'demo@tameio.test', password: '\u0000\uffff', altcha },
      { email: 'demo@tameio.test', password: demoPassword, altcha: 'x'.repeat(4096) },
      {
        email: `${'a'.repeat(64)}@example.test`,
        password: '😀'.repeat(200),
        altcha: Buffer.from('{}').toString('base64'),
      },
    ];
    for (const body of odd) {
      const response = await api(server.app, 'POST', initUrl, { body });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(errorOf(response).code).toBeTypeOf('string');
    }
  });
});
