import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Compilable, type CompiledQuery, type Transaction } from 'kysely';
import pg from 'pg';
import { DurableNodeFS, durableStartParams } from './embeddedFs';
import { lockFolder } from './lock';
import { PGliteDialect } from './pgliteDialect';
import type { DB } from './types';

export type Database = Kysely<DB>;

export type DatabaseOptions = {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Pool size for PostgreSQL; PGlite is always one connection. */
  poolSize?: number;
  /** PGlite fsyncs every commit unless this is false (config.embeddedFsync: throwaway test databases only). */
  durable?: boolean;
  /**
   * A throwaway PGlite held in memory, started from this dump of a data folder (`PGlite.dumpDataDir`), instead of a
   * folder under `dataDir`: the API tests start each file from one migrated and seeded dump. Copying the 42 MB,
   * 1,270-file folder for each file and deleting it afterwards cost more CPU than the tests of most files.
   */
  inMemoryFrom?: Blob;
};

// Money is bigint minor units: parse int8 as BigInt, never as a lossy number (pg) or string.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));

/**
 * LISTEN on a channel of the database: `onPayload` gets the payload of every NOTIFY on it that committed (PostgreSQL
 * delivers a notification only when its transaction commits, to every listening connection: every API process).
 * Resolves once listening; the returned function stops. Used by the live notifications (server/notifications/).
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onError?: (error: Error) => void,
) => Promise<() => Promise<void>>;

const listeners = new WeakMap<Database, Listen>();

/** How to LISTEN on this database (set by createDatabase), or undefined for one made elsewhere. */
export function listenerOf(db: Database): Listen | undefined {
  return listeners.get(db);
}

let lastDropReport = 0;

/** One line on stderr per burst of dropped connections (a restart drops every one of them at once). */
function reportDroppedConnection(error: Error): void {
  const now = Date.now();
  if (now - lastDropReport < 5000) return;
  lastDropReport = now;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : error.message;
  console.warn(`database: an idle connection was closed (${code})`);
}

/** LISTEN on a dedicated connection (a pooled one would be handed to other queries). */
function postgresListen(connectionString: string): Listen {
  return async (channel, onPayload, onError) => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    client.on('error', (error) => onError?.(error));
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    return async () => {
      await client.end().catch(() => undefined);
    };
  };
}

/**
 * Kysely on PGlite that closes PGlite even when no query ever ran: Kysely destroys only a driver it initialised,
 * while PGlite starts opening its folder when constructed, so a database destroyed unused (a server stopped before
 * its first query) would still create files in a folder its owner has since removed.
 */
class EmbeddedKysely extends Kysely<DB> {
  readonly #pglite: PGlite;
  readonly #unlock: () => void;

  constructor(pglite: PGlite, unlock: () => void) {
    super({ dialect: new PGliteDialect({ pglite }) });
    this.#pglite = pglite;
    this.#unlock = unlock;
  }

  override async destroy(): Promise<void> {
    try {
      await super.destroy();
      await this.#pglite.waitReady.catch(() => undefined);
      if (!this.#pglite.closed) await this.#pglite.close();
    } finally {
      // After close: the folder is free only once PGlite has written its last page.
      this.#unlock();
    }
  }
}

/** PGlite in `<dataDir>/pglite` unless a PostgreSQL URL is given. */
export function createDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // An unreachable server fails a request (503) instead of holding it until the client gives up.
      connectionTimeoutMillis: 5000,
    });
    // PostgreSQL may drop any connection (a restart, pg_terminate_backend, idle_session_timeout). An 'error' event
    // nobody listens to would end the process: the pool reports an idle client's and removes it, a checked-out
    // client's fails its query (answered 503, server/db/connectionErrors.ts) and the pool discards it on release.
    // The next query opens a fresh connection, so service resumes when the database does.
    pool.on('error', (error) => reportDroppedConnection(error));
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      nameStatements(client);
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    listeners.set(db, postgresListen(options.databaseUrl));
    return db;
  }
  const parsers = { [types.INT8]: (value: string) => BigInt(value) };
  const { pglite, release } = options.inMemoryFrom
    ? { pglite: new PGlite({ loadDataDir: options.inMemoryFrom, parsers }), release: () => undefined }
    : openEmbeddedFolder(options, parsers);
  const db = new EmbeddedKysely(pglite, release);
  // One backend: PGlite hands a committed NOTIFY to its own listeners after the statement that committed it.
  listeners.set(db, async (channel, onPayload) => {
    const stop = await pglite.listen(channel, onPayload);
    return async () => {
      if (!pglite.closed) await stop().catch(() => undefined);
    };
  });
  return db;
}

