import type { ApiFailure } from '../../machines/apiFailure';
import {
  selectStatusActions,
  selectStatusDialog,
  selectTeamStep,
  teamMachine,
  type TeamContext,
  type TeamEvent,
  type TeamSnapshot,
} from '../../machines/team.machine';
import type { Employee } from '../../schemas/employees.schema';
import {
  failureWords,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';
import { demoUser } from './paths';

/*
 * The test model of the team page (machines/team.machine.ts), run on the real screen at /my-employees by
 * team.model.test.tsx: Dora Demou, the owner of Demo Coffee, disables Nikos Pappas (a viewer) and enables Eleni
 * Georgiou (a cardholder), confirming or cancelling each, with a save that fails.
 */

export const teamPath = '/my-employees';

export const owner = {
  id: demoUser.id,
  first_name: 'Dora',
  last_name: 'Demou',
  email: demoUser.email,
  is_owner: true,
  role: null,
  access_level: null,
  status: 'enabled',
  cards: [{ id: '00000000-0000-4000-8000-0000000000c1', name: 'Shop card', last4: '4242', status: 'active' }],
  created_at: '2025-11-01T09:00:00.000Z',
} satisfies Employee;

export const viewer = {
  id: '00000000-0000-4000-8000-000000000002',
  first_name: 'Nikos',
  last_name: 'Pappas',
  email: 'nikos@demo-coffee.test',
  is_owner: false,
  role: 'viewer',
  access_level: 'company',
  status: 'enabled',
  cards: [],
  created_at: '2026-01-10T09:00:00.000Z',
} satisfies Employee;

export const cardholder = {
  id: '00000000-0000-4000-8000-000000000003',
  first_name: 'Eleni',
  last_name: 'Georgiou',
  email: 'eleni@demo-coffee.test',
  is_owner: false,
  role: 'employee',
  access_level: 'own',
  status: 'disabled',
  cards: [
    { id: '00000000-0000-4000-8000-0000000000c2', name: 'Ads online', last4: '9911', status: 'frozen' },
  ],
  created_at: '2026-01-11T09:00:00.000Z',
} satisfies Employee;

export const team = [viewer, owner, cardholder];

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

/** The employee as the server answers after the change under way. */
function changedOf(context: TeamContext): Employee {
  const employee = context.employees?.find((one) => one.id === context.change?.id) ?? viewer;
  return { ...employee, status: context.change?.status ?? employee.status };
}

/**
 * What a status change does (server/team/employees.ts updateEmployeeStatus): disabling also ends every session of the
 * employee at once; enabling lets them sign in again without bringing old sessions back.
 */
function statusEffect(context: TeamContext): string {
  const employee = context.employees?.find((one) => one.id === context.change?.id) ?? viewer;
  const name = `${employee.first_name} ${employee.last_name}`;
  return context.change?.status === 'disabled'
    ? `${name} is disabled (users.status disabled): every session of theirs is revoked (the refresh cookie fails at ` +
        'once, the access token on its next request) and a half-done sign-in is spent (login_tickets.consumed_at).'
    : `${name} is enabled (users.status enabled) and may sign in again; sessions ended before stay ended.`;
}

export const teamFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'status.request': [
      {
        event: { type: 'status.request', id: viewer.id, status: 'disabled' },
        does: 'Click "Disable" next to Nikos Pappas',
      },
      {
        event: { type: 'status.request', id: cardholder.id, status: 'enabled' },
        does: 'Click "Enable" next to Eleni Georgiou',
      },
    ],
    'status.confirm': [
      { event: { type: 'status.confirm' }, does: 'Click "Disable" (or "Enable") in the dialog' },
    ],
    'status.cancel': [{ event: { type: 'status.cancel' }, does: 'Click "Cancel" in the dialog' }],
  },
  actors: {
    loadEmployees: {
      done: {
        output: team,
        says: 'Server lists the owner, Nikos Pappas (viewer, enabled) and Eleni Georgiou (cardholder, disabled)',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    updateEmployeeStatus: {
      done: {
        output: changedOf,
        effect: statusEffect,
        says: 'Server changes the status (disabling signs the employee out at once)',
      },
      errors: [
        {
          failure: http(403, 'forbidden', 'Only the owner may change the team.'),
          says: 'Server answers 403 forbidden',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof teamMachine>;

export const teamTexts = {
  title: 'Team',
  retry: 'Try again',
  cancel: 'Cancel',
  updated: 'Status updated',
  updateFailed: 'Could not update employee status, try again later',
};

const nameOf = (employee: Employee) => `${employee.first_name} ${employee.last_name}`;

function teamScreen(snapshot: TeamSnapshot): ScreenExpectation {
  const t = teamTexts;
  const busy = snapshot.hasTag('busy');
  const path = teamPath;
  const split = (names: Array<[string, boolean]>) => ({
    enabled: names.filter(([, on]) => on).map(([name]) => name),
    disabled: names.filter(([, on]) => !on).map(([name]) => name),
  });
  switch (selectTeamStep(snapshot)) {
    case 'loading':
      return { path, heading: t.title, alert: null };
    case 'loadFailed':
      return { path, heading: t.title, alert: 'A network error has occurred.', enabled: [t.retry] };
    case 'list': {
      const employees = snapshot.context.employees ?? [];
      const actions = selectStatusActions(snapshot);
      const rowButtons = employees.flatMap((employee): Array<[string, boolean]> => {
        const next = actions[employee.id];
        if (!next) return [];
        return [[`${next === 'disabled' ? 'Disable' : 'Enable'} ${nameOf(employee)}`, !busy]];
      });
      const dialog = selectStatusDialog(snapshot);
      const verb = dialog?.status === 'disabled' ? 'Disable' : 'Enable';
      const outcome = snapshot.context.outcome;
      return {
        path,
        heading: t.title,
        alert: null,
        dialogs: dialog ? [`${verb} ${nameOf(dialog.employee)}?`] : [],
        ...split([
          ...rowButtons,
          ...(dialog
            ? ([
                [verb, !busy],
                [t.cancel, !busy],
              ] satisfies Array<[string, boolean]>)
            : []),
        ]),
        absent: [`Disable ${nameOf(owner)}`, `Enable ${nameOf(owner)}`],
        ...(outcome ? { toast: outcome.ok ? t.updated : t.updateFailed } : {}),
      };
    }
  }
}

/** A decision of a path, in a few words (null: a step that decides nothing, e.g. the team read). */
function decisionWords(step: ModelPath<TeamSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
    case 'actorDone':
      return null;
    case 'actorError':
      return failureWords(action, action.src === 'loadEmployees' ? 'the team' : 'the change', {
        forbidden: 'only the owner may',
      });
    case 'event': {
      const event = action.event as TeamEvent;
      switch (event.type) {
        case 'load.retry':
          return 'load again';
        case 'status.request': {
          const employee = team.find((one) => one.id === event.id);
          return `${event.status === 'disabled' ? 'disable' : 'enable'} ${employee ? nameOf(employee) : event.id}`;
        }
        case 'status.confirm':
          return 'confirm';
        case 'status.cancel':
          return 'cancel';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: whose status the owner changes, confirmed or not, the server's answers, the end. */
export function teamTitle(path: ModelPath<TeamSnapshot>): string {
  const words = ['Team', ...path.steps.map(decisionWords).filter((one) => one !== null)].join(', ');
  const last = path.steps.at(-1)!.state;
  const screen = teamScreen(last);
  const { outcome } = last.context;
  const end = last.hasTag('busy')
    ? `waits on “${screen.heading}”`
    : screen.dialogs?.length
      ? `stops on “${screen.dialogs[0]}”`
      : selectTeamStep(last) === 'loadFailed'
        ? 'stops with “Try again”'
        : outcome
          ? outcome.ok
            ? `${outcome.status}`
            : `stops on “${screen.heading}”, not changed`
          : `stops on “${screen.heading}”`;
  return `${words}: ${end}`;
}

export const teamModel: Model<typeof teamMachine> = {
  name: 'team',
  machine: teamMachine,
  file: 'team.machine.ts',
  start: `Sign in as the owner of Demo Coffee and open ${teamPath} ("Team" in the header)`,
  input: { readOnly: false },
  fixtures: teamFixtures,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      outcome: snapshot.context.outcome,
      change: snapshot.context.change,
      statuses: (snapshot.context.employees ?? []).map((employee) => employee.status),
    }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 8 },
  screen: teamScreen,
  title: teamTitle,
};
