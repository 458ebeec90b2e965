import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Splits a migration into statements, since PGlite's extended-protocol query() runs one at a time.
 * Statements end with `;` at the end of a line; comments are dropped. Migrations therefore avoid
 * dollar-quoted bodies with inner semicolons at line ends.
 */
export function splitStatements(source: string): string[] {
  const withoutComments = source
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join('\n');
  return withoutComments
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
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
