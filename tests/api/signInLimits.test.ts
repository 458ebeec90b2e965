// The sign-in limits of docs/decisions/020-sign-in-limits.md (numbers in schemas/authLimits.ts): wrong codes are
// limited per account over every login ticket and the holder is emailed; wrong passwords slow one source (account
// and client address) and only sources the account never signed in from meet the per-account ceiling, so a stranger
// cannot keep the owner out. Windows are made to pass by moving the audit rows they are counted from into the past.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLimits } from '../../schemas/authLimits';
import { api, errorOf, expectStatus } from './client';
import {
  createOwner,
  initialize,
  latestCode,
  readOutbox,
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

/** Moves an email's sign-in audit back in time, as if that many seconds had passed. */
async function age(email: string, seconds: number, events?: string[]) {
  let query = server.db
    .updateTable('sign_in_audit')
    .set({ created_at: sql<Date>`created_at - make_interval(secs => ${seconds})` })
    .where('email', '=', email);
  if (events) query = query.where('event', 'in', events);
  await query.execute();
}

const retryAfterOf = (response: { headers: Record<string, unknown> }) =>
  Number(response.headers['retry-after']);

describe('wrong sign-in codes, per account over every login attempt', () => {
  const app = () => server.app;
  async function ticketWithCode(email: string, password: string) {
    const init = await initialize(app(), email, password);
    expectStatus(init, 200);
    const loginToken = init.body.login_token;
    const sent = await api(app(), 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: loginToken, method: 'email' },
    });
    expectStatus(sent, 200);
    return { loginToken, code: await latestCode(app(), email) };
  }
  const otpLogin = (loginToken: string, code: string) =>
    api(app(), 'POST', '/api/merchants/accounts/otp_login/', { body: { login_token: loginToken, code } });
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const warnings = async (email: string) =>
    (await readOutbox(app(), email)).filter(
      (m) => m.subject === 'Too many wrong sign-in codes on your Tameio account',
    );

  it('pauses codes at the limit across tickets, emails the holder once, and resumes when the window passes', async () => {
    const limit = signInLimits.codeFailuresPerAccount;
    expect(limit).toBeGreaterThan(signInLimits.passwordFreeFailures - 1);
    const owner = await createOwner(server.db);
    // A fresh ticket for every 4 wrong codes, under the per-ticket limit of 5: the old limit never stopped this.
    let wrongSoFar = 0;
    let last = await ticketWithCode(owner.email, owner.password);
    while (wrongSoFar < limit - 1) {
      if (wrongSoFar > 0 && wrongSoFar % 4 === 0) last = await ticketWithCode(owner.email, owner.password);
      const response = await otpLogin(last.loginToken, wrongCodeFor(last.code));
      expectStatus(response, 400);
      expect(errorOf(response).code).toBe('otp_invalid');
      wrongSoFar += 1;
    }
    expect(await warnings(owner.email)).toEqual([]);
    if (wrongSoFar % 4 === 0) last = await ticketWithCode(owner.email, owner.password);
    const reaching = await otpLogin(last.loginToken, wrongCodeFor(last.code));
    expectStatus(reaching, 429);
    expect(errorOf(reaching)).toMatchObject({
      code: 'rate_limited',
      details: { retry_after: retryAfterOf(reaching) },
    });
    expect(errorOf(reaching).message).toMatch(/Try again in (60|59) minutes\./);
    expect(retryAfterOf(reaching)).toBeGreaterThan(signInLimits.codeFailureWindowSeconds - 60);
    expect(retryAfterOf(reaching)).toBeLessThanOrEqual(signInLimits.codeFailureWindowSeconds);

    const [warning, ...more] = await warnings(owner.email);
    expect(more).toEqual([]);
    expect(warning?.channel).toBe('email');
    expect(warning?.body).toContain(`${limit} wrong sign-in codes`);
    expect(warning?.body).toContain('change your password');

    // Paused: the right code on a live ticket is not even checked, and a new ticket gets no code.
    const right = await otpLogin(last.loginToken, last.code);
    expectStatus(right, 429);
    const init = await initialize(app(), owner.email, owner.password);
    expectStatus(init, 200);
    const send = await api(app(), 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: init.body.login_token, method: 'email' },
    });
    expectStatus(send, 429);
    expect(errorOf(send).code).toBe('rate_limited');
    expect(Number(send.headers['retry-after'])).toBeGreaterThan(signInLimits.codeFailureWindowSeconds - 60);
    const sessions = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', owner.userId)
      .execute();
    expect(sessions).toEqual([]);
    expect(await warnings(owner.email)).toHaveLength(1);

    // The window passes: codes are sent and checked again.
    await age(owner.email, signInLimits.codeFailureWindowSeconds + 1, ['code_wrong']);
    const again = await ticketWithCode(owner.email, owner.password);
    const signedIn = await otpLogin(again.loginToken, again.code);
    expectStatus(signedIn, 200);
  });

  it('counts wrong codes sent at the same moment one after another: the limit holds and one email goes out', async () => {
    const limit = signInLimits.codeFailuresPerAccount;
    const owner = await createOwner(server.db);
    const tickets = [];
    for (let i = 0; i < 3; i += 1) tickets.push(await ticketWithCode(owner.email, owner.password));
    // 4 wrong codes on each ticket (under its own limit of 5), all at once: 12 tries against a limit of 10.
    const answers = await Promise.all(
      tickets.flatMap((ticket) =>
        [0, 1, 2, 3].map(() => otpLogin(ticket.loginToken, wrongCodeFor(ticket.code))),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(limit - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - (limit - 1));
    const counted = await server.db
      .selectFrom('sign_in_audit')
      .select('id')
      .where('email', '=', owner.email)
      .where('event', '=', 'code_wrong')
      .execute();
    expect(counted).toHaveLength(limit);
    expect(await warnings(owner.email)).toHaveLength(1);
  });

  it('counts only codes that were checked: a try when no code was sent does not count', async () => {
    const owner = await createOwner(server.db);
    const init = await initialize(app(), owner.email, owner.password);
    expectStatus(init, 200);
    for (let i = 0; i < signInLimits.codeFailuresPerAccount + 1; i += 1) {
      const response = await otpLogin(init.body.login_token, '123456');
      expectStatus(response, 400);
      expect(errorOf(response).code).toBe('otp_expired');
    }
    const fine = await ticketWithCode(owner.email, owner.password);
    expectStatus(await otpLogin(fine.loginToken, fine.code), 200);
  });
});

