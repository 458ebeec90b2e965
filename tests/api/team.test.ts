import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/auth/tokens';
import { authorize, orderCard, setPlan, virtualCart } from './cards';
import { api, apiWithBadInput, errorOf, expectStatus } from './client';
import {
  createOwner,
  initialize,
  latestCode,
  readOutbox,
  signIn,
  startTestServer,
  type TestServer,
} from './harness';
import { fund, merchantWithAccount, newKey, type MoneyMerchant } from './money';
import {
  acceptByEmail,
  acceptWithBadInput,
  addMember,
  invitationKey,
  invite,
  memberPassword,
  newInviteeEmail,
} from './team';

// Employees and invitations (schemas/employees.schema.ts), disabling, and what each access level sees.

let server: TestServer;
let owner: MoneyMerchant;

beforeAll(async () => {
  server = await startTestServer();
  owner = await merchantWithAccount(server);
});
afterAll(async () => {
  await server?.close();
});

async function count(table: 'users' | 'invitations' | 'sessions'): Promise<number> {
  const row = await server.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function invitationRow(id: string) {
  return server.db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('inviting', () => {
  it('stores the invitation, emails a single-use link valid 72 hours, and keeps only the key’s hash', async () => {
    const email = newInviteeEmail();
    const before = Date.now();
    const invited = await invite(server, owner.token, { email, role: 'viewer', access_level: 'own' });
    expectStatus(invited, 201);
    expect(invited.body).toMatchObject({
      email,
      first_name: 'Nikos',
      last_name: 'Papadopoulos',
      role: 'viewer',
      access_level: 'own',
      state: 'pending',
      invited_by: expect.stringMatching(/^Test Owner \d+$/),
    });
    const hours = (Date.parse(invited.body.expires_at) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);

    const [message] = await readOutbox(server.app, email);
    expect(message?.channel).toBe('email');
    const key = await invitationKey(server, email);
    expect(message?.body).toContain(`${server.config.appUrl}/merchant-invitation/${key}/accept`);
    const row = await invitationRow(invited.body.id);
    expect(row.key_hash).toBe(sha256(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const preview = await api(server.app, 'GET', '/api/merchants/invitations/by-key/{key}/', {
      params: { key },
    });
    expectStatus(preview, 200);
    expect(preview.body).toMatchObject({ email, role: 'viewer', access_level: 'own' });
    expect(preview.body.merchant_name).toMatch(/^Test Merchant \d+$/);

    const list = await api(server.app, 'GET', '/api/merchants/invitations/', { token: owner.token });
    expectStatus(list, 200);
    expect(list.body.items[0]).toMatchObject({ id: invited.body.id, state: 'pending' });
  });

  it('writes the email in the inviter’s language', async () => {
    const greek = await merchantWithAccount(server);
    await server.db
      .updateTable('users')
      .set({ locale: 'el' })
      .where('merchant_id', '=', greek.merchantId)
      .execute();
    const email = newInviteeEmail();
    expect((await invite(server, greek.token, { email, role: 'admin' })).status).toBe(201);
    const [message] = await readOutbox(server.app, email);
    expect(message?.body).toContain('Διαχειριστής');
    expect(message?.body).toContain('/merchant-invitation/');
  });

  it('refuses (409) an address with a pending invitation or an account, and bad input (400); nothing is added', async () => {
    const email = newInviteeEmail();
    expect((await invite(server, owner.token, { email })).status).toBe(201);
    const before = await count('invitations');
    const again = await invite(server, owner.token, { email });
    expectStatus(again, 409);
    expect(again.body.error.details).toEqual({ reason: 'invitation_pending' });
    const member = await invite(server, owner.token, { email: owner.email });
    expectStatus(member, 409);
    expect(member.body.error.details).toEqual({ reason: 'user_exists' });
    const bad = await apiWithBadInput(server.app, 'POST', '/api/merchants/invitations/', {
      token: owner.token,
      headers: { 'idempotency-key': newKey('invite') },
      body: { email: 'not-an-email', first_name: 'R2D2', last_name: '', role: 'boss', access_level: 'all' },
    });
    expectStatus(bad, 400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(
      ['access_level', 'email', 'first_name', 'last_name', 'role'].sort(),
    );
    expect(await count('invitations')).toBe(before);
  });

  it('cancels a pending invitation once; the link then answers 410 cancelled', async () => {
    const email = newInviteeEmail();
    const invited = await invite(server, owner.token, { email });
    expectStatus(invited, 201);
    const key = await invitationKey(server, email);
    const cancelled = await api(server.app, 'POST', '/api/merchants/invitations/{id}/cancel/', {
      params: { id: invited.body.id },
      token: owner.token,
    });
    expectStatus(cancelled, 200);
    expect(cancelled.body.state).toBe('cancelled');
    const twice = await api(server.app, 'POST', '/api/merchants/invitations/{id}/cancel/', {
      params: { id: invited.body.id },
      token: owner.token,
    });
    expectStatus(twice, 409);
    expect(twice.body.error.details).toEqual({ state: 'cancelled' });
    const preview = await api(server.app, 'GET', '/api/merchants/invitations/by-key/{key}/', {
      params: { key },
    });
    expectStatus(preview, 410);
    expect(preview.body.error).toMatchObject({
      code: 'invitation_unavailable',
      details: { state: 'cancelled' },
    });
    const users = await count('users');
    const accepted = await acceptByEmail(server, key);
    expectStatus(accepted, 410);
    expect(accepted.body.error.details).toEqual({ state: 'cancelled' });
    expect(await count('users')).toBe(users);
    // The address may be invited again.
    expect((await invite(server, owner.token, { email })).status).toBe(201);
  });

  it('answers 404 for an unknown key and an unknown or another merchant’s invitation id', async () => {
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/invitations/by-key/{key}/', {
          params: { key: 'A'.repeat(43) },
        })
      ).status,
    ).toBe(404);
    expect((await acceptByEmail(server, 'A'.repeat(43))).status).toBe(404);
    expect(
      (await api(server.app, 'GET', '/api/merchants/invitations/by-key/{key}/', { params: { key: 'short' } }))
        .status,
    ).toBe(400);
    const other = await merchantWithAccount(server);
    const theirs = await invite(server, other.token);
    expectStatus(theirs, 201);
    const cancel = await api(server.app, 'POST', '/api/merchants/invitations/{id}/cancel/', {
      params: { id: theirs.body.id },
      token: owner.token,
    });
    expectStatus(cancel, 404);
    expect(JSON.stringify(cancel.body)).not.toContain(theirs.body.email);
    expect((await invitationRow(theirs.body.id)).state).toBe('pending');
  });
});

describe('accepting', () => {
  it('with codes by email: creates the user with the invitation’s role and access level, once', async () => {
    const email = newInviteeEmail();
    const invited = await invite(server, owner.token, { email, role: 'admin', access_level: 'own' });
    expectStatus(invited, 201);
    const key = await invitationKey(server, email);
    const users = await count('users');
    const accepted = await acceptByEmail(server, key, { first_name: 'Eleni', last_name: 'Georgiou' });
    expectStatus(accepted, 201);
    expect(accepted.body).toMatchObject({ email, role: 'admin' });
    expect(await count('users')).toBe(users + 1);
    const user = await server.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      merchant_id: owner.merchantId,
      is_owner: false,
      employee_type: 'admin',
      access_level: 'own',
      status: 'enabled',
      phone: null,
      first_name: 'Eleni',
      last_name: 'Georgiou',
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.invited_by).not.toBeNull();
    expect((await invitationRow(invited.body.id)).state).toBe('accepted');

    // Single use: a second accept is a 410 and creates nothing.
    const again = await acceptByEmail(server, key);
    expectStatus(again, 410);
    expect(again.body.error.details).toEqual({ state: 'accepted' });
    expect(await count('users')).toBe(users + 1);

    // The new user signs in through the normal login; with no phone, only codes by email are offered.
    const init = await initialize(server.app, email, memberPassword);
    expectStatus(init, 200);
    const methods = await api(server.app, 'POST', '/api/merchants/accounts/available_mfa_methods/', {
      body: { login_token: init.body.login_token },
    });
    expectStatus(methods, 200);
    expect(methods.body.available_mfa_methods.map((m: { method: string }) => m.method)).toEqual(['email']);
    const session = await signIn(server.app, email, memberPassword);
    expect(session.body.user).toMatchObject({ is_owner: false, employee_type: 'admin' });
    const employees = await api(server.app, 'GET', '/api/merchants/employees/', { token: owner.token });
    expectStatus(employees, 200);
    expect(employees.body.items).toContainEqual(
      expect.objectContaining({ email, role: 'admin', access_level: 'own', status: 'enabled', cards: [] }),
    );
  });

  it('with codes by SMS: the phone is proven by a code from invitationSendSms, and login offers SMS', async () => {
    const email = newInviteeEmail();
    await invite(server, owner.token, { email, role: 'viewer' });
    const key = await invitationKey(server, email);
    const phone = '+306955501234';
    const sent = await api(
      server.app,
      'POST',
      '/api/merchants/invitations/by-key/{key}/send_sms_verification/',
      { params: { key }, body: { phone: '6955501234' } },
    );
    expectStatus(sent, 200);
    expect(sent.body.destination).toMatch(/1234$/);
    const code = await latestCode(server.app, phone);
    const users = await count('users');
    const wrong = await acceptByEmail(server, key, {
      mfa_method: 'sms',
      phone,
      phone_code: code === '000000' ? '111111' : '000000',
    });
    expectStatus(wrong, 400);
    expect(wrong.body.error.code).toBe('otp_invalid');
    expect(await count('users')).toBe(users);
    const accepted = await acceptByEmail(server, key, { mfa_method: 'sms', phone, phone_code: code });
    expectStatus(accepted, 201);
    const user = await server.db
      .selectFrom('users')
      .select(['phone', 'employee_type'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ phone, employee_type: 'viewer' });
    const session = await signIn(server.app, email, memberPassword, 'sms', phone);
    expect(session.body.user.employee_type).toBe('viewer');
  });

  it('a code sent to one phone does not prove another', async () => {
    const email = newInviteeEmail();
    await invite(server, owner.token, { email });
    const key = await invitationKey(server, email);
    await api(server.app, 'POST', '/api/merchants/invitations/by-key/{key}/send_sms_verification/', {
      params: { key },
      body: { phone: '+306955507777' },
    });
    const code = await latestCode(server.app, '+306955507777');
    const other = await acceptByEmail(server, key, {
      mfa_method: 'sms',
      phone: '+306955508888',
      phone_code: code,
    });
    expectStatus(other, 400);
    expect(
      (await api(server.app, 'GET', '/api/merchants/invitations/by-key/{key}/', { params: { key } })).status,
    ).toBe(200);
  });

  it('an expired invitation reads as expired and cannot be accepted or cancelled (410 / 409)', async () => {
    const email = newInviteeEmail();
    const invited = await invite(server, owner.token, { email });
    expectStatus(invited, 201);
    const key = await invitationKey(server, email);
    await server.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invited.body.id)
      .execute();
    const preview = await api(server.app, 'GET', '/api/merchants/invitations/by-key/{key}/', {
      params: { key },
    });
    expectStatus(preview, 410);
    expect(preview.body.error.details).toEqual({ state: 'expired' });
    const users = await count('users');
    const accepted = await acceptByEmail(server, key);
    expectStatus(accepted, 410);
    expect(accepted.body.error.details).toEqual({ state: 'expired' });
    expect(await count('users')).toBe(users);
    const list = await api(server.app, 'GET', '/api/merchants/invitations/', { token: owner.token });
    expectStatus(list, 200);
    expect(list.body.items.find((i: { id: string }) => i.id === invited.body.id)?.state).toBe('expired');
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/invitations/{id}/cancel/', {
          params: { id: invited.body.id },
          token: owner.token,
        })
      ).status,
    ).toBe(409);
    // The address may be invited again; the lapsed row is marked expired.
    expect((await invite(server, owner.token, { email })).status).toBe(201);
    expect((await invitationRow(invited.body.id)).state).toBe('expired');
  });

  it.each([
    ['a weak password', { password: 'password' }, 'password'],
    ['a password made of the address', { password: '' }, 'password'],
    ['names with digits', { first_name: 'R2D2', last_name: '' }, 'first_name'],
    ['SMS without a phone', { mfa_method: 'sms' }, 'phone'],
    ['a phone without its code', { phone: '+306955509999' }, 'phone_code'],
    ['an unknown field', { role: 'admin' }, 'body'],
  ])('refuses %s with 400 and fields; nothing is created', async (_name, extra, field) => {
    const email = newInviteeEmail('weakpass');
    await invite(server, owner.token, { email });
    const key = await invitationKey(server, email);
    const body =
      'password' in extra && extra.password === '' ? { password: `${email.split('@')[0]}-2026!` } : extra;
    const users = await count('users');
    const refused = await acceptWithBadInput(server, key, body);
    expectStatus(refused, 400);
    expect(refused.body.error.fields).toHaveProperty(field);
    expect(await count('users')).toBe(users);
    expect(
      (await api(server.app, 'GET', '/api/merchants/invitations/by-key/{key}/', { params: { key } })).status,
    ).toBe(200);
  });

  it('refuses an address that got an account since it was invited (409), creating nothing', async () => {
    const other = await createOwner(server.db);
    const email = other.email;
    // Invited before the account existed: insert the invitation as it would have been.
    const first = await invite(server, owner.token, { email: newInviteeEmail() });
    expectStatus(first, 201);
    await server.db.updateTable('invitations').set({ email }).where('id', '=', first.body.id).execute();
    const key = await invitationKey(server, first.body.email);
    const users = await count('users');
    const accepted = await acceptByEmail(server, key);
    expectStatus(accepted, 409);
    expect(await count('users')).toBe(users);
  });
});

