import type { TestServer } from './harness';

/*
 * The audit trail's entries a test's action wrote: note the newest id before, read what came after (the trail is
 * shared by every test of the file, so counting all entries would not do).
 */

/** The id of the audit trail's newest entry (0 when empty): what a test's action writes comes after it. */
export async function lastAuditId(server: Pick<TestServer, 'db'>): Promise<bigint> {
  const row = await server.db
    .selectFrom('audit_trail')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? 0n;
}

/** The audit trail's entries written after the entry `id`, oldest first. */
export function auditAfter(server: Pick<TestServer, 'db'>, id: bigint) {
  return server.db.selectFrom('audit_trail').selectAll().where('id', '>', id).orderBy('id').execute();
}
