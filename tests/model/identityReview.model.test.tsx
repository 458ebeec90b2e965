import { screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { identityReviewMachine, type IdentityDecideInput } from '../../machines/identityReview.machine';
import type { IdentityReviewItem } from '../../schemas/merchantReview.schema';
import type { ReviewFileServices } from '../../src/app/merchantReviewActors';
import { IdentityReviewScreen } from '../../src/screens/backOffice/IdentityReviewScreen';
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
  eleniItem,
  eleniVerificationId,
  identityReviewModel,
  identityReviewPath,
  identityTexts,
  refusalReason,
} from './identityReview.paths';
import { fakeReviewFiles } from './reviewFixtures';

// Every generated path of a person's look at identity photos (machines/identityReview.machine.ts), run against the
// real screen at /back-office/identity-reviews/:id; then the page once with its photos, checked with axe.

type ReviewActor = ActorRefFrom<typeof identityReviewMachine>;

const journey = journeyCapture<ReviewActor>('identity review journey');
const t = identityTexts;

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

const executors: Executors<typeof identityReviewMachine> = {
  'load.retry': (app) => click(app, t.retry),
  'confirm.start': (app) => click(app, t.confirm),
  'refuse.start': (app) => click(app, t.refuse),
  'confirm.send': (app) => click(app, t.confirmYes),
  'decision.retry': (app) => click(app, t.retry),
  'decision.back': async (app) => {
    const back = screen.queryByRole('button', { name: t.backToPhotos });
    await app.user.click(back ?? screen.getByRole('button', { name: t.cancel }));
  },
  'refuse.submit': async (app, event) => {
    const reason = screen.getByLabelText(t.reason);
    await app.user.clear(reason);
    if (event.reason) await app.user.type(reason, event.reason);
    await click(app, t.refuseSubmit);
  },
};

function startApp(services: ReviewFileServices = fakeReviewFiles()): RenderedApp {
  return renderJourneyScreen<ReviewActor>({
    path: identityReviewPath,
    route: '/back-office/identity-reviews/:id',
    journey,
    shell: false,
    screen: ({ effects, inspect }) => (
      <IdentityReviewScreen
        verificationId={eleniVerificationId}
        services={services}
        logic={identityReviewMachine.provide({
          actors: {
            loadItem: effects.logic<IdentityReviewItem, { verificationId: string }>(),
            decide: effects.logic<IdentityReviewItem, IdentityDecideInput>(),
          },
        })}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(identityReviewModel);

describe(`identityReview journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof identityReviewMachine> = {
      model: identityReviewModel,
      executors,
      live: () => journey.snapshot(),
    };
    await runPath(runner, path, startApp());
  });
});

describe('the identity review page', () => {
  it('shows the photos fetched with the staff client beside the details, sends the reason trimmed, and passes axe', async () => {
    const services = fakeReviewFiles();
    const app = startApp(services);
    await app.effects.settle('loadItem', { output: eleniItem });
    expect(await screen.findByRole('img', { name: 'Selfie' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Front of the document' })).toBeTruthy();
    expect(services.opened).toEqual([
      `photo ${eleniVerificationId} front`,
      `photo ${eleniVerificationId} selfie`,
    ]);
    expect(
      screen.getByText('Passport AB1234567, valid until 2030-05-01, in the name of Eleni Papadopoulou'),
    ).toBeTruthy();
    const violations = (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } }))
      .violations;
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await click(app, t.refuse);
    await app.user.type(screen.getByLabelText(t.reason), `  ${refusalReason} `);
    await click(app, t.refuseSubmit);
    await waitFor(() =>
      expect(app.effects.made.filter((call) => call.id === 'decide').map((call) => call.input)).toEqual([
        { verificationId: eleniVerificationId, decision: { kind: 'refuse', reason: refusalReason } },
      ]),
    );
  });

  it('says in words when the photos could not be opened, the details still shown', async () => {
    const app = startApp({
      openDocument: async () => {
        throw new Error('not on this page');
      },
      openPhoto: async () => {
        throw new Error('no answer');
      },
    });
    await app.effects.settle('loadItem', { output: eleniItem });
    expect(await screen.findByText('The photo could not be opened.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Selfie')).toBeTruthy();
    expect(screen.getByRole('button', { name: t.confirm })).toBeTruthy();
  });
});
