import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  beneficiaryFormMachine,
  type LoadBeneficiaryInput,
  type SaveBeneficiaryInput,
} from '../../machines/beneficiaryForm.machine';
import { beneficiaryCompanyNameMaxLength, type Beneficiary } from '../../schemas/beneficiaries.schema';
import { BeneficiaryFormScreen } from '../../src/screens/beneficiaries/BeneficiaryFormScreen';
import { journeyCapture, renderJourneyScreen, type RenderedApp } from './harness';

/*
 * A company as a bank beneficiary (issue 20): the form asks whether a person or a company holds the account; a
 * company gives its legal name, checked with the bank like a person's name, and a close match's name fills it whole.
 */

type FormActor = ActorRefFrom<typeof beneficiaryFormMachine>;
const journey = journeyCapture<FormActor>('beneficiary form');

const cyIban = 'CY21002001950000357001234567';
const olympus = {
  id: '00000000-0000-4000-8000-0000000000b9',
  kind: 'bank',
  name: 'Olympus Flour Mills Ltd',
  wallet_tag: null,
  holder: 'company',
  first_name: null,
  last_name: null,
  company_name: 'Olympus Flour Mills Ltd',
  bank_country: 'CY',
  iban: cyIban,
  name_check: { result: 'match', accepted_mismatch: false },
  created_at: '2026-01-15T09:00:00.000Z',
  updated_at: '2026-01-15T09:00:00.000Z',
} satisfies Beneficiary;

function startApp(path = '/my-beneficiaries/create-beneficiary'): RenderedApp {
  return renderJourneyScreen<FormActor>({
    path,
    route: ['/my-beneficiaries/create-beneficiary', '/my-beneficiaries/edit-beneficiary/:id'],
    routes: <Route path="/my-beneficiaries" element={<h1>Beneficiaries</h1>} />,
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

async function fillCompany(app: RenderedApp, name: string) {
  await app.user.click(await screen.findByRole('radio', { name: 'Bank account' }));
  await app.user.click(screen.getByRole('radio', { name: 'A company' }));
  expect(screen.queryByLabelText('First name')).toBeNull();
  const field = screen.getByLabelText('Company’s legal name');
  await app.user.clear(field);
  if (name !== '') await app.user.type(field, name);
  await app.user.selectOptions(screen.getByLabelText('Country of the recipient’s bank'), 'CY');
  await app.user.type(screen.getByLabelText('IBAN'), cyIban);
  await app.user.click(screen.getByRole('button', { name: 'Save beneficiary' }));
}

describe('beneficiary form: a company', () => {
  it('sends the legal name as the company’s, to be checked with its bank', async () => {
    const app = startApp();
    await fillCompany(app, 'Olympus Flour Mills Ltd');
    expect(app.effects.made.at(-1)).toEqual({
      id: 'checkAndSaveBeneficiary',
      input: {
        id: null,
        body: {
          kind: 'bank',
          holder: 'company',
          company_name: 'Olympus Flour Mills Ltd',
          bank_country: 'CY',
          iban: cyIban,
        },
      },
    });
    await app.effects.settle('checkAndSaveBeneficiary', { output: olympus });
    await screen.findByRole('heading', { name: 'Beneficiaries' });
  });

  it('says in words what is wrong with a legal name before sending it', async () => {
    const app = startApp();
    await fillCompany(app, 'Ολυμπος ΑΕ');
    expect(await screen.findAllByText('Only Latin characters allowed')).not.toHaveLength(0);
    await fillCompany(app, 'A'.repeat(beneficiaryCompanyNameMaxLength + 1));
    expect(await screen.findAllByText(`Max ${beneficiaryCompanyNameMaxLength} characters`)).not.toHaveLength(
      0,
    );
    await fillCompany(app, '');
    expect(await screen.findAllByText('This field is required.')).not.toHaveLength(0);
    expect(app.effects.made.filter((call) => call.id === 'checkAndSaveBeneficiary')).toEqual([]);
  });

  it('fills the legal name whole from a close match', async () => {
    const app = startApp();
    await fillCompany(app, 'Olympus Flour Mill Ltd');
    await app.effects.settle('checkAndSaveBeneficiary', {
      error: {
        kind: 'http',
        status: 422,
        code: 'name_check_unconfirmed',
        message: 'Close match.',
        details: { result: 'close_match', check_id: olympus.id, suggested_name: 'Olympus Flour Mills Ltd' },
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Use Olympus Flour Mills Ltd' }));
    expect(app.effects.made.at(-1)).toMatchObject({
      id: 'checkAndSaveBeneficiary',
      input: { body: { holder: 'company', company_name: 'Olympus Flour Mills Ltd' } },
    });
  });

  it('opens a saved company with its legal name', async () => {
    const app = startApp(`/my-beneficiaries/edit-beneficiary/${olympus.id}`);
    await app.effects.settle('loadBeneficiary', { output: olympus });
    expect(await screen.findByRole('radio', { name: 'A company' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Company’s legal name')).toHaveProperty('value', 'Olympus Flour Mills Ltd');
  });
});
