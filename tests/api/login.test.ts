import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiWithBadInput, errorOf, expectStatus } from './client';
import {
  createOwner,
  demoPassword,
  initialize,
  latestCode,
  readOutbox,
  refreshCookieOf,
  signIn,
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

describe('sign-in with a second factor', () => {
  it('runs the whole journey: challenge, password, methods, code from the outbox, session, overview', async () => {
    const { app } = server;
    const challenge = await api(app, 'GET', '/api/altcha/challenge/');
    expectStatus(challenge, 200);
    expect(challenge.body).toMatchObject({ algorithm: 'SHA-256', maxnumber: server.config.altchaMaxNumber });
    expect(server.config.altchaMaxNumber).toBe(100);

    const init = await initialize(app, 'demo@tameio.test', demoPassword);
    expectStatus(init, 200);
    expect(init.body.expires_in).toBe(600);
    const loginToken = init.body.login_token;

    const methods = await api(app, 'POST', '/api/merchants/accounts/available_mfa_methods/', {
      body: { login_token: loginToken },
    });
    expectStatus(methods, 200);
    expect(methods.body.available_mfa_methods).toEqual([
      { method: 'email', destination: 'd***@tameio.test' },
      { method: 'sms', destination: '+30 ******0001' },
    ]);

    const sent = await api(app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: loginToken, method: 'email' },
    });
    expectStatus(sent, 200);
    expect(sent.body).toEqual({
      method: 'email',
      destination: 'd***@tameio.test',
      expires_in: 300,
      resend_in: 30,
    });

    const [message] = await readOutbox(app, 'demo@tameio.test');
    expect(message?.subject).toBe('Your Tameio sign-in code');
    expect(message?.channel).toBe('email');
    const code = message?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const done = await api(app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: { login_token: loginToken, code },
    });
    expectStatus(done, 200);
    expect(done.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 600,
      user: {
        email: 'demo@tameio.test',
        is_owner: true,
        employee_type: null,
        access_level: null,
        merchant: { name: 'Demo Coffee' },
      },
    });
    const cookie = done.cookies.find((c) => c.name === 'refreshKey');
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/api/merchants/accounts/',
      maxAge: 43_200,
    });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(22);
    // The refresh token lives only in the cookie, never in a body a script can read.
    expect(JSON.stringify(done.body)).not.toContain(cookie?.value);

    const overview = await api(app, 'GET', '/api/merchants/home/overview/', {
      token: done.body.access_token,
    });
    expectStatus(overview, 200);
    expect(overview.body.merchant.name).toBe('Demo Coffee');
    expect(overview.body.total_balance).toEqual([{ amount_minor: '213580', currency: 'EUR' }]);
    expect(overview.body.accounts).toHaveLength(1);
    expect(overview.body.accounts[0]?.iban).toMatch(/^GR\d{25}$/);
    expect(overview.body.latest_transactions).toHaveLength(5);
    const withBakery = overview.body.latest_transactions
      .filter((t) => t.counterparty === 'Demo Bakery')
      .map((t) => [t.direction, t.amount.amount_minor]);
    // Newest first: the bakery paid for coffee beans after the coffee shop paid for bread.
    expect(withBakery).toEqual([
      ['in', '6000'],
      ['out', '32000'],
    ]);

    // The ticket is spent: the same code or ticket cannot start a second session.
    const again = await api(app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: { login_token: loginToken, code },
    });
    expectStatus(again, 401);
    expect(again.body.error.code).toBe('login_expired');
  });

  it('sends the code by SMS to the phone on file', async () => {
    const owner = await createOwner(server.db);
    const session = await signIn(server.app, owner.email, owner.password, 'sms', owner.phone ?? '');
    expect(session.accessToken).toBeTruthy();
    const [sms] = await readOutbox(server.app, owner.phone ?? '');
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
  });

  it('offers only email to a user without a phone and refuses SMS', async () => {
    const owner = await createOwner(server.db, { phone: null });
    const init = await initialize(server.app, owner.email, owner.password);
    expectStatus(init, 200);
    const methods = await api(server.app, 'POST', '/api/merchants/accounts/available_mfa_methods/', {
      body: { login_token: init.body.login_token },
    });
    expectStatus(methods, 200);
    expect(methods.body.available_mfa_methods.map((m: { method: string }) => m.method)).toEqual(['email']);
    const sms = await api(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: init.body.login_token, method: 'sms' },
    });
    expectStatus(sms, 400);
    expect(sms.body.error.code).toBe('mfa_method_unavailable');
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const owner = await createOwner(server.db);
    const wrong = await initialize(server.app, owner.email, 'not-the-password');
    const unknown = await initialize(server.app, 'nobody@example.test', 'not-the-password');
    expectStatus(wrong, 401);
    expectStatus(unknown, 401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      error: { code: 'invalid_credentials', message: 'The email or password is not correct.' },
    });
    const audit = await server.db
      .selectFrom('sign_in_audit')
      .select(['event', 'email'])
      .where('email', 'in', [owner.email, 'nobody@example.test'])
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { event: 'password_failed', email: owner.email },
        { event: 'password_failed', email: 'nobody@example.test' },
      ]),
    );
  });

  it('takes the email case-insensitively', async () => {
    const init = await initialize(server.app, '  DEMO@Tameio.TEST ', demoPassword);
    expectStatus(init, 200);
  });

  it('rejects an unknown or expired login ticket', async () => {
    const unknown = await api(server.app, 'POST', '/api/merchants/accounts/available_mfa_methods/', {
      body: { login_token: 'not-a-ticket' },
    });
    expectStatus(unknown, 401);
    expect(unknown.body.error.code).toBe('login_expired');

    const owner = await createOwner(server.db);
    const init = await initialize(server.app, owner.email, owner.password);
    expectStatus(init, 200);
    await server.db
      .updateTable('login_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', owner.userId)
      .execute();
    const expired = await api(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: init.body.login_token, method: 'email' },
    });
    expectStatus(expired, 401);
    expect(expired.body.error.code).toBe('login_expired');
  });
});

