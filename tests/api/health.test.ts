import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/liveServer';
import { buildApp } from '../../server/app';
import { createDatabase, type Database } from '../../server/db/database';
import { listMigrations } from '../../server/db/migrate';
import { api, bodyOf, callUntyped, errorOf, expectStatus } from './client';
import { demoPassword, signIn, startTestServer, type TestServer } from './harness';

/**
 * The health endpoints for supervisors and load balancers, and what every request that needs the database answers
 * while it cannot be reached: 503 service_unavailable with Retry-After in our error shape, never a 500.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('health endpoints', () => {
  it('live answers without a session and is never cached', async () => {
    const response = await api(server.app, 'GET', '/api/health/live');
    expectStatus(response, 200);
    expect(bodyOf(response, 200)).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ready answers once the database is reachable and every migration is applied', async () => {
    const response = await api(server.app, 'GET', '/api/health/ready');
    expectStatus(response, 200);
    expect(bodyOf(response, 200)).toEqual({ status: 'ready', migrations: listMigrations().length });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 503 on a database that is not migrated, and live still 200', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tameio-health-'));
    const db = createDatabase({ dataDir, databaseUrl: undefined });
    const app = await buildApp({ config: { ...server.config, dataDir }, db, logger: false });
    try {
      const ready = await api(app, 'GET', '/api/health/ready');
      expectStatus(ready, 503);
      const error = errorOf(ready);
      expect(error.code).toBe('service_unavailable');
      expect(error.details).toEqual({ pending_migrations: listMigrations().length });
      expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
      expectStatus(await api(app, 'GET', '/api/health/live'), 200);
    } finally {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a PostgreSQL that cannot be reached', () => {
  let app: FastifyInstance;
  let db: Database;
  let accessToken: string;
  beforeAll(async () => {
    // A real token from the real database, presented to an app whose database is gone.
    ({ accessToken } = await signIn(server.app, 'demo@tameio.test', demoPassword));
    const port = await freePort();
    db = createDatabase({
      dataDir: server.config.dataDir,
      databaseUrl: `postgres://tameio@127.0.0.1:${port}/gone`,
    });
    app = await buildApp({ config: server.config, db, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('answers 503 service_unavailable with Retry-After, not 500, to reads and writes that need it', async () => {
    const calls = [
      callUntyped(app, 'GET', '/api/merchants/core_banking_accounts/', {
        headers: { authorization: `Bearer ${accessToken}` },
      }),
      callUntyped(app, 'POST', '/api/merchants/send_money/', {
        headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': 'health-outage-1' },
        body: { account_type: 'eur', recipient: { wallet_tag: 'demobakery' }, amount_minor: 100 },
      }),
      callUntyped(app, 'GET', '/api/merchants/registrations/00000000-0000-4000-8000-000000000000/'),
      callUntyped(app, 'GET', '/api/health/ready'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status, JSON.stringify(response.body)).toBe(503);
      expect(response.body).toEqual({
        error: { code: 'service_unavailable', message: expect.any(String) },
      });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('keeps answering live, which needs no database', async () => {
    expectStatus(await api(app, 'GET', '/api/health/live'), 200);
  });
});
