/**
 * p50/p99 latency and throughput of `initialize_login` (password check with argon2id, bot check, audit) under
 * 50 concurrent clients. The server runs as `npm run serve` would, on a temp PGlite, with rate limits raised so
 * that the limiter does not answer instead of the login. Bounded: CLIENTS × REQUESTS_PER_CLIENT requests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import { hashPassword } from '../../server/auth/passwords';
import { createDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { percentile, startServer } from './serverProcess';

const clients = Number(process.env.CLIENTS ?? 50);
const perClient = Number(process.env.REQUESTS_PER_CLIENT ?? 10);
const password = 'Bench-Password-2026';
const dataDir = mkdtempSync(path.join(tmpdir(), 'tameio-bench-login-'));

async function prepareUsers(): Promise<string[]> {
  const db = createDatabase({ dataDir, databaseUrl: undefined });
  await migrate(db);
  const hash = await hashPassword(password);
  const emails: string[] = [];
  for (let i = 0; i < clients; i += 1) {
    const email = `bench${i}@tameio.test`;
    const merchant = await db
      .insertInto('merchants')
      .values({ name: `Bench ${i}`, status: 'approved' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({
        merchant_id: merchant.id,
        email,
        phone: null,
        password_hash: hash,
        first_name: 'B',
        last_name: `${i}`,
        is_owner: true,
      })
      .execute();
    emails.push(email);
  }
  await db.destroy();
  return emails;
}

async function solvedPayload(url: string): Promise<string> {
  const challenge = (await (await fetch(`${url}/api/altcha/challenge/`)).json()) as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber: number;
  };
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('unsolvable challenge');
  return Buffer.from(
    JSON.stringify({ ...challenge, number: solution.number, maxnumber: undefined }),
  ).toString('base64');
}

const emails = await prepareUsers();
const server = await startServer({
  DATA_DIR: dataDir,
  WEB_DIR: path.join(dataDir, 'no-web'),
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
  LOGIN_FAILURES_PER_ACCOUNT: '1000000',
  ALTCHA_MAX_NUMBER: '1000',
});
try {
  const total = clients * perClient;
  const payloads: string[] = [];
  for (let i = 0; i < total; i += 1) payloads.push(await solvedPayload(server.url));

  // A few warm-up calls so JIT and the first argon2 allocations do not count.
  for (let i = 0; i < 3; i += 1) {
    await fetch(`${server.url}/api/merchants/accounts/initialize_login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: emails[0], password, altcha: await solvedPayload(server.url) }),
    });
  }

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    emails.map(async (email) => {
      for (let i = 0; i < perClient; i += 1) {
        const altcha = payloads[next++];
        const t0 = performance.now();
        const response = await fetch(`${server.url}/api/merchants/accounts/initialize_login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password, altcha }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const wall = performance.now() - started;
  latencies.sort((a, b) => a - b);
  console.log(
    `initialize_login, ${clients} concurrent clients, ${total} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  console.log(
    `p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${Math.round(percentile(latencies, 99))} ms, max ${Math.round(latencies.at(-1) ?? NaN)} ms`,
  );
  console.log(`throughput ${(total / (wall / 1000)).toFixed(1)} logins/s over ${(wall / 1000).toFixed(1)} s`);
  if ((statuses.get(200) ?? 0) !== total) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
