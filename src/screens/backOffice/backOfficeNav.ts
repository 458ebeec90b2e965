import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { StaffArea } from '../../../schemas/permissions';

const m = defineMessages({
  home: { id: 'backOffice.nav.home', defaultMessage: 'Overview' },
  passkeys: { id: 'backOffice.nav.passkeys', defaultMessage: 'My passkeys' },
  staff: { id: 'backOffice.nav.staff', defaultMessage: 'Staff accounts' },
  legalChanges: { id: 'backOffice.nav.legalChanges', defaultMessage: 'Legal changes' },
  accountDeletions: { id: 'backOffice.nav.accountDeletions', defaultMessage: 'Account deletions' },
  campaigns: { id: 'backOffice.nav.campaigns', defaultMessage: 'Campaigns to review' },
  audit: { id: 'backOffice.nav.audit', defaultMessage: 'Audit trail' },
  merchantReviews: { id: 'backOffice.nav.merchantReviews', defaultMessage: 'Merchant reviews' },
  identityReviews: { id: 'backOffice.nav.identityReviews', defaultMessage: 'Identity reviews' },
});

/**
 * The back office's menu: each page with the staff area whose roles may open it (schemas/permissions.ts
 * `staffAreaRoles`, the table the server enforces). The menu shows a staff member only what their role opens.
 */
export const backOfficeNav: readonly { path: string; area: StaffArea; label: MessageDescriptor }[] = [
  { path: '/back-office', area: 'self', label: m.home },
  { path: '/back-office/merchant-reviews', area: 'merchant-reviews', label: m.merchantReviews },
  { path: '/back-office/identity-reviews', area: 'identity-reviews', label: m.identityReviews },
  { path: '/back-office/legal-changes', area: 'legal-changes', label: m.legalChanges },
  { path: '/back-office/account-deletions', area: 'account-deletions', label: m.accountDeletions },
  { path: '/back-office/campaigns', area: 'campaigns', label: m.campaigns },
  { path: '/back-office/audit-trail', area: 'audit-trail', label: m.audit },
  { path: '/back-office/staff', area: 'staff', label: m.staff },
  { path: '/back-office/passkeys', area: 'self', label: m.passkeys },
];
