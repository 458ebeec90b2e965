import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
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
import { journeyCapture, renderJourneyScreen, type RenderedApp } from './harness';
import { requestMoneyFixtures, requestMoneyPath, requestTexts } from './requestMoney.paths';

// Issue 20: request money survives Back, Forward and a reload (src/app/usePersistedJourney.ts). The model paths
// (requestMoney.model.test.tsx) go Back and Forward; a reload, which the machine never sees, is proved here.

type RequestActor = ActorRefFrom<typeof requestMoneyMachine>;

const journey = journeyCapture<RequestActor>('request-money journey');
const storageKey = 'tameio.requestMoney';
const { actors } = requestMoneyFixtures;

function startApp(path: string, { keepStorage = false } = {}): RenderedApp {
  return renderJourneyScreen<RequestActor>({
    path,
    keepSessionStorage: keepStorage,
    route: requestMoneyPath,
    journey,
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

/** The page starts afresh at the address it was at; the tab's session storage stays. */
function reload(app: RenderedApp): RenderedApp {
  const at = app.location.path + app.location.search;
  app.stop();
  cleanup();
  return startApp(at, { keepStorage: true });
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

/** Opens the page, finds Demo Bakery and chooses it: the amount step. */
async function toAmount(): Promise<RenderedApp> {
  const app = startApp(requestMoneyPath);
  await app.effects.settle('loadRequestMoney', { output: actors.loadRequestMoney.done.output });
  await heading(requestTexts.recipientTitle);
  await app.user.type(field('Wallet tag'), '@demo');
  await app.user.click(screen.getByRole('button', { name: requestTexts.search }));
  await app.effects.settle('searchContacts', { output: actors.searchContacts.done.output });
  await app.user.click(await screen.findByRole('button', { name: requestTexts.chooseBakery }));
  await heading(requestTexts.amountTitle);
  await waitFor(() => expect(app.location.search).toBe('?step=amount'));
  return app;
}

describe('request money after a reload, Back and Forward', () => {
  it('goes back from the amount to the search and forward again as typed, and takes the amount step up after a reload', async () => {
    const app = await toAmount();
    await app.user.type(field('Amount (EUR)'), '12.50');
    await app.user.type(field('Note (optional)'), 'Croissants');

    // Back: whom to ask, with the search and its results; Forward: the amount as typed.
    await pressBack(app);
    await heading(requestTexts.recipientTitle);
    expect(app.location.search).toBe('?step=recipient');
    expect(field('Wallet tag').value).toBe('@demo');
    expect(screen.getByRole('button', { name: requestTexts.chooseBakery })).toBeTruthy();
    await pressForward(app);
    await heading(requestTexts.amountTitle);
    expect(app.location.search).toBe('?step=amount');
    expect(field('Amount (EUR)').value).toBe('12.50');
    expect(field('Note (optional)').value).toBe('Croissants');

    // A reload on the amount step: the same step, recipient and typed amount; nothing is read again. (The harness's
    // reload starts a history of one entry; the e2e test goes Back after a reload in a real browser.)
    const reloaded = reload(app);
    await heading(requestTexts.amountTitle);
    expect(reloaded.effects.inFlight('loadRequestMoney')).toBe(false);
    expect(field('Amount (EUR)').value).toBe('12.50');
    expect(field('Note (optional)').value).toBe('Croissants');
    expect(screen.getAllByText(/Demo Bakery \(@demo-bakery\)/).length).toBeGreaterThan(0);
    expect(reloaded.location.search).toBe('?step=amount');
    expect(journey.snapshot().context.draft).toEqual({
      currency: 'EUR',
      amount: '12.50',
      note: 'Croissants',
    });
  });

  it('takes the recipient step up again after a reload, with the search made', async () => {
    const app = await toAmount();
    await pressBack(app);
    await heading(requestTexts.recipientTitle);
    const reloaded = reload(app);
    await heading(requestTexts.recipientTitle);
    expect(reloaded.effects.inFlight('loadRequestMoney')).toBe(false);
    expect(reloaded.location.search).toBe('?step=recipient');
    expect(field('Wallet tag').value).toBe('@demo');
    await reloaded.user.click(screen.getByRole('button', { name: requestTexts.chooseBakery }));
    await heading(requestTexts.amountTitle);
    await waitFor(() => expect(reloaded.location.search).toBe('?step=amount'));
  });

  it('refuses Back once the request was sent, and forgets the request: a reload starts afresh', async () => {
    const app = await toAmount();
    await app.user.type(field('Amount (EUR)'), '150');
    await app.user.click(screen.getByRole('button', { name: requestTexts.send }));
    expect(journey.snapshot().matches('sending')).toBe(true);
    // While it is being sent, Back stays on the amount.
    await pressBack(app);
    await waitFor(() => expect(app.location.search).toBe('?step=amount'));
    expect(journey.snapshot().matches('sending')).toBe(true);
    const created = actors.requestMoney.done.output(journey.snapshot().context);
    await app.effects.settle('requestMoney', { output: created });
    await heading(requestTexts.sentTitle);
    await waitFor(() => expect(app.location.search).toBe('?step=sent'));
    expect(window.sessionStorage.getItem(storageKey)).toBeNull();

    // Back cannot take a sent request back to its amount.
    await pressBack(app);
    await waitFor(() => expect(app.location.search).toBe('?step=sent'));
    await heading(requestTexts.sentTitle);

    // A reload: nothing is kept, the page opens afresh.
    const reloaded = reload(app);
    await waitFor(() => expect(reloaded.effects.inFlight('loadRequestMoney')).toBe(true));
  });
});
