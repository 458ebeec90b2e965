import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { AccessLevel, EmployeeRole } from '../../schemas/employees.schema';
import { call, readOutbox, signIn, type SignedIn, type TestServer } from './harness';

/** Shared by the team tests: invitations and employees through the real API. */

export const employeesUrl = '/api/merchants/employees/';
export const statusUrl = (id: string) => `/api/merchants/employees/${id}/status/`;
export const invitationsUrl = '/api/merchants/invitations/';
export const cancelUrl = (id: string) => `/api/merchants/invitations/${id}/cancel/`;
export const byKeyUrl = (key: string) => `/api/merchants/invitations/by-key/${key}/`;
export const sendSmsUrl = (key: string) => `/api/merchants/invitations/by-key/${key}/send_sms_verification/`;
export const acceptUrl = (key: string) => `/api/merchants/invitations/by-key/${key}/accept/`;

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
  return call(server.app, 'POST', invitationsUrl, {
    token,
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

export async function acceptByEmail(server: TestServer, key: string, extra: Record<string, unknown> = {}) {
  return call(server.app, 'POST', acceptUrl(key), {
    body: {
      first_name: 'Nikos',
      last_name: 'Papadopoulos',
      password: memberPassword,
      mfa_method: 'email',
      ...extra,
    },
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
  const invited = await invite(server, ownerToken, { email, role, access_level: accessLevel });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const accepted = await acceptByEmail(server, await invitationKey(server, email));
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  const signedIn = await signIn(server.app, email, memberPassword);
  return { userId: signedIn.body.user.id, email, signedIn, token: signedIn.accessToken };
}
