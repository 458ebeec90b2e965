import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPending, enqueueMessage } from '../../server/notify/outbox';
import { startTestServer, type TestServer } from './harness';

// The outbox sweep (server/main.ts job `outboxDelivery`): messages written in a transaction that nobody delivered after
// commit (notifications, invitations) are sent once, on a configured channel only, never racing a fresh message and
// never retrying one whose failure is recorded.

let server: TestServer;
let hookUrl: string;
let failHook = false;
const received: { to: string; body: string }[] = [];
const hook = createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  request.on('end', () => {
    received.push(JSON.parse(raw) as { to: string; body: string });
    response.writeHead(failHook ? 503 : 204).end();
  });
});

beforeAll(async () => {
  server = await startTestServer();
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const address = hook.address();
  hookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sms`;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => hook.close(resolve));
});

async function enqueue(to: string, channel: 'sms' | 'email', body: string): Promise<string> {
  return server.db.transaction().execute((trx) => enqueueMessage(trx, { to, channel, subject: null, body }));
}

const rowOf = (id: string) =>
  server.db.selectFrom('outbox').select(['sent_at', 'error']).where('id', '=', id).executeTakeFirstOrThrow();

describe('outbox sweep', () => {
  it('sends each waiting message once, on configured channels only, and leaves fresh and failed ones', async () => {
    const sms = await enqueue('+306900000101', 'sms', 'You received EUR 10.00');
    const email = await enqueue('sweep@tameio.test', 'email', 'You received EUR 10.00');
    const options = { smtpUrl: undefined, smsWebhookUrl: hookUrl };

    // A minute has not passed: the request that wrote them may still be delivering them itself.
    expect(await deliverPending(server.db, options)).toEqual({ attempted: 0 });
    expect(received).toHaveLength(0);

    const later = new Date(Date.now() + 2 * 60_000);
    const first = await deliverPending(server.db, options, undefined, later);
    expect(first.attempted).toBeGreaterThanOrEqual(1);
    expect(received.filter((message) => message.to === '+306900000101')).toHaveLength(1);
    expect((await rowOf(sms)).sent_at).not.toBeNull();
    // Email is not configured: the message waits for it, untouched.
    expect(await rowOf(email)).toEqual({ sent_at: null, error: null });

    // A second sweep sends nothing again.
    await deliverPending(server.db, options, undefined, later);
    expect(received.filter((message) => message.to === '+306900000101')).toHaveLength(1);

    // A failure is recorded and not retried by the sweep.
    failHook = true;
    const failing = await enqueue('+306900000102', 'sms', 'Your request was declined');
    await deliverPending(server.db, options, undefined, later);
    expect((await rowOf(failing)).error).toMatch(/503/);
    await deliverPending(server.db, options, undefined, later);
    expect(received.filter((message) => message.to === '+306900000102')).toHaveLength(1);
    failHook = false;

    // A day later nothing old is sent any more, and nothing is tried without a channel at all.
    const stale = await enqueue('+306900000103', 'sms', 'Old news');
    await deliverPending(server.db, options, undefined, new Date(Date.now() + 25 * 60 * 60_000));
    expect(received.filter((message) => message.to === '+306900000103')).toHaveLength(0);
    expect(
      await deliverPending(server.db, { smtpUrl: undefined, smsWebhookUrl: undefined }, undefined, later),
    ).toEqual({ attempted: 0 });
    expect((await rowOf(stale)).sent_at).toBeNull();
  });
});
