import { act, cleanup, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  onboardingMachine,
  type DeleteInput,
  type LoadInput,
  type LoadOutput,
  type OnboardingStep,
  type SaveStepInput,
  type UploadInput,
} from '../../machines/onboarding.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { OnboardingDocument, OnboardingState } from '../../schemas/onboarding.schema';
import { OnboardingScreen } from '../../src/screens/onboarding/OnboardingScreen';
import type { OnboardingServices } from '../../src/screens/onboarding/services';
import { pressBack, pressForward } from './browserHistory';
import { generatePaths, type ModelPath } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { merchantId, onboardingModel, reference, rejectedState, texts, uploadFile } from './onboarding.paths';
import { demoSession } from './paths';

// Every generated path of the company onboarding (machines/onboarding.machine.ts), run against the real screens.

type OnboardingActor = ActorRefFrom<typeof onboardingMachine>;
type Snapshot = ModelPath<ReturnType<OnboardingActor['getSnapshot']>>;

const ownerSession = {
  ...demoSession,
  user: {
    ...demoSession.user,
    merchant: { id: merchantId, name: 'Acropolis Coffee IKE', status: 'rejected' },
  },
} satisfies SessionResponse;

const journey = journeyCapture<OnboardingActor>('onboarding journey');
/** How the upload in flight reports progress (its input's `onProgress`), caught when the journey starts it. */
let reportProgress: UploadInput['onProgress'] | undefined;

const click = async (app: RenderedApp, name: string | RegExp) => {
  await app.user.click(screen.getByRole('button', { name }));
};
const next = (app: RenderedApp) => click(app, new RegExp(`^(${texts.continue}|${texts.saveAndReview})$`));

const executors: Executors<typeof onboardingMachine> = {
  // Sent by the screen itself (auto): never executed.
  'step.open': async () => {},
  'representative.save': next,
  'company.save': next,
  'directors.save': next,
  'shareholders.save': next,
  'funding.save': next,
  'documents.continue': next,
  'identity.continue': next,
  'document.upload': async (app) => {
    await app.user.upload(screen.getByLabelText(texts.uploadLabel), uploadFile);
  },
  'upload.progress': async (_app, event) => {
    if (!reportProgress) throw new Error('no upload in flight reports progress');
    const report = reportProgress;
    await act(async () => report(event.loaded, event.total));
  },
  'document.delete': (app) => click(app, texts.deleteButton('certificate.pdf')),
  'step.back': (app) => click(app, texts.back),
  'step.edit': (app, event) => click(app, texts.editButton(event.step)),
  'review.submit': (app) => click(app, texts.submit),
  'load.retry': (app) => click(app, texts.retry),
  'nav.back': (app) => pressBack(app),
  'nav.forward': (app) => pressForward(app),
};

/** Stand-in for /information-submitted (it loads its own data): its heading. */
function SubmittedStandIn() {
  return <h1>{texts.submittedHeading}</h1>;
}

/** Services that never answer: previews and the VAT check are outside the journey. */
const quietServices: OnboardingServices = {
  vatCheck: () => new Promise(() => {}),
  downloadDocument: () => new Promise(() => {}),
  uploadCompanyLogo: () => new Promise(() => {}),
};

/** The address a path starts at: the step its `step.open` opens (the screen opens the step in the address). */
function openedStep(path: Snapshot): OnboardingStep {
  for (const { action } of path.steps) {
    if (action.kind === 'event' && action.event.type === 'step.open' && 'step' in action.event) {
      return action.event.step as OnboardingStep;
    }
  }
  return 'representative';
}

function startOnboardingApp(initialPath: string, keepSessionStorage = false): RenderedApp {
  return renderJourneyScreen<OnboardingActor>({
    path: initialPath,
    keepSessionStorage,
    route: '/registration/:step?/:id?',
    routes: <Route path="/information-submitted" element={<SubmittedStandIn />} />,
    journey,
    session: ownerSession,
    screen: ({ effects, inspect }) => {
      const upload = effects.logic<OnboardingDocument, UploadInput>();
      return (
        <OnboardingScreen
          merchantId={merchantId}
          logic={onboardingMachine.provide({
            actors: {
              loadOnboarding: effects.logic<LoadOutput, LoadInput>(),
              saveStep: effects.logic<OnboardingState, SaveStepInput>(),
              uploadDocument: fromPromise<OnboardingDocument, UploadInput>((args) => {
                reportProgress = args.input.onProgress;
                // The Deferreds logic's own promise creator answers the call as for every other effect.
                return (upload.config as (same: typeof args) => Promise<OnboardingDocument>)(args);
              }),
              deleteDocument: effects.logic<void, DeleteInput>(),
              submitForReview: effects.logic<OnboardingState, LoadInput>(),
            },
          })}
          services={quietServices}
          inspect={inspect}
        />
      );
    },
  });
}

const paths = generatePaths(onboardingModel);
afterEach(() => {
  reportProgress = undefined;
});

describe(`onboarding journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const opened = openedStep(path);
    const start = `/registration/${opened}/${merchantId}`;
    // Before a step opens, the model expects /registration/:step/…: any step the tester opened.
    const runner: PathRunner<typeof onboardingMachine> = {
      model: onboardingModel,
      executors,
      live: () => journey.snapshot(),
    };
    const app = startOnboardingApp(start);
    await runPath(runner, path, app);
  });
});

describe('Back, Forward and reload in onboarding', () => {
  const heading = (step: OnboardingStep) =>
    screen.findByRole('heading', { level: 1, name: texts.steps[step] });

  it('goes back to the step before and forward again, and a reload stays on the step, read afresh from the server', async () => {
    const app = startOnboardingApp(`/registration/company/${merchantId}`);
    await app.effects.settle('loadOnboarding', { output: { state: rejectedState, reference } });
    await heading('company');
    await next(app);
    await app.effects.settle('saveCompany', { output: rejectedState });
    await heading('directors');
    expect(app.path()).toBe(`/registration/directors/${merchantId}`);

    // The browser's Back: the step before, never the sign-in page.
    await pressBack(app);
    await heading('company');
    expect(app.path()).toBe(`/registration/company/${merchantId}`);
    await pressForward(app);
    await heading('directors');
    expect(app.path()).toBe(`/registration/directors/${merchantId}`);

    // A reload at the step: what was saved is read again (a verification may have passed meanwhile), on that step.
    app.stop();
    cleanup();
    const reloaded = startOnboardingApp(`/registration/directors/${merchantId}`, true);
    await reloaded.effects.settle('loadOnboarding', { output: { state: rejectedState, reference } });
    await heading('directors');
    expect(reloaded.path()).toBe(`/registration/directors/${merchantId}`);
  });
});
