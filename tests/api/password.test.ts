import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, errorOf, expectStatus } from './client';
import {
  createOwner,
  initialize,
  readOutbox,
  signIn,
  solveAltcha,
  startTestServer,
  type TestServer,
} from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ APP_URL: 'https://bank.example' });
});
afterAll(async () => {
  await server?.close();
});

const resetUrl = '/api/merchants/accounts/password/reset/';
const confirmUrl = '/api/merchants/accounts/password/reset/confirm/';
const createRequestUrl = '/api/merchants/accounts/set_password/request/';
const setUrl = '/api/merchants/accounts/set_password/';
const newPassword = 'Brand-New-Secret-42';

async function requestLink(url: typeof resetUrl | typeof createRequestUrl, email: string) {
  return api(server.app, 'POST', url, { body: { email, altcha: await solveAltcha(server.app) } });
}

/** uid and token from the newest link in the user's outbox. */
async function latestLink(email: string): Promise<{ url: URL; uid: string; token: string }> {
  const messages = await readOutbox(server.app, email);
  const link = messages.map((m) => m.body.match(/https:\/\/bank\.example\S+/)?.[0]).find(Boolean);
  if (!link) throw new Error(`no link in the outbox for ${email}`);
  const url = new URL(link);
  return { url, uid: url.searchParams.get('uid') ?? '', token: url.searchParams.get('token') ?? '' };
}

async function confirm(
  body: { uid: string; token: string; password: string; password_confirmation?: string },
  url: typeof confirmUrl | typeof setUrl = confirmUrl,
) {
  return api(server.app, 'POST', url, { body: { password_confirmation: body.password, ...body } });
}

