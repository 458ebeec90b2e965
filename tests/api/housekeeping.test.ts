import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idempotencyKeyRetentionMs,
  purgeExpired,
  retentionAfterExpiryMs,
} from '../../server/jobs/housekeeping';
import { startJobs } from '../../server/jobs/scheduler';
import { createOwner, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const hour = 60 * 60 * 1000;

async function addRegistration(expiresAt: Date, consumed = false): Promise<string> {
  const row = await server.db
    .insertInto('registrations')
    .values({
      email: `house${Math.random().toString(36).slice(2, 10)}@example.test`,
      phone: '+306940000001',
      expires_at: expiresAt,
      consumed_at: consumed ? new Date(expiresAt.getTime() - hour) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('otp_codes')
    .values({
      user_id: null,
      purpose: 'registration_email',
      binding: row.id,
      channel: 'email',
      destination: 'someone@example.test',
      code_hash: 'x',
      expires_at: new Date(Date.now() + hour),
    })
    .execute();
  return row.id;
}

async function exists(id: string): Promise<{ registration: boolean; codes: number }> {
  const registration = await server.db
    .selectFrom('registrations')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  const codes = await server.db
    .selectFrom('otp_codes')
    .select(server.db.fn.countAll().as('n'))
    .where('binding', '=', id)
    .executeTakeFirstOrThrow();
  return { registration: registration !== undefined, codes: Number(codes.n) };
}

describe('purgeExpired', () => {
  it('deletes expired half-finished registrations with their codes and keeps live and finished ones', async () => {
    const now = new Date();
    const expired = await addRegistration(new Date(now.getTime() - hour));
    const live = await addRegistration(new Date(now.getTime() + hour));
    const finished = await addRegistration(new Date(now.getTime() - hour), true);

    const result = await purgeExpired(server.db, now);

    expect(result.registrations).toBeGreaterThanOrEqual(1);
    expect(await exists(expired)).toEqual({ registration: false, codes: 0 });
    expect(await exists(live)).toEqual({ registration: true, codes: 1 });
    expect(await exists(finished)).toEqual({ registration: true, codes: 1 });
  });

  it('keeps expired codes for the retention period, then deletes them; a second run deletes nothing more', async () => {
    const now = new Date();
    const insertCode = async (expiresAt: Date) =>
      (
        await server.db
          .insertInto('otp_codes')
          .values({
            user_id: null,
            purpose: 'test_purpose',
            binding: `binding-${expiresAt.getTime()}`,
            channel: 'sms',
            destination: '+306940000002',
            code_hash: 'x',
            expires_at: expiresAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const recent = await insertCode(new Date(now.getTime() - hour));
    const old = await insertCode(new Date(now.getTime() - retentionAfterExpiryMs - hour));

    const first = await purgeExpired(server.db, now);
    const ids = (
      await server.db.selectFrom('otp_codes').select('id').where('purpose', '=', 'test_purpose').execute()
    ).map((row) => row.id);
    expect(ids).toEqual([recent]);
    expect(ids).not.toContain(old);
    expect(first.otpCodes).toBeGreaterThanOrEqual(1);

    const second = await purgeExpired(server.db, now);
    expect(second).toEqual({
      registrations: 0,
      otpCodes: 0,
      loginTickets: 0,
      refreshTokens: 0,
      passwordTokens: 0,
      altchaUsed: 0,
      stepUpGrants: 0,
      streamTickets: 0,
      idempotencyKeys: 0,
    });
  });
});

describe('purgeExpired and notification stream tickets', () => {
  it('deletes tickets a day after they expired and keeps the recent ones', async () => {
    const now = new Date();
    const owner = await createOwner(server.db);
    const session = await server.db
      .insertInto('sessions')
      .values({ user_id: owner.userId, absolute_expires_at: new Date(now.getTime() + hour) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ticket = async (hash: string, expiresAt: Date) =>
      server.db
        .insertInto('notification_stream_tickets')
        .values({ ticket_hash: hash, user_id: owner.userId, session_id: session.id, expires_at: expiresAt })
        .execute();
    await ticket(`old-${now.getTime()}`, new Date(now.getTime() - retentionAfterExpiryMs - hour));
    await ticket(`recent-${now.getTime()}`, new Date(now.getTime() - hour));

    const result = await purgeExpired(server.db, now);

    expect(result.streamTickets).toBeGreaterThanOrEqual(1);
    const left = await server.db
      .selectFrom('notification_stream_tickets')
      .select('ticket_hash')
      .where('user_id', '=', owner.userId)
      .execute();
    expect(left.map((row) => row.ticket_hash)).toEqual([`recent-${now.getTime()}`]);
  });
});

describe('purgeExpired and idempotency keys', () => {
  it('forgets the keys of creates after their retention and keeps the recent ones', async () => {
    const now = new Date();
    const owner = await createOwner(server.db);
    const key = (name: string, createdAt: Date) =>
      server.db
        .insertInto('idempotency_keys')
        .values({
          merchant_id: owner.merchantId,
          operation: 'createQrCode',
          key: name,
          request_hash: 'h',
          response: JSON.stringify({ id: name }),
          created_at: createdAt,
        })
        .execute();
    await key('old', new Date(now.getTime() - idempotencyKeyRetentionMs - hour));
    await key('recent', new Date(now.getTime() - idempotencyKeyRetentionMs + hour));

    const result = await purgeExpired(server.db, now);

    expect(result.idempotencyKeys).toBe(1);
    const left = await server.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('merchant_id', '=', owner.merchantId)
      .execute();
    expect(left.map((row) => row.key)).toEqual(['recent']);
  });
});

describe('startJobs', () => {
  it('runs a job at once, never twice at the same time, and stop waits for the running one', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const logged: string[] = [];
    const scheduler = startJobs(
      [
        {
          name: 'slow',
          everyMs: 5,
          run: async () => {
            runs += 1;
            concurrent += 1;
            maxConcurrent = Math.max(maxConcurrent, concurrent);
            await new Promise((resolve) => setTimeout(resolve, 40));
            concurrent -= 1;
          },
        },
        {
          name: 'broken',
          everyMs: 1000,
          run: async () => {
            throw new Error('boom');
          },
        },
      ],
      {
        info: (_details, message) => logged.push(message),
        error: (_details, message) => logged.push(message),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await scheduler.stop();
    const afterStop = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));

    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBe(afterStop);
    expect(maxConcurrent).toBe(1);
    expect(concurrent).toBe(0);
    expect(logged).toContain('job failed');
  });
});
