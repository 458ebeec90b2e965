/**
 * The fixed set of actions the audit trail records (server/audit/auditTrail.ts writes them, the activity log reads
 * them, src/i18n/auditText.ts words them). Here in schemas/ because the server, the API schemas and the app all
 * need the same list and only schemas/ is shared by all three.
 */
/**
 * The actions a merchant's own users take (realm `merchant`): the only ones an owner's activity log can hold, so the
 * only ones its filter offers. The rest are the bank staff's, read in the back office.
 */
export const merchantAuditActions = [
  'sign_in.succeeded',
  'sign_in.failed',
  'password.changed',
  'mfa.added',
  'mfa.removed',
  'payment.sent',
  'scheduled_payment.created',
  'scheduled_payment.cancelled',
  'beneficiary.created',
  'beneficiary.changed',
  'beneficiary.deleted',
  'card.details_revealed',
  'card.frozen',
  'card.unfrozen',
  'card.reported_lost',
  'card.deleted',
  'card.limits_changed',
  'employee.invited',
  'employee.enabled',
  'employee.disabled',
  'employee.invitation_cancelled',
  'transactions.exported',
  'statement.downloaded',
  'proof_of_payment.downloaded',
  'legal_details.change_requested',
] as const;

/** The bank's staff (realm `staff`): their sign-ins and accounts, and their decisions. */
export const staffAuditActions = [
  'staff.signed_in',
  'staff.sign_in_failed',
  'staff.passkey_added',
  'staff.created',
  'staff.disabled',
  // Staff decisions on merchants' follow-ups: a change of legal details decided, an account deletion's task done.
  'legal_change.approved',
  'legal_change.rejected',
  'account_deletion.task_done',
  // The bank's review of merchants and identity photos (staff realm, server/review/).
  'merchant_review.first_approval',
  'merchant_review.approved',
  'merchant_review.rejected',
  'merchant_review.information_requested',
  'merchant_review.vat_checked',
  'merchant_review.document_opened',
  'identity_review.confirmed',
  'identity_review.refused',
  'identity_review.photo_opened',
  // Staff decisions on advertising campaigns (server/advertising/campaignReview.ts).
  'campaign.approved',
  'campaign.rejected',
] as const;

export const auditActions = [...merchantAuditActions, ...staffAuditActions] as const;
export type AuditAction = (typeof auditActions)[number];
