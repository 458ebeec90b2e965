import { screen } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  legalChangeReviewMachine,
  type DecideLegalChangeInput,
} from '../../machines/legalChangeReview.machine';
import type { LegalChange } from '../../schemas/legalChangeReview.schema';
import type { OnboardingDocument } from '../../schemas/onboarding.schema';
import { LegalChangeReviewJourney } from '../../src/screens/backOffice/LegalChangeReviewJourney';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type JourneyScreenTools,
  type PathRunner,
  type RenderedApp,
} from './harness';
import {
  legalChangeId,
  legalChangePath,
  legalChangeReviewModel,
  reviewTexts as t,
  waitingChange,
} from './legalChangeReview.paths';

// Every generated path of the back office's review of a change of legal details
// (machines/legalChangeReview.machine.ts), run on the real journey (src/screens/backOffice/LegalChangeReviewJourney.tsx)
// without the merchant's app shell; then what the reviewer reads and what the decision sends.

type Journey = ActorRefFrom<typeof legalChangeReviewMachine>;

const journey = journeyCapture<Journey>('legal-change review');
let opened: OnboardingDocument[] = [];
let backs = 0;

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

const executors: Executors<typeof legalChangeReviewMachine> = {
  'load.retry': (app) => click(app, t.retry),
  'approve.start': (app) => click(app, t.approve),
  'approve.confirm': (app) => click(app, t.approve),
  'reject.start': (app) => click(app, t.reject),
  'reject.submit': async (app, event) => {
    const reason = screen.getByLabelText(t.reasonLabel);
    await app.user.clear(reason);
    await app.user.type(reason, event.reason);
    await click(app, t.reject);
  },
  'decision.cancel': (app) => click(app, t.cancel),
};

function Host({ logic, clock, inspect }: JourneyScreenTools & { logic: typeof legalChangeReviewMachine }) {
  return (
    <LegalChangeReviewJourney
      changeId={legalChangeId}
      logic={logic}
      clock={clock}
      inspect={inspect}
      onOpenDocument={(document) => {
        opened.push(document);
      }}
      onBack={() => {
        backs += 1;
      }}
    />
  );
}

function startApp(): RenderedApp {
  opened = [];
  backs = 0;
  return renderJourneyScreen<Journey>({
    path: legalChangePath,
    route: '/back-office/legal-changes/:id',
    shell: false,
    journey,
    screen: (tools) => (
      <Host
        {...tools}
        logic={legalChangeReviewMachine.provide({
          actors: {
            loadLegalChange: tools.effects.logic<LegalChange, { id: string }>(),
            decideLegalChange: tools.effects.logic<LegalChange, DecideLegalChangeInput>(),
          },
        })}
      />
    ),
  });
}

const paths = generatePaths(legalChangeReviewModel);

const runner: PathRunner<typeof legalChangeReviewMachine> = {
  model: legalChangeReviewModel,
  executors,
  live: () => journey.snapshot(),
};

describe(`legalChangeReview journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
    await runPath(runner, path, app);
    for (const call of app.effects.made.filter((one) => one.id === 'decideLegalChange')) {
      const input = call.input as DecideLegalChangeInput;
      expect(input.id).toBe(legalChangeId);
      if (input.decision === 'reject') expect(input.reason).toBe(t.reason);
      else expect(input.reason).toBeUndefined();
    }
  });
});

describe('reviewing a change', () => {
  it('shows from what to what, opens the document, and sends the reason typed', async () => {
    const app = startApp();
    await app.effects.settle('loadLegalChange', { output: waitingChange });
    await screen.findByRole('heading', { level: 1, name: t.title });
    expect(screen.getByRole('rowheader', { name: 'name (changed)' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Demo Coffee IKE' })).toBeTruthy();
    expect(screen.getByText('Merchant: Demo Coffee')).toBeTruthy();
    await click(app, 'Open registry-extract.pdf');
    expect(opened.map((document) => document.id)).toEqual([waitingChange.documents[0]?.id]);

    await click(app, t.reject);
    // An empty reason is refused on the spot: nothing is sent.
    await click(app, t.reject);
    expect(screen.getByText('Give a reason.')).toBeTruthy();
    expect(app.effects.made.filter((call) => call.id === 'decideLegalChange')).toEqual([]);
    await app.user.type(screen.getByLabelText(t.reasonLabel), '  Wrong number.  ');
    await click(app, t.reject);
    expect(app.effects.made.find((call) => call.id === 'decideLegalChange')?.input).toEqual({
      id: legalChangeId,
      decision: 'reject',
      reason: 'Wrong number.',
    });
    expect(backs).toBe(0);
  });
});
