import { screen, within } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  inviteEmployeeMachine,
  type CancelInvitationInput,
  type InviteInput,
} from '../../machines/inviteEmployee.machine';
import type { Invitation } from '../../schemas/employees.schema';
import { AddEmployeesScreen } from '../../src/screens/team/AddEmployeesScreen';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { inviteEmployeeModel, invitePath, inviteTexts, nikos, pendingMaria } from './inviteEmployee.paths';

// Every generated path of inviting employees (machines/inviteEmployee.machine.ts), run against the real screen at
// /my-employees/add-employees, signed in as the owner.

type InviteActor = ActorRefFrom<typeof inviteEmployeeMachine>;

const journey = journeyCapture<InviteActor>('invite journey');

const roleLabels = { admin: 'Admin', viewer: 'Viewer', employee: 'Cardholder' } as const;
const accessLabels = {
  own: 'Their own cards and their payments only',
  company: 'Company balances and transactions',
} as const;

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  await app.user.type(field, value);
}

const executors: Executors<typeof inviteEmployeeMachine> = {
  'load.retry': async (app) => {
    await app.user.click(screen.getByRole('button', { name: inviteTexts.retry }));
  },
  'invite.submit': async (app, event) => {
    await retype(app, 'Email', event.body.email);
    await retype(app, 'First name', event.body.first_name);
    await retype(app, 'Last name', event.body.last_name);
    await app.user.selectOptions(
      screen.getByLabelText('Role'),
      screen.getByRole('option', { name: roleLabels[event.body.role] }),
    );
    await app.user.click(screen.getByRole('radio', { name: accessLabels[event.body.access_level] }));
    await app.user.click(screen.getByRole('button', { name: inviteTexts.send }));
  },
  'invitation.cancel': async (app, event) => {
    const name = event.id === pendingMaria.id ? 'Maria Kosta' : event.id;
    await app.user.click(screen.getByRole('button', { name: `Cancel invitation to ${name}` }));
  },
  'cancel.confirm': async (app) => {
    const dialog = screen.getByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: inviteTexts.confirmCancel }));
  },
  'cancel.back': async (app) => {
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: inviteTexts.keep }));
  },
};

function startApp(): RenderedApp {
  return renderJourneyScreen<InviteActor>({
    path: invitePath,
    route: invitePath,
    journey,
    screen: ({ effects, inspect }) => (
      <AddEmployeesScreen
        logic={inviteEmployeeMachine.provide({
          actors: {
            loadInvitations: effects.logic<Invitation[], void>(),
            inviteEmployee: effects.logic<Invitation, InviteInput>(),
            cancelInvitation: effects.logic<Invitation, CancelInvitationInput>(),
          },
        })}
        inspect={inspect}
      />
    ),
  });
}

const runner: PathRunner<typeof inviteEmployeeMachine> = {
  model: inviteEmployeeModel,
  executors,
  live: () => journey.snapshot(),
};

const paths = generatePaths(inviteEmployeeModel);

describe(`inviteEmployee page: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
    await runPath(runner, path, app);
    // The form sends exactly what was typed and chosen (Cardholder is `employee` on the wire).
    for (const { input } of app.effects.made.filter((call) => call.id === 'inviteEmployee')) {
      expect((input as InviteInput).body).toEqual(nikos);
    }
  });
});
