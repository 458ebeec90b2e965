import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { profileChangeMachine, type RequestProfileChangeInput } from '../../machines/profileChange.machine';
import type { CompanyProfile, ProfileChange, ProfileChangeBody } from '../../schemas/profile.schema';
import type { ProfileServices } from '../../src/app/profileActors';
import { ProfileScreen } from '../../src/screens/profile/ProfileScreen';
import { renderScreen, type RenderedApp } from './harness';
import { aegeanProfile } from './profileChange.paths';

// The reviewed legal changes beyond plain text: directors and shareholders on /profile/company-structure
// with onboarding's field groups, the registered address on /profile/company-information and the representative's
// citizenship on /profile/representative. The journey's effects are deferred, so each test sees what the page sends.

const reference = {
  legalForms: [
    { code: 'ike', name_en: 'Private company (IKE)', name_el: 'Ιδιωτική κεφαλαιουχική εταιρεία (ΙΚΕ)' },
  ],
  countries: [
    { code: 'GR', name_en: 'Greece', name_el: 'Ελλάδα' },
    { code: 'CY', name_en: 'Cyprus', name_el: 'Κύπρος' },
  ],
  industries: [{ code: 'food_and_beverage', name_en: 'Food and beverage', name_el: 'Τρόφιμα και ποτά' }],
  sizes: [{ code: '2_10', name_en: '2 to 10 people', name_el: '2 έως 10 άτομα' }],
  turnovers: [{ code: '100k_500k', name_en: '€100k to €500k', name_el: '100 χιλ. έως 500 χιλ. €' }],
};

const notHere = async (): Promise<never> => {
  throw new Error('not in this test');
};

const services: ProfileServices = {
  loadProfile: async () => aegeanProfile,
  loadReference: async () => reference,
  updateContact: notHere,
  updateRepresentative: notHere,
  latestDocuments: async () => [],
  uploadDocument: notHere,
  downloadDocument: notHere,
  uploadLogo: notHere,
  loadLogo: async () => null,
};

/** The profile at `path`, its review journeys answered by the test through `effects`. */
function startApp(path: string): RenderedApp {
  return renderScreen({
    path,
    routes: ({ effects }) => (
      <Route
        path="/profile/:page?"
        element={
          <ProfileScreen
            services={services}
            logic={profileChangeMachine.provide({
              actors: {
                loadProfile: effects.logic<CompanyProfile, void>(),
                requestProfileChange: effects.logic<ProfileChange, RequestProfileChangeInput>(),
              },
            })}
          />
        }
      />
    ),
  });
}

/** What the page sent for review, in order. */
const sentBodies = (started: RenderedApp): ProfileChangeBody[] =>
  started.effects.made
    .filter((call) => call.id === 'requestProfileChange')
    .map((call) => (call.input as RequestProfileChangeInput).body);

const pendingChange = (body: ProfileChangeBody): ProfileChange => ({
  ...body,
  id: '00000000-0000-4000-8000-0000000000c9',
  status: 'pending_review',
  reason: null,
  created_at: '2026-01-15T09:00:00.000Z',
  decided_at: null,
});

/** The structure page loads the profile once per journey (directors, then shareholders). */
async function openStructure(): Promise<RenderedApp> {
  const started = startApp('/profile/company-structure');
  await started.effects.settle('loadProfile', { output: aegeanProfile });
  await started.effects.settle('loadProfile', { output: aegeanProfile });
  await screen.findByRole('list', { name: 'Aegean Coffee IKE' });
  return started;
}

const card = (title: string) => screen.getByRole('region', { name: title });

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );

