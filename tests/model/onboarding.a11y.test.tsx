import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Route } from 'react-router';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  onboardingMachine,
  onboardingSteps,
  type LoadInput,
  type LoadOutput,
  type UploadInput,
} from '../../machines/onboarding.machine';
import type { OnboardingDocument } from '../../schemas/onboarding.schema';
import { OnboardingScreen } from '../../src/screens/onboarding/OnboardingScreen';
import { merchantId, reference, rejectedState, texts, uploadFile } from './onboarding.paths';
import { renderScreen } from './harness';

// Every onboarding step, filled in and empty, checked with axe in jsdom (colour contrast needs a real browser).

const emptyState = {
  ...rejectedState,
  merchant: { ...rejectedState.merchant, status: 'onboarding' as const },
  rejection_reason: null,
  steps: { representative: null, company: null, directors: null, shareholders: null, funding: null },
  completed_steps: [],
  documents: [],
  identity_verification: { status: 'not_started' as const, verified_at: null, refusal_reason: null },
};

async function renderStep(
  step: string,
  state: LoadOutput['state'],
  uploadDocument?: ReturnType<typeof fromPromise<OnboardingDocument, UploadInput>>,
) {
  const logic = onboardingMachine.provide({
    actors: {
      loadOnboarding: fromPromise<LoadOutput, LoadInput>(async () => ({ state, reference })),
      ...(uploadDocument ? { uploadDocument } : {}),
    },
  });
  const never = () => new Promise<never>(() => {});
  const { view } = renderScreen({
    path: `/registration/${step}/${merchantId}`,
    session: null,
    shell: false,
    routes: (
      <Route
        path="/registration/:step?/:id?"
        element={
          <OnboardingScreen
            merchantId={merchantId}
            logic={logic}
            services={{ vatCheck: never, downloadDocument: never, uploadCompanyLogo: never }}
          />
        }
      />
    ),
  });
  await screen.findByRole('heading', { level: 1, name: texts.steps[step as keyof typeof texts.steps] });
  return view.container;
}

describe('onboarding steps are accessible', () => {
  it.each(onboardingSteps.flatMap((step) => [[step, 'filled in'] as const, [step, 'empty'] as const]))(
    '%s, %s',
    async (step, filled) => {
      const container = await renderStep(step, filled === 'filled in' ? rejectedState : emptyState);
      const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    },
  );
});

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

describe('what the review and the documents step add', () => {
  it('review: the identity verification with its link, and the server’s warnings as a status', async () => {
    const container = await renderStep('review', {
      ...rejectedState,
      identity_verification: { status: 'failed', verified_at: null, refusal_reason: null },
      warnings: [{ code: 'ownership_over_100', message: 'server English, not shown' }],
    });
    const section = screen.getByRole('region', { name: "Representative's identity verification" });
    expect(within(section).getByText(/Not passed/)).toBeTruthy();
    expect(
      within(section)
        .getByRole('link', { name: "Verify the representative's identity" })
        .getAttribute('href'),
    ).toBe('/identity-verification/');
    expect(screen.getByRole('status').textContent).toBe('The declared ownership adds up to more than 100 %.');
    expect(screen.queryByText('server English, not shown')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('review: a passed verification shows its date and no link', async () => {
    await renderStep('review', rejectedState);
    const section = screen.getByRole('region', { name: "Representative's identity verification" });
    expect(within(section).getByText('Verified on January 10, 2026')).toBeTruthy();
    expect(within(section).queryByRole('link')).toBeNull();
  });

  it('review: while the bank asks for more information, only the named steps can be edited, each with its note', async () => {
    const asking = {
      ...rejectedState,
      merchant: { ...rejectedState.merchant, status: 'information_requested' as const },
      rejection_reason: null,
      information_request: {
        requested_at: '2026-01-15T10:00:00.000Z',
        steps: [
          { step: 'directors' as const, note: 'Add the second director named in the articles.' },
          { step: 'identity' as const, note: 'The selfie is too dark.' },
        ],
      },
      identity_verification: {
        status: 'refused' as const,
        verified_at: null,
        refusal_reason: 'The selfie is too dark.',
      },
    };
    const container = await renderStep('review', asking);
    expect(
      screen.getAllByRole('button', { name: /^Edit / }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit Directors']);
    const directors = screen.getByRole('region', { name: 'Directors' });
    expect(
      within(directors).getByText('The bank asks: Add the second director named in the articles.'),
    ).toBeTruthy();
    const company = screen.getByRole('region', { name: 'Company information' });
    expect(
      within(company).getByText('The bank did not ask about this step: it stays as it is.'),
    ).toBeTruthy();
    const identity = screen.getByRole('region', { name: "Representative's identity verification" });
    expect(within(identity).getByText('The bank asks: The selfie is too dark.')).toBeTruthy();
    expect(within(identity).getByRole('link', { name: "Verify the representative's identity" })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('review: photos through the automatic checks read as being checked by a person, without a link', async () => {
    await renderStep('review', {
      ...rejectedState,
      identity_verification: { status: 'awaiting_review', verified_at: null, refusal_reason: null },
    });
    const section = screen.getByRole('region', { name: "Representative's identity verification" });
    expect(
      within(section).getByText(
        'Photos received and checked automatically; a person at the bank is checking them',
      ),
    ).toBeTruthy();
    expect(within(section).queryByRole('link')).toBeNull();
  });

  it('shareholders: the server’s ownership warning', async () => {
    const over = {
      ...rejectedState.steps.shareholders,
      shareholders: [
        rejectedState.steps.shareholders.shareholders[0]!,
        { ...rejectedState.steps.shareholders.shareholders[0]!, name: 'Nikos Georgiou', percentage: '20' },
      ],
    };
    await renderStep('shareholders', {
      ...rejectedState,
      steps: { ...rejectedState.steps, shareholders: over },
      warnings: [{ code: 'ownership_over_100', message: 'x' }],
    });
    expect(screen.getByRole('status').textContent).toBe('The declared ownership adds up to more than 100 %.');
  });

  it('documents: an upload shows a labelled progress bar with its percentage', async () => {
    const upload = fromPromise<OnboardingDocument, UploadInput>(({ input }) => {
      input.onProgress(256, 1024);
      return new Promise<never>(() => {});
    });
    const container = await renderStep('documents', rejectedState, upload);
    await userEvent.setup().upload(screen.getByLabelText(texts.uploadLabel), uploadFile);
    const bar = await screen.findByRole('progressbar', { name: `Uploading ${uploadFile.name}` });
    expect(bar.getAttribute('value')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('25%');
    expect(await axeViolations(container)).toEqual([]);
  });
});
