import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { InviteError } from '../../../machines/inviteEmployee.machine';
import type { TeamError } from '../../../machines/team.machine';
import { errorMessages } from '../../i18n/errorMessages';

type Values = Record<string, string>;

/** /my-employees: the team and its enable/disable dialog. */
export const employeesText = {
  ...defineMessages({
    title: { id: 'team.employees.title', defaultMessage: 'Team' },
    intro: {
      id: 'team.employees.intro',
      defaultMessage:
        'Everyone who can sign in to your company’s account, with their role and what they see.',
    },
    readOnly: {
      id: 'team.employees.readOnly',
      defaultMessage: 'You can see the team; only the owner can change it.',
    },
    retry: { id: 'team.employees.retry', defaultMessage: 'Try again' },
    invite: { id: 'team.employees.invite', defaultMessage: 'Invite employees' },
    invitations: { id: 'team.employees.invitations', defaultMessage: 'Pending invitations' },
    listLabel: { id: 'team.employees.listLabel', defaultMessage: 'Employees' },
    role: { id: 'team.employees.role', defaultMessage: 'Role' },
    status: { id: 'team.employees.status', defaultMessage: 'Status' },
    access: { id: 'team.employees.access', defaultMessage: 'Access' },
    cards: { id: 'team.employees.cards', defaultMessage: 'Cards' },
    noCards: { id: 'team.employees.noCards', defaultMessage: 'None' },
    empty: { id: 'team.employees.empty', defaultMessage: 'Nobody else is on your team yet.' },
    enable: { id: 'team.employees.enable', defaultMessage: 'Enable' },
    disable: { id: 'team.employees.disable', defaultMessage: 'Disable' },
    cancel: { id: 'team.employees.cancel', defaultMessage: 'Cancel' },
    updated: { id: 'team.employees.updated', defaultMessage: 'Status updated' },
    updateFailed: {
      id: 'team.employees.updateFailed',
      defaultMessage: 'Could not update employee status, try again later',
    },
  }),
  you: defineMessage<Values>({ id: 'team.employees.you', defaultMessage: '{name} (you)' }),
  enableName: defineMessage<Values>({ id: 'team.employees.enableName', defaultMessage: 'Enable {name}' }),
  disableName: defineMessage<Values>({ id: 'team.employees.disableName', defaultMessage: 'Disable {name}' }),
  enableTitle: defineMessage<Values>({ id: 'team.employees.enableTitle', defaultMessage: 'Enable {name}?' }),
  disableTitle: defineMessage<Values>({
    id: 'team.employees.disableTitle',
    defaultMessage: 'Disable {name}?',
  }),
  enableBody: defineMessage<Values>({
    id: 'team.employees.enableBody',
    defaultMessage: '{name} will be able to sign in again, with the same role and access as before.',
  }),
  disableBody: defineMessage<Values>({
    id: 'team.employees.disableBody',
    defaultMessage:
      '{name} will be signed out at once and cannot sign in until you enable them again. Their cards stay as they are.',
  }),
  card: defineMessage<Values>({ id: 'team.employees.card', defaultMessage: '{name} •••• {last4}' }),
};

