import { defineMessages } from 'react-intl';
import type { AuditAction } from '../../schemas/auditActions';

/**
 * What each entry of the audit trail records, as the merchant's owner reads it in the activity log. Keyed by every
 * action of schemas/auditActions.ts, so an action added there without words here is a type error.
 */
export const auditActionText = defineMessages<AuditAction>({
  'sign_in.succeeded': { id: 'audit.action.signInSucceeded', defaultMessage: 'Signed in' },
  'sign_in.failed': { id: 'audit.action.signInFailed', defaultMessage: 'Sign-in refused' },
  'password.changed': { id: 'audit.action.passwordChanged', defaultMessage: 'Password changed' },
  'mfa.added': { id: 'audit.action.mfaAdded', defaultMessage: 'Second factor added' },
  'mfa.removed': { id: 'audit.action.mfaRemoved', defaultMessage: 'Second factor removed' },
  'payment.sent': { id: 'audit.action.paymentSent', defaultMessage: 'Payment sent' },
  'scheduled_payment.created': {
    id: 'audit.action.scheduledPaymentCreated',
    defaultMessage: 'Scheduled payment created',
  },
  'scheduled_payment.cancelled': {
    id: 'audit.action.scheduledPaymentCancelled',
    defaultMessage: 'Scheduled payment cancelled',
  },
  'beneficiary.created': { id: 'audit.action.beneficiaryCreated', defaultMessage: 'Beneficiary added' },
  'beneficiary.changed': { id: 'audit.action.beneficiaryChanged', defaultMessage: 'Beneficiary changed' },
  'beneficiary.deleted': { id: 'audit.action.beneficiaryDeleted', defaultMessage: 'Beneficiary deleted' },
  'card.details_revealed': { id: 'audit.action.cardDetailsRevealed', defaultMessage: 'Card details shown' },
  'card.frozen': { id: 'audit.action.cardFrozen', defaultMessage: 'Card frozen' },
  'card.unfrozen': { id: 'audit.action.cardUnfrozen', defaultMessage: 'Card unfrozen' },
  'card.reported_lost': { id: 'audit.action.cardReportedLost', defaultMessage: 'Card reported lost' },
  'card.deleted': { id: 'audit.action.cardDeleted', defaultMessage: 'Card deleted' },
  'card.limits_changed': { id: 'audit.action.cardLimitsChanged', defaultMessage: 'Card limits changed' },
  'employee.invited': { id: 'audit.action.employeeInvited', defaultMessage: 'Employee invited' },
  'employee.enabled': { id: 'audit.action.employeeEnabled', defaultMessage: 'Employee enabled' },
  'employee.disabled': { id: 'audit.action.employeeDisabled', defaultMessage: 'Employee disabled' },
  'employee.invitation_cancelled': {
    id: 'audit.action.employeeInvitationCancelled',
    defaultMessage: 'Invitation cancelled',
  },
  'transactions.exported': {
    id: 'audit.action.transactionsExported',
    defaultMessage: 'Transactions downloaded',
  },
  'statement.downloaded': {
    id: 'audit.action.statementDownloaded',
    defaultMessage: 'Monthly statement downloaded',
  },
  'proof_of_payment.downloaded': {
    id: 'audit.action.proofOfPaymentDownloaded',
    defaultMessage: 'Proof of payment downloaded',
  },
  'legal_details.change_requested': {
    id: 'audit.action.legalDetailsChangeRequested',
    defaultMessage: 'Change of legal details requested',
  },
  'staff.signed_in': { id: 'audit.action.staffSignedIn', defaultMessage: 'Staff member signed in' },
  'staff.sign_in_failed': { id: 'audit.action.staffSignInFailed', defaultMessage: 'Staff sign-in refused' },
  'staff.passkey_added': { id: 'audit.action.staffPasskeyAdded', defaultMessage: 'Staff passkey added' },
  'staff.created': { id: 'audit.action.staffCreated', defaultMessage: 'Staff member created' },
  'staff.disabled': { id: 'audit.action.staffDisabled', defaultMessage: 'Staff member disabled' },
  'legal_change.approved': {
    id: 'audit.action.legalChangeApproved',
    defaultMessage: 'Change of legal details approved',
  },
  'legal_change.rejected': {
    id: 'audit.action.legalChangeRejected',
    defaultMessage: 'Change of legal details rejected',
  },
  'account_deletion.task_done': {
    id: 'audit.action.accountDeletionTaskDone',
    defaultMessage: 'Account deletion follow-up done',
  },
  'merchant_review.first_approval': {
    id: 'audit.action.merchantReviewFirstApproval',
    defaultMessage: 'Application approved by a first reviewer',
  },
  'merchant_review.approved': {
    id: 'audit.action.merchantReviewApproved',
    defaultMessage: 'Application approved',
  },
  'merchant_review.rejected': {
    id: 'audit.action.merchantReviewRejected',
    defaultMessage: 'Application rejected',
  },
  'merchant_review.information_requested': {
    id: 'audit.action.merchantReviewInformationRequested',
    defaultMessage: 'More information requested',
  },
  'merchant_review.vat_checked': {
    id: 'audit.action.merchantReviewVatChecked',
    defaultMessage: 'VAT number checked by the bank',
  },
  'merchant_review.document_opened': {
    id: 'audit.action.merchantReviewDocumentOpened',
    defaultMessage: 'Company document opened by the bank',
  },
  'identity_review.confirmed': {
    id: 'audit.action.identityReviewConfirmed',
    defaultMessage: 'Identity confirmed by the bank',
  },
  'identity_review.refused': {
    id: 'audit.action.identityReviewRefused',
    defaultMessage: 'Identity photos refused by the bank',
  },
  'identity_review.photo_opened': {
    id: 'audit.action.identityReviewPhotoOpened',
    defaultMessage: 'Identity photo opened by the bank',
  },
  'campaign.approved': {
    id: 'audit.action.campaignApproved',
    defaultMessage: 'Advertising campaign approved',
  },
  'campaign.rejected': {
    id: 'audit.action.campaignRejected',
    defaultMessage: 'Advertising campaign rejected',
  },
});