describe('/profile/company-structure: directors and shareholders go to review', () => {
  it('adds a director and removes one, checks the form first, sends the list and shows it pending', async () => {
    const started = await openStructure();
    const { user } = started;
    await user.click(within(card('Directors')).getByRole('button', { name: 'Edit directors' }));
    await user.click(screen.getByRole('button', { name: 'Add a director' }));

    // An empty new director is refused on the client with the server's own schema: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    const second = screen.getByRole('group', { name: 'Director 2' });
    expect(within(second).getByRole('textbox', { name: 'First name' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(within(second).getAllByText('This field is required.').length).toBeGreaterThan(0);
    expect(sentBodies(started)).toEqual([]);
    expect(await axeViolations(document.body)).toEqual([]);

    await user.type(within(second).getByRole('textbox', { name: 'First name' }), 'Nikos');
    await user.type(within(second).getByRole('textbox', { name: 'Last name' }), 'Georgiou');
    await user.type(within(second).getByLabelText('Date of birth'), '1979-06-30');
    await user.click(
      within(second).getByRole('checkbox', { name: 'This director is a legal representative' }),
    );
    const home = within(second).getByRole('group', { name: 'Home address' });
    await user.selectOptions(within(home).getByRole('combobox', { name: 'Country' }), 'CY');
    await user.type(within(home).getByRole('textbox', { name: 'Postal code' }), '1010');
    await user.type(within(home).getByRole('textbox', { name: 'City' }), 'Nicosia');
    await user.type(within(home).getByRole('textbox', { name: 'Address line 1' }), 'Ledras 5');
    await user.click(screen.getByRole('button', { name: 'Remove director 1' }));
    expect(screen.queryByRole('group', { name: 'Director 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send for review' }));

    expect(sentBodies(started)).toEqual([
      {
        kind: 'directors',
        data: {
          directors: [
            {
              first_name: 'Nikos',
              last_name: 'Georgiou',
              date_of_birth: '1979-06-30',
              is_legal_representative: true,
              home_address: {
                country: 'CY',
                postal_code: '1010',
                city: 'Nicosia',
                line1: 'Ledras 5',
                line2: '',
              },
            },
          ],
        },
      },
    ]);
    await started.effects.settle('requestProfileChange', { output: pendingChange(sentBodies(started)[0]!) });

    const directors = card('Directors');
    await waitFor(() => expect(within(directors).getByText('Pending review')).toBeTruthy());
    expect(within(directors).queryByRole('button', { name: 'Edit directors' })).toBeNull();
    // The tree still shows the approved director; the shareholders may still be edited.
    expect(screen.getByRole('list', { name: 'Aegean Coffee IKE' }).textContent).toContain(
      'Eleni Papadopoulou',
    );
    expect(within(card('Shareholders')).queryByText('Pending review')).toBeNull();
    expect(within(card('Shareholders')).getByRole('button', { name: 'Edit shareholders' })).toBeTruthy();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('shows the server refusing a shareholder field on that field, and keeps what was typed', async () => {
    const started = await openStructure();
    const { user } = started;
    await user.click(within(card('Shareholders')).getByRole('button', { name: 'Edit shareholders' }));
    const second = screen.getByRole('group', { name: 'Shareholder 2' });
    const name = within(second).getByRole('textbox', { name: 'Full name or company name' });
    await user.clear(name);
    await user.type(name, 'Kyma Holdings Ltd');
    const percentage = within(second).getByRole('textbox', { name: 'Ownership (%)' });

    // Over 100 % in all: the fields warn and nothing is sent.
    await user.clear(percentage);
    await user.type(percentage, '45');
    expect(screen.getByText('The declared ownership adds up to more than 100 %.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(sentBodies(started)).toEqual([]);

    await user.clear(percentage);
    await user.type(percentage, '40');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(sentBodies(started)).toEqual([
      {
        kind: 'shareholders',
        data: {
          shareholders: [
            aegeanProfile.shareholders.shareholders[0],
            { ...aegeanProfile.shareholders.shareholders[1], name: 'Kyma Holdings Ltd' },
          ],
          ubos_known: true,
        },
      },
    ]);
    await started.effects.settle('requestProfileChange', {
      error: {
        kind: 'http',
        status: 400,
        code: 'validation_failed',
        message: 'Some fields are missing or not valid.',
        fields: { 'data.shareholders.1.name': 'Max 10 characters.' },
      },
    });

    const field = within(screen.getByRole('group', { name: 'Shareholder 2' })).getByRole('textbox', {
      name: 'Full name or company name',
    });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const errorId = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Max 10 characters');
    expect((field as HTMLInputElement).value).toBe('Kyma Holdings Ltd');
    expect(screen.getByText('Check the highlighted fields.')).toBeTruthy();
    // Another field is not marked.
    expect(
      within(screen.getByRole('group', { name: 'Shareholder 1' }))
        .getByRole('textbox', { name: 'Full name or company name' })
        .getAttribute('aria-invalid'),
    ).toBeNull();
  });
});

describe('the registered address and the citizenship go to review', () => {
  it('/profile/company-information sends the edited registered address with the legal details', async () => {
    const started = startApp('/profile/company-information');
    const { user } = started;
    await started.effects.settle('loadProfile', { output: aegeanProfile });
    await user.click(await screen.findByRole('button', { name: 'Edit legal details' }));
    const address = screen.getByRole('group', { name: 'Registered address' });
    const city = within(address).getByRole('textbox', { name: 'City' });
    const postal = within(address).getByRole('textbox', { name: 'Postal code' });
    const line1 = within(address).getByRole('textbox', { name: 'Address line 1' });
    expect((city as HTMLInputElement).value).toBe('Athens');
    await user.clear(city);
    await user.type(city, 'Piraeus');
    await user.clear(postal);
    await user.type(postal, '18531');
    await user.clear(line1);
    await user.type(line1, 'Akti Miaouli 10');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));

    const company = aegeanProfile.company;
    expect(sentBodies(started)).toEqual([
      {
        kind: 'company',
        data: {
          name: company.name,
          legal_form: company.legal_form,
          country_of_registration: company.country_of_registration,
          vat_number: company.vat_number,
          registration_number: company.registration_number,
          tic_number: company.tic_number,
          registered_address: {
            country: 'GR',
            postal_code: '18531',
            city: 'Piraeus',
            line1: 'Akti Miaouli 10',
            line2: '',
          },
        },
      },
    ]);
    await started.effects.settle('requestProfileChange', { output: pendingChange(sentBodies(started)[0]!) });
    await waitFor(() => expect(screen.getByText('Pending review')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Edit legal details' })).toBeNull();
  });

  it('/profile/representative sends a new citizenship with the identity', async () => {
    const started = startApp('/profile/representative');
    const { user } = started;
    await started.effects.settle('loadProfile', { output: aegeanProfile });
    await user.click(await screen.findByRole('button', { name: 'Edit identity' }));
    const citizenship = screen.getByRole('combobox', { name: 'Citizenship' });
    await waitFor(() => expect((citizenship as HTMLSelectElement).value).toBe('GR'));
    await user.selectOptions(citizenship, 'CY');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(sentBodies(started)).toEqual([
      {
        kind: 'representative',
        data: {
          first_name: 'Eleni',
          last_name: 'Papadopoulou',
          date_of_birth: '1985-04-12',
          citizenship: 'CY',
        },
      },
    ]);
    await started.effects.settle('requestProfileChange', { output: pendingChange(sentBodies(started)[0]!) });
    await waitFor(() => expect(screen.getByText('Pending review')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Edit identity' })).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
