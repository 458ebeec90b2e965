import { existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledGifs } from '../../schemas/gifs';
import { Gif } from '../../schemas/sendMoney.schema';
import { assignWalletTag } from '../../server/accounts';
import { loadConfig } from '../../server/config';
import { api, apiWithBadInput, bodyOf, expectStatus, type QueryOf } from './client';
import { startTestServer, type TestServer } from './harness';
import { employeeToken, fund, merchantWithAccount, newKey, type MoneyMerchant } from './money';

// gifSearch (schemas/gifs.schema.ts, server/gifs.ts): the bundled set without a provider; Giphy and Tenor through a
// stub provider on 127.0.0.1 (a real fetch, the app pointed at it with GIF_API_BASE_URL); falling back when it fails.

type StubMode = 'ok' | 'error' | 'slow' | 'garbage';

let server: TestServer;
let payer: MoneyMerchant & { tag: string };
let payee: MoneyMerchant & { tag: string };
let stub: Server;
let stubUrl = '';
let mode: StubMode = 'ok';
const requests: URL[] = [];
/** The slow provider's answers, held until afterAll. */
const unanswered: Array<() => void> = [];

const giphyAnswer = {
  data: [
    {
      id: 'abc123XYZ',
      title: 'Coffee Time GIF',
      images: {
        // Giphy's newer addresses carry a tracking segment and a query: the server drops both.
        original: {
          url: 'https://media2.giphy.com/media/v1.Y2lkPTc5MGI3NjEx/abc123XYZ/giphy.gif?cid=790b7611&rid=giphy.gif&ct=g',
          width: '480',
          height: '270',
        },
        fixed_width_small: {
          url: 'https://media2.giphy.com/media/abc123XYZ/100w.gif',
          width: '100',
          height: '56',
        },
      },
    },
    {
      id: 'evil',
      title: 'Elsewhere',
      images: { original: { url: 'https://evil.example/media/x/giphy.gif', width: '10', height: '10' } },
    },
    { id: 'broken', title: 'No images' },
  ],
  pagination: { total_count: 3 },
};

const tenorAnswer = {
  results: [
    {
      id: '1234567',
      content_description: 'Party dance',
      media_formats: {
        gif: { url: 'https://media.tenor.com/x8v1oNUOmg4AAAAC/party-dance.gif', dims: [498, 280] },
        tinygif: { url: 'https://media.tenor.com/x8v1oNUOmg4AAAAM/party-dance.gif', dims: [220, 124] },
      },
    },
    {
      id: 'bad',
      media_formats: { gif: { url: 'http://media.tenor.com/plain/http.gif', dims: [1, 1] } },
    },
  ],
  next: '',
};

function answer(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', stubUrl);
  requests.push(url);
  const send = (status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  };
  if (mode === 'error') return send(503, '{"message":"unavailable"}');
  if (mode === 'garbage') return send(200, '<html>not json</html>');
  if (mode === 'slow') {
    // Answers only when the tests are over: a response that arrives proves the app stopped waiting by itself,
    // however slow the machine is.
    unanswered.push(() => send(200, JSON.stringify(giphyAnswer)));
    return;
  }
  if (url.pathname === '/v1/gifs/search') return send(200, JSON.stringify(giphyAnswer));
  if (url.pathname === '/v2/search') return send(200, JSON.stringify(tenorAnswer));
  return send(404, '{}');
}

async function approvedWithTag(): Promise<MoneyMerchant & { tag: string }> {
  const merchant = await merchantWithAccount(server);
  return { ...merchant, tag: await assignWalletTag(server.db, merchant.merchantId) };
}

beforeAll(async () => {
  stub = createServer(answer);
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  server = await startTestServer();
  payer = await approvedWithTag();
  payee = await approvedWithTag();
  await fund(server.db, payer.accountId, 10_000n);
}, 60_000);

afterAll(async () => {
  for (const send of unanswered) send();
  await server?.close();
  await new Promise((resolve) => stub?.close(resolve));
});

function search(app: FastifyInstance, query: QueryOf<'GET', '/api/merchants/gifs/'>, token = payer.token) {
  return api(app, 'GET', '/api/merchants/gifs/', { query, token });
}

const variants = new Map<string, FastifyInstance>();
/** The app with a provider configured, pointed at the stub; a short time-out keeps the slow case quick. */
async function withProvider(provider: 'giphy' | 'tenor', timeoutMs = 2_000): Promise<FastifyInstance> {
  const key = `${provider}-${timeoutMs}`;
  const known = variants.get(key);
  if (known) return known;
  const app = await server.buildVariant({
    gifProvider: provider,
    gifApiKey: 'test-key-123',
    gifApiBaseUrl: stubUrl,
    gifTimeoutMs: timeoutMs,
  });
  variants.set(key, app);
  return app;
}

