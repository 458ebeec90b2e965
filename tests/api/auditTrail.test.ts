import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genesisHash, verifyAuditChain } from '../../server/audit/auditTrail';
import { api, apiWithBadInput, expectStatus } from './client';
import {
  createOwner,
  initialize,
  latestCode,
  signIn,
  solveAltcha,
  startTestServer,
  type SignedIn,
  type TestServer,
} from './harness';
import { stepUpHeaders, stepUpToken } from './stepUp';

/*
 * The audit trail (server/audit/auditTrail.ts, migration 033, ADR 022): each wired action leaves exactly one entry
 * with who, when, from where and what, written in the action's own transaction; refused input leaves none; the table
 * refuses UPDATE, DELETE and TRUNCATE; the hash chain verifies, and a row changed or removed behind the triggers'
 * back is found and named; concurrent sign-ins chain one after another without a fork. Real server, real database.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const from = { ip: '203.0.113.7', headers: { 'user-agent': 'AuditTest/1.0 (QA)' } };

type Owner = Awaited<ReturnType<typeof createOwner>>;

async function entriesOf(userId: string) {
  return server.db
    .selectFrom('audit_trail')
    .selectAll()
    .where('actor_user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function entryCount(): Promise<number> {
  const row = await server.db
    .selectFrom('audit_trail')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Password and code sent from `from`; returns the access token and the code used. */
async function signInFrom(owner: Owner): Promise<{ token: string; code: string }> {
  const init = await initialize(server.app, owner.email, owner.password, from.ip);
  expectStatus(init, 200);
  const loginToken = init.body.login_token;
  expectStatus(
    await api(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: loginToken, method: 'email' },
    }),
    200,
  );
  const code = await latestCode(server.app, owner.email);
  const done = await api(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
    body: { login_token: loginToken, code },
    ...from,
  });
  expectStatus(done, 200);
  return { token: done.body.access_token, code };
}

