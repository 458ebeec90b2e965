/**
 * The company's audit trail as its owner reads it (issue 21; the trail itself: server/audit/auditTrail.ts, ADR 022).
 *
 * Endpoints (operationId), all under /api/, owner only (area `activity-log`):
 * - GET merchants/audit-trail/          auditTrail         AuditTrailQuery → AuditTrailPage (newest first, a page at
 *                                                          a time: `next_cursor`)
 * - GET merchants/audit-trail/export/   exportAuditTrail   AuditTrailExportQuery → text/csv attachment
 *
 * Only the merchant's own entries are read: staff entries and other merchants' never appear, whatever the filter.
 */
import { z } from 'zod';
import { auditActions, merchantAuditActions } from './auditActions';
import { text } from './text';
import { transactionsPageSize } from './transactions.schema';

export const AuditAction = z.enum(auditActions);

/** The actions an owner's activity log can hold, and so its filter offers (schemas/auditActions.ts). */
export { merchantAuditActions };

/** A day (`2026-11-22`, the whole UTC day) or an ISO date-time with an offset. */
const DateOrDateTime = text()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/,
    'Use YYYY-MM-DD or an ISO date-time.',
  );

export const AuditTrailFilters = z.object({
  /** Only this action (`auditActions`). */
  action: AuditAction.optional(),
  /** From this day (inclusive) or instant. */
  from: DateOrDateTime.optional(),
  /** Until this day (inclusive, the whole day) or instant (inclusive). */
  to: DateOrDateTime.optional(),
  /** Only what this user of the company did (their id). */
  actor: text().max(64).optional(),
});

export const AuditTrailQuery = AuditTrailFilters.extend({
  /** `next_cursor` of the previous page. */
  cursor: text().max(200).optional(),
});
export type AuditTrailQuery = z.infer<typeof AuditTrailQuery>;

export const AuditTrailExportQuery = AuditTrailFilters;
export type AuditTrailExportQuery = z.infer<typeof AuditTrailExportQuery>;

/** Entries per page: the same as the transactions list. */
export const auditTrailPageSize = transactionsPageSize;

/** The most entries one CSV may hold; a wider filter is refused with 422 (narrow the dates). */
export const auditTrailExportLimit = 50_000;

export const AuditTrailEntry = z.object({
  id: text(),
  occurred_at: z.iso.datetime({ offset: true }),
  /** Who acted: a user of the company, or null (a sign-in attempt with an address that has no account). */
  actor: z.object({ id: text(), name: text(), email: text() }).nullable(),
  action: AuditAction,
  /** What the action concerned, e.g. `mfa:totp`. */
  subject: text().nullable(),
  /** A few plain facts (the email tried, why a sign-in failed); never secrets. */
  details: z.record(text(), z.union([text(), z.number(), z.boolean(), z.null()])),
  ip: text().nullable(),
  /** The browser or app that sent the request (its User-Agent). */
  user_agent: text().nullable(),
});
export type AuditTrailEntry = z.infer<typeof AuditTrailEntry>;

export const AuditTrailPage = z.object({
  items: z.array(AuditTrailEntry),
  next_cursor: text().nullable(),
});
export type AuditTrailPage = z.infer<typeof AuditTrailPage>;

export const AuditTrailCsv = z
  .any()
  .describe('The filtered entries as text/csv (UTF-8 with BOM), an attachment named audit-trail-<date>.csv.');
