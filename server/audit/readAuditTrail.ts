import { stringify } from 'csv-stringify/sync';
import { sql, type SqlBool } from 'kysely';
import {
  auditTrailExportLimit,
  auditTrailPageSize,
  type AuditTrailEntry,
  type AuditTrailExportQuery,
  type AuditTrailPage,
  type AuditTrailQuery,
} from '../../schemas/auditTrail.schema';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { neutralise } from '../statements/csv';
import type { AuditAction } from '../../schemas/auditActions';
import { uuidPattern } from '../db/ids';

/*
 * The owner's reading of the company's trail (schemas/auditTrail.schema.ts). Only merchant-realm entries whose
 * merchant is the caller's: what staff did is for staff to read, and another merchant's entries never show.
 */

const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });

/** The cursor: base64url of the last entry's id, opaque to clients (ids only grow, so newest first is by id). */
export function encodeCursor(id: bigint): string {
  return Buffer.from(`a${id.toString()}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): bigint {
  const bad = () => badField('cursor', 'This cursor is not valid; start from the first page.');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw bad();
  const match = /^a(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1]) throw bad();
  return BigInt(match[1]);
}

/** A day is the whole UTC day; an instant is itself. `end` makes either inclusive. */
export function parseBound(value: string, field: string, end: boolean): Date {
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(isDay ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw badField(field, 'Not a real date.');
  if (isDay) {
    // "2026-02-31" parses as March 3rd: refuse dates that do not round-trip.
    if (date.toISOString().slice(0, 10) !== value) throw badField(field, 'Not a real date.');
    if (end) date.setUTCDate(date.getUTCDate() + 1);
  } else if (end) {
    date.setTime(date.getTime() + 1);
  }
  return date;
}

async function filteredQuery(db: Database, merchantId: string, filters: AuditTrailExportQuery) {
  const from = filters.from ? parseBound(filters.from, 'from', false) : null;
  const to = filters.to ? parseBound(filters.to, 'to', true) : null;
  if (from && to && from >= to) throw badField('to', 'The end is before the start.');
  if (filters.actor !== undefined) {
    const member =
      uuidPattern.test(filters.actor) &&
      (await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', filters.actor)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst());
    if (!member) throw badField('actor', 'Not a user of this company.');
  }
  let query = db
    .selectFrom('audit_trail as a')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'a.actor_user_id').onRef('u.merchant_id', '=', 'a.merchant_id'),
    )
    .select([
      'a.id',
      'a.occurred_at',
      'a.actor_user_id',
      'a.action',
      'a.subject',
      'a.details',
      'a.ip',
      'a.user_agent',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('a.realm', '=', 'merchant')
    .where('a.merchant_id', '=', merchantId);
  if (filters.action) query = query.where('a.action', '=', filters.action);
  if (filters.actor) query = query.where('a.actor_user_id', '=', filters.actor);
  if (from) query = query.where('a.occurred_at', '>=', from);
  if (to) query = query.where('a.occurred_at', '<', to);
  return query;
}

type Row = {
  id: bigint | string;
  occurred_at: Date;
  actor_user_id: string | null;
  action: string;
  subject: string | null;
  details: unknown;
  ip: string | null;
  user_agent: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

function toEntry(row: Row): AuditTrailEntry {
  const details: AuditTrailEntry['details'] = {};
  if (row.details && typeof row.details === 'object' && !Array.isArray(row.details)) {
    for (const [key, value] of Object.entries(row.details as Record<string, unknown>)) {
      details[key] =
        value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
          ? value
          : JSON.stringify(value);
    }
  }
  return {
    id: row.id.toString(),
    occurred_at: row.occurred_at.toISOString(),
    actor:
      row.actor_user_id && row.email !== null
        ? {
            id: row.actor_user_id,
            name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
            email: row.email,
          }
        : null,
    action: row.action as AuditAction,
    subject: row.subject,
    details,
    ip: row.ip,
    user_agent: row.user_agent,
  };
}

/** auditTrail: the company's entries newest first, filtered, one page after `cursor`. */
export async function readAuditTrail(
  db: Database,
  merchantId: string,
  filters: AuditTrailQuery,
): Promise<AuditTrailPage> {
  const cursor = filters.cursor ? decodeCursor(filters.cursor) : null;
  let query = await filteredQuery(db, merchantId, filters);
  if (cursor !== null) query = query.where(sql<SqlBool>`a.id < ${cursor.toString()}::int8`);
  const rows = (await query
    .orderBy('a.id', 'desc')
    .limit(auditTrailPageSize + 1)
    .execute()) as Row[];
  const page = rows.slice(0, auditTrailPageSize);
  const last = page.at(-1);
  return {
    items: page.map(toEntry),
    next_cursor: rows.length > auditTrailPageSize && last ? encodeCursor(BigInt(last.id)) : null,
  };
}

/** Details as one cell: `key=value` pairs in key order, separated by "; ". */
function flatDetails(details: AuditTrailEntry['details']): string {
  return Object.keys(details)
    .sort()
    .map((key) => `${key}=${String(details[key])}`)
    .join('; ');
}

export const auditTrailCsvColumns = [
  'when',
  'who',
  'email',
  'action',
  'subject',
  'details',
  'ip',
  'device',
] as const;

/**
 * exportAuditTrail: the filtered entries, newest first, as CSV (RFC 4180, CRLF, UTF-8 with a byte-order mark, cells
 * a spreadsheet would run as a formula neutralised as in statements). More than `auditTrailExportLimit` → 422.
 */
export async function exportAuditTrail(
  db: Database,
  merchantId: string,
  filters: AuditTrailExportQuery,
): Promise<{ fileName: string; body: string; rows: number }> {
  const query = await filteredQuery(db, merchantId, filters);
  const rows = (await query
    .orderBy('a.id', 'desc')
    .limit(auditTrailExportLimit + 1)
    .execute()) as Row[];
  if (rows.length > auditTrailExportLimit) {
    throw new AppError(
      'validation_failed',
      422,
      `More than ${auditTrailExportLimit} entries match: narrow the dates or the action.`,
      { details: { row_limit: auditTrailExportLimit } },
    );
  }
  const records = rows
    .map(toEntry)
    .map((entry) => [
      entry.occurred_at,
      entry.actor?.name ?? '',
      entry.actor?.email ?? '',
      entry.action,
      entry.subject ?? '',
      flatDetails(entry.details),
      entry.ip ?? '',
      entry.user_agent ?? '',
    ]);
  const body = stringify(
    [[...auditTrailCsvColumns], ...records].map((record) => record.map(neutralise)),
    {
      bom: true,
      record_delimiter: 'windows',
      quoted_match: /[",\r\n]/,
    },
  );
  return {
    fileName: `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`,
    body,
    rows: rows.length,
  };
}