/** Everything stored in an entry, as text, to look for what must never be in it. */
function textOf(entry: unknown): string {
  return JSON.stringify(entry, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

function expectFrom(entry: { ip: string | null; user_agent: string | null; occurred_at: Date }, since: Date) {
  expect(entry.ip).toBe(from.ip);
  expect(entry.user_agent).toBe(from.headers['user-agent']);
  expect(entry.occurred_at.getTime()).toBeGreaterThanOrEqual(since.getTime());
  expect(entry.occurred_at.getTime()).toBeLessThanOrEqual(Date.now());
}

describe('sign-in', () => {
  it('a sign-in that succeeds leaves one entry, written once the second factor passed', async () => {
    const owner = await createOwner(server.db);
    const since = new Date();
    const { code } = await signInFrom(owner);
    const entries = await entriesOf(owner.userId);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      realm: 'merchant',
      action: 'sign_in.succeeded',
      actor_user_id: owner.userId,
      merchant_id: owner.merchantId,
      details: { email: owner.email, second_factor: 'one_time_code' },
    });
    expectFrom(entry!, since);
    expect(textOf(entry)).not.toContain(owner.password);
    expect(textOf(entry)).not.toContain(code);
  });

  it('a wrong password leaves one entry with the email tried, never the password', async () => {
    const owner = await createOwner(server.db);
    const since = new Date();
    const wrongPassword = 'Not-The-Password-77';
    const init = await api(server.app, 'POST', '/api/merchants/accounts/initialize_login/', {
      body: {
        email: owner.email,
        password: wrongPassword,
        altcha: await solveAltcha(server.app),
      },
      ...from,
    });
    expectStatus(init, 401);
    const entries = await entriesOf(owner.userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'sign_in.failed',
      merchant_id: owner.merchantId,
      details: { email: owner.email, reason: 'wrong_password' },
    });
    expectFrom(entries[0]!, since);
    expect(textOf(entries[0])).not.toContain(wrongPassword);
  });

  it('a wrong password for an email with no account names nobody but keeps the email tried', async () => {
    const email = `nobody-${Date.now()}@example.test`;
    const before = await entryCount();
    const init = await initialize(server.app, email, 'Whatever-Password-1', from.ip);
    expectStatus(init, 401);
    expect(await entryCount()).toBe(before + 1);
    const entry = await server.db
      .selectFrom('audit_trail')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: 'sign_in.failed',
      actor_user_id: null,
      merchant_id: null,
      ip: from.ip,
      details: { email, reason: 'wrong_password' },
    });
  });

  it('a wrong code leaves one entry, and the right code then one more', async () => {
    const owner = await createOwner(server.db);
    const since = new Date();
    const init = await initialize(server.app, owner.email, owner.password, from.ip);
    expectStatus(init, 200);
    const loginToken = init.body.login_token;
    await api(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: loginToken, method: 'email' },
    });
    const code = await latestCode(server.app, owner.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await api(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: { login_token: loginToken, code: wrong },
      ...from,
    });
    expectStatus(refused, 400);
    const entries = await entriesOf(owner.userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'sign_in.failed',
      details: { email: owner.email, reason: 'wrong_code', second_factor: 'one_time_code' },
    });
    expectFrom(entries[0]!, since);
    expect(textOf(entries[0])).not.toContain(wrong);
    const right = await api(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: { login_token: loginToken, code },
      ...from,
    });
    expectStatus(right, 200);
    expect((await entriesOf(owner.userId)).map((one) => one.action)).toEqual([
      'sign_in.failed',
      'sign_in.succeeded',
    ]);
  });

  it('the right password of a disabled user leaves one entry saying so', async () => {
    const owner = await createOwner(server.db);
    await server.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', owner.userId).execute();
    const init = await initialize(server.app, owner.email, owner.password, from.ip);
    expectStatus(init, 403);
    const entries = await entriesOf(owner.userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'sign_in.failed',
      merchant_id: owner.merchantId,
      ip: from.ip,
      details: { email: owner.email, reason: 'account_disabled' },
    });
    expect(textOf(entries[0])).not.toContain(owner.password);
  });

  it('input refused as not valid leaves no entry', async () => {
    const owner = await createOwner(server.db);
    const before = await entryCount();
    const badInit = await apiWithBadInput(server.app, 'POST', '/api/merchants/accounts/initialize_login/', {
      body: { email: owner.email, password: '', altcha: '' },
      ...from,
    });
    expect(badInit.status).toBe(400);
    const badCode = await apiWithBadInput(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: { login_token: 'x', code: 'abc' },
      ...from,
    });
    expect(badCode.status).toBe(400);
    expect(await entryCount()).toBe(before);
  });
});

