import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiWithBadInput, bodyOf, callUntyped, errorOf, expectStatus } from './client';

/*
 * The typed test client itself (tests/api/client.ts), against a bare Fastify app whose routes sit at real contract
 * paths and echo what they were sent: what goes on the wire, and that an answer the route's OpenAPI responses do not
 * declare fails the test. The `@ts-expect-error` lines are checked by the typecheck: each must stay an error.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(fastifySwagger, {
    openapi: { openapi: '3.1.0', info: { title: 'echo', version: '1' } },
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const anyObject = { type: 'object', additionalProperties: true };
  // Typed loosely on purpose: Fastify would otherwise let the handlers answer only the statuses declared here.
  const declares = (...statuses: number[]): { response: Record<number, object> } => ({
    response: Object.fromEntries(statuses.map((status) => [status, anyObject])),
  });
  const echo = {
    schema: declares(200, 400),
    handler: async (request: { url: string; headers: Record<string, unknown>; body: unknown }) => ({
      url: request.url,
      headers: request.headers,
      body: request.body ?? null,
    }),
  };
  app.post('/api/merchants/cards/:id/:action/', echo);
  app.post('/api/merchants/onboarding/documents/', echo);
  app.get('/api/merchants/transactions/', echo);
  // Declares 200 only, and answers 503.
  app.get('/api/config/', {
    schema: declares(200),
    handler: async (_request, reply) =>
      reply.status(503).send({ error: { code: 'unavailable', message: 'x' } }),
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

type Echo = { url: string; headers: Record<string, string>; body: unknown };
const echoed = (response: { status: number; body: unknown }): Echo => {
  expect(response.status).toBe(200);
  return response.body as Echo;
};

describe('the typed test client', () => {
  it('fills the path template, encoding each value, and sends the session, cookie and merchant mode', async () => {
    const response = await api(app, 'POST', '/api/merchants/cards/{id}/{action}/', {
      params: { id: 'a b/c', action: 'freeze' },
      token: 'access',
      cookie: 'refresh',
      ip: '10.1.2.3',
    });
    const sent = echoed(response);
    expect(sent.url).toBe('/api/merchants/cards/a%20b%2Fc/freeze/');
    expect(sent.headers).toMatchObject({
      authorization: 'Bearer access',
      cookie: 'refreshKey=refresh',
      'x-merchant-mode': 'true',
    });
    const plain = echoed(
      await api(app, 'POST', '/api/merchants/cards/{id}/{action}/', {
        params: { id: '1', action: 'activate' },
        merchantMode: false,
      }),
    );
    expect(plain.headers).not.toHaveProperty('x-merchant-mode');
    expect(plain.headers).not.toHaveProperty('authorization');
  });

  it('writes the query, leaving out what is undefined', async () => {
    const sent = echoed(
      await api(app, 'GET', '/api/merchants/transactions/', {
        query: { q: 'café & co', limit: '5', cursor: undefined },
      }),
    );
    expect(sent.url).toBe('/api/merchants/transactions/?q=caf%C3%A9+%26+co&limit=5');
  });

  it('sends a multipart form: each field as text, a file with its name and type', async () => {
    const sent = echoed(
      await api(app, 'POST', '/api/merchants/onboarding/documents/', {
        form: {
          type: 'other',
          file: { filename: 'a.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' },
        },
      }),
    );
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toContain('name="type"\r\n\r\nother\r\n');
    expect(sent.body).toContain(
      'name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4',
    );
  });

  it('fails a test whose route answers a status its OpenAPI responses do not declare', async () => {
    await expect(api(app, 'GET', '/api/config/')).rejects.toThrow(
      /GET \/api\/config\/ answered 503, which its OpenAPI responses \(200\) do not declare/,
    );
    // The unchecked door checks the answer the same way; only a URL outside the contract is not checked.
    await expect(apiWithBadInput(app, 'GET', '/api/config/', { query: 'x=1' })).rejects.toThrow(
      /answered 503/,
    );
    expect((await callUntyped(app, 'GET', '/api/config/')).status).toBe(503);
  });

  it('sends deliberately bad input as given: any body, or raw bytes', async () => {
    const any = echoed(
      await apiWithBadInput(app, 'POST', '/api/merchants/cards/{id}/{action}/', {
        params: { id: '1', action: 'explode' },
        body: { pin: 1234 },
      }),
    );
    expect(any.url).toBe('/api/merchants/cards/1/explode/');
    expect(any.body).toEqual({ pin: 1234 });
    const raw = await apiWithBadInput(app, 'POST', '/api/merchants/cards/{id}/{action}/', {
      params: { id: '1', action: 'freeze' },
      payload: '{"pin":',
    });
    expect(raw.status).toBe(400);
  });

  it('narrows an answer by its status, and reads errors of any declared error status', async () => {
    const answer = await callUntyped(app, 'GET', '/api/config/');
    expect(() => expectStatus(answer, 200)).toThrow(/answered/);
    expect(() => bodyOf(answer, 200, 'config')).toThrow(/config: answered/);
    expect(errorOf(answer)).toEqual({ code: 'unavailable', message: 'x' });
  });
});

/** Compile-time checks only: each call below is wrong against the contract, and must not typecheck. */
export async function contractChecks(app: FastifyInstance): Promise<void> {
  // @ts-expect-error an action the path does not take
  await api(app, 'POST', '/api/merchants/cards/{id}/{action}/', { params: { id: '1', action: 'explode' } });
  // @ts-expect-error the path's parameters are required
  await api(app, 'POST', '/api/merchants/cards/{id}/{action}/', { token: 't' });
  // @ts-expect-error no such operation
  await api(app, 'DELETE', '/api/config/');
  // @ts-expect-error a money-moving call needs its Idempotency-Key
  await api(app, 'POST', '/api/merchants/send_money/', {
    body: { account_type: 'eur', recipient: { wallet_tag: '@x' }, amount_minor: '1' },
  });
  await api(app, 'POST', '/api/merchants/send_money/', {
    // @ts-expect-error the amount is a decimal string on the wire
    body: { account_type: 'eur', recipient: { wallet_tag: '@x' }, amount_minor: 1 },
    headers: { 'idempotency-key': 'k' },
  });
  // @ts-expect-error a query value outside the contract's enum
  await api(app, 'GET', '/api/merchants/transactions/', { query: { direction: 'sideways' } });
  const card = await api(app, 'POST', '/api/merchants/cards/{id}/{action}/', {
    params: { id: '1', action: 'freeze' },
  });
  // @ts-expect-error the body is a union over the declared statuses until the status is checked
  void card.body.status;
  expectStatus(card, 200);
  void card.body.status;
  // @ts-expect-error a status the operation does not declare
  expectStatus(card, 201);
  // @ts-expect-error a field the contract's card does not have
  void card.body.nickname;
}