describe('wrong passwords, per source and per account', () => {
  it('slows one source with doubling waits, never checking the password while it waits', async () => {
    const owner = await createOwner(server.db);
    const ip = '10.60.0.1';
    for (let i = 0; i < signInLimits.passwordFreeFailures; i += 1) {
      expectStatus(await initialize(server.app, owner.email, 'wrong-password', ip), 401);
    }
    let wait = signInLimits.passwordDelayBaseSeconds;
    for (let round = 0; round < 3; round += 1) {
      // Even the right password waits: the answer would otherwise tell a guesser it was right.
      const waiting = await initialize(server.app, owner.email, owner.password, ip);
      expectStatus(waiting, 429);
      expect(errorOf(waiting)).toMatchObject({
        code: 'rate_limited',
        details: { retry_after: retryAfterOf(waiting) },
      });
      expect(errorOf(waiting).message).toMatch(
        /^Too many failed sign-ins\. Try again in \d+ (seconds|minutes?)\.$/,
      );
      expect(retryAfterOf(waiting)).toBeGreaterThan(wait / 2);
      expect(retryAfterOf(waiting)).toBeLessThanOrEqual(wait);
      await age(owner.email, wait + 1);
      expectStatus(await initialize(server.app, owner.email, 'wrong-password', ip), 401);
      wait *= 2;
    }
    // A waiting try does not spend its bot-check proof: the same request goes through once the wait is over.
    const body = { email: owner.email, password: owner.password, altcha: await solveAltcha(server.app) };
    const capped = await api(server.app, 'POST', '/api/merchants/accounts/initialize_login/', { body, ip });
    expectStatus(capped, 429);
    expect(retryAfterOf(capped)).toBeLessThanOrEqual(signInLimits.passwordDelayMaxSeconds);

    // After the wait the right password works and the source starts again with its free tries.
    await age(owner.email, signInLimits.passwordDelayMaxSeconds + 1);
    expectStatus(
      await api(server.app, 'POST', '/api/merchants/accounts/initialize_login/', { body, ip }),
      200,
    );
    expectStatus(await initialize(server.app, owner.email, 'wrong-password', ip), 401);
    expectStatus(await initialize(server.app, owner.email, 'wrong-password', ip), 401);
  });

  it("does not let a stranger's wrong passwords from one address keep the owner out from another", async () => {
    const owner = await createOwner(server.db);
    const stranger = '10.61.0.1';
    for (let i = 0; i < signInLimits.passwordFreeFailures + 3; i += 1) {
      await initialize(server.app, owner.email, 'wrong-password', stranger);
    }
    expectStatus(await initialize(server.app, owner.email, owner.password, stranger), 429);
    expectStatus(await initialize(server.app, owner.email, owner.password, '10.62.0.1'), 200);
  });

  it('answers an unknown email exactly like a known one', async () => {
    const owner = await createOwner(server.db);
    const ip = '10.63.0.1';
    const ghost = `ghost-${owner.userId}@example.test`;
    for (let i = 0; i < signInLimits.passwordFreeFailures; i += 1) {
      await initialize(server.app, owner.email, 'wrong-password', ip);
      await initialize(server.app, ghost, 'wrong-password', ip);
    }
    const known = await initialize(server.app, owner.email, 'wrong-password', ip);
    const unknown = await initialize(server.app, ghost, 'wrong-password', ip);
    expectStatus(known, 429);
    expectStatus(unknown, 429);
    expect(errorOf(unknown).code).toBe(errorOf(known).code);
  });

  it('holds unknown sources at the account ceiling, never a source the account signed in from', async () => {
    const ceiling = 6;
    const app = await server.buildVariant({
      signInLimits: { ...signInLimits, accountFailureCeiling: ceiling },
    });
    const owner = await createOwner(server.db);
    const home = '10.64.0.1';
    // The owner signed in from home before: both factors, so home is a known source.
    const init = await initialize(app, owner.email, owner.password, home);
    expectStatus(init, 200);
    expectStatus(
      await api(app, 'POST', '/api/merchants/accounts/send_login_otp/', {
        body: { login_token: init.body.login_token, method: 'email' },
        ip: home,
      }),
      200,
    );
    const code = await latestCode(app, owner.email);
    expectStatus(
      await api(app, 'POST', '/api/merchants/accounts/otp_login/', {
        body: { login_token: init.body.login_token, code },
        ip: home,
      }),
      200,
    );

    // Wrong passwords from many addresses, each under its own free tries, up to the account's ceiling.
    for (let i = 0; i < ceiling; i += 1) {
      expectStatus(await initialize(app, owner.email, 'wrong-password', `10.65.0.${i + 1}`), 401);
    }
    const newSource = await initialize(app, owner.email, owner.password, '10.65.1.1');
    expectStatus(newSource, 429);
    expect(retryAfterOf(newSource)).toBeGreaterThan(signInLimits.passwordFailureWindowSeconds - 60);
    expect(errorOf(newSource).message).toMatch(/Try again in \d+ minutes\./);
    expectStatus(await initialize(app, owner.email, owner.password, home), 200);

    // A right password ends the run of failures; a new run that ages out of the window frees new sources too.
    expectStatus(await initialize(app, owner.email, owner.password, '10.65.1.2'), 200);
    for (let i = 0; i < ceiling; i += 1)
      await initialize(app, owner.email, 'wrong-password', `10.66.0.${i + 1}`);
    expectStatus(await initialize(app, owner.email, owner.password, '10.65.1.3'), 429);
    await age(owner.email, signInLimits.passwordFailureWindowSeconds + 1, ['password_failed']);
    expectStatus(await initialize(app, owner.email, owner.password, '10.65.1.3'), 200);
  });
});