describe('settings', () => {
  type Signed = Owner & { signedIn: SignedIn; token: string };
  async function signedOwner(): Promise<Signed> {
    const owner = await createOwner(server.db);
    const signedIn = await signIn(server.app, owner.email, owner.password);
    return { ...owner, signedIn, token: signedIn.accessToken };
  }
  const laterEntries = async (owner: Signed) =>
    (await entriesOf(owner.userId)).filter((one) => one.action !== 'sign_in.succeeded');

  it('a password change leaves one entry, without either password', async () => {
    const owner = await signedOwner();
    const grant = await stepUpToken(server, owner.token, 'password_change');
    const since = new Date();
    const newPassword = 'Another-Horse-Battery-31';
    const changed = await api(server.app, 'POST', '/api/merchants/accounts/password/change/', {
      token: owner.token,
      body: {
        current_password: owner.password,
        password: newPassword,
        password_confirmation: newPassword,
        sign_out_other_sessions: false,
      },
      ip: from.ip,
      headers: { ...stepUpHeaders(grant), ...from.headers },
    });
    expectStatus(changed, 204);
    const entries = await laterEntries(owner);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'password.changed',
      actor_user_id: owner.userId,
      merchant_id: owner.merchantId,
      details: { sign_out_other_sessions: false },
    });
    expectFrom(entries[0]!, since);
    expect(textOf(entries[0])).not.toContain(owner.password);
    expect(textOf(entries[0])).not.toContain(newPassword);
  });

  it('adding an authenticator app and removing it leave one entry each', async () => {
    const owner = await signedOwner();
    const started = await api(server.app, 'POST', '/api/merchants/settings/mfa/totp/', {
      token: owner.token,
    });
    expectStatus(started, 200);
    const since = new Date();
    const code = await generate({ secret: started.body.secret });
    const confirmed = await api(server.app, 'POST', '/api/merchants/settings/mfa/totp/confirm/', {
      token: owner.token,
      body: { code },
      ip: from.ip,
      headers: { ...stepUpHeaders(await stepUpToken(server, owner.token, 'mfa_change')), ...from.headers },
    });
    expectStatus(confirmed, 200);
    let entries = await laterEntries(owner);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'mfa.added', subject: 'mfa_method:totp' });
    expectFrom(entries[0]!, since);
    expect(textOf(entries[0])).not.toContain(started.body.secret);
    expect(textOf(entries[0])).not.toContain(code);

    const removed = await api(server.app, 'POST', '/api/merchants/settings/mfa/remove/', {
      token: owner.token,
      body: { method: 'totp' },
      ip: from.ip,
      headers: { ...stepUpHeaders(await stepUpToken(server, owner.token, 'mfa_change')), ...from.headers },
    });
    expectStatus(removed, 200);
    entries = await laterEntries(owner);
    expect(entries.map((one) => [one.action, one.subject])).toEqual([
      ['mfa.added', 'mfa_method:totp'],
      ['mfa.removed', 'mfa_method:totp'],
    ]);
    expectFrom(entries[1]!, since);
  });

  it('turning codes by SMS off and back on leave one entry each; turning on what is on leaves none', async () => {
    const owner = await signedOwner();
    const removed = await api(server.app, 'POST', '/api/merchants/settings/mfa/remove/', {
      token: owner.token,
      body: { method: 'sms' },
      ip: from.ip,
      headers: { ...stepUpHeaders(await stepUpToken(server, owner.token, 'mfa_change')), ...from.headers },
    });
    expectStatus(removed, 200);
    const enable = () =>
      api(server.app, 'POST', '/api/merchants/settings/mfa/enable/', {
        token: owner.token,
        body: { method: 'sms' },
        ...from,
      });
    expectStatus(await enable(), 200);
    expectStatus(await enable(), 200);
    expect((await laterEntries(owner)).map((one) => [one.action, one.subject, one.ip])).toEqual([
      ['mfa.removed', 'mfa_method:sms', from.ip],
      ['mfa.added', 'mfa_method:sms', from.ip],
    ]);
  });

  it('refused changes leave no entry: bad input, no step-up grant, the last method', async () => {
    const owner = await signedOwner();
    const before = await entryCount();
    const bad = await apiWithBadInput(server.app, 'POST', '/api/merchants/settings/mfa/remove/', {
      token: owner.token,
      body: { method: 'carrier_pigeon' },
      headers: stepUpHeaders('x'),
    });
    expect(bad.status).toBe(400);
    const noGrant = await api(server.app, 'POST', '/api/merchants/settings/mfa/remove/', {
      token: owner.token,
      body: { method: 'sms' },
      headers: stepUpHeaders('not-a-grant'),
    });
    expect(noGrant.status).toBe(403);
    const badPassword = await apiWithBadInput(
      server.app,
      'POST',
      '/api/merchants/accounts/password/change/',
      {
        token: owner.token,
        body: {
          current_password: owner.password,
          password: 'short',
          password_confirmation: 'short',
          sign_out_other_sessions: false,
        },
        headers: stepUpHeaders('x'),
      },
    );
    expect(badPassword.status).toBe(400);
    expect(await entryCount()).toBe(before);
  });
});