describe('the bot check', () => {
  it('requires the altcha field', async () => {
    const response = await apiWithBadInput(server.app, 'POST', '/api/merchants/accounts/initialize_login/', {
      body: { email: 'demo@tameio.test', password: demoPassword },
    });
    expectStatus(response, 400);
    expect(response.body.error.code).toBe('validation_failed');
    expect(Object.keys(response.body.error.fields ?? {})).toEqual(['altcha']);
  });

  it('rejects a wrong solution, a forged signature and garbage', async () => {
    const good = JSON.parse(Buffer.from(await solveAltcha(server.app), 'base64').toString());
    const wrongNumber = Buffer.from(JSON.stringify({ ...good, number: good.number + 1 })).toString('base64');
    const forged = Buffer.from(JSON.stringify({ ...good, signature: 'ab'.repeat(32) })).toString('base64');
    for (const altcha of [wrongNumber, forged, 'not-base64-json', Buffer.from('[]').toString('base64')]) {
      const response = await api(server.app, 'POST', '/api/merchants/accounts/initialize_login/', {
        body: { email: 'demo@tameio.test', password: demoPassword, altcha },
      });
      expectStatus(response, 400);
      expect(response.body.error.code).toBe('bot_check_failed');
    }
  });

  it('rejects a replayed solution', async () => {
    const altcha = await solveAltcha(server.app);
    const body = { email: 'demo@tameio.test', password: demoPassword, altcha };
    const first = await api(server.app, 'POST', '/api/merchants/accounts/initialize_login/', { body });
    expectStatus(first, 200);
    const replay = await api(server.app, 'POST', '/api/merchants/accounts/initialize_login/', { body });
    expectStatus(replay, 400);
    expect(replay.body.error.code).toBe('bot_check_failed');
  });

  it('rejects a solution to an expired challenge', async () => {
    const variant = await server.buildVariant({ altchaTtlSeconds: 0 });
    const altcha = await solveAltcha(variant);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await api(variant, 'POST', '/api/merchants/accounts/initialize_login/', {
      body: { email: 'demo@tameio.test', password: demoPassword, altcha },
    });
    expect(errorOf(response).code).toBe('bot_check_failed');
  });
});

