import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createActor, fromPromise } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  onboardingMachine,
  onboardingSteps,
  type LoadInput,
  type LoadOutput,
} from '../../machines/onboarding.machine';
import { sessionMachine } from '../../machines/session.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import { AppProviders } from '../../src/app/AppProviders';
import { OnboardingScreen } from '../../src/screens/onboarding/OnboardingScreen';
import { merchantId, reference, rejectedState, texts } from './onboarding.paths';
import { InstantBotCheck } from './harness';
import { sessionInput } from './paths';

// Every onboarding step, filled in and empty, checked with axe in jsdom (colour contrast needs a real browser).

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

const emptyState = {
  ...rejectedState,
  merchant: { ...rejectedState.merchant, status: 'onboarding' as const },
  rejection_reason: null,
  steps: { representative: null, company: null, directors: null, shareholders: null, funding: null },
  completed_steps: [],
  documents: [],
};

async function renderStep(step: string, state: LoadOutput['state']) {
  const session = createActor(
    sessionMachine.provide({
      actors: {
        refreshSession: fromPromise<SessionResponse>(async () => {
          throw { kind: 'network' };
        }),
        signOut: fromPromise(async () => {}),
      },
    }),
    { input: sessionInput },
  );
  session.start();
  const logic = onboardingMachine.provide({
    actors: { loadOnboarding: fromPromise<LoadOutput, LoadInput>(async () => ({ state, reference })) },
  });
  const never = () => new Promise<never>(() => {});
  const view = render(
    <MemoryRouter initialEntries={[`/registration/${step}/${merchantId}`]}>
      <AppProviders session={session} botCheck={InstantBotCheck} locale="en">
        <main>
          <Routes>
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
          </Routes>
        </main>
      </AppProviders>
    </MemoryRouter>,
  );
  stop = () => session.stop();
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