describe('password reset', () => {
  it('answers the same 202 for known and unknown emails and emails a link only to the known one', async () => {
    const owner = await createOwner(server.db);
    const known = await requestLink(resetUrl, owner.email);
    const unknown = await requestLink(resetUrl, 'nobody-here@example.test');
    expectStatus(known, 202);
    expectStatus(unknown, 202);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ expires_in: 3600 });
    expect(await readOutbox(server.app, 'nobody-here@example.test')).toEqual([]);
    const [message] = await readOutbox(server.app, owner.email);
    expect(message?.subject).toBe('Reset your Tameio password');
    const { url, uid, token } = await latestLink(owner.email);
    expect(url.origin + url.pathname).toBe('https://bank.example/reset_password/');
    expect(uid).toBe(owner.userId);
    expect(url.searchParams.get('email')).toBe(owner.email);
    // 256 bits in base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('asks for the bot check', async () => {
    const response = await api(server.app, 'POST', '/api/merchants/accounts/password/reset/', {
      body: { email: 'someone@example.test', altcha: 'bm9wZQ==' },
    });
    expectStatus(response, 400);
    expect(response.body.error.code).toBe('bot_check_failed');
  });

  it('sends no second link within a minute, with the same answer', async () => {
    const owner = await createOwner(server.db);
    expect((await requestLink(resetUrl, owner.email)).status).toBe(202);
    expect((await requestLink(resetUrl, owner.email)).status).toBe(202);
    expect(await readOutbox(server.app, owner.email)).toHaveLength(1);
  });

  it('sets the password, spends the link, signs out everywhere and notifies', async () => {
    const owner = await createOwner(server.db);
    const session = await signIn(server.app, owner.email, owner.password);
    const halfway = await initialize(server.app, owner.email, owner.password);
    expectStatus(halfway, 200);
    await requestLink(resetUrl, owner.email);
    const { uid, token } = await latestLink(owner.email);

    const done = await confirm({ uid, token, password: newPassword });
    expectStatus(done, 204);

    // The old access token and the old refresh cookie both fail at once.
    const overview = await api(server.app, 'GET', '/api/merchants/home/overview/', {
      token: session.accessToken,
    });
    expectStatus(overview, 401);
    const refresh = await api(server.app, 'POST', '/api/merchants/accounts/token/refresh/', {
      cookie: session.refreshCookie,
    });
    expectStatus(refresh, 401);
    // A sign-in that had passed the old password cannot finish.
    const methods = await api(server.app, 'POST', '/api/merchants/accounts/available_mfa_methods/', {
      body: { login_token: halfway.body.login_token },
    });
    expectStatus(methods, 401);

    const [notice] = await readOutbox(server.app, owner.email);
    expect(notice?.subject).toBe('Your Tameio password was changed');
    const audit = await server.db
      .selectFrom('sign_in_audit')
      .select('event')
      .where('user_id', '=', owner.userId)
      .where('event', '=', 'password_reset')
      .execute();
    expect(audit).toHaveLength(1);

    // Single use.
    const again = await confirm({ uid, token, password: 'Another-Secret-77' });
    expectStatus(again, 400);
    expect(again.body.error.code).toBe('token_invalid');

    // The old password is gone; the new one passes the password step (the second factor follows).
    expect((await initialize(server.app, owner.email, owner.password)).status).toBe(401);
    expect((await initialize(server.app, owner.email, newPassword)).status).toBe(200);
  });

  it('spends every outstanding reset link of the user', async () => {
    const owner = await createOwner(server.db);
    await requestLink(resetUrl, owner.email);
    const first = await latestLink(owner.email);
    await server.db
      .updateTable('password_tokens')
      .set({ created_at: new Date(Date.now() - 120_000) })
      .execute();
    await requestLink(resetUrl, owner.email);
    const second = await latestLink(owner.email);
    expect(second.token).not.toBe(first.token);
    expect((await confirm({ uid: owner.userId, token: second.token, password: newPassword })).status).toBe(
      204,
    );
    const stale = await confirm({ uid: owner.userId, token: first.token, password: 'Another-Secret-77' });
    expect(errorOf(stale).code).toBe('token_invalid');
  });

  it('refuses an expired link and a link for another user, changing nothing', async () => {
    const owner = await createOwner(server.db);
    const other = await createOwner(server.db);
    await requestLink(resetUrl, owner.email);
    const { token } = await latestLink(owner.email);

    const wrongUser = await confirm({ uid: other.userId, token, password: newPassword });
    expectStatus(wrongUser, 400);
    expect(wrongUser.body.error.code).toBe('token_invalid');

    await server.db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', owner.userId)
      .execute();
    const expired = await confirm({ uid: owner.userId, token, password: newPassword });
    expectStatus(expired, 400);
    expect(expired.body.error.code).toBe('token_invalid');
    expect((await initialize(server.app, owner.email, owner.password)).status).toBe(200);
    expect((await initialize(server.app, other.email, other.password)).status).toBe(200);
  });

  it('refuses weak and mismatched passwords with fields and keeps the link usable', async () => {
    const owner = await createOwner(server.db);
    await requestLink(resetUrl, owner.email);
    const { uid, token } = await latestLink(owner.email);

    const weak = await confirm({ uid, token, password: 'password123' });
    expectStatus(weak, 400);
    expect(weak.body.error.code).toBe('validation_failed');
    expect(weak.body.error.fields).toHaveProperty('password');

    const short = await confirm({ uid, token, password: 'short' });
    expect(errorOf(short).fields).toHaveProperty('password');

    const mismatch = await confirm({
      uid,
      token,
      password: newPassword,
      password_confirmation: 'Something-Else-1',
    });
    expectStatus(mismatch, 400);
    expect(mismatch.body.error.fields).toEqual({ password_confirmation: 'passwords_do_not_match' });

    const local = owner.email.split('@')[0] ?? '';
    const withEmail = await confirm({ uid, token, password: `${local}-secret` });
    expectStatus(withEmail, 400);
    expect(withEmail.body.error.fields).toEqual({ password: 'contains_email' });

    const malformed = await confirm({ uid: 'not-a-uuid', token: 'x', password: newPassword });
    expectStatus(malformed, 400);
    expect(malformed.body.error.fields).toHaveProperty('uid');

    expect((await initialize(server.app, owner.email, owner.password)).status).toBe(200);
    expect((await confirm({ uid, token, password: newPassword })).status).toBe(204);
  });

  it('rate limits the request endpoint with Retry-After', async () => {
    const strict = await server.buildVariant({ loginRateLimitPerMinute: 1 });
    const body = async () => ({ email: 'nobody@example.test', altcha: await solveAltcha(strict) });
    expect(
      (
        await api(strict, 'POST', '/api/merchants/accounts/password/reset/', {
          body: await body(),
          ip: '10.9.9.9',
        })
      ).status,
    ).toBe(202);
    const limited = await api(strict, 'POST', '/api/merchants/accounts/password/reset/', {
      body: await body(),
      ip: '10.9.9.9',
    });
    expectStatus(limited, 429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body.error.code).toBe('rate_limited');
  });
});

