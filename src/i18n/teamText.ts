import { defineMessage, defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { AccessLevel, EmployeeRole, EmployeeStatus } from '../../schemas/employees.schema';
import {
  describedAreas,
  mainAreas,
  roleDescriptions,
  type MainArea,
  type RoleDescription,
  type RoleName,
} from '../../schemas/permissions';

// Who someone is on a merchant's team, in words: the team screens and the invitation a new member accepts.

/** SPEC §1 role names: Admin, Viewer, Cardholder (`employee` on the wire); the owner has no role. */
const roles = defineMessages({
  admin: { id: 'team.role.admin', defaultMessage: 'Admin' },
  employee: { id: 'team.role.employee', defaultMessage: 'Cardholder' },
  viewer: { id: 'team.role.viewer', defaultMessage: 'Viewer' },
  owner: { id: 'team.role.owner', defaultMessage: 'Owner' },
});

/** The main areas a role description names (schemas/permissions.ts `mainAreas`), as the menu calls them. */
const areaNames = defineMessages<MainArea>({
  overview: { id: 'team.area.overview', defaultMessage: 'Overview' },
  dashboard: { id: 'team.area.dashboard', defaultMessage: 'Dashboard' },
  analytics: { id: 'team.area.analytics', defaultMessage: 'Analytics' },
  transactions: { id: 'team.area.transactions', defaultMessage: 'Transactions' },
  cards: { id: 'team.area.cards', defaultMessage: 'Cards' },
  'my-wallet': { id: 'team.area.myWallet', defaultMessage: 'Wallet' },
  'scheduled-payments': { id: 'team.area.scheduledPayments', defaultMessage: 'Scheduled payments' },
  beneficiaries: { id: 'team.area.beneficiaries', defaultMessage: 'Beneficiaries' },
  'qr-codes': { id: 'team.area.qrCodes', defaultMessage: 'QR codes' },
  cashback: { id: 'team.area.cashback', defaultMessage: 'Cashback' },
  'my-employees': { id: 'team.area.team', defaultMessage: 'Team' },
  'send-money': { id: 'team.area.sendMoney', defaultMessage: 'Send money' },
  'request-money': { id: 'team.area.requestMoney', defaultMessage: 'Request money' },
  'add-card': { id: 'team.area.addCard', defaultMessage: 'Ordering cards' },
  plans: { id: 'team.area.plans', defaultMessage: 'Plans' },
  profile: { id: 'team.area.profile', defaultMessage: 'Company profile' },
});

/** Who reads a description: the team page and the invite form speak of the person, the invitation to the invitee. */
export type Reader = 'they' | 'you';

const seesAllTexts = {
  they: defineMessage({ id: 'team.role.they.seesAll', defaultMessage: 'Sees everything.' }),
  you: defineMessage({ id: 'team.role.you.seesAll', defaultMessage: 'You will see everything.' }),
};

const seesTexts = {
  they: defineMessage<Record<string, string>>({ id: 'team.role.they.sees', defaultMessage: 'Sees {areas}.' }),
  you: defineMessage<Record<string, string>>({
    id: 'team.role.you.sees',
    defaultMessage: 'You will see: {areas}.',
  }),
};

const changesTexts: Record<Reader, Record<RoleDescription['changes'], MessageDescriptor>> = {
  they: defineMessages({
    everything: {
      id: 'team.role.they.changesEverything',
      defaultMessage:
        'Changes everything: pays, orders cards, manages the team, the plan and the company profile.',
    },
    'own-cards': {
      id: 'team.role.they.changesOwnCards',
      defaultMessage:
        'Can freeze, limit and set the PIN of their own cards only; cannot pay, order cards, or change the plan or the team.',
    },
    nothing: {
      id: 'team.role.they.changesNothing',
      defaultMessage: 'Changes nothing: cannot pay, order cards, or change the plan or the team.',
    },
  }),
  you: defineMessages({
    everything: {
      id: 'team.role.you.changesEverything',
      defaultMessage:
        'You can change everything: pay, order cards, manage the team, the plan and the company profile.',
    },
    'own-cards': {
      id: 'team.role.you.changesOwnCards',
      defaultMessage:
        'You can freeze, limit and set the PIN of your own cards only; you cannot pay, order cards, or change the plan or the team.',
    },
    nothing: {
      id: 'team.role.you.changesNothing',
      defaultMessage:
        'You cannot change anything: you cannot pay, order cards, or change the plan or the team.',
    },
  }),
};

const sameAsTexts = {
  they: defineMessage<Record<string, string>>({
    id: 'team.role.they.sameAs',
    defaultMessage: 'The same access as a {role}.',
  }),
  you: defineMessage<Record<string, string>>({
    id: 'team.role.you.sameAs',
    defaultMessage: 'This is the same access as a {role}.',
  }),
};

/**
 * What a role can open and change, from the permission table (schemas/permissions.ts `roleDescriptions`, held to
 * `canAccess` and `mayCall` by tests/unit/roleDescriptions.test.ts): "Sees Overview, Transactions and Cards. Can
 * freeze…" about someone, "You will see: …" to the invitee. An `own` access level leaves out the areas that show only
 * the company's money (`describedAreas`).
 */
export function roleDescriptionText(
  intl: IntlShape,
  role: RoleName,
  access: AccessLevel | null,
  reader: Reader,
): string {
  const description = roleDescriptions[role];
  const shown = describedAreas(role, access);
  const areas = intl.formatList(
    shown.map((area) => intl.formatMessage(areaNames[area])),
    { type: 'conjunction' },
  );
  const parts = [
    shown.length === mainAreas.length
      ? intl.formatMessage(seesAllTexts[reader])
      : intl.formatMessage(seesTexts[reader], { areas }),
    intl.formatMessage(changesTexts[reader][description.changes]),
  ];
  if (description.sameAs) {
    parts.push(intl.formatMessage(sameAsTexts[reader], { role: roleText(intl, description.sameAs) }));
  }
  return parts.join(' ');
}

const roleHint = defineMessage<Record<string, string>>({
  id: 'team.role.hint',
  defaultMessage: '{role}: {description}',
});

/** The invite form's hint under the role: the role's name and its description for the access level chosen. */
export const roleHintText = (intl: IntlShape, role: EmployeeRole, access: AccessLevel) =>
  intl.formatMessage(roleHint, {
    role: roleText(intl, role),
    description: roleDescriptionText(intl, role, access, 'they'),
  });

/** What the person sees of the company's money (the invitation's access level); the owner sees everything. */
const accessLevels = defineMessages({
  own: { id: 'team.access.own', defaultMessage: 'Their own cards and their payments only' },
  company: { id: 'team.access.company', defaultMessage: 'Company balances and transactions' },
  full: { id: 'team.access.full', defaultMessage: 'Everything' },
});

/** The access level told to the invitee, a sentence (schemas/permissions.ts `accessLevelDescriptions`). */
const accessLevelsToYou = defineMessages<AccessLevel>({
  own: {
    id: 'team.access.you.own',
    defaultMessage: 'Of the company’s money you will see only your own cards and their payments.',
  },
  company: {
    id: 'team.access.you.company',
    defaultMessage: 'You will also see the company’s balances and all its transactions.',
  },
});

const statuses = defineMessages({
  enabled: { id: 'team.status.enabled', defaultMessage: 'Enabled' },
  disabled: { id: 'team.status.disabled', defaultMessage: 'Disabled' },
});

export const roleText = (intl: IntlShape, role: EmployeeRole | 'owner') => intl.formatMessage(roles[role]);
export const accessText = (intl: IntlShape, access: AccessLevel | 'full') =>
  intl.formatMessage(accessLevels[access]);
/** The access level as a sentence to the invitee. */
export const accessToYouText = (intl: IntlShape, access: AccessLevel) =>
  intl.formatMessage(accessLevelsToYou[access]);
export const employeeStatusText = (intl: IntlShape, status: EmployeeStatus) =>
  intl.formatMessage(statuses[status]);
