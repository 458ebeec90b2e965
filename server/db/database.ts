import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './types';

export type Database = Kysely<DB>;

export type DatabaseOptions = {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Pool size for PostgreSQL; PGlite is always one connection. */
  poolSize?: number;
};

// Money is bigint minor units: parse int8 as BigInt, never as a lossy number (pg) or string.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));

/** PGlite in `<dataDir>/pglite` unless a PostgreSQL URL is given. */
export function createDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const dir = path.join(options.dataDir, 'pglite');
  // PGlite neither creates parent folders nor locks its folder: one process per folder.
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir, { parsers: { [types.INT8]: (value: string) => BigInt(value) } });
  return new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
}