describe('the bundled set, without a provider', () => {
  it('lists every bundled GIF for an empty query, each a valid payment gif with its file', async () => {
    const response = await search(server.app, {});
    expectStatus(response, 200);
    expect(response.body.provider).toBe('bundled');
    expect(response.body.fallback).toBe(false);
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual(
      bundledGifs.map((gif) => gif.id),
    );
    for (const item of response.body.items) {
      expect(Gif.safeParse(item.id).success).toBe(true);
      expect(item.url).toMatch(/^\/gifs\/[a-z-]+\.gif$/);
      expect(item.width).toBe(96);
    }
  });

  it('searches English and Greek keywords, ignoring case and accents, by the start of a word', async () => {
    const ids = async (q: string) =>
      bodyOf(await search(server.app, { q }), 200).items.map((item) => item.id);
    expect(await ids('coffee')).toEqual(['coffee']);
    expect(await ids('ΚΑΦΕΣ')).toEqual(['coffee']);
    expect(await ids('καφες')).toEqual(['coffee']);
    expect(await ids('inv')).toEqual(['invoice-paid']);
    expect(await ids('  Invoice   PAID ')).toEqual(['invoice-paid']);
    expect(await ids('γενέθλια')).toEqual(['birthday']);
    expect(await ids('party')).toEqual(['party-parrot', 'party']);
    expect(await ids('zzz')).toEqual([]);
  });

  it('honours the limit', async () => {
    const response = await search(server.app, { limit: '3' });
    expectStatus(response, 200);
    expect(response.body.items).toHaveLength(3);
  });

  it('does not call a provider that has no key', async () => {
    const before = requests.length;
    const app = await server.buildVariant({
      gifProvider: 'giphy',
      gifApiKey: undefined,
      gifApiBaseUrl: stubUrl,
    });
    const response = await search(app, { q: 'coffee' });
    expect(response.body).toMatchObject({ provider: 'bundled', fallback: false });
    expect(requests.length).toBe(before);
  });
});

describe('a configured provider', () => {
  it('searches Giphy with our key and brings each result to the URL form a payment accepts', async () => {
    mode = 'ok';
    const app = await withProvider('giphy');
    const response = await search(app, { q: 'coffee time', limit: '5' });
    expectStatus(response, 200);
    expect(response.body).toEqual({
      provider: 'giphy',
      fallback: false,
      items: [
        {
          id: 'https://media2.giphy.com/media/abc123XYZ/giphy.gif',
          url: 'https://media2.giphy.com/media/abc123XYZ/giphy.gif',
          preview_url: 'https://media2.giphy.com/media/abc123XYZ/100w.gif',
          width: 480,
          height: 270,
          title: 'Coffee Time GIF',
        },
      ],
    });
    const sent = requests.at(-1);
    expect(sent?.pathname).toBe('/v1/gifs/search');
    expect(sent?.searchParams.get('api_key')).toBe('test-key-123');
    expect(sent?.searchParams.get('q')).toBe('coffee time');
    expect(sent?.searchParams.get('limit')).toBe('5');
    expect(sent?.searchParams.get('rating')).toBe('g');
  });

  it('searches Tenor the same way', async () => {
    mode = 'ok';
    const app = await withProvider('tenor');
    const response = await search(app, { q: 'party' });
    expectStatus(response, 200);
    expect(response.body).toEqual({
      provider: 'tenor',
      fallback: false,
      items: [
        {
          id: 'https://media.tenor.com/x8v1oNUOmg4AAAAC/party-dance.gif',
          url: 'https://media.tenor.com/x8v1oNUOmg4AAAAC/party-dance.gif',
          preview_url: 'https://media.tenor.com/x8v1oNUOmg4AAAAM/party-dance.gif',
          width: 498,
          height: 280,
          title: 'Party dance',
        },
      ],
    });
    const sent = requests.at(-1);
    expect(sent?.pathname).toBe('/v2/search');
    expect(sent?.searchParams.get('key')).toBe('test-key-123');
    expect(sent?.searchParams.get('contentfilter')).toBe('high');
  });

  it('lists the bundled set for an empty query without calling the provider', async () => {
    const before = requests.length;
    const response = await search(await withProvider('giphy'), {});
    expectStatus(response, 200);
    expect(response.body).toMatchObject({ provider: 'bundled', fallback: false });
    expect(response.body.items).toHaveLength(bundledGifs.length);
    expect(requests.length).toBe(before);
  });

  it('sends a payment with the GIF chosen from the provider', async () => {
    mode = 'ok';
    const found = await search(await withProvider('giphy'), { q: 'coffee' });
    expectStatus(found, 200);
    const gif = found.body.items[0]!.id;
    const response = await api(server.app, 'POST', '/api/merchants/send_money/', {
      token: payer.token,
      headers: { 'idempotency-key': newKey('gif') },
      body: {
        account_type: 'eur',
        recipient: { wallet_tag: payee.tag },
        amount_minor: '100',
        note: 'Coffee',
        gif,
      },
    });
    expectStatus(response, 201);
    expect(response.body.gif).toBe(gif);
    const detail = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: response.body.id },
      token: payee.token,
    });
    expect(detail.body).toMatchObject({ note: 'Coffee', gif });
  });
});

