import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, signIn, startTestServer, type TestServer } from './harness';
import { signInStaff } from './staffHelpers';

/*
 * Staff read the whole audit trail (schemas/staffAuditTrail.schema.ts): both realms, every merchant, who acted named
 * from the realm's own table, filters, pages, and the chain's check. An owner's activity log never shows staff
 * entries. Real server, real database.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

type Entry = {
  realm: string;
  action: string;
  actor: { name: string; email: string } | null;
  merchant: { id: string; name: string } | null;
};

async function read(headers: Record<string, string>, query = '') {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/back-office/audit-trail/${query}`,
    headers,
  });
  return {
    status: response.statusCode,
    body: response.json<{ items: Entry[]; next_cursor: string | null }>(),
  };
}

describe('the whole audit trail, for staff', () => {
  it('shows merchants’ and staff entries with who acted, and filters by realm and merchant', async () => {
    const owner = await createOwner(server.db);
    await signIn(server.app, owner.email, owner.password);
    const reviewer = await signInStaff(server, 'reviewer', 'Rea Reviewer');

    const all = await read(reviewer.headers);
    expect(all.status).toBe(200);
    const staffEntry = all.body.items.find((e) => e.realm === 'staff' && e.actor?.email === reviewer.email);
    expect(staffEntry).toMatchObject({ action: 'staff.signed_in', actor: { name: 'Rea Reviewer' } });
    const merchantEntry = all.body.items.find(
      (e) => e.realm === 'merchant' && e.actor?.email === owner.email,
    );
    expect(merchantEntry).toMatchObject({ action: 'sign_in.succeeded', merchant: { id: owner.merchantId } });

    const staffOnly = await read(reviewer.headers, '?realm=staff');
    expect(staffOnly.body.items.length).toBeGreaterThan(0);
    expect(staffOnly.body.items.every((e) => e.realm === 'staff')).toBe(true);
    const ofMerchant = await read(reviewer.headers, `?merchant=${owner.merchantId}`);
    expect(ofMerchant.body.items.length).toBeGreaterThan(0);
    expect(ofMerchant.body.items.every((e) => e.merchant?.id === owner.merchantId)).toBe(true);
  });

  it('refuses bad filters with the field named', async () => {
    const operations = await signInStaff(server, 'operations');
    const badMerchant = await server.app.inject({
      method: 'GET',
      url: '/api/back-office/audit-trail/?merchant=nope',
      headers: operations.headers,
    });
    expect(badMerchant.statusCode).toBe(400);
    const backwards = await server.app.inject({
      method: 'GET',
      url: '/api/back-office/audit-trail/?from=2026-11-20&to=2026-11-10',
      headers: operations.headers,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.to).toMatch(/before the start/);
  });

  it('checks the chain and answers its head', async () => {
    const admin = await signInStaff(server, 'admin');
    const chain = await server.app.inject({
      method: 'GET',
      url: '/api/back-office/audit-trail/chain/',
      headers: admin.headers,
    });
    expect(chain.statusCode).toBe(200);
    const body = chain.json();
    expect(body).toMatchObject({ ok: true, broken: null });
    expect(body.head).toMatch(/^[0-9a-f]{64}$/);
    const newest = await read(admin.headers);
    expect(body.entries).toBeGreaterThanOrEqual(newest.body.items.length);
  });

  it('an owner’s activity log never shows what staff did', async () => {
    const owner = await createOwner(server.db);
    const session = await signIn(server.app, owner.email, owner.password);
    await signInStaff(server, 'reviewer');
    const log = await server.app.inject({
      method: 'GET',
      url: '/api/merchants/audit-trail/',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(log.statusCode).toBe(200);
    const actions = (log.json().items as { action: string }[]).map((e) => e.action);
    expect(actions).toContain('sign_in.succeeded');
    expect(actions.some((a) => a.startsWith('staff.'))).toBe(false);
  });
});
