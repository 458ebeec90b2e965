import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { orderCard, physicalCart, secretOf, setPlan } from './cards';
import { api, expectStatus } from './client';
import { signIn, startTestServer, type TestServer } from './harness';
import { merchantWithAccount } from './money';
import { stepUpHeaders, stepUpToken } from './stepUp';

// docs/product.md "Cards": card number, CVV, PIN and e-PIN never appear in a log. The app logs at its most
// verbose level into a buffer while a PIN and an e-PIN are set and every secret is revealed; none of them is in it.

let server: TestServer;
let logged: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  logged = await buildApp({
    config: { ...server.config, logLevel: 'trace' },
    db: server.db,
    logStream: { write: (line) => void lines.push(line) },
  });
  await logged.ready();
});
afterAll(async () => {
  await logged?.close();
  await server?.close();
});

describe('the server log', () => {
  it('records card requests without a number, CVV, PIN or e-PIN', async () => {
    const merchant = await merchantWithAccount(server);
    await setPlan(server, merchant.merchantId, 'premium');
    const { card } = await orderCard(server, merchant, physicalCart);
    // The logged app's own session, so that sign-in and the step-ups go through it too.
    const { accessToken: token } = await signIn(logged, merchant.email, merchant.password);
    const app = { app: logged, db: server.db };

    const pin = '7392';
    const epin = '58213';
    expect(
      (
        await api(logged, 'PUT', '/api/merchants/cards/{id}/pin/', {
          params: { id: card.id },
          token,
          body: { pin },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await api(logged, 'PUT', '/api/merchants/cards/{id}/epin/', {
          params: { id: card.id },
          token,
          body: { epin },
        })
      ).status,
    ).toBe(204);
    // A refused PIN's value is not logged either.
    expect(
      (
        await api(logged, 'PUT', '/api/merchants/cards/{id}/pin/', {
          params: { id: card.id },
          token,
          body: { pin: '1111' },
        })
      ).status,
    ).toBe(400);

    const reveal = async <W extends 'details' | 'pin' | 'epin'>(what: W) => {
      const response = await api(logged, 'POST', '/api/merchants/cards/{id}/reveal/', {
        params: { id: card.id },
        token,
        body: { what },
        headers: stepUpHeaders(await stepUpToken(app, token, 'card_reveal')),
      });
      expectStatus(response, 200);
      return secretOf(response.body, what);
    };
    const details = await reveal('details');
    expect((await reveal('pin')).pin).toBe(pin);
    expect((await reveal('epin')).epin).toBe(epin);

    // Clocks, durations and process facts are numbers that could hold any short digit string by chance: leave them
    // out. So are the fields that are the same for every request (level, the status code, the loopback address): a
    // random three-digit CVV is 200, 204, 400 or 127 about once in 250 runs.
    const fixedFields = (line: string) => {
      const {
        time: _time,
        responseTime: _took,
        pid: _pid,
        hostname: _host,
        level: _level,
        ...rest
      } = JSON.parse(line) as Record<string, unknown> & {
        req?: Record<string, unknown>;
        res?: Record<string, unknown>;
      };
      const { statusCode, ...res } = rest.res ?? {};
      const { remoteAddress: _address, ...req } = rest.req ?? {};
      return { rest: { ...rest, req, res }, statusCode };
    };
    const parsed = lines.map(fixedFields);
    const log = parsed.map(({ rest }) => JSON.stringify(rest)).join('\n');
    // The log did record these requests (by their route, server/logging.ts) and their outcome: the check below is
    // not passing on an empty log.
    expect(log).toContain('/api/merchants/cards/:id/reveal/');
    expect(log).toContain('/api/merchants/cards/:id/pin/');
    expect(parsed.map(({ statusCode }) => statusCode)).toContain(204);
    // And the token search below finds a number the log does hold (the request ids count in hex: req-1, req-2...).
    expect(log).toMatch(/(?<![0-9A-Za-z])2(?![0-9A-Za-z])/);
    expect(log).not.toContain(details.number);
    expect(log).not.toContain(details.number.slice(0, 12));
    for (const secret of [details.cvv, pin, epin, '1111']) {
      // As a token of its own: a card id (hex) may hold the same digits inside a longer run.
      expect(log, `the log holds ${secret}`).not.toMatch(
        new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`),
      );
    }
  });
});
