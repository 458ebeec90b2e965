import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isOperationId,
  operationRules,
  staffCanAccess,
  staffRoles,
  type OperationRule,
  type StaffRole,
} from '../../schemas/permissions';
import { createOwner, signIn, startTestServer, type TestServer } from './harness';
import { signInStaff, type SignedInStaff } from './staffHelpers';

/*
 * Two realms (docs/decisions/023-staff-realm.md): a merchant's token never opens a staff operation and a staff
 * token never opens a merchant one, for every operation of the contract; and each staff role opens exactly the staff
 * areas `staffAreaRoles` gives it. Called against the running server, each operation in turn.
 */

type Operation = { operationId?: string; security?: Record<string, unknown>[] };

let server: TestServer;
let merchantToken: string;
const staff = {} as Record<StaffRole, SignedInStaff>;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createOwner(server.db, { funded: true });
  merchantToken = (await signIn(server.app, owner.email, owner.password)).accessToken;
  for (const role of staffRoles) staff[role] = await signInStaff(server, role);
});

afterAll(async () => {
  await server?.close();
});

async function operations() {
  const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const document = response.json<{ paths: Record<string, Record<string, Operation>> }>();
  const found: { method: string; path: string; operationId: string; scheme: string | null }[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const scheme = Object.keys(operation.security?.[0] ?? {})[0] ?? null;
      found.push({ method: method.toUpperCase(), path, operationId: operation.operationId ?? '', scheme });
    }
  }
  return found;
}

/** A path with every `{placeholder}` filled by a well-formed id nobody has. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');

function call(method: string, path: string, token: string) {
  return server.app.inject({
    method: method as 'GET',
    url: concrete(path),
    headers: { authorization: `Bearer ${token}` },
    ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
  });
}

describe('the merchant and staff realms', () => {
  it('a merchant token opens no staff operation, and a staff token no merchant one', async () => {
    const all = await operations();
    const staffOperations = all.filter((op) => op.scheme === 'staffBearer');
    const merchantOperations = all.filter((op) => op.scheme === 'bearerAuth');
    expect(staffOperations.length).toBeGreaterThanOrEqual(6);
    expect(merchantOperations.length).toBeGreaterThan(100);
    for (const op of staffOperations) {
      expect(op.path.startsWith('/api/back-office/'), op.operationId).toBe(true);
      const response = await call(op.method, op.path, merchantToken);
      expect(response.statusCode, `${op.operationId} with a merchant token`).toBe(401);
    }
    for (const op of merchantOperations) {
      expect(op.path.startsWith('/api/back-office/'), op.operationId).toBe(false);
      for (const role of staffRoles) {
        const response = await call(op.method, op.path, staff[role].token);
        expect(response.statusCode, `${op.operationId} with a ${role}'s token`).toBe(401);
      }
    }
  });

  it('every operation under /api/back-office/ is a staff operation or a staff sign-in step', async () => {
    for (const op of await operations()) {
      if (!op.path.startsWith('/api/back-office/')) continue;
      if (!isOperationId(op.operationId)) throw new Error(`${op.operationId} has no rule`);
      const rule: OperationRule = operationRules[op.operationId];
      if (rule.access === 'public')
        expect(op.path.startsWith('/api/back-office/auth/'), op.operationId).toBe(true);
      else expect(rule.access, op.operationId).toBe('staff');
    }
  });

  it('each staff role opens exactly the staff areas the table gives it', async () => {
    let allowed = 0;
    let refused = 0;
    for (const op of (await operations()).filter((o) => o.scheme === 'staffBearer')) {
      if (!isOperationId(op.operationId)) throw new Error(`${op.operationId} has no rule`);
      const rule: OperationRule = operationRules[op.operationId];
      if (rule.access !== 'staff')
        throw new Error(`${op.operationId} declares staffBearer but is ${rule.access}`);
      for (const role of staffRoles) {
        // Disabling a staff member would end the session the next calls use: their admin token is kept for it.
        const response = await call(op.method, op.path, staff[role].token);
        if (staffCanAccess(role, rule.area)) {
          allowed += 1;
          expect([401, 403], `${op.operationId} as ${role}: ${response.body}`).not.toContain(
            response.statusCode,
          );
        } else {
          refused += 1;
          expect(response.statusCode, `${op.operationId} as ${role}`).toBe(403);
          expect(response.json().error.code).toBe('forbidden');
        }
      }
    }
    expect(allowed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
