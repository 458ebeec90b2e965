import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress';
import { startTestServer, type TestServer } from './harness';

// A small built app, written here so the test needs no `npm run build`: large enough to be compressed, plus one
// asset below scripts/precompress.ts's threshold, which has no compressed copies.
const html = `<!doctype html><html lang="en"><head><title>Tameio</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;
const script = `export const messages = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `message ${i}`))};`;
const tiny = 'export const tiny = 1;';
const immutable = 'public, max-age=31536000, immutable';

let server: TestServer;
let web: FastifyInstance;
let webDir: string;
beforeAll(async () => {
  server = await startTestServer();
  webDir = path.join(server.config.dataDir, 'web');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  mkdirSync(path.join(webDir, '.vite'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), html);
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(webDir, 'assets', 'tiny-def456.js'), tiny);
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': {} }));
  await precompress(webDir);
  web = await server.buildVariant({ webDir });
});
afterAll(async () => {
  await server?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await web.inject({ method: 'GET', url, headers });
  const raw = response.rawPayload;
  const encoding = raw.length > 0 ? response.headers['content-encoding'] : undefined;
  const body =
    encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : Buffer.from(raw);
  return { status: response.statusCode, headers: response.headers, raw, text: body.toString('utf8') };
}

describe('the built app, served precompressed', () => {
  it('writes a brotli and a gzip copy of every file worth compressing, and none of the tiny one', () => {
    const js = path.join(webDir, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 2);
    expect(() => readFileSync(path.join(webDir, 'assets', 'tiny-def456.js.br'))).toThrow();
  });

  it('sends a hashed script as brotli, gzip or plain by Accept-Encoding, cached for a year', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'br;q=0.5, gzip', encoding: 'gzip' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: 'identity', encoding: undefined },
      { accept: undefined, encoding: undefined },
    ];
    for (const { accept, encoding } of cases) {
      const response = await get('/assets/index-abc123.js', accept ? { 'accept-encoding': accept } : {});
      expect(response.status, `Accept-Encoding: ${accept}`).toBe(200);
      expect(response.headers['content-encoding'], `Accept-Encoding: ${accept}`).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['cache-control']).toBe(immutable);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.text).toBe(script);
      if (encoding) expect(response.raw.length).toBeLessThan(script.length / 2);
    }
  });

  it('sends a file without compressed copies as it is, still varying on Accept-Encoding', async () => {
    const response = await get('/assets/tiny-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.text).toBe(tiny);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('sends the HTML compressed but never from a stale cache: no-cache, with a validator that answers 304', async () => {
    for (const url of ['/', '/index.html', '/login', '/dashboard/anything']) {
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['', undefined],
      ] as const) {
        const response = await get(url, accept ? { 'accept-encoding': accept } : {});
        expect(response.status, `${url} ${accept}`).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(response.text).toBe(html);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        const etag = response.headers.etag;
        expect(etag, url).toBeTruthy();
        expect(response.headers['last-modified'], url).toBeTruthy();
        const again = await get(url, {
          ...(accept ? { 'accept-encoding': accept } : {}),
          'if-none-match': String(etag),
        });
        expect(again.status, `${url} revalidated`).toBe(304);
        expect(again.raw.length).toBe(0);
      }
    }
  });

  it('does not serve the build manifest', async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.headers['content-type']).not.toContain('json');
    expect(response.text).not.toContain('index.html');
  });
});
