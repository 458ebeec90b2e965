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
});
