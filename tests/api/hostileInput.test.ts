import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textProblemMessage } from '../../schemas/text';
import { jsonNestsDeeperThan, maxJsonDepth } from '../../server/jsonDepth';
import { apiWithBadInput, callUntyped, errorOf, multipart, type BadInput } from './client';
import { createOwner, signIn, startTestServer, type TestServer } from './harness';
import { databaseDigest } from './tableDigest';

/*
 * Input no client of ours sends but an attacker will: NUL and lone surrogates in text, multipart bodies that are not,
 * over-long path parameters, bodies nested thousands deep. Each is refused with a 4xx in the ApiError shape that says
 * what is wrong, and changes nothing in the database.
 */

let server: TestServer;
let approved: string;
let onboarding: string;
beforeAll(async () => {
  server = await startTestServer();
  const owner = await createOwner(server.db, { funded: true });
  approved = (await signIn(server.app, owner.email, owner.password)).accessToken;
  const newcomer = await createOwner(server.db, { status: 'onboarding' });
  onboarding = (await signIn(server.app, newcomer.email, newcomer.password)).accessToken;
});
afterAll(async () => {
  await server?.close();
});

/** The error answer, asserted to be exactly the ApiError shape. */
function ourError(response: { status: number; body: unknown }) {
  const error = errorOf(response);
  expect(Object.keys(response.body as object)).toEqual(['error']);
  expect(error.code).toBeTypeOf('string');
  expect(error.message).toBeTypeOf('string');
  for (const key of Object.keys(error)) expect(['code', 'message', 'fields', 'details']).toContain(key);
  return error;
}

const nul = 'Caf\u0000e';
const loneHigh = 'Caf\uD83De';
const loneLow = '\uDE00Cafe';

describe('NUL and lone surrogates in text', () => {
  it('every string of the contract goes through text() (schemas/text.ts), so none can skip the check', () => {
    const dir = new URL('../../schemas/', import.meta.url);
    // The error shape is only ever answered, never read from a request.
    const files = readdirSync(dir).filter(
      (name) => name.endsWith('.schema.ts') && name !== 'error.schema.ts',
    );
    expect(files.length).toBeGreaterThan(20);
    const plain = files.filter((name) => /\bz\s*\.string\(\)/.test(readFileSync(new URL(name, dir), 'utf8')));
    expect(plain, 'use text() from schemas/text.ts instead of z.string()').toEqual([]);
  });

  const headers = () => ({ 'idempotency-key': randomUUID() });

  it('are refused in every body where a person types text, naming the field', async () => {
    const before = await databaseDigest(server.db);
    for (const bad of [nul, loneHigh, loneLow]) {
      const cases: Array<[string, () => Promise<{ status: number; body: unknown }>]> = [
        [
          'note',
          () =>
            apiWithBadInput(server.app, 'POST', '/api/merchants/send_money/', {
              token: approved,
              headers: headers(),
              body: {
                account_type: 'eur',
                recipient: { wallet_tag: '@nobody' },
                amount_minor: '100',
                note: bad,
              },
            }),
        ],
        [
          'note',
          () =>
            apiWithBadInput(server.app, 'POST', '/api/merchants/request_money/', {
              token: approved,
              headers: headers(),
              body: { wallet_tag: '@nobody', amount_minor: '100', currency: 'EUR', note: bad },
            }),
        ],
        [
          'note',
          () =>
            apiWithBadInput(server.app, 'POST', '/api/merchants/qr_codes/', {
              token: approved,
              headers: headers(),
              body: { currency: 'EUR', note: bad },
            }),
        ],
        [
          'note',
          () =>
            apiWithBadInput(server.app, 'POST', '/api/merchants/scheduled_payments/', {
              token: approved,
              headers: headers(),
              body: {
                account_type: 'eur',
                recipient: { wallet_tag: '@nobody' },
                amount_minor: '100',
                note: bad,
              },
            }),
        ],
        [
          'name',
          () =>
            apiWithBadInput(server.app, 'POST', '/api/merchants/payees/verify/', {
              token: approved,
              body: { iban: 'GR1601101250000000012300695', name: bad },
            }),
        ],
        [
          'sender_name',
          () =>
            apiWithBadInput(server.app, 'POST', '/api/sandbox/incoming-transfers/', {
              body: {
                iban: 'GR1601101250000000012300695',
                amount_minor: '100',
                currency: 'EUR',
                sender_name: bad,
              },
            }),
        ],
      ];
      for (const [field, call] of cases) {
        const response = await call();
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        const error = ourError(response);
        expect(error.code).toBe('validation_failed');
        expect(error.fields?.[field]).toBe(textProblemMessage);
      }
    }
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('are refused in query parameters (transaction and beneficiary search)', async () => {
    for (const query of ['q=a%00b', `q=${encodeURIComponent('a')}%00`]) {
      for (const path of ['/api/merchants/transactions/', '/api/merchants/beneficiaries/'] as const) {
        const response = await apiWithBadInput(server.app, 'GET', path, { token: approved, query });
        expect(response.status).toBe(400);
        expect(ourError(response).fields).toEqual({ q: textProblemMessage });
      }
    }
  });

  it('are refused in path parameters', async () => {
    const response = await apiWithBadInput(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
      token: approved,
      params: { code: 'ab\u0000cd' },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    ourError(response);
  });

  it('whole emoji (a surrogate pair) are text like any other', async () => {
    const response = await apiWithBadInput(server.app, 'GET', '/api/merchants/transactions/', {
      token: approved,
      query: { q: 'Café 😀' },
    });
    expect(response.status).toBe(200);
  });
});

describe('malformed multipart on every upload endpoint', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const uploads: Array<[string, string, BadInput['form'], () => string]> = [
    ['/api/merchants/onboarding/documents/', 'uploadDocument', { type: 'id_front' }, () => onboarding],
    ['/api/merchants/onboarding/company_logo/', 'uploadCompanyLogo', {}, () => onboarding],
    ['/api/merchants/profile/documents/', 'uploadProfileDocument', { type: 'id_front' }, () => approved],
    ['/api/merchants/profile/company_logo/', 'uploadProfileLogo', {}, () => approved],
    [`/api/merchants/kyc/${randomUUID()}/images/`, 'uploadKycImage', { side: 'front' }, () => approved],
  ];
  const boundary = '----tameio-hostile';
  const truncated = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
  ]);
  const bodies: Array<[string, Buffer | string, string]> = [
    ['no boundary', truncated, 'multipart/form-data'],
    ['cut short', truncated, `multipart/form-data; boundary=${boundary}`],
    ['not multipart inside', 'just text', `multipart/form-data; boundary=${boundary}`],
    [
      'a part without headers',
      `--${boundary}\r\n\r\nx\r\n--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    ],
  ];

  it('answers 400 in our shape and stores nothing', async () => {
    const before = await databaseDigest(server.db);
    for (const [url, operation, fields, token] of uploads) {
      for (const [label, payload, contentType] of bodies) {
        // The upload paths as sent: a KYC check that does not exist must still not get as far as a 500.
        const response = await callUntyped(server.app, 'POST', url, {
          token: token(),
          payload,
          headers: { 'content-type': contentType },
        });
        expect(
          response.status,
          `${operation}, ${label}: ${JSON.stringify(response.body)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.status, `${operation}, ${label}`).toBeLessThan(500);
        ourError(response);
      }
      // The wrong part: the file under another name, so no `file` at all.
      const wrongPart = await callUntyped(server.app, 'POST', url, {
        token: token(),
        ...multipart({ ...fields, other: { filename: 'a.png', content: png, contentType: 'image/png' } }),
      });
      expect(wrongPart.status, `${operation}, wrong part`).toBeLessThan(500);
      expect(wrongPart.status).toBeGreaterThanOrEqual(400);
      ourError(wrongPart);
    }
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('a body without a boundary or cut short is 400 bad_request (not a 500)', async () => {
    for (const [, contentType] of [
      ['no boundary', 'multipart/form-data'],
      ['cut short', `multipart/form-data; boundary=${boundary}`],
    ]) {
      const response = await callUntyped(server.app, 'POST', '/api/merchants/profile/company_logo/', {
        token: approved,
        payload: truncated,
        headers: { 'content-type': contentType! },
      });
      expect(response.status).toBe(400);
      expect(ourError(response).code).toBe('bad_request');
    }
  });
});

