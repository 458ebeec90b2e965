import { randomBytes } from 'node:crypto';
import type { AccessLevel, EmployeeRole } from '../../schemas/employees.schema';
import { api, apiWithBadInput, bodyOf, type JsonBodyOf } from './client';
import { readOutbox, signIn, type SignedIn, type TestServer } from './harness';
import { newKey } from './money';

/** Shared by the team tests: invitations and employees through the real API. */

export const memberPassword = 'Kitchen-Ledger-4417';

let counter = 0;
export function newInviteeEmail(prefix = 'invitee'): string {
  counter += 1;
  return `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.test`;
}

export async function invite(
  server: TestServer,
  token: string,
  body: {
    email?: string;
    role?: EmployeeRole;
    access_level?: AccessLevel;
    first_name?: string;
    last_name?: string;
  } = {},
) {
  return api(server.app, 'POST', '/api/merchants/invitations/', {
    token,
    headers: { 'idempotency-key': newKey('invite') },
    body: {
      email: body.email ?? newInviteeEmail(),
      first_name: body.first_name ?? 'Nikos',
      last_name: body.last_name ?? 'Papadopoulos',
      role: body.role ?? 'employee',
      access_level: body.access_level ?? 'company',
    },
  });
}

/** The invitation key from the newest invitation email to this address (the link's path segment). */
export async function invitationKey(server: TestServer, email: string): Promise<string> {
  const [message] = (await readOutbox(server.app, email)).filter((m) =>
    m.body.includes('/merchant-invitation/'),
  );
  const key = message?.body.match(/\/merchant-invitation\/([A-Za-z0-9_-]{43})\/accept/)?.[1];
  if (!key) throw new Error(`no invitation link in the outbox for ${email}`);
  return key;
}

type AcceptBody = JsonBodyOf<'POST', '/api/merchants/invitations/by-key/{key}/accept/'>;

const acceptance: AcceptBody = {
  first_name: 'Nikos',
  last_name: 'Papadopoulos',
  password: memberPassword,
  mfa_method: 'email',
};

export async function acceptByEmail(server: TestServer, key: string, extra: Partial<AcceptBody> = {}) {
  return api(server.app, 'POST', '/api/merchants/invitations/by-key/{key}/accept/', {
    params: { key },
    body: { ...acceptance, ...extra },
  });
}

/** Deliberately bad input: the usual acceptance with fields of any shape over it. */
export async function acceptWithBadInput(server: TestServer, key: string, extra: Record<string, unknown>) {
  return apiWithBadInput(server.app, 'POST', '/api/merchants/invitations/by-key/{key}/accept/', {
    params: { key },
    body: { ...acceptance, ...extra },
  });
}

export type Member = { userId: string; email: string; signedIn: SignedIn; token: string };

/** Invites, accepts by email and signs in a member of the owner's merchant. */
export async function addMember(
  server: TestServer,
  ownerToken: string,
  role: EmployeeRole,
  accessLevel: AccessLevel = 'company',
): Promise<Member> {
  const email = newInviteeEmail(role);
  bodyOf(await invite(server, ownerToken, { email, role, access_level: accessLevel }), 201, 'invite');
  bodyOf(await acceptByEmail(server, await invitationKey(server, email)), 201, 'accept');
  const signedIn = await signIn(server.app, email, memberPassword);
  return { userId: signedIn.body.user.id, email, signedIn, token: signedIn.accessToken };
}
