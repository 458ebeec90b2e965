import { screen, waitFor } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  requestMoneyMachine,
  type RequestMoneyData,
  type SearchInput,
  type SendRequestInput,
} from '../../machines/requestMoney.machine';
import { testKeySeed } from '../../machines/attemptKeys';
import type { MoneyRequest } from '../../schemas/moneyRequests.schema';
import type { Contact } from '../../schemas/sendMoney.schema';
import { RequestMoneyScreen } from '../../src/screens/requests/RequestMoneyScreen';
import { pressBack, pressForward } from './browserHistory';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { requestMoneyModel, requestMoneyPath, requestTexts } from './requestMoney.paths';

// Every generated path of request money (machines/requestMoney.machine.ts), run against the real screen at
// /my-wallet/request-money, signed in as the owner of an approved merchant.

type RequestActor = ActorRefFrom<typeof requestMoneyMachine>;

const journey = journeyCapture<RequestActor>('request-money journey');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

const executors: Executors<typeof requestMoneyMachine> = {
  'load.retry': (app) => click(app, requestTexts.retry),
  'recipient.search': async (app, event) => {
    await retype(app, 'Wallet tag', event.query);
    await click(app, requestTexts.search);
  },
  'recipient.wallet': (app) => click(app, requestTexts.chooseBakery),
  'recipient.change': (app) => click(app, requestTexts.changeRecipient),
  'amount.edit': async (app, event) => {
    await app.user.selectOptions(screen.getByLabelText('Currency'), event.currency);
    await retype(app, `Amount (${event.currency})`, event.amount);
    await retype(app, 'Note (optional)', event.note);
  },
  'amount.submit': async (app, event) => {
    await app.user.selectOptions(screen.getByLabelText('Currency'), event.currency);
    await retype(app, `Amount (${event.currency})`, `${Number(event.amountMinor) / 100}.00`);
    await retype(app, 'Note (optional)', event.note);
    await click(app, requestTexts.send);
  },
  'request.again': (app) => click(app, requestTexts.again),
  'nav.back': (app) => pressBack(app),
  'nav.forward': (app) => pressForward(app),
};

/** The Idempotency-Key of each try, grouped by request: a new group starts after each request sent. */
let keys: string[][] = [[]];

function startApp(): RenderedApp {
  return renderJourneyScreen<RequestActor>({
    path: requestMoneyPath,
    route: requestMoneyPath,
    journey,
    onSnapshot: (snapshot) => {
      if (snapshot.matches('sending') && snapshot.context.attempt) {
        keys.at(-1)!.push(snapshot.context.attempt.idempotencyKey);
      }
      if (snapshot.matches('sent') && keys.at(-1)!.length > 0) keys.push([]);
    },
    screen: ({ effects, inspect }) => (
      <RequestMoneyScreen
        logic={requestMoneyMachine.provide({
          actors: {
            loadRequestMoney: effects.logic<RequestMoneyData, void>(),
            searchContacts: effects.logic<Contact[], SearchInput>(),
            requestMoney: effects.logic<MoneyRequest, SendRequestInput>(),
          },
        })}
        inspect={inspect}
        keySeed={testKeySeed}
      />
    ),
  });
}

const paths = generatePaths(requestMoneyModel);
afterEach(() => {
  keys = [[]];
});

describe(`requestMoney journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof requestMoneyMachine> = {
      model: requestMoneyModel,
      executors,
      live: () => journey.snapshot(),
    };
    const app = startApp();
    await runPath(runner, path, app);
    // The address names the step the journey is on (none while it loads).
    const { at } = journey.snapshot().context.nav;
    await waitFor(() => expect(app.location.search).toBe(at === null ? '' : `?step=${at}`));
    // Every try of one request (the same body) carries the same Idempotency-Key; each request a new one, made from
    // the journey's seed (machines/attemptKeys.ts), not drawn inside the machine.
    for (const group of keys) {
      for (const key of group) expect(key).toMatch(/^00000000-0000-4000-8000-0000[0-9a-f]{8}$/);
      expect(new Set(group).size).toBeLessThanOrEqual(1);
    }
    const firsts = keys.filter((group) => group.length > 0).map((group) => group[0]);
    expect(new Set(firsts).size).toBe(firsts.length);
  });
});
