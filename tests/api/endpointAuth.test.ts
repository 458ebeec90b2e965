import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRules, type OperationRule } from '../../schemas/permissions';
import { apiWithBadInput, callUntyped, errorOf, type PathFor } from './client';
import { startTestServer, type TestServer } from './harness';

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
type Verb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The document itself is outside the contract it describes (a hidden route). */
async function openapiDocument(): Promise<{ paths: Record<string, Record<string, Operation>> }> {
  const response = await callUntyped(server.app, 'GET', '/api/openapi.json');
  expect(response.status).toBe(200);
  return response.body;
}

/** Each path the document lists is one the generated types know (both come from the same routes). */
const isContractPath = (route: string, paths: Record<string, unknown>): route is PathFor<Verb> =>
  route in paths;

/** The path's `{name}` placeholders left as they are: the session is checked before any parameter. */
const placeholders = (route: string) =>
  Object.fromEntries([...route.matchAll(/\{(\w+)\}/g)].map((match) => [match[1] ?? '', `{${match[1]}}`]));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('every endpoint checks the caller (docs/engineering.md principle 8)', () => {
  it('names each operation that needs no session, and every other one declares bearer auth', async () => {
    const body = await openapiDocument();
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
    const body = await openapiDocument();
    let checked = 0;
    for (const [path, methods] of Object.entries(body.paths)) {
      if (!isContractPath(path, body.paths)) throw new Error(`${path} is not in the generated types`);
      for (const [method, operation] of Object.entries(methods)) {
        if (!(operation.security ?? []).length) continue;
        const verb = method.toUpperCase() as Verb;
        // An empty body and no parameters: the 401 comes before anything is validated.
        const request = { params: placeholders(path), ...(verb === 'GET' ? {} : { body: {} }) };
        const anonymous = await apiWithBadInput(server.app, verb, path, request);
        expect(anonymous.status, `${verb} ${path}`).toBe(401);
        expect(errorOf(anonymous).code).toBe('unauthorized');
        const forged = await apiWithBadInput(server.app, verb, path, {
          ...request,
          token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
        });
        expect(forged.status, `${verb} ${path}`).toBe(401);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