describe('enabling and disabling', () => {
  it('disabling ends the employee’s sessions at once and refuses sign-in; enabling lets them in again', async () => {
    const member = await addMember(server, owner.token, 'employee');
    expect(
      (await api(server.app, 'GET', '/api/merchants/home/overview/', { token: member.token })).status,
    ).toBe(200);

    const disabled = await api(server.app, 'PATCH', '/api/merchants/employees/{id}/status/', {
      params: { id: member.userId },
      token: owner.token,
      body: { status: 'disabled' },
    });
    expectStatus(disabled, 200);
    expect(disabled.body).toMatchObject({ id: member.userId, status: 'disabled', role: 'employee' });

    // The live access token stops working on its next request, the refresh cookie too.
    const after = await api(server.app, 'GET', '/api/merchants/home/overview/', { token: member.token });
    expectStatus(after, 401);
    const refreshed = await api(server.app, 'POST', '/api/merchants/accounts/token/refresh/', {
      cookie: member.signedIn.refreshCookie,
    });
    expectStatus(refreshed, 401);
    const sessions = await server.db
      .selectFrom('sessions')
      .select(['revoked_at', 'revoked_reason'])
      .where('user_id', '=', member.userId)
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) expect(session.revoked_reason).toBe('disabled');

    // A wrong password reads as for anyone; the right one is told the account is disabled.
    const wrong = await initialize(server.app, member.email, 'Not-The-Password-1');
    expectStatus(wrong, 401);
    expect(wrong.body.error?.code).toBe('invalid_credentials');
    const refused = await initialize(server.app, member.email, memberPassword);
    expectStatus(refused, 403);
    expect(errorOf(refused).code).toBe('account_disabled');

    const enabled = await api(server.app, 'PATCH', '/api/merchants/employees/{id}/status/', {
      params: { id: member.userId },
      token: owner.token,
      body: { status: 'enabled' },
    });
    expectStatus(enabled, 200);
    expect(enabled.body.status).toBe('enabled');
    const back = await signIn(server.app, member.email, memberPassword);
    expect(
      (await api(server.app, 'GET', '/api/merchants/home/overview/', { token: back.accessToken })).status,
    ).toBe(200);
  });

  it('a sign-in half done when the employee is disabled cannot be finished', async () => {
    const member = await addMember(server, owner.token, 'viewer');
    const init = await initialize(server.app, member.email, memberPassword);
    expectStatus(init, 200);
    await api(server.app, 'PATCH', '/api/merchants/employees/{id}/status/', {
      params: { id: member.userId },
      token: owner.token,
      body: { status: 'disabled' },
    });
    const send = await api(server.app, 'POST', '/api/merchants/accounts/send_login_otp/', {
      body: { login_token: init.body.login_token, method: 'email' },
    });
    expect([401, 403]).toContain(send.status);
  });

  it('the owner cannot be disabled (422); another merchant’s user is a 404; bad input 400', async () => {
    const me = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', owner.email)
      .executeTakeFirstOrThrow();
    const self = await api(server.app, 'PATCH', '/api/merchants/employees/{id}/status/', {
      params: { id: me.id },
      token: owner.token,
      body: { status: 'disabled' },
    });
    expectStatus(self, 422);
    expect(self.body.error.code).toBe('employee_not_changeable');
    const other = await merchantWithAccount(server);
    const theirs = await addMember(server, other.token, 'employee');
    const foreign = await api(server.app, 'PATCH', '/api/merchants/employees/{id}/status/', {
      params: { id: theirs.userId },
      token: owner.token,
      body: { status: 'disabled' },
    });
    expectStatus(foreign, 404);
    expect(JSON.stringify(foreign.body)).not.toContain(theirs.email);
    expect(
      (await api(server.app, 'GET', '/api/merchants/home/overview/', { token: theirs.token })).status,
    ).toBe(200);
    const bad = await apiWithBadInput(server.app, 'PATCH', '/api/merchants/employees/{id}/status/', {
      params: { id: theirs.userId },
      token: owner.token,
      body: { status: 'gone' },
    });
    expectStatus(bad, 400);
    expect(bad.body.error.fields).toHaveProperty('status');
  });
});

