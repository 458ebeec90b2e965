import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiWithBadInput, expectStatus, type UntypedResponse } from './client';
import { createOwner, refreshCookieOf, signIn, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const refresh = (cookie?: string) =>
  api(server.app, 'POST', '/api/merchants/accounts/token/refresh/', cookie ? { cookie } : {});
const overview = (token: string) => api(server.app, 'GET', '/api/merchants/home/overview/', { token });

async function freshSession() {
  const owner = await createOwner(server.db, { funded: true });
  return { owner, ...(await signIn(server.app, owner.email, owner.password)) };
}

function clearsCookie(response: Pick<UntypedResponse, 'cookies'>): boolean {
  const cookie = response.cookies.find((c) => c.name === 'refreshKey');
  return cookie !== undefined && cookie.value === '' && cookie.path === '/api/merchants/accounts/';
}

describe('refresh tokens', () => {
  it('rotates: a new access token and a new cookie, and the new access token works', async () => {
    const session = await freshSession();
    const rotated = await refresh(session.refreshCookie);
    expectStatus(rotated, 200);
    expect(rotated.body).toMatchObject({ token_type: 'Bearer', user: { email: session.owner.email } });
    const next = refreshCookieOf(rotated);
    expect(next).not.toBe(session.refreshCookie);
    expect((await overview(rotated.body.access_token)).status).toBe(200);
    expect((await refresh(next)).status).toBe(200);
  });

  it('treats reuse of a spent token as theft: 401 and the whole family is revoked', async () => {
    const session = await freshSession();
    const rotated = await refresh(session.refreshCookie);
    expectStatus(rotated, 200);
    const next = refreshCookieOf(rotated);
    const reuse = await refresh(session.refreshCookie);
    expectStatus(reuse, 401);
    expect(reuse.body.error.code).toBe('session_expired');
    expect(clearsCookie(reuse)).toBe(true);
    // The thief's and the owner's newer token are both dead now, and so are the access tokens.
    expect((await refresh(next)).status).toBe(401);
    expect((await overview(rotated.body.access_token)).status).toBe(401);
    const row = await server.db
      .selectFrom('sessions')
      .select('revoked_reason')
      .where('user_id', '=', session.owner.userId)
      .executeTakeFirstOrThrow();
    expect(row.revoked_reason).toBe('reuse_detected');
  });

  it('refuses a missing, unknown or expired refresh token', async () => {
    const missing = await refresh();
    expectStatus(missing, 401);
    expect(missing.body.error.code).toBe('session_expired');
    expect(clearsCookie(missing)).toBe(true);

    expect((await refresh('made-up-token')).status).toBe(401);

    const session = await freshSession();
    await server.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', 'is not', null)
      .where('session_id', 'in', (eb) =>
        eb.selectFrom('sessions').select('id').where('user_id', '=', session.owner.userId),
      )
      .execute();
    const expired = await refresh(session.refreshCookie);
    expectStatus(expired, 401);
    expect(expired.body.error.code).toBe('session_expired');
  });

  it('ends a session that sat idle past the idle limit', async () => {
    const session = await freshSession();
    const idleFor = (server.config.idleTimeoutSeconds + server.config.accessTokenTtlSeconds + 1) * 1000;
    await server.db
      .updateTable('refresh_tokens')
      .set({ created_at: new Date(Date.now() - idleFor) })
      .where('session_id', 'in', (eb) =>
        eb.selectFrom('sessions').select('id').where('user_id', '=', session.owner.userId),
      )
      .execute();
    expect((await refresh(session.refreshCookie)).status).toBe(401);
  });

  it('ends every session at the absolute limit', async () => {
    const session = await freshSession();
    await server.db
      .updateTable('sessions')
      .set({ absolute_expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', session.owner.userId)
      .execute();
    expect((await overview(session.accessToken)).status).toBe(401);
    expect((await refresh(session.refreshCookie)).status).toBe(401);
  });
});

describe('access tokens', () => {
  it('needs a bearer token', async () => {
    const response = await api(server.app, 'GET', '/api/merchants/home/overview/');
    expectStatus(response, 401);
    expect(response.body.error.code).toBe('unauthorized');
  });

  it('refuses an altered, a forged and an expired token', async () => {
    const session = await freshSession();
    const [header, payload, signature] = session.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const otherSub = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url');
    const altered = `${header}.${otherSub}.${signature}`;
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('tameio')
      .setAudience('tameio-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-our-secret'));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('tameio')
      .setAudience('tameio-api')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(server.config.secrets.jwtSecret));
    for (const token of [altered, forged, unsigned, expired, 'garbage']) {
      const response = await overview(token);
      expectStatus(response, 401);
      expect(response.body.error.code).toBe('unauthorized');
    }
    expect((await overview(session.accessToken)).status).toBe(200);
  });
});

describe('logout', () => {
  it('revokes the session: 204, the cookie is cleared, refresh and the access token then fail', async () => {
    const session = await freshSession();
    const out = await api(server.app, 'POST', '/api/merchants/accounts/logout/', {
      cookie: session.refreshCookie,
      body: { refresh_token: session.refreshCookie },
    });
    expectStatus(out, 204);
    expect(out.body).toBe('');
    expect(clearsCookie(out)).toBe(true);
    expect((await refresh(session.refreshCookie)).status).toBe(401);
    expect((await overview(session.accessToken)).status).toBe(401);
  });

  it('works without an auth header or body, and with nothing to revoke', async () => {
    const session = await freshSession();
    // An empty body as sent, not even `{}`: outside what the typed client would send.
    const out = await apiWithBadInput(server.app, 'POST', '/api/merchants/accounts/logout/', {
      cookie: session.refreshCookie,
      payload: '',
    });
    expectStatus(out, 204);
    expect((await refresh(session.refreshCookie)).status).toBe(401);
    const nothing = await api(server.app, 'POST', '/api/merchants/accounts/logout/', { body: {} });
    expectStatus(nothing, 204);
  });

  it("does not let a body token sign out another user's session", async () => {
    const mine = await freshSession();
    const theirs = await freshSession();
    const out = await api(server.app, 'POST', '/api/merchants/accounts/logout/', {
      cookie: mine.refreshCookie,
      body: { refresh_token: theirs.refreshCookie },
    });
    expectStatus(out, 204);
    expect((await overview(mine.accessToken)).status).toBe(401);
    expect((await overview(theirs.accessToken)).status).toBe(200);
  });

  it('global logout revokes every session of the user and no one else', async () => {
    const owner = await createOwner(server.db, { funded: true });
    const first = await signIn(server.app, owner.email, owner.password);
    const second = await signIn(server.app, owner.email, owner.password);
    const bystander = await freshSession();

    const out = await api(server.app, 'POST', '/api/merchants/accounts/global_logout/', {
      token: first.accessToken,
    });
    expectStatus(out, 204);
    for (const session of [first, second]) {
      expect((await overview(session.accessToken)).status).toBe(401);
      expect((await refresh(session.refreshCookie)).status).toBe(401);
    }
    expect((await overview(bystander.accessToken)).status).toBe(200);
    expect((await api(server.app, 'POST', '/api/merchants/accounts/global_logout/')).status).toBe(401);
  });
});

describe('permissions', () => {
  it("never shows a merchant another merchant's data", async () => {
    const a = await freshSession();
    const b = await freshSession();
    const seenByA = await overview(a.accessToken);
    expectStatus(seenByA, 200);
    const seenByB = await overview(b.accessToken);
    expectStatus(seenByB, 200);
    expect(seenByA.body.merchant.id).toBe(a.owner.merchantId);
    expect(seenByB.body.merchant.id).toBe(b.owner.merchantId);
  });

  it('lets a viewer employee see the overview', async () => {
    const owner = await createOwner(server.db, { funded: true });
    const viewerEmail = `viewer-${owner.userId.slice(0, 8)}@example.test`;
    const { hashPassword } = await import('../../server/auth/passwords');
    await server.db
      .insertInto('users')
      .values({
        merchant_id: owner.merchantId,
        email: viewerEmail,
        phone: null,
        password_hash: await hashPassword('Viewer-Password-1'),
        first_name: 'View',
        last_name: 'Er',
        is_owner: false,
        employee_type: 'viewer',
        access_level: 'company',
      })
      .execute();
    const viewer = await signIn(server.app, viewerEmail, 'Viewer-Password-1');
    // The access level travels with the user, so the screens can word an own-cards view as such.
    expect(viewer.body.user).toMatchObject({
      is_owner: false,
      employee_type: 'viewer',
      access_level: 'company',
    });
    const seen = await overview(viewer.accessToken);
    expectStatus(seen, 200);
    expect(seen.body.merchant.id).toBe(owner.merchantId);
  });
});
