import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed';

/*
 * Every API test file starts from the database `npm start` would make: migrated and seeded with the demo merchants.
 * Building that costs seconds per file (PGlite's initdb alone is most of it), so it is built ONCE per run here and
 * each file starts from a copy (tests/api/harness.ts): a PGlite in memory loaded from this folder's dump, or on
 * PostgreSQL a database created from this one as its template. Files still never share a database.
 */

declare module 'vitest' {
  // Declaration merging (vitest's documented way to type `inject`) needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /**
     * A migrated and seeded PGlite folder (to copy, for the tests of the folder itself) and its dump (a tar file each
     * test server starts from in memory), or a PostgreSQL database name to use as a template.
     */
    apiDatabaseTemplate:
      { kind: 'pglite'; dir: string; dump: string } | { kind: 'postgres'; database: string };
  }
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The password the test servers' config would seed with (none of them overrides it).
  const { demoPassword } = loadConfig({});
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = `tameio_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${database}`));
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    const db = createDatabase({ dataDir: tmpdir(), databaseUrl: url.toString(), poolSize: 1 });
    await migrate(db);
    await seedDemo(db, demoPassword);
    // A template must have no connections while databases are created from it.
    await db.destroy();
    project.provide('apiDatabaseTemplate', { kind: 'postgres', database });
    return async () => {
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    };
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'tameio-api-template-'));
  const db = createDatabase({ dataDir, databaseUrl: undefined, durable: false });
  await migrate(db);
  await seedDemo(db, demoPassword);
  // Closed cleanly, so a copy opens without recovery.
  await db.destroy();
  const dir = path.join(dataDir, 'pglite');
  const dump = path.join(dataDir, 'pglite.tar');
  const folder = new PGlite(dir);
  // dumpDataDir before the database is ready never settles (PGlite 0.5).
  await folder.waitReady;
  writeFileSync(dump, Buffer.from(await (await folder.dumpDataDir('none')).arrayBuffer()));
  await folder.close();
  project.provide('apiDatabaseTemplate', { kind: 'pglite', dir, dump });
  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
  };
}
