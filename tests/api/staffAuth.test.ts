import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relyingParty } from '../../server/staff/passkeys';
import { startTestServer, type TestServer } from './harness';
import { createPasskey, signWithPasskey } from './softAuthenticator';
import { makeStaff, signInStaff, signInStaffAs, totpCode } from './staffHelpers';

/*
 * Staff sign-in (server/staff/, docs/decisions/023-staff-realm.md): a password and then a mandatory second factor,
 * the authenticator app or a passkey (WebAuthn, verified by @simplewebauthn/server against a software authenticator);
 * tickets, codes and passkey answers are good once; every refusal is on the audit trail; disabling a staff member
 * ends their sessions at once. Real server, real database.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function auditActionsOf(staffId: string) {
  const rows = await server.db
    .selectFrom('audit_trail')
    .select(['action', 'details'])
    .where('realm', '=', 'staff')
    .where('actor_user_id', '=', staffId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('staff sign-in with the authenticator app', () => {
  it('needs the password and the code, and then opens the back office', async () => {
    const staff = await signInStaff(server, 'reviewer');
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/back-office/me/',
      headers: staff.headers,
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: staff.email, role: 'reviewer', passkeys: [] });
    expect(me.headers['cache-control']).toBe('no-store');
    expect(await auditActionsOf(staff.staffId)).toEqual(['staff.signed_in']);
  });

  it('answers the same words for an unknown email and a wrong password, and records both', async () => {
    const staff = await makeStaff(server, 'operations');
    const wrong = await post('/api/back-office/auth/login/', {
      email: staff.email,
      password: 'Not-The-Password-1!',
    });
    const unknown = await post('/api/back-office/auth/login/', {
      email: 'nobody@bank.test',
      password: staff.password,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    expect(await auditActionsOf(staff.staffId)).toEqual(['staff.sign_in_failed']);
  });

  it('refuses a wrong code with the tries left, and the ticket after five wrong codes', async () => {
    const staff = await makeStaff(server, 'reviewer');
    const login = await post('/api/back-office/auth/login/', {
      email: staff.email,
      password: staff.password,
    });
    expect(login.json()).toMatchObject({ methods: ['totp'], passkey_options: null });
    const { ticket } = login.json<{ ticket: string }>();
    const right = await totpCode(staff.totpSecret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const refused = await post('/api/back-office/auth/login/totp/', { ticket, code: wrongCode });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'otp_invalid',
        details: { attempts_left: 5 - attempt },
      });
    }
    const late = await post('/api/back-office/auth/login/totp/', { ticket, code: right });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('login_expired');
    const sessions = await server.db
      .selectFrom('staff_sessions')
      .select('id')
      .where('staff_id', '=', staff.staffId)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('takes a code once: the same code cannot start a second session', async () => {
    const staff = await makeStaff(server, 'reviewer');
    const code = await totpCode(staff.totpSecret);
    const first = await post('/api/back-office/auth/login/', {
      email: staff.email,
      password: staff.password,
    });
    const ok = await post('/api/back-office/auth/login/totp/', { ticket: first.json().ticket, code });
    expect(ok.statusCode).toBe(200);
    const again = await post('/api/back-office/auth/login/', {
      email: staff.email,
      password: staff.password,
    });
    const replay = await post('/api/back-office/auth/login/totp/', { ticket: again.json().ticket, code });
    expect(replay.statusCode).toBe(400);
  });

  it('refuses malformed input with the field named, and writes nothing', async () => {
    const before = await server.db.selectFrom('staff_login_tickets').select('ticket_hash').execute();
    const missing = await post('/api/back-office/auth/login/', { email: 'a@bank.test' });
    expect(missing.statusCode).toBe(400);
    const badCode = await post('/api/back-office/auth/login/totp/', { ticket: 'x', code: '12ab' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.fields.code).toMatch(/6 digits/);
    const after = await server.db.selectFrom('staff_login_tickets').select('ticket_hash').execute();
    expect(after.length).toBe(before.length);
  });
});

describe('staff sessions', () => {
  it('refreshes with the staff cookie, rotating it, and signs out', async () => {
    const staff = await signInStaff(server, 'operations');
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/api/back-office/auth/refresh/',
      cookies: { staffRefreshKey: staff.refreshCookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const rotated = refreshed.cookies.find((c) => c.name === 'staffRefreshKey');
    expect(rotated?.path).toBe('/api/back-office/auth/');
    expect(rotated?.httpOnly).toBe(true);
    const old = await server.app.inject({
      method: 'POST',
      url: '/api/back-office/auth/refresh/',
      cookies: { staffRefreshKey: staff.refreshCookie },
    });
    expect(old.statusCode).toBe(401);
    const token = refreshed.json().access_token as string;
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/back-office/auth/logout/',
      cookies: { staffRefreshKey: rotated?.value ?? '' },
    });
    expect(out.statusCode).toBe(204);
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/back-office/me/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('a disabled staff member is out at once and cannot sign in again', async () => {
    const admin = await signInStaff(server, 'admin');
    const reviewer = await signInStaff(server, 'reviewer');
    const disabled = await post(`/api/back-office/staff/${reviewer.staffId}/disable/`, {}, admin.headers);
    expect(disabled.statusCode).toBe(204);
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/back-office/me/',
      headers: reviewer.headers,
    });
    expect(me.statusCode).toBe(401);
    const login = await post('/api/back-office/auth/login/', {
      email: reviewer.email,
      password: reviewer.password,
    });
    expect(login.statusCode).toBe(401);
    const self = await post(`/api/back-office/staff/${admin.staffId}/disable/`, {}, admin.headers);
    expect(self.statusCode).toBe(409);
  });

  it('an admin creates a staff member who can then sign in; a duplicate email is refused', async () => {
    const admin = await signInStaff(server, 'admin');
    const email = `new-${Date.now()}@bank.test`;
    const created = await post(
      '/api/back-office/staff/',
      { email, name: 'New Reviewer', role: 'reviewer' },
      admin.headers,
    );
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.totp_uri).toMatch(/^otpauth:\/\/totp\//);
    const signedIn = await signInStaffAs(server, {
      staffId: body.staff.id,
      email,
      password: body.password,
      totpSecret: body.totp_secret,
    });
    expect(signedIn.token).toBeTruthy();
    const again = await post(
      '/api/back-office/staff/',
      { email, name: 'Twice', role: 'reviewer' },
      admin.headers,
    );
    expect(again.statusCode).toBe(409);
    const badRole = await post(
      '/api/back-office/staff/',
      { email: 'x@bank.test', name: 'X', role: 'owner' },
      admin.headers,
    );
    expect(badRole.statusCode).toBe(400);
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/back-office/staff/',
      headers: admin.headers,
    });
    expect(list.json().staff.some((s: { email: string }) => s.email === email)).toBe(true);
  });
});

describe('staff passkeys', () => {
  it('adds a passkey, then signs in with it; its answer is good once and only for its own challenge', async () => {
    const { origin } = relyingParty(server.config);
    const staff = await signInStaff(server, 'reviewer');
    const options = await post('/api/back-office/me/passkeys/options/', {}, staff.headers);
    expect(options.statusCode).toBe(200);
    expect(options.json().authenticatorSelection.userVerification).toBe('required');
    const { passkey, response } = createPasskey(options.json(), origin);
    const added = await post(
      '/api/back-office/me/passkeys/',
      { name: 'Work laptop', response },
      staff.headers,
    );
    expect(added.statusCode).toBe(201);
    // The same creation answer again: its challenge is spent.
    const replayedAdd = await post(
      '/api/back-office/me/passkeys/',
      { name: 'Again', response },
      staff.headers,
    );
    expect(replayedAdd.statusCode).toBe(400);

    const login = await post('/api/back-office/auth/login/', {
      email: staff.email,
      password: staff.password,
    });
    expect(login.json().methods).toEqual(['passkey', 'totp']);
    const request = login.json().passkey_options;
    expect(request.allowCredentials).toEqual([expect.objectContaining({ id: passkey.credentialId })]);
    const answer = signWithPasskey(passkey, request, origin);
    const signedIn = await post('/api/back-office/auth/login/passkey/', {
      ticket: login.json().ticket,
      response: answer,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().staff.role).toBe('reviewer');

    // A second sign-in: the old answer (other challenge) is refused; a fresh one passes and moves the counter.
    const second = await post('/api/back-office/auth/login/', {
      email: staff.email,
      password: staff.password,
    });
    const stale = await post('/api/back-office/auth/login/passkey/', {
      ticket: second.json().ticket,
      response: answer,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('passkey_refused');
    const fresh = signWithPasskey(passkey, second.json().passkey_options, origin);
    const ok = await post('/api/back-office/auth/login/passkey/', {
      ticket: second.json().ticket,
      response: fresh,
    });
    expect(ok.statusCode).toBe(200);
    const stored = await server.db
      .selectFrom('staff_passkeys')
      .select(['counter', 'last_used_at'])
      .where('credential_id', '=', passkey.credentialId)
      .executeTakeFirstOrThrow();
    expect(stored.counter).toBe(2n);
    expect(stored.last_used_at).not.toBeNull();
    expect(await auditActionsOf(staff.staffId)).toEqual([
      'staff.signed_in',
      'staff.passkey_added',
      'staff.signed_in',
      'staff.sign_in_failed',
      'staff.signed_in',
    ]);
  });

  it('refuses a passkey answer without user verification, and one from another origin', async () => {
    const { origin } = relyingParty(server.config);
    const staff = await signInStaff(server, 'operations');
    const options = await post('/api/back-office/me/passkeys/options/', {}, staff.headers);
    const { passkey, response } = createPasskey(options.json(), origin);
    expect(
      (await post('/api/back-office/me/passkeys/', { name: 'Key', response }, staff.headers)).statusCode,
    ).toBe(201);
    const login = await post('/api/back-office/auth/login/', {
      email: staff.email,
      password: staff.password,
    });
    const unverified = signWithPasskey(passkey, login.json().passkey_options, origin, {
      userVerified: false,
    });
    const refused = await post('/api/back-office/auth/login/passkey/', {
      ticket: login.json().ticket,
      response: unverified,
    });
    expect(refused.statusCode).toBe(400);
    const phishing = signWithPasskey(passkey, login.json().passkey_options, 'https://tameio.example.evil');
    const refusedToo = await post('/api/back-office/auth/login/passkey/', {
      ticket: login.json().ticket,
      response: phishing,
    });
    expect(refusedToo.statusCode).toBe(400);
    const other = await makeStaff(server, 'operations');
    const otherOptions = await post(
      '/api/back-office/me/passkeys/options/',
      {},
      (await signInStaffAs(server, other)).headers,
    );
    expect(otherOptions.statusCode).toBe(200);
  });
});