describe('the router and the body parser answer in our shape', () => {
  it('a path parameter over 200 characters is 414 bad_request', async () => {
    const response = await callUntyped(server.app, 'GET', `/api/merchants/transactions/${'a'.repeat(201)}/`, {
      token: approved,
    });
    expect(response.status).toBe(414);
    expect(response.body).toEqual({
      error: { code: 'bad_request', message: 'A part of the address is too long: at most 200 characters.' },
    });
  });

  it('a malformed %-escape in the path is 400 bad_request', async () => {
    const response = await callUntyped(server.app, 'GET', '/api/merchants/transactions/%E0%A4%A/', {
      token: approved,
    });
    expect(response.status).toBe(400);
    expect(ourError(response).code).toBe('bad_request');
  });

  it('an unknown method on a known path is 404 in our shape', async () => {
    const response = await callUntyped(server.app, 'PUT', '/api/merchants/transactions/', {
      token: approved,
    });
    expect(response.status).toBe(404);
    expect(ourError(response).code).toBe('not_found');
  });

  it(`a JSON body nested more than ${maxJsonDepth} levels is 400 before it is parsed`, async () => {
    const before = await databaseDigest(server.db);
    for (const payload of [
      '['.repeat(20_000) + ']'.repeat(20_000),
      `{"email":${'{"a":'.repeat(maxJsonDepth)}1${'}'.repeat(maxJsonDepth)}}`,
      '['.repeat(30_000),
    ]) {
      const response = await apiWithBadInput(
        server.app,
        'POST',
        '/api/merchants/accounts/initialize_login/',
        {
          payload,
        },
      );
      expect(response.status).toBe(400);
      expect(ourError(response)).toEqual({
        code: 'bad_request',
        message: `The request body nests more than ${maxJsonDepth} levels deep.`,
      });
    }
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('brackets inside strings are text, not nesting', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ password: '[{'.repeat(100) }))).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ password: '"\\[{'.repeat(100) }))).toBe(false);
    expect(jsonNestsDeeperThan(`${'['.repeat(maxJsonDepth)}${']'.repeat(maxJsonDepth)}`)).toBe(false);
    expect(jsonNestsDeeperThan(`${'['.repeat(maxJsonDepth + 1)}${']'.repeat(maxJsonDepth + 1)}`)).toBe(true);
  });
});
