import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { teamMachine, type UpdateStatusInput } from '../../machines/team.machine';
import type { Employee } from '../../schemas/employees.schema';
import { AppProviders } from '../../src/app/AppProviders';
import { AppShell } from '../../src/app/AppShell';
import { EmployeesScreen } from '../../src/screens/team/EmployeesScreen';
import { generatePaths } from './generatePaths';
import {
  Deferreds,
  InstantBotCheck,
  runPath,
  signedInSession,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { demoSession } from './paths';
import { cardholder, teamModel, teamPath, teamTexts, viewer } from './team.paths';

// Every generated path of the team page (machines/team.machine.ts), run against the real screen at /my-employees,
// signed in as the owner.

type TeamActor = ActorRefFrom<typeof teamMachine>;

let journey: TeamActor | undefined;

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

function LocationProbe({ into }: { into: { path: string } }) {
  const location = useLocation();
  useEffect(() => {
    into.path = location.pathname;
  }, [into, location.pathname]);
  return null;
}

function startApp(): RenderedApp {
  window.localStorage.clear();
  const effects = new Deferreds();
  const { clock, session, stop } = signedInSession(demoSession);
  const logic = teamMachine.provide({
    actors: {
      loadEmployees: effects.logic<Employee[], void>(),
      updateEmployeeStatus: effects.logic<Employee, UpdateStatusInput>(),
    },
  });
  const location = { path: teamPath };
  render(
    <MemoryRouter initialEntries={[teamPath]}>
      <AppProviders session={session} botCheck={InstantBotCheck} locale="en">
        <AppShell>
          <Routes>
            <Route
              path={teamPath}
              element={
                <EmployeesScreen
                  logic={logic}
                  inspect={(event) => {
                    if (event.type === '@xstate.event' && event.actorRef.sessionId === event.rootId) {
                      journey = event.actorRef as TeamActor;
                    }
                  }}
                />
              }
            />
          </Routes>
        </AppShell>
        <LocationProbe into={location} />
      </AppProviders>
    </MemoryRouter>,
  );
  return { user: userEvent.setup({ delay: null }), clock, session, effects, path: () => location.path, stop };
}

const runner: PathRunner<typeof teamMachine> = {
  model: teamModel,
  executors,
  live: () => {
    if (!journey) throw new Error('the page runs no team journey');
    return journey.getSnapshot();
  },
};

const paths = generatePaths(teamModel);
let app: RenderedApp | undefined;
afterEach(() => {
  app?.stop();
  app = undefined;
  journey = undefined;
});

describe(`team page: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    app = startApp();
    await runPath(runner, path, app);
    // Only what the owner confirmed was sent: one change per confirmation, never the owner.
    for (const { input } of app.effects.made.filter((call) => call.id === 'updateEmployeeStatus')) {
      expect([viewer.id, cardholder.id]).toContain((input as UpdateStatusInput).id);
    }
  });
});