describe('a provider that fails', () => {
  it.each([
    ['an error status', 'error'],
    ['an answer that is not JSON', 'garbage'],
  ] as const)('falls back to the bundled set on %s', async (_name, failure) => {
    mode = failure;
    const response = await search(await withProvider('giphy'), { q: 'coffee' });
    expectStatus(response, 200);
    expect(response.body.provider).toBe('bundled');
    expect(response.body.fallback).toBe(true);
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual(['coffee']);
    mode = 'ok';
  });

  it('falls back when the provider takes longer than the time-out, and offers the whole set when nothing matches', async () => {
    mode = 'slow';
    const asked = requests.length;
    const response = await search(await withProvider('tenor', 300), { q: 'unicorn' });
    // The provider was asked and has not answered yet (unanswered): only the time-out can have ended the wait.
    expect(requests.length).toBe(asked + 1);
    expect(unanswered.length).toBeGreaterThan(0);
    expectStatus(response, 200);
    expect(response.body).toMatchObject({ provider: 'bundled', fallback: true });
    expect(response.body.items).toHaveLength(bundledGifs.length);
    mode = 'ok';
  });

  it('gives up after 2 s by default', () => {
    expect(loadConfig({ DATA_DIR: server.config.dataDir }).gifTimeoutMs).toBe(2_000);
    expect(() => loadConfig({ DATA_DIR: server.config.dataDir, GIF_PROVIDER: 'imgur' })).toThrow(
      /GIF_PROVIDER/,
    );
  });
});

describe('bad input and callers', () => {
  it.each([
    ['a query over 50 characters', `q=${'a'.repeat(51)}`, 'q'],
    ['a limit of 0', 'limit=0', 'limit'],
    ['a limit over 50', 'limit=51', 'limit'],
    ['a limit that is not a number', 'limit=ten', 'limit'],
    ['a negative limit', 'limit=-1', 'limit'],
  ])('answers 400 to %s', async (_name, query, field) => {
    const response = await apiWithBadInput(server.app, 'GET', '/api/merchants/gifs/', {
      query,
      token: payer.token,
    });
    expectStatus(response, 400);
    expect(response.body.error.code).toBe('validation_failed');
    expect(Object.keys(response.body.error.fields ?? {})).toContain(field);
  });

  it('answers 401 without a session and 403 to a viewer (no send-money area)', async () => {
    const anonymous = await api(server.app, 'GET', '/api/merchants/gifs/', { query: { q: 'coffee' } });
    expectStatus(anonymous, 401);
    const viewer = await employeeToken(server, payer.merchantId, 'viewer');
    const forbidden = await search(server.app, { q: 'coffee' }, viewer);
    expectStatus(forbidden, 403);
  });

  it('refuses a payment gif that is neither bundled nor a provider media URL', async () => {
    for (const gif of ['not-a-bundled-gif', 'https://media.giphy.com.evil.example/media/a/b.gif']) {
      const response = await api(server.app, 'POST', '/api/merchants/send_money/', {
        token: payer.token,
        headers: { 'idempotency-key': newKey('gif') },
        body: { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '100', gif },
      });
      expectStatus(response, 400);
      expect(response.body.error.fields).toHaveProperty('gif');
    }
  });
});

describe('the bundled files', () => {
  it('exist in public/gifs, each under 40 KB and all under 300 KB', () => {
    let total = 0;
    for (const gif of bundledGifs) {
      const file = path.join(import.meta.dirname, '../../public/gifs', gif.file);
      expect(existsSync(file), file).toBe(true);
      const { size } = statSync(file);
      expect(size).toBeLessThan(40 * 1024);
      total += size;
    }
    expect(total).toBeLessThan(300 * 1024);
  });
});
