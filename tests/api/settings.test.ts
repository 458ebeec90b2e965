import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords';
import { api, apiWithBadInput, bodyOf, errorOf, expectStatus, type PathFor } from './client';
import {
  createOwner,
  initialize,
  latestCode,
  signIn,
  startTestServer,
  type SignedIn,
  type TestServer,
} from './harness';
import { stepUpHeaders, stepUpToken, type StepUpPurposeName } from './stepUp';
import { databaseDigest } from './tableDigest';

/*
 * Settings: language on the user, changing the password with a fresh one-time code, second-factor methods
 * (an authenticator app enrolled with a code from otplib, the same library as the server, then used to sign in), and
 * the list of active sessions with sign-out of each. Real server, real database (tests/api/harness.ts).
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});
const languageUrl = '/api/merchants/settings/language/';
const changePasswordUrl = '/api/merchants/accounts/password/change/';
const totpConfirmUrl = '/api/merchants/settings/mfa/totp/confirm/';
const defaultUrl = '/api/merchants/settings/mfa/default/';
const removeUrl = '/api/merchants/settings/mfa/remove/';
const enableUrl = '/api/merchants/settings/mfa/enable/';
const revokeUrl = '/api/merchants/settings/sessions/revoke/';

type Owner = Awaited<ReturnType<typeof createOwner>> & { signedIn: SignedIn; token: string };

async function newOwner(options: { phone?: string | null } = {}): Promise<Owner> {
  const owner = await createOwner(server.db, options);
  const signedIn = await signIn(server.app, owner.email, owner.password);
  return { ...owner, signedIn, token: signedIn.accessToken };
}

const grant = (owner: Owner, purpose: StepUpPurposeName) => stepUpToken(server, owner.token, purpose);

/** Adds an authenticator app through the API; returns its secret. */
async function enrolTotp(owner: Owner): Promise<string> {
  const started = await api(server.app, 'POST', '/api/merchants/settings/mfa/totp/', { token: owner.token });
  expectStatus(started, 200);
  const secret = started.body.secret;
  const confirmed = await api(server.app, 'POST', '/api/merchants/settings/mfa/totp/confirm/', {
    token: owner.token,
    body: { code: await generate({ secret }) },
    headers: stepUpHeaders(await grant(owner, 'mfa_change')),
  });
  expectStatus(confirmed, 200);
  return secret;
}

/** The first code of the next time step, so a code is never the one just used (codes work once). */
async function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

