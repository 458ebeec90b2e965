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
  // The bank's staff (realm 'staff').
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
export type AuditAction = (typeof auditActions)[number];
