import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrailPageSize } from '../../schemas/auditTrail.schema';
import { recordAudit, type AuditEntry } from '../../server/audit/auditTrail';
import { auditTrailCsvColumns } from '../../server/audit/readAuditTrail';
import { hashPassword } from '../../server/auth/passwords';
import { api, apiWithBadInput, errorOf, expectStatus } from './client';
import { createOwner, signIn, startTestServer, type TestServer } from './harness';

/*
 * The owner reads the company's audit trail (GET auditTrail, GET exportAuditTrail; server/audit/readAuditTrail.ts):
 * newest first a page at a time, filtered by action, dates and the user who acted, as CSV too; employees of every
 * role are refused; another merchant's entries and staff entries never show; bad filters are 400 naming the field.
 * Real server, real database.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

type Company = { ownerId: string; merchantId: string; token: string; email: string };

async function company(): Promise<Company> {
  const owner = await createOwner(server.db);
  const { accessToken } = await signIn(server.app, owner.email, owner.password);
  return { ownerId: owner.userId, merchantId: owner.merchantId, token: accessToken, email: owner.email };
}

async function member(merchantId: string, type: 'admin' | 'employee' | 'viewer') {
  const email = `${type}-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'Correct-Horse-Battery-9';
  const user = await server.db
    .insertInto('users')
    .values({
      merchant_id: merchantId,
      email,
      phone: null,
      password_hash: await hashPassword(password),
      first_name: 'Eleni',
      last_name: `Member ${type}`,
      is_owner: false,
      employee_type: type,
      access_level: 'company',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { accessToken } = await signIn(server.app, email, password);
  return { userId: user.id, email, token: accessToken };
}

const origin = { ip: '198.51.100.23', userAgent: 'Mozilla/5.0 (AuditReader)' };

async function record(entry: Partial<AuditEntry> & Pick<AuditEntry, 'action' | 'actorUserId'>) {
  await server.db.transaction().execute((trx) => recordAudit(trx, { realm: 'merchant', origin, ...entry }));
}

async function page(token: string, query: Record<string, string> = {}) {
  const response = await api(server.app, 'GET', '/api/merchants/audit-trail/', { token, query });
  expectStatus(response, 200);
  return response.body;
}

describe('reading the trail', () => {
  it('shows the company’s entries newest first with who, what, address and device', async () => {
    const c = await company();
    await record({
      action: 'mfa.added',
      actorUserId: c.ownerId,
      subject: 'mfa:totp',
      details: { method: 'totp' },
    });
    const body = await page(c.token);
    expect(body.items.map((e) => e.action)).toEqual(['mfa.added', 'sign_in.succeeded']);
    expect(body.items[0]).toMatchObject({
      actor: { id: c.ownerId, email: c.email },
      subject: 'mfa:totp',
      details: { method: 'totp' },
      ip: origin.ip,
      user_agent: origin.userAgent,
    });
    expect(body.items[0]?.actor?.name).toMatch(/^Test Owner/);
    expect(body.next_cursor).toBeNull();
  });

  it('pages newest first by the transactions list’s page size, and the last page has no cursor', async () => {
    const c = await company();
    const extra = auditTrailPageSize + 5;
    for (let i = 0; i < extra; i += 1)
      await record({ action: 'password.changed', actorUserId: c.ownerId, details: { n: i } });
    const first = await page(c.token);
    expect(first.items).toHaveLength(auditTrailPageSize);
    expect(first.items[0]?.details).toEqual({ n: extra - 1 });
    expect(first.next_cursor).not.toBeNull();
    const second = await page(c.token, { cursor: first.next_cursor! });
    // The rest of the entries plus the owner's sign-in, the oldest.
    expect(second.items).toHaveLength(extra + 1 - auditTrailPageSize);
    expect(second.items.at(-1)?.action).toBe('sign_in.succeeded');
    expect(second.next_cursor).toBeNull();
    const ids = [...first.items, ...second.items].map((e) => BigInt(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('filters by action, by the user who acted and by dates', async () => {
    const c = await company();
    const viewer = await member(c.merchantId, 'viewer');
    await record({ action: 'password.changed', actorUserId: viewer.userId });
    await record({ action: 'mfa.removed', actorUserId: c.ownerId });

    expect((await page(c.token, { action: 'mfa.removed' })).items.map((e) => e.action)).toEqual([
      'mfa.removed',
    ]);
    const byViewer = await page(c.token, { actor: viewer.userId });
    expect(byViewer.items.map((e) => e.action)).toEqual(['password.changed', 'sign_in.succeeded']);
    expect(byViewer.items.every((e) => e.actor?.id === viewer.userId)).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await page(c.token, { from: today, to: today })).items).toHaveLength(4);
    expect((await page(c.token, { to: '2020-01-01' })).items).toEqual([]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await page(c.token, { from: future })).items).toEqual([]);
  });
});

describe('CSV', () => {
  it('gives the filtered entries as a CSV attachment with a header row and flattened details', async () => {
    const c = await company();
    await record({
      action: 'sign_in.failed',
      actorUserId: c.ownerId,
      details: { reason: 'wrong_password', email: c.email },
    });
    await record({ action: 'mfa.added', actorUserId: c.ownerId, subject: '=cmd|calc', details: {} });
    const response = await api(server.app, 'GET', '/api/merchants/audit-trail/export/', {
      token: c.token,
      query: { action: 'sign_in.failed' },
    });
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['x-audit-rows']).toBe('1');
    const text = response.raw.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(auditTrailCsvColumns.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${c.email},sign_in.failed,,email=${c.email}; reason=wrong_password,`);
    expect(lines[1]).toContain(`${origin.ip},${origin.userAgent}`);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const all = await api(server.app, 'GET', '/api/merchants/audit-trail/export/', { token: c.token });
    expectStatus(all, 200);
    expect(all.headers['x-audit-rows']).toBe('3');
    // A subject a spreadsheet would run as a formula is written as text.
    expect(all.raw.body).toContain(",'=cmd|calc,");
  });
});

describe('who may read it', () => {
  it('refuses every employee role, on the list and the CSV', async () => {
    const c = await company();
    for (const type of ['admin', 'employee', 'viewer'] as const) {
      const { token } = await member(c.merchantId, type);
      const list = await api(server.app, 'GET', '/api/merchants/audit-trail/', { token });
      expect(list.status, type).toBe(403);
      const csv = await api(server.app, 'GET', '/api/merchants/audit-trail/export/', { token });
      expect(csv.status, type).toBe(403);
    }
    expect((await api(server.app, 'GET', '/api/merchants/audit-trail/')).status).toBe(401);
  });

  it('shows another merchant nothing of this one, and staff entries to no owner', async () => {
    const a = await company();
    const b = await company();
    await record({ action: 'password.changed', actorUserId: a.ownerId, details: { marker: 'company-a' } });
    await record({
      realm: 'staff',
      actorUserId: null,
      merchantId: a.merchantId,
      action: 'mfa.added',
      details: { marker: 'staff' },
    });
    const ofB = await page(b.token);
    expect(ofB.items.map((e) => e.actor?.id)).toEqual([b.ownerId]);
    const ofA = await page(a.token);
    expect(JSON.stringify(ofA)).not.toContain('"staff"');
    expect(ofA.items.map((e) => e.action)).toEqual(['password.changed', 'sign_in.succeeded']);

    // Naming a user of company A as the actor, B learns nothing: 400, as for any stranger.
    const cross = await apiWithBadInput(server.app, 'GET', '/api/merchants/audit-trail/', {
      token: b.token,
      query: { actor: a.ownerId },
    });
    expectStatus(cross, 400);
    expect(errorOf(cross).fields).toMatchObject({ actor: 'Not a user of this company.' });
    const csv = await api(server.app, 'GET', '/api/merchants/audit-trail/export/', { token: b.token });
    expectStatus(csv, 200);
    expect(csv.raw.body).not.toContain('company-a');
  });
});

describe('bad input', () => {
  it.each([
    [{ action: 'sign_in.maybe' }, 'action'],
    [{ from: 'yesterday' }, 'from'],
    [{ from: '2026-02-31' }, 'from'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'to'],
    [{ cursor: 'not a cursor!' }, 'cursor'],
    [{ cursor: Buffer.from('x12').toString('base64url') }, 'cursor'],
    [{ actor: 'someone' }, 'actor'],
  ])('%o → 400 naming %s', async (query, field) => {
    const c = await company();
    const response = await apiWithBadInput(server.app, 'GET', '/api/merchants/audit-trail/', {
      token: c.token,
      query,
    });
    expectStatus(response, 400);
    expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
  });

  it('refuses a bad filter on the CSV as well', async () => {
    const c = await company();
    const response = await apiWithBadInput(server.app, 'GET', '/api/merchants/audit-trail/export/', {
      token: c.token,
      query: { action: 'everything' },
    });
    expectStatus(response, 400);
    expect(Object.keys(errorOf(response).fields ?? {})).toContain('action');
  });
});
