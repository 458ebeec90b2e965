import { sql } from 'kysely';
import type { Database } from '../../server/db/database';

/**
 * Every user table's row count and an md5 of all its rows (each row as text, sorted): two equal digests mean nothing
 * was inserted, updated or deleted anywhere in between. For tests that prove a refused call changed nothing.
 */
export async function databaseDigest(db: Database): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    ORDER BY table_name`.execute(db);
  const digest: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ n: string | number | bigint; h: string }>`
      SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h
      FROM ${sql.table(name)} AS t`.execute(db);
    const first = row.rows[0];
    digest[name] = `${String(first?.n ?? 0)}:${first?.h ?? ''}`;
  }
  return digest;
}
