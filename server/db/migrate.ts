import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Splits a migration into statements, since PGlite's extended-protocol query() runs one at a time.
 * Statements end with `;` at the end of a line, outside dollar-quoted bodies (`$$ ... $$`, `$fn$ ... $fn$`: a
 * PL/pgSQL function's inner statements end lines with `;` too); comments are dropped.
 */
export function splitStatements(source: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let openTag: string | null = null;
  for (const raw of source.split('\n')) {
    const line = raw.replace(/--.*$/, '');
    for (const [tag] of line.matchAll(/\$[A-Za-z_]*\$/g)) {
      if (openTag === null) openTag = tag;
      else if (tag === openTag) openTag = null;
    }
    if (openTag === null && /;\s*$/.test(line)) {
      current.push(line.replace(/;\s*$/, ''));
      statements.push(current.join('\n'));
      current = [];
    } else {
      current.push(line);
    }
  }
  statements.push(current.join('\n'));
  return statements.map((statement) => statement.trim()).filter((statement) => statement.length > 0);
}

export function listMigrations(): { name: string; file: string }[] {
  return readdirSync(migrationsDir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), file: path.join(migrationsDir, file) }));
}

/** Applies every pending migration, each in its own transaction; returns the names applied. */
export async function migrate(db: Database): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  const applied: string[] = [];
  for (const migration of listMigrations()) {
    const done = await db.transaction().execute(async (trx) => {
      // Serialises concurrent starters on one PostgreSQL (several API processes): the second waits, then skips.
      await sql`SELECT pg_advisory_xact_lock(7271001)`.execute(trx);
      const existing = await trx
        .selectFrom('schema_migrations')
        .select('name')
        .where('name', '=', migration.name)
        .executeTakeFirst();
      if (existing) return false;
      for (const statement of splitStatements(readFileSync(migration.file, 'utf8'))) {
        await sql.raw(statement).execute(trx);
      }
      await trx.insertInto('schema_migrations').values({ name: migration.name }).execute();
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
