import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { api, bodyOf, callUntyped, expectStatus } from './client';
import { initialize, readOutbox, signIn, startTestServer, type TestServer } from './harness';
import { newKey, walletMerchant, type WalletMerchant } from './money';
import { userIdOf } from './stepUp';

// docs/product.md, privacy: the payee of a wallet payment sees the paying merchant (its name and wallet tag), never
// the payer's people (their user ids, names or emails), in every place it can read the payment: the list, the detail,
// the home page, the notification and the statement in each format. The payer still sees who on its team paid.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Merchant = WalletMerchant & { ownerId: string };

async function merchant(funding = 0n): Promise<Merchant> {
  const m = await walletMerchant(server, funding);
  return { ...m, ownerId: userIdOf(m.token) };
}

/** Gives the merchant's owner a name found nowhere else (not "Test", which the merchant's name has too). */
async function renameOwner(m: Merchant) {
  const firstName = 'Xanthippi';
  const lastName = `Privatopoulou${randomBytes(3).toString('hex')}`;
  await server.db
    .updateTable('users')
    .set({ first_name: firstName, last_name: lastName })
    .where('id', '=', m.ownerId)
    .execute();
  return { id: m.ownerId, email: m.email, firstName, lastName };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function xlsxText(bytes: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) => row.eachCell((cell) => void cells.push(String(cell.text)))),
  );
  return cells.join('\n');
}

describe('the payee of a wallet payment', () => {
  it('sees the paying merchant, never its users, in the list, detail, home, notification and statements', async () => {
    const payer = await merchant(50_000n);
    const payee = await merchant();
    const owner = await renameOwner(payer);
    const sent = await api(server.app, 'POST', '/api/merchants/send_money/', {
      token: payer.token,
      body: {
        account_type: 'eur',
        recipient: { wallet_tag: payee.tag },
        amount_minor: '1250',
        note: 'Invoice 77',
      },
      headers: { 'idempotency-key': newKey('privacy') },
    });
    expectStatus(sent, 201);
    // The payer sees who on its own team paid, in the answer, the list and the detail.
    const ownView = { id: owner.id, name: `${owner.firstName} ${owner.lastName}` };
    expect(sent.body.initiated_by).toEqual(ownView);
    const payerList = bodyOf(
      await api(server.app, 'GET', '/api/merchants/transactions/', { token: payer.token }),
      200,
    );
    expect(payerList.items.find((t) => t.id === sent.body.id)?.initiated_by).toEqual(ownView);
    const payerDetail = bodyOf(
      await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
        params: { id: sent.body.id },
        token: payer.token,
      }),
      200,
    );
    expect(payerDetail.initiated_by).toEqual(ownView);

    // Nothing that names or identifies one of the payer's users.
    const secrets = [owner.id, owner.email, owner.firstName, owner.lastName];
    const expectNoPeople = (where: string, text: string) => {
      for (const secret of secrets) expect(text, `${where} shows ${secret}`).not.toContain(secret);
    };

    const list = bodyOf(
      await api(server.app, 'GET', '/api/merchants/transactions/', { token: payee.token }),
      200,
    );
    const listed = list.items.find((t) => t.id === sent.body.id);
    expect(listed).toMatchObject({
      direction: 'in',
      initiated_by: null,
      counterparty: { name: payer.name, wallet_tag: payer.tag },
      note: 'Invoice 77',
    });
    expectNoPeople('the list', JSON.stringify(list));

    const detail = bodyOf(
      await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
        params: { id: sent.body.id },
        token: payee.token,
      }),
      200,
    );
    expect(detail).toMatchObject({
      initiated_by: null,
      counterparty: { name: payer.name, wallet_tag: payer.tag },
    });
    expectNoPeople('the detail', JSON.stringify(detail));

    const home = await api(server.app, 'GET', '/api/merchants/home/overview/', { token: payee.token });
    expectStatus(home, 200);
    expectNoPeople('the home overview', JSON.stringify(home.body));

    const notifications = bodyOf(
      await api(server.app, 'GET', '/api/merchants/notifications/', { token: payee.token }),
      200,
    );
    const received = notifications.items.find((n) => n.params.transaction_id === sent.body.id);
    expect(received?.params.from).toBe(payer.name);
    expectNoPeople('the notifications', JSON.stringify(notifications));

    for (const format of ['csv', 'xlsx', 'pdf'] as const) {
      const response = await api(server.app, 'GET', '/api/merchants/transactions/export/', {
        query: { format },
        token: payee.token,
      });
      expectStatus(response, 200, format);
      const bytes = response.raw.rawPayload;
      const text =
        format === 'csv'
          ? bytes.toString('utf8')
          : format === 'xlsx'
            ? await xlsxText(bytes)
            : await pdfText(bytes);
      expect(text, `the ${format} statement names the paying merchant`).toContain(payer.name);
      expectNoPeople(`the ${format} statement`, text);
    }
  });
});

