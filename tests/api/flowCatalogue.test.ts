import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUntyped } from './client';
import { startTestServer, type TestServer } from './harness';

// Issue 18: the flow catalogue (docs/flows/, server/routes/flows.routes.ts) is served outside production only; in
// production the addresses do not exist at all. tests/e2e/flowCatalogue.test.ts renders the pages in Chromium.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the flow catalogue route', () => {
  it('leads /flows/ to the catalogue and serves it, its statecharts and QA plans as text', async () => {
    const entry = await callUntyped(server.app, 'GET', '/flows/');
    expect(entry.status).toBe(302);
    expect(entry.headers.location).toBe('/docs/flows/');
    const index = await callUntyped(server.app, 'GET', '/docs/flows/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    const mermaid = await callUntyped(server.app, 'GET', '/docs/flows/assets/mermaid.min.js');
    expect(mermaid.status).toBe(200);
    const plan = await callUntyped(server.app, 'GET', '/docs/test-paths/sendMoney.md');
    expect(plan.status).toBe(200);
    expect(plan.headers['content-type']).toContain('text/plain');
    // Only the three folders: nothing else of the repository.
    expect((await callUntyped(server.app, 'GET', '/docs/engineering.md')).status).toBe(404);
    expect((await callUntyped(server.app, 'GET', '/docs/flows/../../package.json')).status).toBe(404);
  });

  it('does not exist in production', async () => {
    const production = await server.buildVariant({ environment: 'production' });
    for (const address of [
      '/flows/',
      '/docs/flows/',
      '/docs/flows/sendMoney.html',
      '/docs/statecharts/sendMoney.md',
    ])
      expect((await callUntyped(production, 'GET', address)).status, address).toBe(404);
  });
});
