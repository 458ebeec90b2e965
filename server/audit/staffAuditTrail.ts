import { sql, type SqlBool } from 'kysely';
import type { AuditAction } from '../../schemas/auditActions';
import { auditTrailPageSize } from '../../schemas/auditTrail.schema';
import type {
  StaffAuditTrailEntry,
  StaffAuditTrailPage,
  StaffAuditTrailQuery,
} from '../../schemas/staffAuditTrail.schema';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { verifyAuditChain } from './auditTrail';
import { decodeCursor, encodeCursor, parseBound } from './readAuditTrail';

/*
 * The bank staff's reading of the whole trail (schemas/staffAuditTrail.schema.ts): every realm, every merchant, with
 * who acted named from the realm's own table (a merchant's user or a staff member), newest first, a page at a time.
 */

export async function readWholeAuditTrail(
  db: Database,
  filters: StaffAuditTrailQuery,
): Promise<StaffAuditTrailPage> {
  const from = filters.from ? parseBound(filters.from, 'from', false) : null;
  const to = filters.to ? parseBound(filters.to, 'to', true) : null;
  if (from && to && from >= to) {
    throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
      fields: { to: 'The end is before the start.' },
    });
  }
  const cursor = filters.cursor ? decodeCursor(filters.cursor) : null;
  let query = db
    .selectFrom('audit_trail as a')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'a.actor_user_id').on('a.realm', '=', 'merchant'),
    )
    .leftJoin('staff_users as s', (join) =>
      join.onRef('s.id', '=', 'a.actor_user_id').on('a.realm', '=', 'staff'),
    )
    .leftJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select([
      'a.id',
      'a.occurred_at',
      'a.realm',
      'a.actor_user_id',
      'a.merchant_id',
      'a.action',
      'a.subject',
      'a.details',
      'a.ip',
      'a.user_agent',
      'a.hash',
      'u.first_name',
      'u.last_name',
      'u.email as user_email',
      's.name as staff_name',
      's.email as staff_email',
      'm.name as merchant_name',
    ]);
  if (filters.realm) query = query.where('a.realm', '=', filters.realm);
  if (filters.merchant) query = query.where('a.merchant_id', '=', filters.merchant);
  if (filters.action) query = query.where('a.action', '=', filters.action);
  if (from) query = query.where('a.occurred_at', '>=', from);
  if (to) query = query.where('a.occurred_at', '<', to);
  if (cursor !== null) query = query.where(sql<SqlBool>`a.id < ${cursor.toString()}::int8`);
  const rows = await query
    .orderBy('a.id', 'desc')
    .limit(auditTrailPageSize + 1)
    .execute();
  const page = rows.slice(0, auditTrailPageSize);
  const last = page.at(-1);
  return {
    items: page.map((row): StaffAuditTrailEntry => {
      const details: StaffAuditTrailEntry['details'] = {};
      if (row.details && typeof row.details === 'object' && !Array.isArray(row.details)) {
        for (const [key, value] of Object.entries(row.details as Record<string, unknown>)) {
          details[key] =
            value === null ||
            typeof value === 'string' ||
            typeof value === 'number' ||
            typeof value === 'boolean'
              ? value
              : JSON.stringify(value);
        }
      }
      const actor =
        row.actor_user_id === null
          ? null
          : row.realm === 'staff'
            ? row.staff_email === null
              ? null
              : { id: row.actor_user_id, name: row.staff_name ?? '', email: row.staff_email }
            : row.user_email === null
              ? null
              : {
                  id: row.actor_user_id,
                  name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
                  email: row.user_email,
                };
      return {
        id: row.id.toString(),
        occurred_at: row.occurred_at.toISOString(),
        realm: row.realm,
        actor,
        merchant: row.merchant_id === null ? null : { id: row.merchant_id, name: row.merchant_name ?? '' },
        action: row.action as AuditAction,
        subject: row.subject,
        details,
        ip: row.ip,
        user_agent: row.user_agent,
        hash: row.hash,
      };
    }),
    next_cursor: rows.length > auditTrailPageSize && last ? encodeCursor(BigInt(last.id)) : null,
  };
}

/** The chain's check, as `npm run audit:verify` runs it. */
export async function staffAuditChain(db: Database) {
  const result = await verifyAuditChain(db);
  return result.ok
    ? { ok: true, entries: result.entries, head: result.head, broken: null }
    : {
        ok: false,
        entries: result.entries,
        head: null,
        broken: {
          id: result.broken.id.toString(),
          occurred_at: result.broken.occurredAt.toISOString(),
          action: result.broken.action,
          reason: result.broken.reason,
        },
      };
}