describe('who may manage the team', () => {
  it('only the owner lists, invites, cancels and changes status; a viewer may look at the lists', async () => {
    const target = await addMember(server, owner.token, 'employee');
    const pending = await invite(server, owner.token);
    expectStatus(pending, 201);
    for (const role of ['admin', 'employee', 'viewer'] as const) {
      const member = await addMember(server, owner.token, role);
      const lists = role === 'viewer' ? 200 : 403;
      expect(
        (await api(server.app, 'GET', '/api/merchants/employees/', { token: member.token })).status,
        role,
      ).toBe(lists);
      expect(
        (await api(server.app, 'GET', '/api/merchants/invitations/', { token: member.token })).status,
        role,
      ).toBe(lists);
      const invitations = await count('invitations');
      expect((await invite(server, member.token)).status, role).toBe(403);
      expect(await count('invitations')).toBe(invitations);
      expect(
        (
          await api(server.app, 'POST', '/api/merchants/invitations/{id}/cancel/', {
            params: { id: pending.body.id },
            token: member.token,
          })
        ).status,
        role,
      ).toBe(403);
      expect(
        (
          await api(server.app, 'PATCH', '/api/merchants/employees/{id}/status/', {
            params: { id: target.userId },
            token: member.token,
            body: { status: 'disabled' },
          })
        ).status,
        role,
      ).toBe(403);
    }
    expect((await invitationRow(pending.body.id)).state).toBe('pending');
    const still = await api(server.app, 'GET', '/api/merchants/home/overview/', { token: target.token });
    expectStatus(still, 200);
  });

  it('a merchant not approved yet cannot invite (403 merchant_not_approved)', async () => {
    const pendingOwner = await createOwner(server.db, { status: 'onboarding' });
    const { accessToken } = await signIn(server.app, pendingOwner.email, pendingOwner.password);
    const refused = await invite(server, accessToken);
    expectStatus(refused, 403);
    expect(refused.body.error.code).toBe('merchant_not_approved');
  });

  it('answers 401 before reading the body of an anonymous call', async () => {
    const anonymous = await apiWithBadInput(server.app, 'POST', '/api/merchants/invitations/', {
      body: { nonsense: true },
    });
    expectStatus(anonymous, 401);
  });
});