describe('create password', () => {
  async function newEmployee() {
    const owner = await createOwner(server.db);
    const session = await signIn(server.app, owner.email, owner.password);
    const email = `employee-${owner.userId.slice(0, 8)}@example.test`;
    const created = await api(server.app, 'POST', '/api/sandbox/users/', {
      token: session.accessToken,
      body: { email, first_name: 'Eva', last_name: 'Employee' },
    });
    expectStatus(created, 201);
    return { owner, session, email, userId: created.body.id };
  }

  it('emails an invited employee a create link that sets the first password once', async () => {
    const { email, userId } = await newEmployee();
    const { url, uid, token } = await latestLink(email);
    expect(url.origin + url.pathname).toBe('https://bank.example/create-password/set');
    expect(uid).toBe(userId);

    // A create link cannot reset, and a password cannot be signed in with before it exists.
    expect(errorOf(await confirm({ uid, token, password: newPassword })).code).toBe('token_invalid');
    expect((await initialize(server.app, email, newPassword)).status).toBe(401);

    expect((await confirm({ uid, token, password: newPassword }, setUrl)).status).toBe(204);
    expect((await initialize(server.app, email, newPassword)).status).toBe(200);
    expect(errorOf(await confirm({ uid, token, password: newPassword }, setUrl)).code).toBe('token_invalid');
  });

  it('lets a reset link not set a first password, and sends create links only to accounts without one', async () => {
    const { owner, email } = await newEmployee();
    // Reset: the employee has no password, so no reset link; the owner has one, so no create link.
    expect((await requestLink(resetUrl, email)).status).toBe(202);
    expect(await readOutbox(server.app, email)).toHaveLength(1);
    expect((await requestLink(createRequestUrl, owner.email)).status).toBe(202);
    expect((await readOutbox(server.app, owner.email)).filter((m) => m.subject?.includes('Create'))).toEqual(
      [],
    );

    await requestLink(resetUrl, owner.email);
    const reset = await latestLink(owner.email);
    const wrongPurpose = await confirm({ uid: reset.uid, token: reset.token, password: newPassword }, setUrl);
    expect(errorOf(wrongPurpose).code).toBe('token_invalid');

    // A create link asked for by email works like the invitation's.
    await server.db
      .updateTable('password_tokens')
      .set({ created_at: new Date(Date.now() - 120_000) })
      .execute();
    const asked = await requestLink(createRequestUrl, email);
    expectStatus(asked, 202);
    expect(asked.body).toEqual({ expires_in: 3600 });
    expect(await readOutbox(server.app, email)).toHaveLength(2);
    const link = await latestLink(email);
    expect((await confirm({ uid: link.uid, token: link.token, password: newPassword }, setUrl)).status).toBe(
      204,
    );
  });

  it('lets only an owner add sandbox users', async () => {
    const anonymous = await api(server.app, 'POST', '/api/sandbox/users/', {
      body: { email: 'x@example.test', first_name: 'X', last_name: 'Y' },
    });
    expectStatus(anonymous, 401);
    const { session, email } = await newEmployee();
    const duplicate = await api(server.app, 'POST', '/api/sandbox/users/', {
      token: session.accessToken,
      body: { email, first_name: 'Eva', last_name: 'Again' },
    });
    expectStatus(duplicate, 409);
  });
});
