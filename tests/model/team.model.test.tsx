import { screen, within } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { teamMachine, type UpdateStatusInput } from '../../machines/team.machine';
import type { Employee } from '../../schemas/employees.schema';
import { EmployeesScreen } from '../../src/screens/team/EmployeesScreen';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { cardholder, teamModel, teamPath, teamTexts, viewer } from './team.paths';

// Every generated path of the team page (machines/team.machine.ts), run against the real screen at /my-employees,
// signed in as the owner.

type TeamActor = ActorRefFrom<typeof teamMachine>;

const journey = journeyCapture<TeamActor>('team journey');

const nameOf = (id: string) =>
  [viewer, cardholder]
    .filter((employee) => employee.id === id)
    .map((employee) => `${employee.first_name} ${employee.last_name}`)[0] ?? id;

const executors: Executors<typeof teamMachine> = {
  'load.retry': async (app) => {
    await app.user.click(screen.getByRole('button', { name: teamTexts.retry }));
  },
  'status.request': async (app, event) => {
    const verb = event.status === 'disabled' ? 'Disable' : 'Enable';
    await app.user.click(screen.getByRole('button', { name: `${verb} ${nameOf(event.id)}` }));
  },
  'status.confirm': async (app) => {
    const dialog = screen.getByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: /^(Disable|Enable)$/ }));
  },
  'status.cancel': async (app) => {
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: teamTexts.cancel }));
  },
};

function startApp(): RenderedApp {
  return renderJourneyScreen<TeamActor>({
    path: teamPath,
    route: teamPath,
    journey,
    screen: ({ effects, inspect }) => (
      <EmployeesScreen
        logic={teamMachine.provide({
          actors: {
            loadEmployees: effects.logic<Employee[], void>(),
            updateEmployeeStatus: effects.logic<Employee, UpdateStatusInput>(),
          },
        })}
        inspect={inspect}
      />
    ),
  });
}

const runner: PathRunner<typeof teamMachine> = {
  model: teamModel,
  executors,
  live: () => journey.snapshot(),
};

const paths = generatePaths(teamModel);

describe(`team page: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
    await runPath(runner, path, app);
    // Only what the owner confirmed was sent: one change per confirmation, never the owner.
    for (const { input } of app.effects.made.filter((call) => call.id === 'updateEmployeeStatus')) {
      expect([viewer.id, cardholder.id]).toContain((input as UpdateStatusInput).id);
    }
  });
});