/** PGlite in `<dataDir>/pglite`, which this process locks (server/db/lock.ts) until the database is destroyed. */
function openEmbeddedFolder(
  options: DatabaseOptions,
  parsers: Record<number, (value: string) => unknown>,
): { pglite: PGlite; release: () => void } {
  const dir = path.join(options.dataDir, 'pglite');
  // PGlite neither creates parent folders nor locks its folder: the lock is ours, taken before PGlite opens it.
  mkdirSync(dir, { recursive: true });
  const lock = lockFolder(options.dataDir);
  try {
    const pglite =
      options.durable === false
        ? new PGlite(dir, { parsers })
        : new PGlite({ fs: new DurableNodeFS(dir), startParams: durableStartParams, parsers });
    return { pglite, release: lock.release };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Named statements one connection keeps at most; beyond them marked queries go unnamed too. */
const namedStatementsPerConnection = 200;

const namedMarker = '/* named */';

/**
 * Marks a hot query as a named prepared statement on PostgreSQL: parsed once per connection, and PostgreSQL may
 * switch it to a generic plan instead of planning it on every call (on the send-money path this cut PostgreSQL's CPU
 * per payment by about 40 %, docs/performance.md). Put it after SELECT (`.modifyFront(namedStatement)` or
 * `sql\`SELECT ${namedStatement} ...\``). Only for queries whose plan does not depend on a parameter's value: e.g. an
 * `ON CONFLICT ... WHERE kind = $1` arbiter cannot be inferred from a generic plan. A statement whose result columns
 * come from `*` fails with "cached plan must not change result type" once a migration changes those columns under
 * a running process; processes migrate on start, so this needs a restart of the others, as any schema change does.
 * A comment on PGlite.
 */
export const namedStatement = sql.raw(namedMarker);

/** Sends marked queries with parameters as named statements (the name: a digest of the text). */
function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const known = new Set<string>();
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (
      args.length === 2 &&
      typeof text === 'string' &&
      Array.isArray(values) &&
      values.length > 0 &&
      text.includes(namedMarker)
    ) {
      const name = `n${createHash('sha1').update(text).digest('base64url')}`;
      if (known.has(name) || known.size < namedStatementsPerConnection) {
        known.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
  };
}

/** A query builder, or a `sql` template (which compiles with the database it runs on). */
type Precompilable<R> = Compilable<R> | { compile(db: Database | Transaction<DB>): CompiledQuery<R> };

/**
 * A hot query built and compiled by Kysely once, then run with new values (docs/performance.md,
 * bench:transfers): building and compiling a query tree cost more CPU than the query's own round trip on the
 * send-money path. `build` gets a stand-in for each named value and must not branch on them: every call runs the
 * same SQL text, with the stand-ins' parameters replaced by the values given (constants in the query stay). The
 * result rows are typed by `build`'s query, as if it had been executed.
 */
export function precompiled<K extends string, R>(
  names: readonly K[],
  build: (db: Database | Transaction<DB>, values: Record<K, never>) => Precompilable<R>,
): (db: Database | Transaction<DB>, values: Record<K, unknown>) => Promise<R[]> {
  let entry: { query: CompiledQuery<R>; slots: (K | null)[] } | undefined;
  const compile = (db: Database | Transaction<DB>) => {
    const standIns = new Map<unknown, K>(names.map((name) => [`\u0000precompiled:${name}`, name]));
    const query = build(
      db,
      Object.fromEntries([...standIns].map(([standIn, name]) => [name, standIn])) as Record<K, never>,
    ).compile(db);
    const slots = query.parameters.map((value) => standIns.get(value) ?? null);
    for (const name of names) {
      if (!slots.includes(name)) throw new Error(`precompiled query does not use ${name}`);
    }
    if (query.sql.includes('\u0000')) throw new Error('a precompiled value went into the SQL text');
    return { query, slots };
  };
  return async (db, values) => {
    // Compiled once: every database here (pg and PGlite) compiles with Kysely's PostgreSQL compiler.
    entry ??= compile(db);
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => {
      const slot = slots[i];
      return slot === null || slot === undefined ? value : values[slot];
    });
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}
