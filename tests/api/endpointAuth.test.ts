import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRules, type OperationRule } from '../../schemas/permissions';
import { call, startTestServer, type TestServer } from './harness';

/**
 * Operations anyone may call: those the permission table (schemas/permissions.ts) lists as public (the sign-in steps,
 * the bot check, client config, registration, password links, invitations by key) or as sandbox rails.
 */
const publicOperations = new Set(
  Object.entries(operationRules as Record<string, OperationRule>)
    .filter(([, rule]) => rule.access !== 'session')
    .map(([id]) => id),
);

type Operation = { operationId?: string; security?: unknown[] };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('every endpoint checks the caller (docs/engineering.md principle 8)', () => {
  it('names each operation that needs no session, and every other one declares bearer auth', async () => {
    const { body } = await call<{ paths: Record<string, Record<string, Operation>> }>(
      server.app,
      'GET',
      '/api/openapi.json',
    );
    const open: string[] = [];
    for (const [path, methods] of Object.entries(body.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const secured = (operation.security ?? []).length > 0;
        if (!secured) open.push(operation.operationId ?? `${method} ${path}`);
      }
    }
    expect(open.filter((id) => !publicOperations.has(id))).toEqual([]);
  });

  it('answers 401 to every secured operation called without a token, and with a forged one', async () => {
    const { body } = await call<{ paths: Record<string, Record<string, Operation>> }>(
      server.app,
      'GET',
      '/api/openapi.json',
    );
    let checked = 0;
    for (const [path, methods] of Object.entries(body.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!(operation.security ?? []).length) continue;
        const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const anonymous = await call(server.app, verb, path, verb === 'GET' ? {} : { body: {} });
        expect(anonymous.status, `${verb} ${path}`).toBe(401);
        expect(anonymous.body.error.code).toBe('unauthorized');
        const forged = await call(server.app, verb, path, {
          token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
          ...(verb === 'GET' ? {} : { body: {} }),
        });
        expect(forged.status, `${verb} ${path}`).toBe(401);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