describe('bad input', () => {
  it('answers 400 with fields for every new endpoint and changes nothing', async () => {
    const owner = await newOwner();
    const before = await databaseDigest(server.db);
    const cases: [method: 'PUT' | 'POST', url: PathFor<'PUT' | 'POST'>, body: unknown, field: string][] = [
      ['PUT', languageUrl, { language: 'fr' }, 'language'],
      ['POST', changePasswordUrl, { current_password: '', password: 'x' }, 'current_password'],
      [
        'POST',
        changePasswordUrl,
        {
          current_password: owner.password,
          password: 'Another-Long-Pass-42',
          password_confirmation: 'Different-Pass-42',
          sign_out_other_sessions: false,
        },
        'password_confirmation',
      ],
      ['POST', totpConfirmUrl, { code: '12ab' }, 'code'],
      ['PUT', defaultUrl, { method: 'pigeon' }, 'method'],
      ['POST', removeUrl, {}, 'method'],
      ['POST', enableUrl, { method: 'totp' }, 'method'],
      ['POST', revokeUrl, { session_id: 'not-a-uuid' }, 'session_id'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await apiWithBadInput(server.app, method, url, { token: owner.token, body });
      expectStatus(response, 400, url);
      expect(Object.keys(response.body.error.fields ?? {}), url).toContain(field);
    }
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('refuses a default or a removal of a method the user does not have', async () => {
    const owner = await newOwner({ phone: null });
    for (const response of [
      await api(server.app, 'PUT', defaultUrl, { token: owner.token, body: { method: 'sms' } }),
      await api(server.app, 'POST', removeUrl, { token: owner.token, body: { method: 'sms' } }),
    ]) {
      expectStatus(response, 400);
      expect(response.body.error.fields).toEqual({ method: 'not_active' });
    }
    const enable = await api(server.app, 'POST', '/api/merchants/settings/mfa/enable/', {
      token: owner.token,
      body: { method: 'sms' },
    });
    expectStatus(enable, 400);
    expect(enable.body.error.code).toBe('mfa_method_unavailable');
  });
});

describe('language', () => {
  it('is stored on the user and comes back with the session on another sign-in', async () => {
    const owner = await newOwner();
    expect(owner.signedIn.body.user.language).toBe('en');
    const updated = await api(server.app, 'PUT', '/api/merchants/settings/language/', {
      token: owner.token,
      body: { language: 'el' },
    });
    expectStatus(updated, 200);
    expect(updated.body).toEqual({ language: 'el' });
    const settings = await api(server.app, 'GET', '/api/merchants/settings/', { token: owner.token });
    expectStatus(settings, 200);
    expect(settings.body.language).toBe('el');
    const elsewhere = await signIn(server.app, owner.email, owner.password);
    expect(elsewhere.body.user.language).toBe('el');
    // The emails follow it: the sign-in code came in Greek.
    const [message] = bodyOf(
      await api(server.app, 'GET', '/api/sandbox/outbox/', { query: { to: owner.email } }),
      200,
    ).messages as { subject: string }[];
    expect(message?.subject).toBe('Ο κωδικός σύνδεσης Tameio');
  });
});

describe('changing the password', () => {
  const newPassword = 'Fresh-Ledger-Pass-77';
  const body = (current: string, signOutOthers = false) => ({
    current_password: current,
    password: newPassword,
    password_confirmation: newPassword,
    sign_out_other_sessions: signOutOthers,
  });

  it('needs a fresh one-time code for this purpose: missing, another purpose’s or spent is 403', async () => {
    const owner = await newOwner();
    const before = await databaseDigest(server.db);
    const missing = await api(server.app, 'POST', '/api/merchants/accounts/password/change/', {
      token: owner.token,
      body: body(owner.password),
    });
    expectStatus(missing, 403);
    expect(missing.body.error.code).toBe('step_up_required');
    expect(await databaseDigest(server.db)).toEqual(before);
    const otherPurpose = await grant(owner, 'card_reveal');
    const wrongPurpose = await api(server.app, 'POST', '/api/merchants/accounts/password/change/', {
      token: owner.token,
      body: body(owner.password),
      headers: stepUpHeaders(otherPurpose),
    });
    expectStatus(wrongPurpose, 403);
    const good = await grant(owner, 'password_change');
    const changed = await api(server.app, 'POST', '/api/merchants/accounts/password/change/', {
      token: owner.token,
      body: body(owner.password),
      headers: stepUpHeaders(good),
    });
    expectStatus(changed, 204);
    const again = await api(server.app, 'POST', '/api/merchants/accounts/password/change/', {
      token: owner.token,
      body: body(newPassword),
      headers: stepUpHeaders(good),
    });
    expectStatus(again, 403);
    expect(again.body.error.code).toBe('step_up_required');
  });

  it('refuses a wrong current password, keeps the grant and the old password', async () => {
    const owner = await newOwner();
    const token = await grant(owner, 'password_change');
    const wrong = await api(server.app, 'POST', '/api/merchants/accounts/password/change/', {
      token: owner.token,
      body: body('Not-The-Password-1'),
      headers: stepUpHeaders(token),
    });
    expectStatus(wrong, 400);
    expect(wrong.body.error.code).toBe('invalid_current_password');
    expect(wrong.body.error.fields).toEqual({ current_password: 'invalid_current_password' });
    const user = await server.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(user.password_hash, owner.password)).toBe(true);
    // The grant is still good for the retry.
    const retried = await api(server.app, 'POST', '/api/merchants/accounts/password/change/', {
      token: owner.token,
      body: body(owner.password),
      headers: stepUpHeaders(token),
    });
    expectStatus(retried, 204);
  });

  it('signs in with the new password only, and signs out the other sessions when asked', async () => {
    const owner = await newOwner();
    const other = await signIn(server.app, owner.email, owner.password);
    const changed = await api(server.app, 'POST', '/api/merchants/accounts/password/change/', {
      token: owner.token,
      body: body(owner.password, true),
      headers: stepUpHeaders(await grant(owner, 'password_change')),
    });
    expectStatus(changed, 204);
    expect(
      (await api(server.app, 'GET', '/api/merchants/settings/', { token: other.accessToken })).status,
    ).toBe(401);
    expect((await api(server.app, 'GET', '/api/merchants/settings/', { token: owner.token })).status).toBe(
      200,
    );
    expect((await initialize(server.app, owner.email, owner.password)).status).toBe(401);
    expect((await initialize(server.app, owner.email, newPassword)).status).toBe(200);
  });

  it('keeps the other sessions when not asked', async () => {
    const owner = await newOwner();
    const other = await signIn(server.app, owner.email, owner.password);
    const changed = await api(server.app, 'POST', '/api/merchants/accounts/password/change/', {
      token: owner.token,
      body: body(owner.password, false),
      headers: stepUpHeaders(await grant(owner, 'password_change')),
    });
    expectStatus(changed, 204);
    expect(
      (await api(server.app, 'GET', '/api/merchants/settings/', { token: other.accessToken })).status,
    ).toBe(200);
  });
});

describe('second-factor methods', () => {
  it('lists email and SMS, chooses the default, never removes the last one', async () => {
    const owner = await newOwner();
    const settings = await api(server.app, 'GET', '/api/merchants/settings/', { token: owner.token });
    expectStatus(settings, 200);
    expect(settings.body.security.methods.map((m: { method: string }) => m.method)).toEqual(['email', 'sms']);
    expect(settings.body.security.can_add).toEqual(['totp']);
    const chosen = await api(server.app, 'PUT', '/api/merchants/settings/mfa/default/', {
      token: owner.token,
      body: { method: 'sms' },
    });
    expectStatus(chosen, 200);
    expect(chosen.body.methods[0]).toMatchObject({ method: 'sms', is_default: true });
    // Sign-in offers the default first.
    const init = await initialize(server.app, owner.email, owner.password);
    expectStatus(init, 200);
    const offered = await api(server.app, 'POST', '/api/merchants/accounts/available_mfa_methods/', {
      body: { login_token: init.body.login_token },
    });
    expectStatus(offered, 200);
    expect(offered.body.available_mfa_methods.map((m: { method: string }) => m.method)).toEqual([
      'sms',
      'email',
    ]);
    // Removing needs a fresh code: without a grant, or with another purpose's, nothing changes.
    const unconfirmed = await databaseDigest(server.db);
    const noGrant = await api(server.app, 'POST', '/api/merchants/settings/mfa/remove/', {
      token: owner.token,
      body: { method: 'sms' },
    });
    expectStatus(noGrant, 403);
    expect(noGrant.body.error.code).toBe('step_up_required');
    const wrongPurpose = await api(server.app, 'POST', '/api/merchants/settings/mfa/remove/', {
      token: owner.token,
      body: { method: 'sms' },
      headers: stepUpHeaders(await grant(owner, 'password_change')),
    });
    expectStatus(wrongPurpose, 403);
    const afterRefusals = await databaseDigest(server.db);
    // The refused tries changed no method (the digest moves only with the codes and grants the test itself asked for).
    expect(afterRefusals.users).toEqual(unconfirmed.users);
    const removalGrant = await grant(owner, 'mfa_change');
    const removed = await api(server.app, 'POST', '/api/merchants/settings/mfa/remove/', {
      token: owner.token,
      body: { method: 'sms' },
      headers: stepUpHeaders(removalGrant),
    });
    expectStatus(removed, 200);
    // The grant is spent with the removal.
    const again = await api(server.app, 'POST', '/api/merchants/settings/mfa/enable/', {
      token: owner.token,
      body: { method: 'sms' },
    });
    expectStatus(again, 200);
    const reused = await api(server.app, 'POST', '/api/merchants/settings/mfa/remove/', {
      token: owner.token,
      body: { method: 'sms' },
      headers: stepUpHeaders(removalGrant),
    });
    expectStatus(reused, 403);
    const removedAgain = await api(server.app, 'POST', '/api/merchants/settings/mfa/remove/', {
      token: owner.token,
      body: { method: 'sms' },
      headers: stepUpHeaders(await grant(owner, 'mfa_change')),
    });
    expectStatus(removedAgain, 200);
    expect(removedAgain.body.methods).toEqual([
      { method: 'email', destination: expect.stringContaining('***@'), is_default: true },
    ]);
    expect(removedAgain.body.can_add).toEqual(['sms', 'totp']);
    const lastGrant = await grant(owner, 'mfa_change');
    const before = await databaseDigest(server.db);
    const last = await api(server.app, 'POST', '/api/merchants/settings/mfa/remove/', {
      token: owner.token,
      body: { method: 'email' },
      headers: stepUpHeaders(lastGrant),
    });
    expectStatus(last, 409);
    expect(last.body.error.code).toBe('last_mfa_method');
    expect(await databaseDigest(server.db)).toEqual(before);
    // A turned-off method sends no sign-in code.
    const ticket = bodyOf(await initialize(server.app, owner.email, owner.password), 200).login_token;
    const sms = await api(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: ticket, method: 'sms' },
    });
    expectStatus(sms, 400);
    expect(sms.body.error.code).toBe('mfa_method_unavailable');
    const enabled = await api(server.app, 'POST', '/api/merchants/settings/mfa/enable/', {
      token: owner.token,
      body: { method: 'sms' },
    });
    expectStatus(enabled, 200);
    expect(enabled.body.methods.map((m: { method: string }) => m.method)).toEqual(['email', 'sms']);
  });

  it('adds an authenticator app: a fresh code is needed, a wrong first code is counted, the secret is sealed', async () => {
    const owner = await newOwner();
    const started = await api(server.app, 'POST', '/api/merchants/settings/mfa/totp/', {
      token: owner.token,
    });
    expectStatus(started, 200);
    expect(started.headers['cache-control']).toBe('no-store');
    const secret = started.body.secret;
    expect(started.body.otpauth_uri).toBe(
      `otpauth://totp/Tameio:${encodeURIComponent(owner.email)}?secret=${secret}&issuer=Tameio`,
    );
    const row = await server.db
      .selectFrom('totp_credentials')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.confirmed_at).toBeNull();
    // Without a fresh code: 403, nothing confirmed.
    const code = await generate({ secret });
    const noGrant = await api(server.app, 'POST', '/api/merchants/settings/mfa/totp/confirm/', {
      token: owner.token,
      body: { code },
    });
    expectStatus(noGrant, 403);
    expect(noGrant.body.error.code).toBe('step_up_required');
    const token = await grant(owner, 'mfa_change');
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await api(server.app, 'POST', '/api/merchants/settings/mfa/totp/confirm/', {
      token: owner.token,
      body: { code: wrongCode },
      headers: stepUpHeaders(token),
    });
    expectStatus(wrong, 400);
    expect(wrong.body.error).toMatchObject({ code: 'otp_invalid', details: { attempts_left: 4 } });
    const right = await api(server.app, 'POST', '/api/merchants/settings/mfa/totp/confirm/', {
      token: owner.token,
      body: { code },
      headers: stepUpHeaders(token),
    });
    expectStatus(right, 200);
    expect(right.body.methods.map((m: { method: string }) => m.method)).toEqual(['email', 'sms', 'totp']);
    expect(right.body.can_add).toEqual([]);
    // Never returned again: the settings carry no secret, and a second enrolment is refused.
    const settings = await api(server.app, 'GET', '/api/merchants/settings/', { token: owner.token });
    expect(JSON.stringify(settings.body)).not.toContain(secret);
    const second = await api(server.app, 'POST', '/api/merchants/settings/mfa/totp/', { token: owner.token });
    expectStatus(second, 409);
  });

  it('signs in with the authenticator app’s code, once per code, and counts wrong ones', async () => {
    const owner = await newOwner();
    const secret = await enrolTotp(owner);
    await api(server.app, 'PUT', '/api/merchants/settings/mfa/default/', {
      token: owner.token,
      body: { method: 'totp' },
    });
    const init = await initialize(server.app, owner.email, owner.password);
    expectStatus(init, 200);
    const loginToken = init.body.login_token;
    const offered = await api(server.app, 'POST', '/api/merchants/accounts/available_mfa_methods/', {
      body: { login_token: loginToken },
    });
    expectStatus(offered, 200);
    expect(offered.body.available_mfa_methods[0]).toEqual({ method: 'totp', destination: '' });
    // No code is sent for an app.
    const send = await apiWithBadInput(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: loginToken, method: 'totp' },
    });
    expectStatus(send, 400);
    const code = await nextCode(secret);
    const wrong = await api(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: {
        login_token: loginToken,
        code: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
        method: 'totp',
      },
    });
    expectStatus(wrong, 400);
    expect(wrong.body.error).toMatchObject({ code: 'otp_invalid', details: { attempts_left: 4 } });
    const done = await api(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: { login_token: loginToken, code, method: 'totp' },
    });
    expectStatus(done, 200);
    expect(done.body.user.email).toBe(owner.email);
    // The same code does not open a second sign-in.
    const replayTicket = bodyOf(await initialize(server.app, owner.email, owner.password), 200).login_token;
    const replay = await api(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: { login_token: replayTicket, code, method: 'totp' },
    });
    expectStatus(replay, 400);
    // An emailed code still works for a user with an app.
    const byEmail = await signIn(server.app, owner.email, owner.password);
    expect(byEmail.accessToken).toBeTruthy();
  });

  it('refuses an app code from a user without an app, and removes the app with its secret', async () => {
    const owner = await newOwner();
    const ticket = bodyOf(await initialize(server.app, owner.email, owner.password), 200).login_token;
    const none = await api(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: { login_token: ticket, code: '123456', method: 'totp' },
    });
    expectStatus(none, 400);
    expect(none.body.error.code).toBe('mfa_method_unavailable');
    await enrolTotp(owner);
    const removed = await api(server.app, 'POST', '/api/merchants/settings/mfa/remove/', {
      token: owner.token,
      body: { method: 'totp' },
      headers: stepUpHeaders(await grant(owner, 'mfa_change')),
    });
    expectStatus(removed, 200);
    expect(
      await server.db
        .selectFrom('totp_credentials')
        .select('user_id')
        .where('user_id', '=', owner.userId)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('confirming a sensitive action with the authenticator app (step-up)', () => {
  it('is offered once an app is confirmed (the default first), sends nothing, and gives a grant for a fresh app code only', async () => {
    const owner = await newOwner();
    const before = await api(server.app, 'GET', '/api/merchants/step-up/methods/', { token: owner.token });
    expectStatus(before, 200);
    expect(before.body.available_methods.map((m: { method: string }) => m.method)).toEqual(['email', 'sms']);
    const none = await api(server.app, 'POST', '/api/merchants/step-up/', {
      token: owner.token,
      body: { purpose: 'send_money', method: 'totp' },
    });
    expectStatus(none, 400);
    expect(none.body.error.code).toBe('mfa_method_unavailable');

    const secret = await enrolTotp(owner);
    await api(server.app, 'PUT', '/api/merchants/settings/mfa/default/', {
      token: owner.token,
      body: { method: 'totp' },
    });
    const offered = await api(server.app, 'GET', '/api/merchants/step-up/methods/', { token: owner.token });
    expectStatus(offered, 200);
    expect(offered.body.available_methods[0]).toEqual({ method: 'totp', destination: '' });
    expect(offered.body.available_methods.map((m: { method: string }) => m.method)).toEqual([
      'totp',
      'email',
      'sms',
    ]);

    const outboxBefore = await server.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const started = await api(server.app, 'POST', '/api/merchants/step-up/', {
      token: owner.token,
      body: { purpose: 'send_money', method: 'totp' },
    });
    expectStatus(started, 200);
    expect(started.body).toMatchObject({ method: 'totp', destination: '', resend_in: 0 });
    const outboxAfter = await server.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(outboxAfter.n).toBe(outboxBefore.n);

    // A fresh app code gives a grant, and works once.
    const code = await nextCode(secret);
    const granted = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
      token: owner.token,
      body: { purpose: 'send_money', code },
    });
    expectStatus(granted, 200);
    expect(typeof granted.body.step_up_token).toBe('string');
    await api(server.app, 'POST', '/api/merchants/step-up/', {
      token: owner.token,
      body: { purpose: 'send_money', method: 'totp' },
    });
    const replay = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
      token: owner.token,
      body: { purpose: 'send_money', code },
    });
    expectStatus(replay, 400);
    expect(replay.body.error.code).toBe('otp_invalid');

    // Choosing email after the app is not held up by the resend cooldown: the app's challenge sent nothing.
    const email = await api(server.app, 'POST', '/api/merchants/step-up/', {
      token: owner.token,
      body: { purpose: 'send_money', method: 'email' },
    });
    expectStatus(email, 200);
    expect(email.body.method).toBe('email');
  });

  it('counts wrong app codes and then needs a new challenge', async () => {
    const owner = await newOwner();
    const secret = await enrolTotp(owner);
    await api(server.app, 'POST', '/api/merchants/step-up/', {
      token: owner.token,
      body: { purpose: 'card_reveal', method: 'totp' },
    });
    const right = await nextCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
        token: owner.token,
        body: { purpose: 'card_reveal', code: wrong },
      });
      answers.push(errorOf(answer).code);
    }
    expect(answers).toEqual(['otp_invalid', 'otp_invalid', 'otp_invalid', 'otp_invalid', 'otp_exhausted']);
    const late = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
      token: owner.token,
      body: { purpose: 'card_reveal', code: right },
    });
    expectStatus(late, 400);
    expect(late.body.error.code).toBe('otp_exhausted');
    expect(
      await server.db
        .selectFrom('step_up_grants')
        .select('id')
        .where('user_id', '=', owner.userId)
        .where('purpose', '=', 'card_reveal')
        .execute(),
    ).toEqual([]);
  });
});

