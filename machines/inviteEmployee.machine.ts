import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { invitationTtlHours, type Invitation, type InviteBody } from '../schemas/employees.schema';
import { knownErrors, toApiFailure } from './apiFailure';
import { duration } from './ruleWords';

/*
 * Inviting employees (SPEC §2 /my-employees/add-employees "invite, pending invitations", §3 Invitation, §4
 * "Invitation: pending, then accepted or cancelled", §8 "Invitation sent", "Invitation cancelled", "Invitation could
 * not be cancelled").
 *
 * loading (invitations) → ready: the invite form (email, first and last name, role, access level) and the pending
 * invitations. Invite: inviting (inviteEmployee; the email with a single-use link goes through the outbox) → ready,
 * the new invitation at the top of the list ("Invitation sent") or the form saying why not (an address that already
 * has a user or a pending invitation is 409). Cancel: confirmingCancel (a dialog) → cancelling (cancelInvitation) →
 * ready, with the outcome for the toast. A viewer only reads (input `readOnly`); the server refuses the rest anyway.
 */

export const toInviteError = knownErrors([
  'conflict',
  'validation_failed',
  'forbidden',
  'rate_limited',
  'network',
]);
export type InviteError = ReturnType<typeof toInviteError>;

export type InviteEmployeeInput = { readOnly: boolean };
export type InviteInput = { body: InviteBody };
export type CancelInvitationInput = { id: string };
/** How the last invitation or cancellation went (the screen tells it as a toast); each outcome is a new object. */
export type InviteOutcome = { task: 'invite' | 'cancel'; ok: boolean };

export type InviteEmployeeContext = {
  readOnly: boolean;
  invitations: Invitation[] | null;
  /** The invitation sent last: the form starts empty again after it. */
  invited: Invitation | null;
  /** The invitation whose cancellation is being confirmed or sent. */
  selectedId: string | null;
  outcome: InviteOutcome | null;
  /** Why the last invitation (or loading) failed; the form shows it. */
  error: InviteError | null;
  /** Which body fields the server refused (validation_failed), keyed by field. */
  fieldErrors: Record<string, string>;
};

export type InviteEmployeeEvent =
  | { type: 'load.retry' }
  | { type: 'invite.submit'; body: InviteBody }
  | { type: 'invitation.cancel'; id: string }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.back' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

