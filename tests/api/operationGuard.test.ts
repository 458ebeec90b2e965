import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { enforceOperationRules } from '../../server/auth/operationGuard';
import { createDatabase } from '../../server/db/database';

// Start-up refuses an API route the permission table (schemas/permissions.ts) does not cover, so that no endpoint can
// be added without deciding who may call it. Nothing here touches a database: the checks run at registration.

function guardedApp(sandbox = true) {
  const db = createDatabase({ dataDir: '/nonexistent', databaseUrl: 'postgres://unused@127.0.0.1:1/unused' });
  const app = Fastify({ logger: false });
  enforceOperationRules(app, { db, jwtSecret: 'test', sandbox });
  return { app, close: async () => Promise.all([app.close(), db.destroy()]) };
}

const noop = async () => ({});

describe('registering API routes', () => {
  it('fails for a route without an operationId', async () => {
    const { app, close } = guardedApp();
    expect(() => app.get('/api/merchants/forgotten/', noop)).toThrow(/has no schema\.operationId/);
    await close();
  });

  it('fails for an operationId the table does not know', async () => {
    const { app, close } = guardedApp();
    expect(() => app.get('/api/merchants/new/', { schema: { operationId: 'brandNewThing' } }, noop)).toThrow(
      /no entry in operationRules/,
    );
    await close();
  });

  it('fails when a route says it is public but the table says it needs a session, or the reverse', async () => {
    const { app, close } = guardedApp();
    expect(() => app.get('/api/merchants/cards/', { schema: { operationId: 'cards' } }, noop)).toThrow(
      /declares no bearer security \(it needs bearerAuth\)/,
    );
    expect(() =>
      app.get('/api/config/', { schema: { operationId: 'getConfig', security: [{ bearerAuth: [] }] } }, noop),
    ).toThrow(/declares bearerAuth bearer security \(it needs none\)/);
    await close();
  });

  it('keeps the realms apart: staff operations need the staff scheme and live under /api/back-office/ only', async () => {
    const { app, close } = guardedApp();
    // A staff operation declaring the merchants' scheme.
    expect(() =>
      app.get(
        '/api/back-office/me/',
        { schema: { operationId: 'staffMe', security: [{ bearerAuth: [] }] } },
        noop,
      ),
    ).toThrow(/it needs staffBearer/);
    // A staff operation outside the back office's prefix.
    expect(() =>
      app.get(
        '/api/merchants/me/',
        { schema: { operationId: 'staffMe', security: [{ staffBearer: [] }] } },
        noop,
      ),
    ).toThrow(/staff operations live under \/api\/back-office\//);
    // A merchant operation inside it.
    expect(() =>
      app.get(
        '/api/back-office/cards/',
        { schema: { operationId: 'cards', security: [{ bearerAuth: [] }] } },
        noop,
      ),
    ).toThrow(/merchant ones not/);
    await close();
  });

  it('fails for two routes claiming one operation', async () => {
    const { app, close } = guardedApp();
    app.get('/api/config/', { schema: { operationId: 'getConfig' } }, noop);
    expect(() => app.get('/api/config-again/', { schema: { operationId: 'getConfig' } }, noop)).toThrow(
      /already used/,
    );
    await close();
  });

  it('fails to start when the table names an operation no route serves', async () => {
    const { app, close } = guardedApp();
    app.get('/api/config/', { schema: { operationId: 'getConfig' } }, noop);
    await expect(app.ready()).rejects.toThrow(/names operations the server does not have: .*homeOverview/);
    await close();
  });

  it('leaves routes outside /api/ (the web app) alone', async () => {
    const { app, close } = guardedApp();
    expect(() => app.get('/some/page', noop)).not.toThrow();
    await close();
  });
});