describe('one-time codes', () => {
  async function ticketWithCode() {
    const owner = await createOwner(server.db);
    const init = await initialize(server.app, owner.email, owner.password);
    expectStatus(init, 200);
    const loginToken: string = init.body.login_token;
    const sent = await api(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: loginToken, method: 'email' },
    });
    expectStatus(sent, 200);
    return { owner, loginToken, code: await latestCode(server.app, owner.email) };
  }
  const otpLogin = (loginToken: string, code: string) =>
    api(server.app, 'POST', '/api/merchants/accounts/otp_login/', {
      body: { login_token: loginToken, code },
    });
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('counts wrong codes down, kills the code on the fifth, and then refuses even the right one', async () => {
    const { owner, loginToken, code } = await ticketWithCode();
    const wrong = wrongCodeFor(code);
    for (const left of [4, 3, 2, 1]) {
      const response = await otpLogin(loginToken, wrong);
      expectStatus(response, 400);
      expect(response.body.error).toMatchObject({ code: 'otp_invalid', details: { attempts_left: left } });
    }
    const fifth = await otpLogin(loginToken, wrong);
    expectStatus(fifth, 400);
    expect(fifth.body.error.code).toBe('otp_exhausted');
    const right = await otpLogin(loginToken, code);
    expectStatus(right, 400);
    expect(right.body.error.code).toBe('otp_exhausted');
    const sessions = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', owner.userId)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('refuses an expired code', async () => {
    const { owner, loginToken, code } = await ticketWithCode();
    await server.db
      .updateTable('otp_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', owner.userId)
      .execute();
    const response = await otpLogin(loginToken, code);
    expectStatus(response, 400);
    expect(response.body.error.code).toBe('otp_expired');
  });

  it('refuses a code when none was sent', async () => {
    const owner = await createOwner(server.db);
    const init = await initialize(server.app, owner.email, owner.password);
    expectStatus(init, 200);
    const response = await otpLogin(init.body.login_token, '123456');
    expectStatus(response, 400);
    expect(response.body.error.code).toBe('otp_expired');
  });

  it('throttles resending with 429 and Retry-After, and a new code replaces the old one', async () => {
    const { owner, loginToken, code: first } = await ticketWithCode();
    const resend = await api(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: loginToken, method: 'email' },
    });
    expectStatus(resend, 429);
    expect(resend.body.error.code).toBe('otp_cooldown');
    const retryAfter = Number(resend.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);

    // Pretend the cooldown has passed.
    await server.db
      .updateTable('otp_codes')
      .set({ created_at: new Date(Date.now() - 31_000) })
      .where('user_id', '=', owner.userId)
      .execute();
    const again = await api(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: loginToken, method: 'email' },
    });
    expectStatus(again, 200);
    const second = await latestCode(server.app, owner.email);
    if (second !== first) {
      const old = await otpLogin(loginToken, first);
      expectStatus(old, 400);
    }
    const fresh = await otpLogin(loginToken, second);
    expectStatus(fresh, 200);
    expect(refreshCookieOf(fresh)).toBeTruthy();
  });

  it('stores codes and tokens only as hashes', async () => {
    const { owner, code } = await ticketWithCode();
    const row = await server.db
      .selectFrom('otp_codes')
      .select('code_hash')
      .where('user_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('rate limits', () => {
  it('slows a source after 5 failed passwords with 429 and Retry-After, even for the right password', async () => {
    const owner = await createOwner(server.db);
    for (let i = 0; i < 5; i += 1) {
      const response = await initialize(server.app, owner.email, 'wrong-password');
      expectStatus(response, 401);
    }
    const slowed = await initialize(server.app, owner.email, owner.password);
    expectStatus(slowed, 429);
    expect(slowed.body.error?.code).toBe('rate_limited');
    const retryAfter = Number(slowed.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(slowed.body.error?.details).toEqual({ retry_after: retryAfter });
    // Unknown emails get the same treatment, so the wait reveals nothing.
    for (let i = 0; i < 5; i += 1) await initialize(server.app, 'ghost@example.test', 'wrong-password');
    expect((await initialize(server.app, 'ghost@example.test', 'wrong-password')).status).toBe(429);
    // The slowing is the source's: the owner elsewhere still signs in (tests/api/signInLimits.test.ts has the rest).
    expectStatus(await initialize(server.app, owner.email, owner.password, '10.0.0.77'), 200);
  });

  it('limits login calls per address per minute', async () => {
    const limited = await server.buildVariant({ loginRateLimitPerMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await api(limited, 'POST', '/api/merchants/accounts/available_mfa_methods/', {
        body: { login_token: 'x' },
        ip: '10.1.2.3',
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body.error.code).toBe('rate_limited');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const otherAddress = await api(limited, 'POST', '/api/merchants/accounts/available_mfa_methods/', {
      body: { login_token: 'x' },
      ip: '10.9.9.9',
    });
    expectStatus(otherAddress, 401);
  });
});

describe('message delivery', () => {
  it('posts SMS codes to the webhook after commit and records delivery, or the failure', async () => {
    const received: { to: string; body: string }[] = [];
    let fail = false;
    const hook = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        received.push(JSON.parse(raw) as { to: string; body: string });
        response.writeHead(fail ? 503 : 204).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const address = hook.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const app = await server.buildVariant({ smsWebhookUrl: `http://127.0.0.1:${port}/sms` });
      const owner = await createOwner(server.db);
      const outboxRow = () =>
        server.db
          .selectFrom('outbox')
          .select(['sent_at', 'error'])
          .where('to_address', '=', owner.phone ?? '')
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow();
      const waitFor = async (done: () => Promise<boolean>) => {
        for (let i = 0; i < 50 && !(await done()); i += 1) await new Promise((r) => setTimeout(r, 50));
      };

      const init = await initialize(app, owner.email, owner.password);
      expectStatus(init, 200);
      const sent = await api(app, 'POST', '/api/merchants/accounts/send_login_otp/', {
        body: { login_token: init.body.login_token, method: 'sms' },
      });
      expectStatus(sent, 200);
      await waitFor(async () => (await outboxRow()).sent_at !== null);
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toBe(owner.phone);
      expect(received[0]?.body).toMatch(/\b\d{6}\b/);
      expect((await outboxRow()).sent_at).not.toBeNull();

      fail = true;
      const second = await initialize(app, owner.email, owner.password);
      expectStatus(second, 200);
      const failed = await api(app, 'POST', '/api/merchants/accounts/send_login_otp/', {
        body: { login_token: second.body.login_token, method: 'sms' },
      });
      // A delivery failure never reaches the user; it is recorded on the message.
      expectStatus(failed, 200);
      await waitFor(async () => (await outboxRow()).error !== null);
      expect(await outboxRow()).toMatchObject({ sent_at: null, error: 'SMS webhook answered 503' });
    } finally {
      hook.close();
    }
  });
});
