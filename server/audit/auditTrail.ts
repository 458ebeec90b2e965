import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { AuditAction } from '../../schemas/auditActions';
import type { RequestOrigin } from '../auth/login';
import type { Database } from '../db/database';
import type { DB } from '../db/types';

/*
 * The audit trail (migration 033, docs/decisions/022-audit-trail.md): who did what, when, from which address and
 * device, appended in the same transaction as the action so an action and its entry commit or vanish together.
 *
 * Tamper evidence: every entry's `hash` is SHA-256 over the previous entry's hash and this entry's fields
 * (`canonicalEntry` below); the first entry chains onto `genesisHash`. Changing or removing a row breaks the link
 * between it and the next one, which `verifyAuditChain` (npm run audit:verify) finds and names.
 *
 * Never written: passwords, one-time codes, authenticator secrets, tokens, card data. `details` holds a few plain
 * facts (the email tried, which second factor, why a sign-in failed) that a reviewer needs to read the entry.
 */

/** The fixed set of actions (schemas/auditActions.ts, shared with the app); an entry's `action` is one of these. */
export { auditActions, type AuditAction } from '../../schemas/auditActions';

export type AuditRealm = 'merchant' | 'staff';

/** Plain facts only: strings, numbers, true/false or null, one level deep (no secrets, no codes, no passwords). */
export type AuditDetails = Record<string, string | number | boolean | null>;

export type AuditEntry = {
  realm: AuditRealm;
  /** Who acted; null when nobody is known (a sign-in with an email that has no account). */
  actorUserId: string | null;
  /** The merchant the entry belongs to; when left out, the merchant of `actorUserId` (merchant realm). */
  merchantId?: string | null;
  action: AuditAction;
  /** What the action concerned, e.g. 'mfa:totp'. */
  subject?: string | null;
  details?: AuditDetails;
  origin: RequestOrigin | null;
};

/** The previous hash of the very first entry. */
export const genesisHash = '0'.repeat(64);

/** Serialises every writer of the trail (held until the writer's transaction ends). */
const chainLockKey = 7271021;

const userAgentMax = 512;

/** The stored fields of an entry, as read back. */
type StoredEntry = {
  id: bigint;
  occurred_at: Date;
  realm: AuditRealm;
  actor_user_id: string | null;
  merchant_id: string | null;
  action: string;
  subject: string | null;
  details: unknown;
  ip: string | null;
  user_agent: string | null;
};

/** Objects with their keys sorted, at every depth, so equal values serialise equally (jsonb keeps no key order). */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The text an entry's hash covers: a JSON array in this fixed order, version first so the format can change
 * without reinterpreting old entries: [1, id as decimal text, occurred_at as ISO 8601 UTC with milliseconds, realm,
 * actor_user_id, merchant_id, action, subject, details with keys sorted, ip, user_agent].
 */
export function canonicalEntry(entry: StoredEntry): string {
  return JSON.stringify([
    1,
    entry.id.toString(),
    entry.occurred_at.toISOString(),
    entry.realm,
    entry.actor_user_id,
    entry.merchant_id,
    entry.action,
    entry.subject,
    sortedKeys(entry.details ?? {}),
    entry.ip,
    entry.user_agent,
  ]);
}

/** SHA-256 (hex) over the previous hash, a newline and the canonical entry. */
export function entryHash(prevHash: string, entry: StoredEntry): string {
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalEntry(entry)}`)
    .digest('hex');
}

/**
 * Appends one entry in the caller's transaction. Takes the trail's lock, so call it as the transaction's last step
 * (after the action's own row locks) and in READ COMMITTED (the default): the head it reads is then the last
 * committed entry, and two writers can never chain onto the same one (the unique `prev_hash` refuses it anyway).
 */
export async function recordAudit(trx: Transaction<DB>, entry: AuditEntry): Promise<bigint> {
  let merchantId = entry.merchantId;
  if (merchantId === undefined) {
    merchantId = entry.actorUserId
      ? ((
          await trx
            .selectFrom('users')
            .select('merchant_id')
            .where('id', '=', entry.actorUserId)
            .executeTakeFirst()
        )?.merchant_id ?? null)
      : null;
  }
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(chainLockKey)})`.execute(trx);
  const head = await trx
    .selectFrom('audit_trail')
    .select('hash')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const next = await sql<{
    id: bigint;
  }>`SELECT nextval(pg_get_serial_sequence('audit_trail', 'id')) AS id`.execute(trx);
  const stored: StoredEntry = {
    id: BigInt(next.rows[0]?.id ?? 0n),
    occurred_at: new Date(),
    realm: entry.realm,
    actor_user_id: entry.actorUserId,
    merchant_id: merchantId,
    action: entry.action,
    subject: entry.subject ?? null,
    details: sortedKeys(entry.details ?? {}),
    ip: entry.origin?.ip ?? null,
    user_agent: entry.origin?.userAgent?.slice(0, userAgentMax) ?? null,
  };
  const prevHash = head?.hash ?? genesisHash;
  await trx
    .insertInto('audit_trail')
    .values({
      ...stored,
      details: sql`CAST(${JSON.stringify(stored.details)} AS jsonb)`,
      prev_hash: prevHash,
      hash: entryHash(prevHash, stored),
    })
    .execute();
  return stored.id;
}

/**
 * For an action that writes nothing (an export, a download): one small transaction of its own for the entry, opened
 * after the work succeeded, so a refused or failed export leaves none.
 */
export async function recordAuditAlone(db: Database, entry: AuditEntry): Promise<bigint> {
  return db.transaction().execute((trx) => recordAudit(trx, entry));
}

export type ChainBreak = {
  id: bigint;
  occurredAt: Date;
  action: string;
  /** 'changed': the entry's fields no longer give its hash; 'unlinked': it does not follow the entry before it. */
  reason: 'changed' | 'unlinked';
};

export type ChainResult =
  { ok: true; entries: number; head: string | null } | { ok: false; entries: number; broken: ChainBreak };

const pageSize = 1000;

/** Walks the trail in order; the first entry that was changed or does not follow its predecessor, or ok. */
export async function verifyAuditChain(db: Database | Transaction<DB>): Promise<ChainResult> {
  let prevHash = genesisHash;
  let afterId = -1n;
  let entries = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_trail')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(pageSize)
      .execute();
    for (const row of rows) {
      const broken = (reason: ChainBreak['reason']): ChainResult => ({
        ok: false,
        entries,
        broken: { id: row.id, occurredAt: row.occurred_at, action: row.action, reason },
      });
      if (row.prev_hash !== prevHash) return broken('unlinked');
      if (entryHash(prevHash, row) !== row.hash) return broken('changed');
      prevHash = row.hash;
      entries += 1;
      afterId = row.id;
    }
    if (rows.length < pageSize) return { ok: true, entries, head: entries > 0 ? prevHash : null };
  }
}
