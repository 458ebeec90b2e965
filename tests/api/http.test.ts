import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, callUntyped, expectStatus } from './client';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('HTTP surface', () => {
  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await api(server.app, 'GET', '/api/config/');
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "worker-src 'self' blob:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves the client configuration', async () => {
    const response = await api(server.app, 'GET', '/api/config/');
    expect(response.body).toEqual({
      environment: 'test',
      idle_timeout_seconds: 900,
      idle_warning_seconds: 30,
      otp_ttl_seconds: 300,
      // Without MAP_TILE_URL the map draws the bundled outlines only.
      map: { tile_url: null, tile_attribution: null },
      sandbox: true,
    });
  });

  it('serves the OpenAPI 3.1 document with every operation', async () => {
    // The document itself is outside the contract it describes (a hidden route).
    const response = await callUntyped(server.app, 'GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    const operationIds = Object.values(
      response.body.paths as Record<string, Record<string, { operationId: string }>>,
    )
      .flatMap((methods) => Object.values(methods).map((op) => op.operationId))
      .sort();
    // Every operation is named (SPEC §7 names in camelCase, docs/engineering.md "API conventions") and names are unique,
    // so the generated client has one method per operation.
    expect(operationIds.every((id) => /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(operationIds).toEqual(
      expect.arrayContaining([
        'altchaChallenge',
        'initializeLogin',
        'availableMfaMethods',
        'sendLoginOtp',
        'otpLogin',
        'refreshToken',
        'logout',
        'globalLogout',
        'homeOverview',
        'register',
        'passwordReset',
        'submitForReview',
      ]),
    );
  });

  it('has no sandbox routes in production', async () => {
    const production = await server.buildVariant({ environment: 'production' });
    // Outside the production app's contract: the sandbox rails are not registered there at all.
    const outbox = await callUntyped(production, 'GET', '/api/sandbox/outbox/?to=demo@tameio.test');
    expect(outbox.status).toBe(404);
    const config = await api(production, 'GET', '/api/config/');
    expectStatus(config, 200);
    expect(config.body.sandbox).toBe(false);
  });

  it('serves the built app with a fallback to index.html for client routes, never for /api', async () => {
    const webDir = path.join(server.config.dataDir, 'web');
    mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Tameio</title>');
    writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await server.buildVariant({ webDir });

    // The web app's own paths, and an unknown API path: all outside the contract.
    const page = await callUntyped(web, 'GET', '/login/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Tameio</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const asset = await callUntyped(web, 'GET', '/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const root = await callUntyped(web, 'GET', '/');
    expect(root.body).toContain('<title>Tameio</title>');

    const unknown = await callUntyped(web, 'GET', '/api/does-not-exist/');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
  });
});
