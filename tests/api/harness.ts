import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { loadConfig, type Config } from '../../server/config';
import { createDatabase, type Database } from '../../server/db/database';
import { openAccount } from '../../server/ledger';
import { api, bodyOf, type BodyOf, type UntypedResponse } from './client';

export const demoPassword = 'Demo-Merchant-2026!';

export type TestServer = {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Another app on the same database, e.g. with tighter limits. */
  buildVariant: (overrides: Partial<Config>) => Promise<FastifyInstance>;
  close: () => Promise<void>;
};

/** A fresh PostgreSQL database on the DATABASE_URL server, copied from `template`; dropped by the returned function. */
async function freshPostgresDatabase(
  serverUrl: string,
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tameio_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Two workers copying the same template at once: PostgreSQL refuses the second while the first holds it (55006).
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // Without FORCE first: killing a backend whose client is still closing surfaces as an unhandled error.
      try {
        for (let attempt = 0; ; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (error) {
            if (attempt >= 30) {
              await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              break;
            }
            if ((error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

let dumpRead: { file: string; blob: Blob } | undefined;

/** The template's dump, read once per worker (its files share modules, vitest.config.ts). */
function templateDump(file: string): Blob {
  if (dumpRead?.file !== file) dumpRead = { file, blob: new Blob([readFileSync(file)]) };
  return dumpRead.blob;
}

/**
 * The real app on a real database for one test file: PGlite in memory, or a fresh database on the
 * PostgreSQL server named by DATABASE_URL. Migrated and seeded with the demo merchants, as `npm start` does: copied
 * from the template tests/api/globalSetup.ts built once for the run.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const template = inject('apiDatabaseTemplate');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tameio-api-'));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && template.kind !== 'postgres')
    throw new Error('DATABASE_URL is set but the template is PGlite');
  const postgres =
    serverUrl && template.kind === 'postgres'
      ? await freshPostgresDatabase(serverUrl, template.database)
      : null;

  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    // A proof of work of at most 100 hashes: every sign-in of every file solves one (at 1,000, 3 % of the API tests' CPU).
    ALTCHA_MAX_NUMBER: '100',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    LOG_LEVEL: 'silent',
    // A copy thrown away with the file: no fsync per commit, as .ci/run's scratch PostgreSQL.
    EMBEDDED_FSYNC: 'off',
    WEB_DIR: path.join(dataDir, 'no-web'),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const db = createDatabase({
    dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: 4,
    durable: config.embeddedFsync,
    ...(template.kind === 'pglite' && !postgres ? { inMemoryFrom: templateDump(template.dump) } : {}),
  });
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  const variants: FastifyInstance[] = [];
  return {
    app,
    db,
    config,
    buildVariant: async (overrides) => {
      const variant = await buildApp({ config: { ...config, ...overrides }, db, logger: false });
      await variant.ready();
      variants.push(variant);
      return variant;
    },
    close: async () => {
      for (const variant of variants) await variant.close();
      await app.close();
      await db.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Solves a fresh ALTCHA challenge the way the widget does, returning the payload for the `altcha` field. */
export async function solveAltcha(app: FastifyInstance): Promise<string> {
  const challenge = bodyOf(await api(app, 'GET', '/api/altcha/challenge/'), 200, 'altchaChallenge');
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export type OutboxMessage = BodyOf<'GET', '/api/sandbox/outbox/', 200>['messages'][number];

export async function readOutbox(app: FastifyInstance, to: string): Promise<OutboxMessage[]> {
  const response = await api(app, 'GET', '/api/sandbox/outbox/', { query: { to } });
  if (response.status !== 200) throw new Error(`outbox answered ${response.status}`);
  return response.body.messages;
}

export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const [newest] = await readOutbox(app, to);
  const code = newest?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

let userCounter = 0;

/** A merchant owner of its own, so tests that lock or exhaust things do not disturb each other. */
export async function createOwner(
  db: Database,
  options: {
    password?: string;
    phone?: string | null;
    funded?: boolean;
    /** Default 'approved'; 'onboarding' for a merchant that has just registered. */
    status?: 'onboarding' | 'in_review' | 'approved' | 'rejected';
  } = {},
): Promise<{ email: string; password: string; phone: string | null; userId: string; merchantId: string }> {
  userCounter += 1;
  const email = `owner${userCounter}-${randomBytes(3).toString('hex')}@example.test`;
  const password = options.password ?? 'Correct-Horse-Battery-9';
  const phone =
    options.phone === undefined ? `+3069${String(10_000_000 + userCounter).padStart(8, '0')}` : options.phone;
  const merchant = await db
    .insertInto('merchants')
    .values({ name: `Test Merchant ${userCounter}`, status: options.status ?? 'approved' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      merchant_id: merchant.id,
      email,
      phone,
      password_hash: await hashPassword(password),
      first_name: 'Test',
      last_name: `Owner ${userCounter}`,
      is_owner: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.funded)
    await openAccount(db, { merchantId: merchant.id, name: 'Main', currency: 'EUR', iban: null });
  return { email, password, phone, userId: user.id, merchantId: merchant.id };
}

export async function initialize(app: FastifyInstance, email: string, password: string, ip?: string) {
  return api(app, 'POST', '/api/merchants/accounts/initialize_login/', {
    body: { email, password, altcha: await solveAltcha(app) },
    ...(ip ? { ip } : {}),
  });
}

export type SignedIn = {
  accessToken: string;
  refreshCookie: string;
  loginToken: string;
  body: BodyOf<'POST', '/api/merchants/accounts/otp_login/', 200>;
};

/** The whole sign-in journey: password, method, code from the outbox, code. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  method: 'email' | 'sms' = 'email',
  destination: string = email,
): Promise<SignedIn> {
  const init = await initialize(app, email, password);
  if (init.status !== 200)
    throw new Error(`initialize_login answered ${init.status}: ${JSON.stringify(init.body)}`);
  const loginToken = init.body.login_token;
  const sent = await api(app, 'POST', '/api/merchants/accounts/send_login_otp/', {
    body: { login_token: loginToken, method },
  });
  if (sent.status !== 200)
    throw new Error(`send_login_otp answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(app, destination);
  const done = await api(app, 'POST', '/api/merchants/accounts/otp_login/', {
    body: { login_token: loginToken, code },
  });
  if (done.status !== 200) throw new Error(`otp_login answered ${done.status}: ${JSON.stringify(done.body)}`);
  return {
    accessToken: done.body.access_token,
    refreshCookie: refreshCookieOf(done),
    loginToken,
    body: done.body,
  };
}

export function refreshCookieOf(response: Pick<UntypedResponse, 'cookies'>): string {
  const cookie = response.cookies.find((c) => c.name === 'refreshKey');
  if (!cookie) throw new Error('no refreshKey cookie set');
  return cookie.value;
}
