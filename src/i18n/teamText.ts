import { defineMessages, type IntlShape } from 'react-intl';
import type { AccessLevel, EmployeeRole, EmployeeStatus } from '../../schemas/employees.schema';

// Who someone is on a merchant's team, in words: the team screens and the invitation a new member accepts.

/** SPEC §1 role names: Admin, Viewer, Cardholder (`employee` on the wire); the owner has no role. */
const roles = defineMessages({
  admin: { id: 'team.role.admin', defaultMessage: 'Admin' },
  employee: { id: 'team.role.employee', defaultMessage: 'Cardholder' },
  viewer: { id: 'team.role.viewer', defaultMessage: 'Viewer' },
  owner: { id: 'team.role.owner', defaultMessage: 'Owner' },
});

/** What a role may do, one line each, for the invite form. */
const roleHints = defineMessages({
  admin: {
    id: 'team.role.adminHint',
    defaultMessage:
      'Admin: uses their own cards and sees the transactions and the overview; cannot pay, change plans or the team.',
  },
  employee: {
    id: 'team.role.employeeHint',
    defaultMessage:
      'Cardholder: uses their own cards and sees the transactions and the overview; cannot pay, change plans or the team.',
  },
  viewer: {
    id: 'team.role.viewerHint',
    defaultMessage: 'Viewer: sees the dashboard, transactions, cards and the team; changes nothing.',
  },
});

/** What the person sees on /overview (the invitation's access level); the owner sees everything. */
const accessLevels = defineMessages({
  own: { id: 'team.access.own', defaultMessage: 'Their own cards only' },
  company: { id: 'team.access.company', defaultMessage: 'Company balances and transactions' },
  full: { id: 'team.access.full', defaultMessage: 'Everything' },
});

const statuses = defineMessages({
  enabled: { id: 'team.status.enabled', defaultMessage: 'Enabled' },
  disabled: { id: 'team.status.disabled', defaultMessage: 'Disabled' },
});

export const roleText = (intl: IntlShape, role: EmployeeRole | 'owner') => intl.formatMessage(roles[role]);
export const roleHintText = (intl: IntlShape, role: EmployeeRole) => intl.formatMessage(roleHints[role]);
export const accessText = (intl: IntlShape, access: AccessLevel | 'full') =>
  intl.formatMessage(accessLevels[access]);
export const employeeStatusText = (intl: IntlShape, status: EmployeeStatus) =>
  intl.formatMessage(statuses[status]);