describe('what each access level sees (home overview)', () => {
  it('the owner sees everything; a company employee the balances; an own employee only their card payments', async () => {
    const m = await merchantWithAccount(server);
    await setPlan(server, m.merchantId, 'premium');
    await fund(server.db, m.accountId, 50_000n);
    const own = await addMember(server, m.token, 'employee', 'own');
    const company = await addMember(server, m.token, 'employee', 'company');
    const mine = await orderCard(server, m, { ...virtualCart, name: 'Own card', holder_user_id: own.userId });
    const theirs = await orderCard(server, m, {
      ...virtualCart,
      name: 'Company card',
      holder_user_id: company.userId,
    });
    const paidMine = await authorize(server, {
      card_id: mine.card.id,
      amount_minor: '700',
      merchant_name: 'Bakery',
    });
    expectStatus(paidMine, 200);
    const paidTheirs = await authorize(server, {
      card_id: theirs.card.id,
      amount_minor: '900',
      merchant_name: 'Hardware',
    });
    expectStatus(paidTheirs, 200);
    expect(paidMine.body.approved).toBe(true);
    expect(paidTheirs.body.approved).toBe(true);

    const read = async (token: string) => {
      const response = await api(server.app, 'GET', '/api/merchants/home/overview/', { token });
      expectStatus(response, 200);
      return response.body;
    };
    const full = await read(m.token);
    expect(full.access).toBe('full');
    expect(full.total_balance).toEqual([{ amount_minor: '48400', currency: 'EUR' }]);
    expect(full.accounts).toHaveLength(1);
    expect(full.my_cards).toEqual([]);

    const companyView = await read(company.token);
    expect(companyView.access).toBe('company');
    expect(companyView.total_balance).toEqual([{ amount_minor: '48400', currency: 'EUR' }]);
    expect(companyView.latest_transactions.map((t: { id: string }) => t.id)).toEqual(
      expect.arrayContaining([paidMine.body.transaction_id, paidTheirs.body.transaction_id]),
    );
    expect(companyView.my_cards.map((c: { id: string }) => c.id)).toEqual([theirs.card.id]);

    const ownView = await read(own.token);
    expect(ownView).toMatchObject({
      access: 'own',
      total_balance: [],
      accounts: [],
      cashback: null,
      scheduled_payments: null,
      welcome_checklist: null,
    });
    expect(ownView.latest_transactions.map((t: { id: string }) => t.id)).toEqual([
      paidMine.body.transaction_id,
    ]);
    expect(ownView.my_cards).toEqual([
      expect.objectContaining({ id: mine.card.id, name: 'Own card', status: 'active' }),
    ]);

    // The same narrowing on the transactions endpoints; the statement (with balances) is closed to them.
    const list = await api(server.app, 'GET', '/api/merchants/transactions/', { token: own.token });
    expectStatus(list, 200);
    expect(list.body.items.map((t: { id: string }) => t.id)).toEqual([paidMine.body.transaction_id]);
    const other = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: String(paidTheirs.body.transaction_id) },
      token: own.token,
    });
    expectStatus(other, 404);
    const statement = await api(server.app, 'GET', '/api/merchants/transactions/export/', {
      query: { format: 'csv', account_type: 'eur' },
      token: own.token,
    });
    expectStatus(statement, 403);
    const companyStatement = await api(server.app, 'GET', '/api/merchants/transactions/export/', {
      query: { format: 'csv', account_type: 'eur' },
      token: company.token,
    });
    expectStatus(companyStatement, 200);
  });
});