describe('active sessions', () => {
  it('lists the user’s sessions with the current one marked, and signs one out at once', async () => {
    const owner = await newOwner();
    const phone = await signIn(server.app, owner.email, owner.password);
    const listed = await api(server.app, 'GET', '/api/merchants/settings/sessions/', { token: owner.token });
    expectStatus(listed, 200);
    const sessions = listed.body.sessions as { id: string; current: boolean; ip: string | null }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]?.ip).toBe('127.0.0.1');
    const other = sessions.find((s) => !s.current);
    if (!other) throw new Error('no other session');
    expect(
      (await api(server.app, 'GET', '/api/merchants/settings/', { token: phone.accessToken })).status,
    ).toBe(200);
    const revoked = await api(server.app, 'POST', '/api/merchants/settings/sessions/revoke/', {
      token: owner.token,
      body: { session_id: other.id },
    });
    expectStatus(revoked, 204);
    // At once: its access token and its refresh cookie stop working.
    expect(
      (await api(server.app, 'GET', '/api/merchants/settings/', { token: phone.accessToken })).status,
    ).toBe(401);
    const refresh = await api(server.app, 'POST', '/api/merchants/accounts/token/refresh/', {
      cookie: phone.refreshCookie,
    });
    expectStatus(refresh, 401);
    const after = await api(server.app, 'GET', '/api/merchants/settings/sessions/', { token: owner.token });
    expectStatus(after, 200);
    expect(after.body.sessions.map((s: { id: string }) => s.id)).not.toContain(other.id);
  });

  it('answers 404 for another user’s session and changes nothing', async () => {
    const owner = await newOwner();
    const stranger = await newOwner();
    const theirs = bodyOf(
      await api(server.app, 'GET', '/api/merchants/settings/sessions/', { token: stranger.token }),
      200,
    ).sessions[0]!.id;
    const before = await databaseDigest(server.db);
    const response = await api(server.app, 'POST', '/api/merchants/settings/sessions/revoke/', {
      token: owner.token,
      body: { session_id: theirs },
    });
    expectStatus(response, 404);
    expect(await databaseDigest(server.db)).toEqual(before);
    expect((await api(server.app, 'GET', '/api/merchants/settings/', { token: stranger.token })).status).toBe(
      200,
    );
  });
});

describe('the one-time code helper', () => {
  it('reads the step-up code from the outbox (the same way the app’s user reads the email)', async () => {
    const owner = await newOwner();
    await grant(owner, 'password_change');
    expect(await latestCode(server.app, owner.email)).toMatch(/^\d{6}$/);
  });
});
