import { screen, waitFor, within } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  oneTimeCodeMachine,
  type OneTimeCodeOutput,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import {
  pendingFirst,
  pendingRequestsMachine,
  type AcceptInput,
  type AcceptPreview,
  type DeclineInput,
  type PrepareInput,
} from '../../machines/pendingRequests.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { MoneyRequest } from '../../schemas/moneyRequests.schema';
import { PendingRequestsScreen } from '../../src/screens/requests/PendingRequestsScreen';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { demoSession } from './paths';
import {
  pendingRequestsModel,
  pendingRequestsPath,
  pendingTexts,
  receivedRequests,
  summaries,
} from './pendingRequests.paths';
import { finishCodeStep } from './oneTimeCodeSteps';

// Every generated path of pending requests (machines/pendingRequests.machine.ts), run against the real screen at
// /my-wallet/pending-requests, signed in as the owner of Demo Bakery. The one-time code child is driven through its
// own screen part (src/ui/OneTimeCodeStep.tsx) wherever a path says it ends.

type PendingActor = ActorRefFrom<typeof pendingRequestsMachine>;

const bakerySession = {
  ...demoSession,
  user: {
    ...demoSession.user,
    email: 'bakery@tameio.test',
    merchant: { id: '00000000-0000-4000-8000-0000000000bb', name: 'Demo Bakery', status: 'approved' },
  },
} satisfies SessionResponse;

const journey = journeyCapture<PendingActor>('pending-requests journey');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

/** Clicks the button `name` of the list item of request `id`. */
async function clickFor(app: RenderedApp, id: string, name: string) {
  const summary = summaries[id];
  if (!summary) throw new Error(`no summary for ${id}`);
  const item = screen.getByText(summary).closest('li');
  if (!item) throw new Error(`no list item for ${summary}`);
  await app.user.click(within(item).getByRole('button', { name }));
}

const executors: Executors<typeof pendingRequestsMachine> = {
  'load.retry': (app) => click(app, pendingTexts.retry),
  'request.accept': (app, event) => clickFor(app, event.id, pendingTexts.accept),
  'request.decline': (app, event) => clickFor(app, event.id, pendingTexts.decline),
  'accept.confirm': (app) => click(app, pendingTexts.confirm),
  'accept.back': (app) => click(app, pendingTexts.back),
  'decline.confirm': (app) => click(app, pendingTexts.declineConfirm),
  'decline.cancel': (app) => click(app, pendingTexts.declineCancel),
};

/** Ends the oneTimeCode child through its screen: cancelled, or with the emailed code and the grant. */
/** What each accept sent: the request and its grant. */
let accepts: AcceptInput[] = [];

function startApp(): RenderedApp {
  return renderJourneyScreen<PendingActor>({
    path: pendingRequestsPath,
    route: pendingRequestsPath,
    journey,
    session: bakerySession,
    onSnapshot: (snapshot) => {
      if (snapshot.matches('accepting')) {
        accepts.push({ id: snapshot.context.selectedId ?? '', stepUpToken: snapshot.context.stepUpToken });
      }
    },
    screen: ({ effects, clock, inspect }) => (
      <PendingRequestsScreen
        logic={pendingRequestsMachine.provide({
          actors: {
            loadReceivedRequests: effects.logic<MoneyRequest[], void>(),
            prepareAccept: effects.logic<AcceptPreview, PrepareInput>(),
            oneTimeCode: oneTimeCodeMachine.provide({
              actors: {
                sendCode: effects.logic<CodeSent, SendCodeInput>(),
                verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
              },
            }),
            acceptMoneyRequest: effects.logic<MoneyRequest, AcceptInput>(),
            declineMoneyRequest: effects.logic<MoneyRequest, DeclineInput>(),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(pendingRequestsModel);
afterEach(() => {
  accepts = [];
});

describe(`pendingRequests journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof pendingRequestsMachine> = {
      model: pendingRequestsModel,
      executors,
      live: () => journey.snapshot(),
      settleOther: async (rendered, action) => {
        if (action.id !== 'oneTimeCode') return false;
        await finishCodeStep(rendered, action.output as OneTimeCodeOutput);
        return true;
      },
    };
    const app = startApp();
    await runPath(runner, path, app);
    // An accept of an amount below the threshold carries no grant; one above it carries the child's grant.
    for (const input of accepts) {
      const amount = receivedRequests.find((one) => one.id === input.id)?.amount.amount_minor ?? '0';
      expect(input.stepUpToken).toBe(BigInt(amount) >= 10000n ? 'grant-1' : null);
    }
  });
});

describe('the received list', () => {
  it('shows pending requests first, the decided ones after, each group in the server’s order', () => {
    expect(pendingFirst(receivedRequests).map((one) => one.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'declined',
    ]);
  });

  it('describes each Accept and Decline button by its request', async () => {
    const app = startApp();
    await app.effects.settle('loadReceivedRequests', { output: receivedRequests });
    const accept = await screen.findAllByRole('button', { name: pendingTexts.accept });
    await waitFor(() =>
      expect(accept.map((button) => button.getAttribute('aria-describedby'))).not.toContain(null),
    );
    const described = accept.map(
      (button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(described).toEqual(Object.values(summaries));
  });
});
