/**
 * The whole audit trail as the bank's staff read it (issue 21; the trail: server/audit/auditTrail.ts, ADR 022):
 * every merchant's entries and every staff member's, with who acted in either realm, and the chain's check.
 *
 * - GET back-office/audit-trail/         staffAuditTrail   StaffAuditTrailQuery → StaffAuditTrailPage (newest first)
 * - GET back-office/audit-trail/chain/   staffAuditChain   → StaffAuditChain (the `npm run audit:verify` check)
 */
import { z } from 'zod';
import { AuditAction } from './auditTrail.schema';
import { text } from './text';

const DateOrDateTime = text()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/,
    'Use YYYY-MM-DD or an ISO date-time.',
  );

export const StaffAuditTrailQuery = z.object({
  /** Only the merchants' side or only the staff's. */
  realm: z.enum(['merchant', 'staff']).optional(),
  /** Only entries about this merchant (its id), whoever acted. */
  merchant: z.uuid('Not a merchant’s id.').optional(),
  action: AuditAction.optional(),
  from: DateOrDateTime.optional(),
  to: DateOrDateTime.optional(),
  cursor: text().max(200).optional(),
});
export type StaffAuditTrailQuery = z.infer<typeof StaffAuditTrailQuery>;

export const StaffAuditTrailEntry = z.object({
  id: text(),
  occurred_at: text(),
  realm: z.enum(['merchant', 'staff']),
  /** Who acted: a merchant's user or a staff member (by realm), or null when nobody is known. */
  actor: z.object({ id: text(), name: text(), email: text() }).nullable(),
  /** The merchant the entry concerns, if any. */
  merchant: z.object({ id: text(), name: text() }).nullable(),
  action: AuditAction,
  subject: text().nullable(),
  details: z.record(text(), z.union([text(), z.number(), z.boolean(), z.null()])),
  ip: text().nullable(),
  user_agent: text().nullable(),
  hash: text(),
});
export type StaffAuditTrailEntry = z.infer<typeof StaffAuditTrailEntry>;

export const StaffAuditTrailPage = z.object({
  items: z.array(StaffAuditTrailEntry),
  next_cursor: text().nullable(),
});
export type StaffAuditTrailPage = z.infer<typeof StaffAuditTrailPage>;

export const StaffAuditChain = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  /** The last entry's hash, to keep elsewhere: a later check that ends on another hash shows the tail was changed. */
  head: text().nullable(),
  /** The first entry that breaks the chain. */
  broken: z
    .object({ id: text(), occurred_at: text(), action: text(), reason: z.enum(['unlinked', 'changed']) })
    .nullable(),
});
