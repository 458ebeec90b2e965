import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import type { StaffRole } from '../../schemas/permissions';
import { createStaff } from '../../server/staff/staffAccounts';
import type { TestServer } from './harness';

/*
 * Staff members for API tests (docs/decisions/023-staff-realm.md): made as `npm run staff -- add` makes them, then
 * signed in through the real endpoints with the password and the authenticator code.
 */

export type SignedInStaff = {
  staffId: string;
  email: string;
  password: string;
  totpSecret: string;
  token: string;
  headers: { authorization: string };
  refreshCookie: string;
};

/**
 * A staff member of the role as a plain staff_users row, for tests of domain functions that take the staff member's
 * id and need no sign-in (the sign-in is tested in staffAuth.test.ts).
 */
export async function insertStaff(
  server: Pick<TestServer, 'db'>,
  role: StaffRole = 'reviewer',
  { name = `QA ${role}`, email = `${role}-${randomBytes(5).toString('hex')}@bank.test` } = {},
): Promise<{ staffId: string; name: string; email: string }> {
  const row = await server.db
    .insertInto('staff_users')
    .values({ email, name, role, password_hash: 'not used here', totp_secret: 'not used here' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { staffId: row.id, name, email };
}

export async function makeStaff(
  server: Pick<TestServer, 'db' | 'config'>,
  role: StaffRole,
  name = `QA ${role}`,
) {
  const email = `${role}-${randomBytes(5).toString('hex')}@bank.test`;
  const made = await createStaff(
    server.db,
    server.config.secrets.cardEncryptionKey,
    { email, name, role },
    null,
  );
  return { staffId: made.staff.id, email, password: made.password, totpSecret: made.totpSecret };
}

/** The code of the next time step: a code is good once, so a second sign-in within 30 s needs the next one. */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
}

export async function signInStaffAs(
  server: Pick<TestServer, 'app'>,
  staff: { staffId: string; email: string; password: string; totpSecret: string },
  stepsAhead = 0,
): Promise<SignedInStaff> {
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/back-office/auth/login/',
    payload: { email: staff.email, password: staff.password },
  });
  if (login.statusCode !== 200) throw new Error(`staff login ${login.statusCode}: ${login.body}`);
  const { ticket } = login.json<{ ticket: string }>();
  const second = await server.app.inject({
    method: 'POST',
    url: '/api/back-office/auth/login/totp/',
    payload: { ticket, code: await totpCode(staff.totpSecret, stepsAhead) },
  });
  if (second.statusCode !== 200) throw new Error(`staff totp ${second.statusCode}: ${second.body}`);
  const token = second.json<{ access_token: string }>().access_token;
  const cookie = second.cookies.find((c) => c.name === 'staffRefreshKey');
  return {
    ...staff,
    token,
    headers: { authorization: `Bearer ${token}` },
    refreshCookie: cookie?.value ?? '',
  };
}

/** A new staff member of this role, signed in (password and authenticator code). */
export async function signInStaff(
  server: Pick<TestServer, 'app' | 'db' | 'config'>,
  role: StaffRole,
  name?: string,
): Promise<SignedInStaff> {
  return signInStaffAs(server, await makeStaff(server, role, name));
}
