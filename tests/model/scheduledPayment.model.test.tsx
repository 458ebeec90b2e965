import { screen, within } from '@testing-library/react';
import { type ActorRefFrom } from 'xstate';
import { describe, it } from 'vitest';
import {
  scheduledPaymentMachine,
  type CancelScheduledPaymentInput,
  type LoadScheduledPaymentInput,
} from '../../machines/scheduledPayment.machine';
import type { ScheduledPayment } from '../../schemas/scheduledPayments.schema';
import { ScheduledPaymentScreen } from '../../src/screens/scheduledPayments/ScheduledPaymentScreen';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { detailPath, scheduledPaymentModel, scheduledTexts } from './scheduledPayment.paths';

// Every generated path of one scheduled payment (machines/scheduledPayment.machine.ts), run against the real screen at
// /my-wallet/scheduled-payments/:id, signed in as the owner of an approved merchant.

type PaymentActor = ActorRefFrom<typeof scheduledPaymentMachine>;

const journey = journeyCapture<PaymentActor>('scheduled-payment journey');

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

function startApp(): RenderedApp {
  return renderJourneyScreen<PaymentActor>({
    path: detailPath,
    route: '/my-wallet/scheduled-payments/:id',
    journey,
    screen: ({ effects, inspect }) => (
      <ScheduledPaymentScreen
        logic={scheduledPaymentMachine.provide({
          actors: {
            loadScheduledPayment: effects.logic<ScheduledPayment, LoadScheduledPaymentInput>(),
            cancelScheduledPayment: effects.logic<ScheduledPayment, CancelScheduledPaymentInput>(),
          },
        })}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(scheduledPaymentModel);

describe(`scheduledPayment journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof scheduledPaymentMachine> = {
      model: scheduledPaymentModel,
      executors,
      live: () => journey.snapshot(),
    };
    const app = startApp();
    await runPath(runner, path, app);
  });
});
