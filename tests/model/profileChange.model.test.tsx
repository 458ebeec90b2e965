import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { profileChangeMachine, type RequestProfileChangeInput } from '../../machines/profileChange.machine';
import type { CompanyProfile, ProfileChange } from '../../schemas/profile.schema';
import type { ProfileServices } from '../../src/app/profileActors';
import { ProfileScreen } from '../../src/screens/profile/ProfileScreen';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import {
  aegeanProfile,
  companyInformationPath,
  newLegalName,
  profileChangeModel,
  profileTexts,
} from './profileChange.paths';

// Every generated path of sending legal details to review (machines/profileChange.machine.ts), run against the real
// page at /profile/company-information; then each profile page once, checked with axe.

type ChangeActor = ActorRefFrom<typeof profileChangeMachine>;

const journey = journeyCapture<ChangeActor>('profile-change journey');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

const executors: Executors<typeof profileChangeMachine> = {
  'load.retry': (app) => click(app, profileTexts.retry),
  'edit.start': (app) => click(app, profileTexts.edit),
  'edit.cancel': (app) => click(app, profileTexts.cancel),
  'edit.submit': async (app) => {
    const name = screen.getByLabelText('Legal name');
    await app.user.clear(name);
    await app.user.type(name, newLegalName);
    await click(app, profileTexts.send);
  },
};

const reference = {
  legalForms: [
    { code: 'ike', name_en: 'Private company (IKE)', name_el: 'Ιδιωτική κεφαλαιουχική εταιρεία (ΙΚΕ)' },
  ],
  countries: [{ code: 'GR', name_en: 'Greece', name_el: 'Ελλάδα' }],
  industries: [{ code: 'food_and_beverage', name_en: 'Food and beverage', name_el: 'Τρόφιμα και ποτά' }],
  sizes: [{ code: '2_10', name_en: '2 to 10 people', name_el: '2 έως 10 άτομα' }],
  turnovers: [{ code: '100k_500k', name_en: '€100k to €500k', name_el: '100 χιλ. έως 500 χιλ. €' }],
};

function fakeServices(profile: CompanyProfile = aegeanProfile): ProfileServices {
  return {
    loadProfile: async () => profile,
    loadReference: async () => reference,
    updateContact: async () => profile,
    updateRepresentative: async () => profile,
    latestDocuments: async () => [
      {
        id: '00000000-0000-4000-8000-0000000000d2',
        type: 'proof_of_address',
        file_name: 'lease.pdf',
        content_type: 'application/pdf',
        size: 20480,
        uploaded_at: '2026-01-14T10:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-0000000000d1',
        type: 'certificate_of_registration',
        file_name: 'gemi.pdf',
        content_type: 'application/pdf',
        size: 10240,
        uploaded_at: '2026-01-02T10:00:00.000Z',
      },
    ],
    uploadDocument: async () => {
      throw new Error('not in this test');
    },
    downloadDocument: async () => new Blob(['%PDF-1.4']),
    uploadLogo: async () => {
      throw new Error('not in this test');
    },
    loadLogo: async () => null,
  };
}

function startApp(initial = companyInformationPath, services = fakeServices()): RenderedApp {
  return renderJourneyScreen<ChangeActor>({
    path: initial,
    route: '/profile/:page?',
    journey,
    screen: ({ effects, inspect }) => (
      <ProfileScreen
        services={services}
        logic={profileChangeMachine.provide({
          actors: {
            loadProfile: effects.logic<CompanyProfile, void>(),
            requestProfileChange: effects.logic<ProfileChange, RequestProfileChangeInput>(),
          },
        })}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(profileChangeModel);

describe(`profileChange journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof profileChangeMachine> = {
      model: profileChangeModel,
      executors,
      live: () => journey.snapshot(),
    };
    const app = startApp();
    await runPath(runner, path, app);
  });
});

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );

describe('the profile pages', () => {
  it('shows the change pending review after sending it, and passes axe', async () => {
    const started = startApp();
    await started.effects.settle('loadProfile', { output: aegeanProfile });
    await click(started, profileTexts.edit);
    await started.user.clear(screen.getByLabelText('Legal name'));
    await started.user.type(screen.getByLabelText('Legal name'), newLegalName);
    await click(started, profileTexts.send);
    const sent = started.effects.made.filter((call) => call.id === 'requestProfileChange');
    expect(sent.map((call) => (call.input as RequestProfileChangeInput).body)).toEqual([
      { kind: 'company', data: expect.objectContaining({ name: newLegalName, vat_number: '123456783' }) },
    ]);
    await started.effects.settle('requestProfileChange', {
      output: {
        id: '00000000-0000-4000-8000-0000000000c8',
        kind: 'company',
        status: 'pending_review',
        reason: null,
        created_at: '2026-01-15T09:00:00.000Z',
        decided_at: null,
        data: { ...aegeanProfile.company, name: newLegalName },
      },
    });
    await waitFor(() => expect(screen.getByText(profileTexts.pending)).toBeTruthy());
    // The legal name shown is still the approved one.
    expect(screen.getAllByText('Aegean Coffee IKE').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: profileTexts.edit })).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('draws the structure as nested lists with ownership percentages', async () => {
    const app = startApp('/profile/company-structure');
    // One review journey per kind (directors, shareholders), each loading the profile.
    await app.effects.settle('loadProfile', { output: aegeanProfile });
    await app.effects.settle('loadProfile', { output: aegeanProfile });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Company structure' });
    expect(heading).toBeTruthy();
    const tree = await screen.findByRole('list', { name: 'Aegean Coffee IKE' });
    const items = within(tree)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent);
    expect(items).toEqual(expect.arrayContaining(['Directors', 'Shareholders', 'Eleni Papadopoulou']));
    expect(tree.textContent).toContain('Eleni Papadopoulou: owns 60%');
    expect(tree.textContent).toContain('Kyma Holdings AE: owns 40%');
    expect(tree.textContent).toContain('Legal representative');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it.each([
    ['/profile/company-details', 'Company details', 'Trading name'],
    ['/profile/documents', 'Documents', 'lease.pdf'],
    ['/profile/representative', 'Representative', 'Papadopoulou'],
    ['/profile/about-us', 'About Tameio', 'Contact us'],
  ])('%s shows its page and passes axe', async (path, heading, text) => {
    const app = startApp(path);
    if (path === '/profile/representative') {
      await app.effects.settle('loadProfile', { output: aegeanProfile });
      await screen.findByRole('button', { name: 'Edit identity' });
    }
    await screen.findByRole('heading', { level: 1, name: heading });
    await waitFor(() => expect(screen.getAllByText(new RegExp(text)).length).toBeGreaterThan(0));
    expect(screen.getByRole('navigation', { name: 'Profile' })).toBeTruthy();
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