describe('Cache-Control on API answers', () => {
  it('is no-store on every signed-in GET operation of the OpenAPI document, whatever it answers', async () => {
    const m = await merchant(10_000n);
    const document = await callUntyped(server.app, 'GET', '/api/openapi.json');
    expectStatus(document, 200);
    const paths = document.body.paths as Record<string, Record<string, { security?: unknown[] }>>;
    const signedIn = Object.entries(paths)
      .filter(([, operations]) => (operations.get?.security?.length ?? 0) > 0)
      .map(([template]) => template)
      // The live stream stays open; it sets no-store itself (tests/api/notifications.test.ts).
      .filter((template) => !template.endsWith('/stream/'));
    expect(signedIn.length).toBeGreaterThan(30);
    for (const template of signedIn) {
      // Unknown ids: a 404 of the caller's own data is about the caller too.
      const url = template.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await callUntyped(server.app, 'GET', url, { token: m.token });
      expect(response.status, `GET ${template} answered ${response.status}`).toBeLessThan(500);
      // A file the caller downloads says `private, no-store` (server/routes/fileReply.ts): no-store all the same.
      expect(response.headers['cache-control'], `GET ${template}`).toMatch(/^(private, )?no-store$/);
    }
  });

  it('is no-store on signed-in writes, on every sign-in step and token, and on errors; public content keeps its own', async () => {
    const payer = await merchant(10_000n);
    const payee = await merchant();
    const sent = await api(server.app, 'POST', '/api/merchants/send_money/', {
      token: payer.token,
      body: { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '100' },
      headers: { 'idempotency-key': newKey('privacy') },
    });
    expectStatus(sent, 201);
    expect(sent.headers['cache-control']).toBe('no-store');
    const accounts = await api(server.app, 'GET', '/api/merchants/core_banking_accounts/', {
      token: payer.token,
    });
    expectStatus(accounts, 200);
    expect(accounts.headers['cache-control']).toBe('no-store');

    const init = await initialize(server.app, payer.email, payer.password);
    expectStatus(init, 200);
    expect(init.headers['cache-control']).toBe('no-store');
    const signed = await signIn(server.app, payer.email, payer.password);
    expect(signed.body.access_token).toBeTruthy();
    const refreshed = await api(server.app, 'POST', '/api/merchants/accounts/token/refresh/', {
      cookie: signed.refreshCookie,
    });
    expectStatus(refreshed, 200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const anonymous = await api(server.app, 'GET', '/api/merchants/core_banking_accounts/', {});
    expectStatus(anonymous, 401);
    expect(anonymous.headers['cache-control']).toBe('no-store');

    const faq = await api(server.app, 'GET', '/api/faq/');
    expectStatus(faq, 200);
    expect(faq.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('the server log', () => {
  let logged: FastifyInstance | undefined;
  afterAll(async () => {
    await logged?.close();
  });

  it('holds no password, code, token, cookie, email, IBAN, note, key or SQL value through a sign-in and a database error', async () => {
    const lines: string[] = [];
    logged = await buildApp({
      config: { ...server.config, logLevel: 'trace' },
      db: server.db,
      logStream: { write: (line) => void lines.push(line) },
    });
    await logged.ready();
    const payer = await merchant(50_000n);
    const payee = await merchant();

    // A sign-in through the logged app: password, the code read from the outbox by address, tokens, the cookie.
    const signed = await signIn(logged, payer.email, payer.password);
    const [sentCode] = await readOutbox(logged, payer.email);
    const code = sentCode?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const refreshed = await api(logged, 'POST', '/api/merchants/accounts/token/refresh/', {
      cookie: signed.refreshCookie,
    });
    expectStatus(refreshed, 200);

    // A search by a note, and a payment the database refuses with the payment's values in its error: PostgreSQL
    // puts the failing row (account ids, note, key) in `detail`, the driver the statement's parameters.
    const note = `Refused by a test ${randomBytes(4).toString('hex')}`;
    const key = newKey('privacy-log');
    await sql`ALTER TABLE transfers ADD CONSTRAINT privacy_test_refuses CHECK (note IS NULL OR note NOT LIKE 'Refused by a test%')`.execute(
      server.db,
    );
    const searched = await api(logged, 'GET', '/api/merchants/transactions/', {
      query: { q: note },
      token: signed.accessToken,
    });
    expectStatus(searched, 200);
    // A 500 is outside the contract: the call is untyped on purpose.
    const refused = await callUntyped(logged, 'POST', '/api/merchants/send_money/', {
      token: signed.accessToken,
      body: { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '1250', note },
      headers: { 'idempotency-key': key },
    });
    expect(refused.status).toBe(500);

    const log = lines.join('');
    // The failure is there, by its kind and place.
    const failure = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((l) => l.msg === 'unhandled error');
    expect(failure?.err).toMatchObject({
      code: '23514',
      table: 'transfers',
      constraint: 'privacy_test_refuses',
    });
    expect(log).toContain('/api/merchants/transactions/?q');
    const secrets = {
      password: payer.password,
      'access token': signed.accessToken,
      'login token': signed.loginToken,
      'refresh cookie': signed.refreshCookie,
      'new access token': refreshed.body.access_token,
      email: payer.email,
      'email (URL-encoded)': encodeURIComponent(payer.email),
      iban: payer.iban,
      'payee iban': payee.iban,
      note,
      'note (URL-encoded)': encodeURIComponent(note),
      'idempotency key': key,
      'payer account id': payer.accountId,
      'payee account id': payee.accountId,
      'merchant id': payer.merchantId,
      'user id': payer.ownerId,
    };
    for (const [what, value] of Object.entries(secrets)) {
      expect(value.length, what).toBeGreaterThan(5);
      expect(log, `the log holds the ${what}`).not.toContain(value);
    }
    expect(log, 'the log holds the sign-in code').not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});
