import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { type ActorRefFrom } from 'xstate';
import { describe, it } from 'vitest';
import {
  beneficiaryFormMachine,
  type BeneficiaryDraft,
  type LoadBeneficiaryInput,
  type SaveBeneficiaryInput,
} from '../../machines/beneficiaryForm.machine';
import type { Beneficiary } from '../../schemas/beneficiaries.schema';
import { BeneficiaryFormScreen } from '../../src/screens/beneficiaries/BeneficiaryFormScreen';
import { beneficiaryFormModel, beneficiaryTexts, createPath, editPath } from './beneficiaryForm.paths';
import { generatePaths, type ModelPath } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';

// Every generated path of the beneficiary form (machines/beneficiaryForm.machine.ts), run against the real screen
// at /my-beneficiaries/create-beneficiary and /my-beneficiaries/edit-beneficiary/:id.

type FormActor = ActorRefFrom<typeof beneficiaryFormMachine>;
type Snapshot = ModelPath<ReturnType<FormActor['getSnapshot']>>;

/** The journey under test, caught when the screen creates it. */
const journey = journeyCapture<FormActor>('beneficiary form');

const click = async (app: RenderedApp, name: string | RegExp) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

async function fill(app: RenderedApp, values: BeneficiaryDraft) {
  if (values.kind === 'wallet') {
    await app.user.click(screen.getByRole('radio', { name: 'Wallet' }));
    await retype(app, 'Wallet tag', values.wallet_tag);
    return;
  }
  await app.user.click(screen.getByRole('radio', { name: 'Bank account' }));
  await retype(app, 'First name', values.first_name);
  await retype(app, 'Last name', values.last_name);
  await app.user.selectOptions(screen.getByLabelText('Country of the recipient’s bank'), values.bank_country);
  await retype(app, 'IBAN', values.iban);
}

const executors: Executors<typeof beneficiaryFormMachine> = {
  // Sent by the screen itself (auto): never executed.
  'form.opened': async () => {},
  'form.submit': async (app, event) => {
    await fill(app, event.values);
    await click(app, beneficiaryTexts.save);
  },
  'form.amend': (app) => click(app, beneficiaryTexts.amend),
  'name.useSuggested': (app) => click(app, beneficiaryTexts.useSuggested),
  'name.accept': (app) => click(app, beneficiaryTexts.saveAnyway),
  'check.retry': (app) => click(app, beneficiaryTexts.retry),
  'load.retry': (app) => click(app, beneficiaryTexts.retry),
};

/** Stand-in for the list (it loads its own data): its heading. */
function ListStandIn() {
  return <h1>{beneficiaryTexts.listTitle}</h1>;
}

/** The address a path starts at: edit when its `form.opened` carries an id. */
function startOf(path: Snapshot): string {
  for (const { action } of path.steps) {
    if (action.kind === 'event' && action.event.type === 'form.opened') {
      return (action.event as { id?: string | null }).id ? editPath : createPath;
    }
  }
  return createPath;
}

function startApp(initialPath: string): RenderedApp {
  return renderJourneyScreen<FormActor>({
    path: initialPath,
    route: ['/my-beneficiaries/create-beneficiary', '/my-beneficiaries/edit-beneficiary/:id'],
    routes: <Route path="/my-beneficiaries" element={<ListStandIn />} />,
    journey,
    screen: ({ effects, inspect }) => (
      <BeneficiaryFormScreen
        logic={beneficiaryFormMachine.provide({
          actors: {
            loadBeneficiary: effects.logic<Beneficiary, LoadBeneficiaryInput>(),
            checkAndSaveBeneficiary: effects.logic<Beneficiary, SaveBeneficiaryInput>(),
            saveBeneficiary: effects.logic<Beneficiary, SaveBeneficiaryInput>(),
          },
        })}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(beneficiaryFormModel);

describe(`beneficiaryForm journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const start = startOf(path);
    const runner: PathRunner<typeof beneficiaryFormMachine> = {
      model: beneficiaryFormModel,
      executors,
      live: () => journey.snapshot(),
    };
    const app = startApp(start);
    await runPath(runner, path, app);
  });
});