/** Pending invitations, newest first: the ones that can still be accepted or cancelled. */
export function pendingInvitations(invitations: Invitation[] | null): Invitation[] {
  return (invitations ?? [])
    .filter((invitation) => invitation.state === 'pending')
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

const replaced = (invitations: Invitation[] | null, updated: Invitation) => [
  updated,
  ...(invitations ?? []).filter((invitation) => invitation.id !== updated.id),
];

export const inviteEmployeeMachine = setup({
  types: {
    context: {} as InviteEmployeeContext,
    events: {} as InviteEmployeeEvent,
    input: {} as InviteEmployeeInput,
  },
  actors: {
    loadInvitations: fromPromise<Invitation[], void>(async () => notProvided('loadInvitations')),
    inviteEmployee: fromPromise<Invitation, InviteInput>(async () => notProvided('inviteEmployee')),
    cancelInvitation: fromPromise<Invitation, CancelInvitationInput>(async () =>
      notProvided('cancelInvitation'),
    ),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toInviteError(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error),
    }),
    clearError: assign({ error: null, fieldErrors: {}, outcome: null }),
  },
  guards: {
    mayInvite: ({ context }) => !context.readOnly,
    mayCancel: ({ context, event }) =>
      event.type === 'invitation.cancel' &&
      !context.readOnly &&
      pendingInvitations(context.invitations).some((invitation) => invitation.id === event.id),
  },
}).createMachine({
  id: 'inviteEmployee',
  context: ({ input }) => ({
    readOnly: input.readOnly,
    invitations: null,
    invited: null,
    selectedId: null,
    outcome: null,
    error: null,
    fieldErrors: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "The merchant's invitations are read.",
      tags: ['busy'],
      invoke: {
        id: 'loadInvitations',
        src: 'loadInvitations',
        onDone: {
          target: 'ready',
          description: 'The invite form is shown with the pending invitations, newest first.',
          actions: assign({ invitations: ({ event }) => event.output }),
        },
        onError: {
          target: 'loadFailed',
          description: 'The invitations could not be read; nothing changed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The invitations could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read the invitations again.',
          actions: 'clearError',
        },
      },
    },
    ready: {
      description:
        'The invite form (email, first and last name, role, access level) and the pending invitations, each with ' +
        '"Cancel invitation". A viewer only reads.',
      on: {
        'invite.submit': {
          description: 'The user sends the form (not a viewer); the invitation is sent to the server.',
          guard: 'mayInvite',
          target: 'inviting',
          actions: 'clearError',
        },
        'invitation.cancel': {
          description:
            'The user asks to cancel a pending invitation (not a viewer); a dialog asks to confirm.',
          guard: 'mayCancel',
          target: 'confirmingCancel',
          actions: ['clearError', assign({ selectedId: ({ event }) => event.id })],
        },
      },
    },
    inviting: {
      description:
        `The server records the invitation and queues an email with a single-use link that works for ` +
        `${duration(invitationTtlHours * 3_600_000)}; only a hash of the link is stored. An address that already ` +
        'has an account or a pending invitation is refused.',
      tags: ['busy'],
      invoke: {
        id: 'inviteEmployee',
        src: 'inviteEmployee',
        input: ({ event }) => {
          if (event.type !== 'invite.submit') throw new Error(`unexpected ${event.type}`);
          return { body: event.body };
        },
        onDone: {
          target: 'ready',
          description:
            '"Invitation sent": the invitation heads the pending list and the form starts empty again.',
          actions: assign({
            invitations: ({ context, event }) => replaced(context.invitations, event.output),
            invited: ({ event }) => event.output,
            outcome: { task: 'invite', ok: true },
          }),
        },
        onError: {
          target: 'ready',
          description:
            'No invitation is sent: the form keeps what was typed and says why (the fields refused, the address ' +
            'already taken, or no answer).',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingCancel: {
      description: 'A dialog asks "Cancel the invitation to …?": its link would stop working.',
      on: {
        'cancel.confirm': {
          target: 'cancelling',
          description: 'The user confirms; the cancellation is sent to the server.',
        },
        'cancel.back': {
          target: 'ready',
          description: 'The user closes the dialog; the invitation stays pending.',
          actions: assign({ selectedId: null }),
        },
      },
    },
    cancelling: {
      description: 'The server cancels the invitation: its link no longer works.',
      tags: ['busy'],
      invoke: {
        id: 'cancelInvitation',
        src: 'cancelInvitation',
        input: ({ context }) => ({ id: context.selectedId ?? '' }),
        onDone: {
          target: 'ready',
          description: '"Invitation cancelled": it leaves the pending list.',
          actions: assign({
            invitations: ({ context, event }) => replaced(context.invitations, event.output),
            outcome: { task: 'cancel', ok: true },
            selectedId: null,
          }),
        },
        // SPEC §8 "Invitation could not be cancelled" (already accepted, gone, or no answer): a toast says so.
        onError: {
          target: 'ready',
          description:
            '"Invitation could not be cancelled" (already accepted, gone, or no answer): the list stays as it was.',
          actions: assign({ outcome: { task: 'cancel', ok: false }, selectedId: null }),
        },
      },
    },
  },
});

export type InviteEmployeeSnapshot = SnapshotFrom<typeof inviteEmployeeMachine>;

export type InviteEmployeeStep = 'loading' | 'loadFailed' | 'ready';

/** Which part of the page the screen shows (the dialog over it: `selectCancelDialog`). */
export function selectInviteStep(snapshot: InviteEmployeeSnapshot): InviteEmployeeStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  return 'ready';
}

export const selectInviteBusy = (snapshot: InviteEmployeeSnapshot): boolean => snapshot.hasTag('busy');
export const selectInviting = (snapshot: InviteEmployeeSnapshot): boolean => snapshot.matches('inviting');
export const selectCancelling = (snapshot: InviteEmployeeSnapshot): boolean => snapshot.matches('cancelling');
export const selectInviteError = (snapshot: InviteEmployeeSnapshot): InviteError | null =>
  snapshot.context.error;
export const selectInviteFieldErrors = (snapshot: InviteEmployeeSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
export const selectInviteReadOnly = (snapshot: InviteEmployeeSnapshot): boolean => snapshot.context.readOnly;
export const selectInviteOutcome = (snapshot: InviteEmployeeSnapshot): InviteOutcome | null =>
  snapshot.context.outcome;
export const selectLastInvited = (snapshot: InviteEmployeeSnapshot): Invitation | null =>
  snapshot.context.invited;
export const selectPendingInvitations = (snapshot: InviteEmployeeSnapshot): Invitation[] | null =>
  snapshot.context.invitations ? pendingInvitations(snapshot.context.invitations) : null;

/** The invitation the open cancel dialog is about, or null when no dialog is open. */
export function selectCancelDialog(snapshot: InviteEmployeeSnapshot): Invitation | null {
  if (!snapshot.matches('confirmingCancel') && !snapshot.matches('cancelling')) return null;
  return snapshot.context.invitations?.find((one) => one.id === snapshot.context.selectedId) ?? null;
}