/** /my-employees/add-employees: the invite form and the pending invitations. */
export const invitesText = {
  ...defineMessages({
    title: { id: 'team.invite.title', defaultMessage: 'Invite employees' },
    readOnly: {
      id: 'team.invite.readOnly',
      defaultMessage: 'Only the owner can invite employees or cancel invitations.',
    },
    retry: { id: 'team.invite.retry', defaultMessage: 'Try again' },
    backToTeam: { id: 'team.invite.backToTeam', defaultMessage: 'Back to the team' },
    formTitle: { id: 'team.invite.formTitle', defaultMessage: 'New invitation' },
    email: { id: 'team.invite.email', defaultMessage: 'Email' },
    firstName: { id: 'team.invite.firstName', defaultMessage: 'First name' },
    lastName: { id: 'team.invite.lastName', defaultMessage: 'Last name' },
    role: { id: 'team.invite.role', defaultMessage: 'Role' },
    access: { id: 'team.invite.access', defaultMessage: 'What they see on Overview' },
    emailInvalid: {
      id: 'team.invite.emailInvalid',
      defaultMessage: 'Enter their email address, like name@example.com.',
    },
    required: { id: 'team.invite.required', defaultMessage: 'This field is required.' },
    latinOnly: { id: 'team.invite.latinOnly', defaultMessage: 'Only Latin characters allowed.' },
    send: { id: 'team.invite.send', defaultMessage: 'Send invitation' },
    sent: { id: 'team.invite.sent', defaultMessage: 'Invitation sent' },
    pendingTitle: { id: 'team.invite.pendingTitle', defaultMessage: 'Pending invitations' },
    pendingEmpty: { id: 'team.invite.pendingEmpty', defaultMessage: 'No invitations are waiting.' },
    cancelled: { id: 'team.invite.cancelled', defaultMessage: 'Invitation cancelled' },
    cancelFailed: { id: 'team.invite.cancelFailed', defaultMessage: 'Invitation could not be cancelled' },
    keep: { id: 'team.invite.keep', defaultMessage: 'Keep it' },
    confirmCancel: { id: 'team.invite.confirmCancel', defaultMessage: 'Cancel invitation' },
    conflict: {
      id: 'team.invite.conflict',
      defaultMessage: 'This person already has a Tameio account or a pending invitation from you.',
    },
    validation: {
      id: 'team.invite.validation',
      defaultMessage: 'Some details are not valid. Check the fields and try again.',
    },
    forbidden: { id: 'team.invite.forbidden', defaultMessage: 'You may not invite employees.' },
  }),
  intro: defineMessage<Values>({
    id: 'team.invite.intro',
    defaultMessage:
      'We email them a link to join your company on Tameio. The link works once and expires after {hours} hours.',
  }),
  maxLength: defineMessage<Values>({ id: 'team.invite.maxLength', defaultMessage: 'Max {n} characters' }),
  cancelName: defineMessage<Values>({
    id: 'team.invite.cancelName',
    defaultMessage: 'Cancel invitation to {name}',
  }),
  cancelTitle: defineMessage<Values>({
    id: 'team.invite.cancelTitle',
    defaultMessage: 'Cancel the invitation to {name}?',
  }),
  cancelBody: defineMessage<Values>({
    id: 'team.invite.cancelBody',
    defaultMessage: 'The link sent to {email} will stop working. You can invite them again later.',
  }),
  item: defineMessage<Values>({ id: 'team.invite.item', defaultMessage: '{name} · {email}' }),
  itemMeta: defineMessage<Values>({
    id: 'team.invite.itemMeta',
    defaultMessage: '{role} · {access} · expires {expires}',
  }),
};

/** Why the team could not be loaded or changed. */
export function teamErrorText(intl: IntlShape, error: TeamError): string {
  switch (error) {
    case 'forbidden':
      return intl.formatMessage({
        id: 'team.error.forbidden',
        defaultMessage: 'You may not see the team.',
      });
    case 'not_found':
      return intl.formatMessage({
        id: 'team.error.notFound',
        defaultMessage: 'This employee is no longer on your team.',
      });
    case 'network':
    case 'unknown':
      return intl.formatMessage(errorMessages[error]);
  }
}

/** Why an invitation was not sent (or the invitations could not be loaded). */
export function inviteErrorText(intl: IntlShape, error: InviteError): string {
  switch (error) {
    case 'conflict':
      return intl.formatMessage(invitesText.conflict);
    case 'validation_failed':
      return intl.formatMessage(invitesText.validation);
    case 'forbidden':
      return intl.formatMessage(invitesText.forbidden);
    case 'rate_limited':
    case 'network':
    case 'unknown':
      return intl.formatMessage(errorMessages[error]);
  }
}
