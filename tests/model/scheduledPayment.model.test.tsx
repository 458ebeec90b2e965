import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { type ActorRefFrom } from 'xstate';
import { afterEach, describe, it } from 'vitest';
import {
  scheduledPaymentMachine,
  type CancelScheduledPaymentInput,
  type LoadScheduledPaymentInput,
} from '../../machines/scheduledPayment.machine';
import type { ScheduledPayment } from '../../schemas/scheduledPayments.schema';
import { AppProviders } from '../../src/app/AppProviders';
import { AppShell } from '../../src/app/AppShell';
import { ScheduledPaymentScreen } from '../../src/screens/scheduledPayments/ScheduledPaymentScreen';
import { generatePaths } from './generatePaths';
import {
  Deferreds,
  InstantBotCheck,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
  signedInSession,
} from './harness';
import { demoSession } from './paths';
import { detailPath, scheduledPaymentModel, scheduledTexts } from './scheduledPayment.paths';

// Every generated path of one scheduled payment (machines/scheduledPayment.machine.ts), run against the real screen at
// /my-wallet/scheduled-payments/:id, signed in as the owner of an approved merchant.

type PaymentActor = ActorRefFrom<typeof scheduledPaymentMachine>;

let journey: PaymentActor | undefined;

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

const clickInDialog = async (app: RenderedApp, name: string) => {
  const dialog = screen.getByRole('dialog', { name: scheduledTexts.dialog });
  await app.user.click(within(dialog).getByRole('button', { name }));
};

const executors: Executors<typeof scheduledPaymentMachine> = {
  // Sent by the screen itself (auto): never executed.
  'payment.opened': async () => {},
  'load.retry': (app) => click(app, scheduledTexts.retry),
  'cancel.request': (app) => click(app, scheduledTexts.cancel),
  'cancel.confirm': (app) => clickInDialog(app, scheduledTexts.confirm),
  'cancel.dismiss': (app) => clickInDialog(app, scheduledTexts.keep),
};

function LocationProbe({ into }: { into: { path: string } }) {
  const location = useLocation();
  useEffect(() => {
    into.path = location.pathname;
  }, [into, location.pathname]);
  return null;
}

function startApp(): RenderedApp {
  window.localStorage.clear();
  const effects = new Deferreds();
  const { clock, session, stop: stopSession } = signedInSession(demoSession);
  const logic = scheduledPaymentMachine.provide({
    actors: {
      loadScheduledPayment: effects.logic<ScheduledPayment, LoadScheduledPaymentInput>(),
      cancelScheduledPayment: effects.logic<ScheduledPayment, CancelScheduledPaymentInput>(),
    },
  });
  const location = { path: detailPath };
  render(
    <MemoryRouter initialEntries={[detailPath]}>
      <AppProviders session={session} botCheck={InstantBotCheck} locale="en">
        <AppShell>
          <Routes>
            <Route
              path="/my-wallet/scheduled-payments/:id"
              element={
                <ScheduledPaymentScreen
                  logic={logic}
                  inspect={(event) => {
                    if (event.type === '@xstate.event' && event.actorRef.sessionId === event.rootId) {
                      journey = event.actorRef as PaymentActor;
                    }
                  }}
                />
              }
            />
          </Routes>
        </AppShell>
        <LocationProbe into={location} />
      </AppProviders>
    </MemoryRouter>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    clock,
    session,
    effects,
    path: () => location.path,
    stop: () => {
      stopSession();
    },
  };
}

const paths = generatePaths(scheduledPaymentModel);
let app: RenderedApp | undefined;
afterEach(() => {
  app?.stop();
  app = undefined;
  journey = undefined;
});

describe(`scheduledPayment journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof scheduledPaymentMachine> = {
      model: scheduledPaymentModel,
      executors,
      live: () => {
        if (!journey) throw new Error('the screen runs no scheduled-payment journey');
        return journey.getSnapshot();
      },
    };
    app = startApp();
    await runPath(runner, path, app);
  });
});
