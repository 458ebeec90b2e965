import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Employee, EmployeeStatus } from '../schemas/employees.schema';
import { knownErrors } from './apiFailure';

/*
 * The team (SPEC §2 /my-employees, §3 Employee, §4 "Employee: enabled or disabled, with a confirmation
 * dialog", §8 "Could not update employee status, try again later" and "status updated").
 *
 * loading (employees) → list: name, role, status, access level and cards of each; the owner first and never
 * changeable. Enable or disable: confirming (a dialog saying what it means; disabling signs the employee out at once)
 * → saving (updateEmployeeStatus) → list, with the outcome for the toast. A viewer only reads (input `readOnly`); the
 * server refuses the rest anyway.
 */

export const toTeamError = knownErrors(['forbidden', 'not_found', 'network']);
export type TeamError = ReturnType<typeof toTeamError>;

export type TeamInput = { readOnly: boolean };
export type StatusChange = { id: string; status: EmployeeStatus };
export type UpdateStatusInput = StatusChange;
/** How the last status change went (the screen tells it as a toast, SPEC §8); each outcome is a new object. */
export type StatusOutcome = { ok: boolean; status: EmployeeStatus };

export type TeamContext = {
  readOnly: boolean;
  employees: Employee[] | null;
  /** The change being confirmed or saved. */
  change: StatusChange | null;
  outcome: StatusOutcome | null;
  error: TeamError | null;
};

export type TeamEvent =
  | { type: 'load.retry' }
  | { type: 'status.request'; id: string; status: EmployeeStatus }
  | { type: 'status.confirm' }
  | { type: 'status.cancel' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/** Whether the user may switch this employee to this status now: never the owner, never to the same status. */
export function mayChangeStatus(context: TeamContext, change: StatusChange): boolean {
  if (context.readOnly) return false;
  const employee = context.employees?.find((one) => one.id === change.id);
  return employee !== undefined && !employee.is_owner && employee.status !== change.status;
}

/** The owner first, then everyone else as the server ordered them. */
export function ownerFirst(employees: Employee[]): Employee[] {
  return [...employees.filter((one) => one.is_owner), ...employees.filter((one) => !one.is_owner)];
}

const replaced = (employees: Employee[] | null, updated: Employee) =>
  (employees ?? []).map((employee) => (employee.id === updated.id ? updated : employee));

export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
    input: {} as TeamInput,
  },
  actors: {
    loadEmployees: fromPromise<Employee[], void>(async () => notProvided('loadEmployees')),
    updateEmployeeStatus: fromPromise<Employee, UpdateStatusInput>(async () =>
      notProvided('updateEmployeeStatus'),
    ),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toTeamError(params.error) }),
    clearError: assign({ error: null, outcome: null }),
  },
  guards: {
    mayChange: ({ context, event }) =>
      event.type === 'status.request' && mayChangeStatus(context, { id: event.id, status: event.status }),
  },
}).createMachine({
  id: 'team',
  context: ({ input }) => ({
    readOnly: input.readOnly,
    employees: null,
    change: null,
    outcome: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'The team is read: every person of the merchant with role, status, access level and cards.',
      tags: ['busy'],
      invoke: {
        id: 'loadEmployees',
        src: 'loadEmployees',
        onDone: {
          target: 'list',
          description: 'The team is shown, the owner first.',
          actions: assign({ employees: ({ event }) => event.output }),
        },
        onError: {
          target: 'loadFailed',
          description: 'The team could not be read; nothing changed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The team could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read the team again.',
          actions: 'clearError',
        },
      },
    },
    list: {
      description:
        'Everyone in the merchant with name, role, status, access level and cards; each person but the owner has ' +
        '"Enable" or "Disable". A viewer only reads.',
      on: {
        'status.request': {
          description:
            'The user asks to enable or disable someone. Only someone other than the owner, to the other status, and ' +
            "not by a viewer; the server refuses the owner and one's own status too.",
          guard: 'mayChange',
          target: 'confirming',
          actions: [
            'clearError',
            assign({ change: ({ event }) => ({ id: event.id, status: event.status }) }),
          ],
        },
      },
    },
    confirming: {
      description:
        'A dialog over the list asks "Disable Nikos Pappas?" (or enable) and says what it means: disabling signs ' +
        'the person out at once.',
      on: {
        'status.confirm': {
          target: 'saving',
          description: 'The user confirms; the change is sent to the server.',
        },
        'status.cancel': {
          target: 'list',
          description: 'The user closes the dialog; nothing changes.',
          actions: assign({ change: null }),
        },
      },
    },
    saving: {
      description:
        'The server sets the status. Disabling ends every session of the person and any sign-in half done; ' +
        'enabling lets them sign in again (their old sessions stay ended).',
      tags: ['busy'],
      invoke: {
        id: 'updateEmployeeStatus',
        src: 'updateEmployeeStatus',
        input: ({ context }) => context.change ?? { id: '', status: 'enabled' as const },
        onDone: {
          target: 'list',
          description: 'The status is changed: the list shows it and a toast says "status updated".',
          actions: assign({
            employees: ({ context, event }) => replaced(context.employees, event.output),
            outcome: ({ event }) => ({ ok: true, status: event.output.status }),
            change: null,
          }),
        },
        onError: {
          target: 'list',
          description:
            'The server refused or did not answer: nothing changed, and a toast says "Could not update employee ' +
            'status, try again later".',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            assign({
              outcome: ({ context }) => ({ ok: false, status: context.change?.status ?? 'enabled' }),
              change: null,
            }),
          ],
        },
      },
    },
  },
});

export type TeamSnapshot = SnapshotFrom<typeof teamMachine>;

export type TeamStep = 'loading' | 'loadFailed' | 'list';

/** Which part of the page the screen shows (the dialog over the list: `selectStatusDialog`). */
export function selectTeamStep(snapshot: TeamSnapshot): TeamStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  return 'list';
}

export const selectTeamBusy = (snapshot: TeamSnapshot): boolean => snapshot.hasTag('busy');
export const selectTeamError = (snapshot: TeamSnapshot): TeamError | null => snapshot.context.error;
export const selectTeamReadOnly = (snapshot: TeamSnapshot): boolean => snapshot.context.readOnly;
export const selectEmployees = (snapshot: TeamSnapshot): Employee[] | null =>
  snapshot.context.employees ? ownerFirst(snapshot.context.employees) : null;
export const selectStatusOutcome = (snapshot: TeamSnapshot): StatusOutcome | null => snapshot.context.outcome;
export const selectSavingStatus = (snapshot: TeamSnapshot): boolean => snapshot.matches('saving');

/** The employee and the status the open dialog is about, or null when no dialog is open. */
export function selectStatusDialog(
  snapshot: TeamSnapshot,
): { employee: Employee; status: EmployeeStatus } | null {
  if (!snapshot.matches('confirming') && !snapshot.matches('saving')) return null;
  const { change, employees } = snapshot.context;
  const employee = employees?.find((one) => one.id === change?.id);
  return employee && change ? { employee, status: change.status } : null;
}

/** The status each employee can be switched to from the list now (none for the owner, or for a viewer). */
export function selectStatusActions(snapshot: TeamSnapshot): Record<string, EmployeeStatus | null> {
  const { context } = snapshot;
  const actions: Record<string, EmployeeStatus | null> = {};
  for (const employee of context.employees ?? []) {
    const next: EmployeeStatus = employee.status === 'enabled' ? 'disabled' : 'enabled';
    actions[employee.id] = mayChangeStatus(context, { id: employee.id, status: next }) ? next : null;
  }
  return actions;
}
