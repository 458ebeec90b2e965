/**
 * The fixed set of actions the audit trail records (server/audit/auditTrail.ts writes them, the activity log reads
 * them, src/i18n/auditText.ts words them). Here in schemas/ because the server, the API schemas and the app all
 * need the same list and only schemas/ is shared by all three.
 */
export const auditActions = [
  'sign_in.succeeded',
  'sign_in.failed',
  'password.changed',
  'mfa.added',
  'mfa.removed',
] as const;
export type AuditAction = (typeof auditActions)[number];