describe('the table and its chain', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const owner = await createOwner(server.db);
    await signInFrom(owner);
    const [entry] = await entriesOf(owner.userId);
    await expect(
      server.db.updateTable('audit_trail').set({ ip: '198.51.100.1' }).where('id', '=', entry!.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(server.db.deleteFrom('audit_trail').where('id', '=', entry!.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`TRUNCATE audit_trail`.execute(server.db)).rejects.toThrow(/append-only/);
    expect(await entriesOf(owner.userId)).toEqual([entry]);
  });

  it('verifies, and names the entry changed or the one after an entry removed behind the triggers', async () => {
    const owner = await createOwner(server.db);
    await signInFrom(owner);
    await signInFrom(owner);
    await signInFrom(owner);
    const ok = await verifyAuditChain(server.db);
    expect(ok.ok).toBe(true);
    const [first, middle, last] = await entriesOf(owner.userId);

    // The superuser's way around triggers (PostgreSQL and PGlite alike): replica mode skips ordinary triggers.
    const behindTheTriggers = (statement: ReturnType<typeof sql>) =>
      server.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await statement.execute(trx);
      });

    await behindTheTriggers(sql`UPDATE audit_trail SET ip = '198.51.100.66' WHERE id = ${middle!.id}`);
    const changed = await verifyAuditChain(server.db);
    expect(changed).toMatchObject({ ok: false, broken: { id: middle!.id, reason: 'changed' } });
    await behindTheTriggers(sql`UPDATE audit_trail SET ip = ${middle!.ip} WHERE id = ${middle!.id}`);
    expect((await verifyAuditChain(server.db)).ok).toBe(true);

    await behindTheTriggers(sql`DELETE FROM audit_trail WHERE id = ${middle!.id}`);
    const removed = await verifyAuditChain(server.db);
    expect(removed).toMatchObject({ ok: false, broken: { id: last!.id, reason: 'unlinked' } });
    await server.db
      .insertInto('audit_trail')
      .values({ ...middle!, details: sql`CAST(${JSON.stringify(middle!.details)} AS jsonb)` })
      .execute();
    expect((await verifyAuditChain(server.db)).ok).toBe(true);
    expect(first!.id < middle!.id).toBe(true);
  });

  it('each hash is SHA-256 over the previous hash and the fields in the order ADR 022 documents', async () => {
    const owner = await createOwner(server.db);
    await signInFrom(owner);
    const [entry] = await entriesOf(owner.userId);
    const e = entry!;
    const details = e.details as Record<string, unknown>;
    const sortedDetails = Object.fromEntries(
      Object.keys(details)
        .sort()
        .map((key) => [key, details[key]]),
    );
    const text = JSON.stringify([
      1,
      e.id.toString(),
      e.occurred_at.toISOString(),
      e.realm,
      e.actor_user_id,
      e.merchant_id,
      e.action,
      e.subject,
      sortedDetails,
      e.ip,
      e.user_agent,
    ]);
    expect(createHash('sha256').update(`${e.prev_hash}\n${text}`).digest('hex')).toBe(e.hash);
  });

  it('20 concurrent sign-ins chain one after another without a fork', async () => {
    const owners = await Promise.all(Array.from({ length: 20 }, () => createOwner(server.db)));
    const tickets = [];
    for (const owner of owners) {
      const init = await initialize(server.app, owner.email, owner.password, from.ip);
      expectStatus(init, 200);
      await api(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
        body: { login_token: init.body.login_token, method: 'email' },
      });
      tickets.push({ loginToken: init.body.login_token, code: await latestCode(server.app, owner.email) });
    }
    const before = await entryCount();
    const answers = await Promise.all(
      tickets.map((ticket) =>
        api(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
          body: { login_token: ticket.loginToken, code: ticket.code },
          ...from,
        }),
      ),
    );
    for (const answer of answers) expectStatus(answer, 200);
    expect(await entryCount()).toBe(before + 20);
    const chain = await verifyAuditChain(server.db);
    expect(chain).toMatchObject({ ok: true, entries: before + 20 });
    const links = await server.db
      .selectFrom('audit_trail')
      .select(['prev_hash', 'hash'])
      .orderBy('id')
      .execute();
    expect(new Set(links.map((one) => one.prev_hash)).size).toBe(links.length);
    expect(links[0]?.prev_hash).toBe(genesisHash);
  });
});
