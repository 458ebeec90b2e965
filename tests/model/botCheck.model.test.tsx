import { screen, waitFor } from '@testing-library/react';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { ActorRefFrom, InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { botCheckMachine, type SolvedCheck } from '../../machines/botCheck.machine';
import { createApiClient } from '../../src/api/client';
import { AltchaBotCheck } from '../../src/app/botCheck';
import { botCheckActors } from '../../src/app/botCheckActors';
import { redactContext, redactEvent, redactInspection } from '../../src/app/inspection';
import {
  botCheckModel,
  botCheckPath,
  botCheckStatusText,
  botCheckTexts as t,
  solvedPayload,
} from './botCheck.paths';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  renderPart,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';

// Every generated path of the bot check (machines/botCheck.machine.ts), run against the real AltchaBotCheck as the
// sign-in form shows it. The challenge and its solving are faked at the journey's seam; the app's own effect
// (src/app/botCheckActors.ts: the request, then the solver) is checked below with a real, tiny challenge.

type BotCheckActor = ActorRefFrom<typeof botCheckMachine>;

const journey = journeyCapture<BotCheckActor>('bot check');

const status = () => screen.getByRole('status');

const executors: Executors<typeof botCheckMachine> = {
  'check.retry': async (app) => {
    expect(status().textContent).toBe(`${t.failed}${t.retry}`);
    await app.user.click(screen.getByRole('button', { name: t.retry }));
  },
};

/** What the form was told: each round that started, and each payload it was handed. */
type FormSide = { resets: number; verified: string[] };

function startApp(form: FormSide): RenderedApp {
  return renderJourneyScreen({
    path: botCheckPath,
    route: botCheckPath,
    session: null,
    journey,
    screen: ({ effects, inspect }) => (
      <>
        <h1>{t.heading}</h1>
        <AltchaBotCheck
          round={0}
          onReset={() => {
            form.resets += 1;
          }}
          onVerified={(payload) => form.verified.push(payload)}
          logic={botCheckMachine.provide({ actors: { solveChallenge: effects.logic<SolvedCheck>() } })}
          inspect={inspect}
        />
      </>
    ),
  });
}

const paths = generatePaths(botCheckModel);

const runner: PathRunner<typeof botCheckMachine> = {
  model: botCheckModel,
  executors,
  live: () => journey.snapshot(),
};

describe(`botCheck journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const form: FormSide = { resets: 0, verified: [] };
    const app = startApp(form);
    expect(status().textContent).toBe(t.solving);
    await runPath(runner, path, app);
    const last = path.steps.at(-1)!.state;
    await waitFor(() => expect(status().textContent).toBe(botCheckStatusText(last)));
    // The form dropped its payload at each round of solving, and was handed the solved one once, when verified.
    const rounds = 1 + path.steps.filter((step) => step.event.type === 'check.retry').length;
    expect(form.resets).toBe(rounds);
    expect(form.verified).toEqual(last.matches('verified') ? [solvedPayload] : []);
  });
});

describe("the app's bot-check effect", () => {
  it('fetches a challenge, solves it in the page and hands the form a payload the server accepts', async () => {
    const hmacKey = 'model-test-key';
    // A tiny proof of work: the solver's real hashing, done in a moment.
    const challenge = await createChallenge({ hmacKey, maxNumber: 50 });
    const requests: Request[] = [];
    const client = createApiClient({
      hooks: () => ({ getAccessToken: () => null }),
      baseUrl: 'http://localhost',
      fetch: async (request) => {
        requests.push(request);
        return Response.json(challenge);
      },
    });
    const verified: string[] = [];
    let resets = 0;
    const inspected: InspectionEvent[] = [];
    renderPart(
      <AltchaBotCheck
        round={0}
        onReset={() => {
          resets += 1;
        }}
        onVerified={(payload) => verified.push(payload)}
        logic={botCheckMachine.provide({ actors: botCheckActors(client) })}
        inspect={(event) => inspected.push(event)}
      />,
    );
    await screen.findByText(t.verified);
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'GET /api/altcha/challenge/',
    ]);
    expect(resets).toBe(1);
    expect(verified).toHaveLength(1);
    expect(await verifySolution(verified[0]!, hmacKey)).toBe(true);
    // What the app's inspector would be shown (inspectorRedactions): the journey's context, the events and the
    // solver's output, never the payload itself.
    const shown = inspected
      .filter((event) => event.type === '@xstate.snapshot')
      .map((event) => {
        const snapshot = event.snapshot as { context?: Record<string, unknown> };
        const context = snapshot.context ? redactContext(snapshot.context) : undefined;
        return JSON.stringify(
          redactInspection({
            ...event,
            actorRef: null,
            event: redactEvent(event.event),
            snapshot: { ...snapshot, context },
          }),
        );
      });
    expect(shown.some((text) => text.includes('[redacted]'))).toBe(true);
    expect(shown.filter((text) => text.includes(verified[0]!))).toEqual([]);
  });
});
