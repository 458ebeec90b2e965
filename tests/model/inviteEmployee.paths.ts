import type { ApiFailure } from '../../machines/apiFailure';
import {
  inviteEmployeeMachine,
  pendingInvitations,
  selectCancelDialog,
  selectInviteStep,
  type InviteEmployeeContext,
  type InviteEmployeeEvent,
  type InviteEmployeeSnapshot,
  type InviteError,
} from '../../machines/inviteEmployee.machine';
import { invitationTtlHours, type Invitation, type InviteBody } from '../../schemas/employees.schema';
import { duration } from '../../machines/ruleWords';
import {
  failureWords,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';

/*
 * The test model of inviting employees (machines/inviteEmployee.machine.ts), run on the real screen at
 * /my-employees/add-employees by inviteEmployee.model.test.tsx: the owner of Demo Coffee invites Nikos Pappas as a
 * viewer who sees the company's balances, and cancels the pending invitation of Maria Kosta, with the refusals.
 */

export const invitePath = '/my-employees/add-employees';

export const pendingMaria = {
  id: '00000000-0000-4000-8000-0000000000d1',
  email: 'maria@demo-coffee.test',
  first_name: 'Maria',
  last_name: 'Kosta',
  role: 'admin',
  access_level: 'own',
  state: 'pending',
  invited_by: 'Dora Demou',
  created_at: '2026-01-14T09:00:00.000Z',
  expires_at: '2026-01-17T09:00:00.000Z',
} satisfies Invitation;

export const acceptedEarlier = {
  ...pendingMaria,
  id: '00000000-0000-4000-8000-0000000000d0',
  email: 'eleni@demo-coffee.test',
  first_name: 'Eleni',
  last_name: 'Georgiou',
  role: 'employee',
  state: 'accepted',
  created_at: '2026-01-05T09:00:00.000Z',
  expires_at: '2026-01-08T09:00:00.000Z',
} satisfies Invitation;

export const nikos = {
  email: 'nikos@demo-coffee.test',
  first_name: 'Nikos',
  last_name: 'Pappas',
  role: 'viewer',
  access_level: 'company',
} satisfies InviteBody;

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

function invitedOf(): Invitation {
  return {
    ...nikos,
    id: '00000000-0000-4000-8000-0000000000d2',
    state: 'pending',
    invited_by: 'Dora Demou',
    created_at: '2026-01-15T09:00:00.000Z',
    expires_at: '2026-01-18T09:00:00.000Z',
  };
}

function cancelledOf(context: InviteEmployeeContext): Invitation {
  const invitation = context.invitations?.find((one) => one.id === context.selectedId) ?? pendingMaria;
  return { ...invitation, state: 'cancelled' };
}

export const inviteEmployeeFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'invite.submit': [
      {
        event: { type: 'invite.submit', body: nikos },
        does: `Type "${nikos.email}" as Email, "Nikos" as First name, "Pappas" as Last name, choose Role "Viewer" and "Company balances and transactions", click "Send invitation"`,
      },
    ],
    'invitation.cancel': [
      {
        event: { type: 'invitation.cancel', id: pendingMaria.id },
        does: 'Click "Cancel invitation" next to Maria Kosta',
      },
    ],
    'cancel.confirm': [
      { event: { type: 'cancel.confirm' }, does: 'Click "Cancel invitation" in the dialog' },
    ],
    'cancel.back': [{ event: { type: 'cancel.back' }, does: 'Click "Keep it" in the dialog' }],
  },
  actors: {
    loadInvitations: {
      done: {
        output: [pendingMaria, acceptedEarlier],
        says: 'Server lists a pending invitation of Maria Kosta (admin) and an accepted one',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    inviteEmployee: {
      done: {
        output: invitedOf,
        // server/team/invitations.ts inviteEmployee: only the key's SHA-256 is stored; the link carries the key.
        effect:
          `an invitation is recorded (invitations: ${nikos.email}, Nikos Pappas, role ${nikos.role}, access ` +
          `${nikos.access_level}, state pending, expires_at ${duration(invitationTtlHours * 3600 * 1000)} later, ` +
          `created_by the signed-in user) and an email with its link to ${nikos.email} is queued (on /dev/outbox); ` +
          'no user exists until the link is accepted.',
        says: 'Server records the invitation and puts the email in the outbox (201)',
      },
      errors: [
        {
          failure: http(409, 'conflict', 'This address already has a user or a pending invitation.'),
          says: 'Server answers 409 conflict (the address has a user or a pending invitation)',
        },
        {
          failure: http(400, 'validation_failed', 'Invalid body.', {
            fields: { email: 'Not an email address.' },
          }),
          says: 'Server answers 400 validation_failed (the email is refused)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    cancelInvitation: {
      done: {
        output: cancelledOf,
        effect: `Maria Kosta’s invitation is cancelled (invitations: state cancelled, cancelled_at now); its link no longer works.`,
        says: 'Server cancels the invitation (its link stops working)',
      },
      errors: [
        {
          failure: http(409, 'conflict', 'The invitation is no longer pending.'),
          says: 'Server answers 409 conflict (accepted meanwhile)',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof inviteEmployeeMachine>;

export const inviteTexts = {
  title: 'Invite employees',
  retry: 'Try again',
  send: 'Send invitation',
  sent: 'Invitation sent',
  keep: 'Keep it',
  confirmCancel: 'Cancel invitation',
  cancelled: 'Invitation cancelled',
  cancelFailed: 'Invitation could not be cancelled',
};

export function inviteErrorText(error: InviteError): string {
  switch (error) {
    case 'conflict':
      return 'This person already has a Tameio account or a pending invitation from you.';
    case 'validation_failed':
      return 'Some details are not valid. Check the fields and try again.';
    case 'forbidden':
      return 'You may not invite employees.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

const nameOf = (invitation: Pick<Invitation, 'first_name' | 'last_name'>) =>
  `${invitation.first_name} ${invitation.last_name}`;

function inviteScreen(snapshot: InviteEmployeeSnapshot): ScreenExpectation {
  const t = inviteTexts;
  const busy = snapshot.hasTag('busy');
  const { error, outcome } = snapshot.context;
  const path = invitePath;
  const split = (names: Array<[string, boolean]>) => ({
    enabled: names.filter(([, on]) => on).map(([name]) => name),
    disabled: names.filter(([, on]) => !on).map(([name]) => name),
  });
  switch (selectInviteStep(snapshot)) {
    case 'loading':
      return { path, heading: t.title, alert: null };
    case 'loadFailed':
      return { path, heading: t.title, alert: inviteErrorText(error ?? 'unknown'), enabled: [t.retry] };
    case 'ready': {
      const dialog = selectCancelDialog(snapshot);
      const pending = pendingInvitations(snapshot.context.invitations);
      let toast: string | undefined;
      if (outcome?.task === 'invite') toast = t.sent;
      else if (outcome) toast = outcome.ok ? t.cancelled : t.cancelFailed;
      return {
        path,
        heading: t.title,
        alert: error ? inviteErrorText(error) : null,
        dialogs: dialog ? [`Cancel the invitation to ${nameOf(dialog)}?`] : [],
        ...split([
          [t.send, !busy],
          ...pending.map((invitation): [string, boolean] => [
            `Cancel invitation to ${nameOf(invitation)}`,
            !busy,
          ]),
          ...(dialog
            ? ([
                [t.confirmCancel, !busy],
                [t.keep, !busy],
              ] satisfies Array<[string, boolean]>)
            : []),
        ]),
        ...(toast ? { toast } : {}),
      };
    }
  }
}

/** A decision of a path, in a few words (null: a step that decides nothing, e.g. the list read). */
function decisionWords(step: ModelPath<InviteEmployeeSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
    case 'actorDone':
      return null;
    case 'actorError':
      return failureWords(
        action,
        {
          loadInvitations: 'the list',
          inviteEmployee: 'the invitation',
          cancelInvitation: 'the cancellation',
        }[action.src] ?? action.src,
        {
          conflict: action.src === 'inviteEmployee' ? 'already a user or invited' : 'no longer pending',
          validation_failed: 'a field refused',
        },
      );
    case 'event': {
      const event = action.event as InviteEmployeeEvent;
      switch (event.type) {
        case 'load.retry':
          return 'load again';
        case 'invite.submit':
          return `invite ${event.body.first_name} ${event.body.last_name}`;
        case 'invitation.cancel':
          return 'cancel Maria Kosta’s invitation';
        case 'cancel.confirm':
          return 'confirm';
        case 'cancel.back':
          return 'keep it';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: whom the owner invites or whose invitation is cancelled, the answers, the end. */
export function inviteEmployeeTitle(path: ModelPath<InviteEmployeeSnapshot>): string {
  const words = ['Invitations', ...path.steps.map(decisionWords).filter((one) => one !== null)].join(', ');
  const last = path.steps.at(-1)!.state;
  const screen = inviteScreen(last);
  const lastAction = path.steps.at(-1)!.action;
  const end = last.hasTag('busy')
    ? `waits on “${screen.heading}”`
    : screen.dialogs?.length
      ? `stops on “${screen.dialogs[0]}”`
      : lastAction.kind === 'actorDone' && lastAction.src === 'inviteEmployee'
        ? 'sent'
        : lastAction.kind === 'actorDone' && lastAction.src === 'cancelInvitation'
          ? 'cancelled'
          : `stops on “${screen.heading}”`;
  return `${words}: ${end}`;
}

export const inviteEmployeeModel: Model<typeof inviteEmployeeMachine> = {
  name: 'inviteEmployee',
  machine: inviteEmployeeMachine,
  file: 'inviteEmployee.machine.ts',
  start: `Sign in as the owner of Demo Coffee and open ${invitePath} ("Invite employees" on /my-employees)`,
  input: { readOnly: false },
  fixtures: inviteEmployeeFixtures,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      outcome: snapshot.context.outcome,
      selected: snapshot.context.selectedId,
      pending: pendingInvitations(snapshot.context.invitations).map((invitation) => invitation.id),
    }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 8 },
  screen: inviteScreen,
  title: inviteEmployeeTitle,
};
