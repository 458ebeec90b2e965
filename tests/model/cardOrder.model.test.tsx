import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ActorRefFrom, EventObject } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cardOrderMachine,
  type CardOrderData,
  type CartInitializeInput,
  type CartPayInput,
} from '../../machines/cardOrder.machine';
import type { Cart, CardOrderResult } from '../../schemas/cards.schema';
import { cardOrderRoutes } from '../../src/app/routes';
import { CardOrderScreen, orderOpeningOf } from '../../src/screens/cards/CardOrderScreen';
import {
  cardOrderData,
  cardOrderFixtures,
  cardOrderModel,
  cardOrderTexts,
  newAddress,
  registeredAddress,
  shopCard,
} from './cardOrder.paths';
import { pressBack, pressForward } from './browserHistory';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  followCheckoutKeys,
  expectOneKeyPerOrder,
  type Executors,
  type PathRunner,
  type RenderedApp,
  type CheckoutKeys,
} from './harness';

// Every generated path of card ordering (machines/cardOrder.machine.ts), run against the real screens behind the six
// addresses of the journey (SPEC §2), signed in as the owner of an approved merchant.

type OrderActor = ActorRefFrom<typeof cardOrderMachine>;

const journey = journeyCapture<OrderActor>('card-order journey');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

const executors: Executors<typeof cardOrderMachine> = {
  // The screen sends it from the address it was opened at.
  'order.opened': async () => {},
  'load.retry': (app) => click(app, cardOrderTexts.retry),
  'form.selected': (app, event) =>
    click(app, event.form === 'physical' ? cardOrderTexts.physical : cardOrderTexts.virtual),
  'form.change': (app) => click(app, cardOrderTexts.changeForm),
  'physical.skipped': (app) => click(app, cardOrderTexts.skip),
  'details.submit': async (app, event) => {
    const { choices } = event;
    await app.user.click(screen.getByRole('radio', { name: 'Emerald' }));
    await retype(app, 'Name on the card', choices.name);
    await app.user.click(screen.getByRole('radio', { name: /^Multiple use/ }));
    await app.user.selectOptions(screen.getByLabelText('Card holder'), choices.holderUserId);
    await app.user.selectOptions(screen.getByLabelText('Account'), choices.accountType);
    await click(app, cardOrderTexts.continue);
  },
  'details.change': (app) => click(app, cardOrderTexts.backToDetails),
  'address.chosen': async (app) => {
    await app.user.click(screen.getByRole('radio', { name: cardOrderTexts.registered }));
    await click(app, cardOrderTexts.continue);
  },
  'address.entered': async (app, event) => {
    await app.user.click(screen.getByRole('radio', { name: cardOrderTexts.newAddress }));
    await retype(app, 'Address line 1', event.address.line1);
    await retype(app, 'City', event.address.city);
    await retype(app, 'Postal code', event.address.postal_code);
    await app.user.selectOptions(screen.getByLabelText('Country'), event.address.country);
    const save = screen.getByRole('checkbox', { name: 'Save this address for next time' });
    if ((save as HTMLInputElement).checked !== event.save) await app.user.click(save);
    await click(app, cardOrderTexts.continue);
  },
  'order.pay': (app) => click(app, cardOrderTexts.pay),
  'order.change': (app) => click(app, cardOrderTexts.change),
  'order.review': (app) => click(app, cardOrderTexts.backToCheckout),
  'order.again': (app) => click(app, cardOrderTexts.again),
  'nav.back': (app) => pressBack(app),
  'nav.forward': (app) => pressForward(app),
};

/** Where a path opens the journey: the address its `order.opened` event stands for. */
function openingPathOf(event: (EventObject & { entry?: unknown; form?: unknown }) | undefined): string {
  if (event?.type !== 'order.opened') throw new Error('a path starts by opening the order');
  const form = event.form === 'physical' || event.form === 'virtual' ? event.form : null;
  if (event.entry === 'plans') return `/plans/card-selection/${form ?? 'physical'}`;
  return form ? `/cards/add-card/${form}` : '/cards/add-card';
}

/** Each key a freshly priced cart was given, and each payment's key with the key of the cart it paid. */
let keys: CheckoutKeys = { priced: [], payments: [] };

function startApp(initialPath: string, { keepStorage = false } = {}): RenderedApp {
  return renderJourneyScreen<OrderActor>({
    path: initialPath,
    route: cardOrderRoutes.map(({ path }) => path),
    journey,
    keepSessionStorage: keepStorage,
    onSnapshot: followCheckoutKeys(keys),
    screen: ({ effects, clock, inspect }) => (
      <CardOrderScreen
        logic={cardOrderMachine.provide({
          actors: {
            loadCardOrder: effects.logic<CardOrderData, void>(),
            cartInitialize: effects.logic<Cart, CartInitializeInput>(),
            cartPay: effects.logic<CardOrderResult, CartPayInput>(),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(cardOrderModel);
afterEach(() => {
  keys = { priced: [], payments: [] };
});

describe(`cardOrder journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const start = openingPathOf(path.steps[1]?.event);
    const runner: PathRunner<typeof cardOrderMachine> = {
      model: cardOrderModel,
      executors,
      live: () => journey.snapshot(),
    };
    const app = startApp(start);
    await runPath(runner, path, app);
    // Each priced cart gets a key of its own; every payment of a cart, retries included, carries that cart's key.
    expectOneKeyPerOrder(keys);
  });
});

describe('the order addresses', () => {
  it('reads the side of the app and a card type from the address', () => {
    expect(orderOpeningOf('/cards/add-card')).toEqual({ entry: 'cards', form: null });
    expect(orderOpeningOf('/cards/add-card/virtual')).toEqual({ entry: 'cards', form: 'virtual' });
    expect(orderOpeningOf('/cards/add-card/physical/address')).toEqual({ entry: 'cards', form: 'physical' });
    expect(orderOpeningOf('/plans/card-selection/physical')).toEqual({ entry: 'plans', form: 'physical' });
    expect(orderOpeningOf('/plans/address')).toEqual({ entry: 'plans', form: null });
    expect(orderOpeningOf('/plans/card/checkout/virtual')).toEqual({ entry: 'plans', form: 'virtual' });
  });

  it('greys out a holder with no card of the type left, and takes the order up again after a reload', async () => {
    const app = startApp('/cards/add-card/physical');
    await app.effects.settle('loadCardOrder', { output: cardOrderData });
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.physicalTitle });
    const nikos = screen.getByRole('option', { name: 'Nikos Pappas (may hold no more of this type)' });
    expect((nikos as HTMLOptionElement).disabled).toBe(true);
    await executors['details.submit'](app, {
      type: 'details.submit',
      choices: shopCard,
    });
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.addressTitle });
    expect(app.path()).toBe('/cards/add-card/physical/address');
    // A reload: the page starts afresh at the same address; the session storage stays.
    app.stop();
    cleanup();
    const reloaded = startApp('/cards/add-card/physical/address', { keepStorage: true });
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.addressTitle });
    expect(reloaded.effects.inFlight('loadCardOrder')).toBe(false);
    await executors['address.entered'](reloaded, {
      type: 'address.entered',
      address: newAddress,
      save: true,
    });
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.checkoutTitle });
    expect(reloaded.path()).toBe('/plans/card/checkout/physical');
  });
});

describe('Back, Forward and leaving the order', () => {
  it('goes back through the steps with what was chosen, forward again, and asks before leaving a priced order', async () => {
    const app = startApp('/cards/add-card/physical');
    await app.effects.settle('loadCardOrder', { output: cardOrderData });
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.physicalTitle });
    await executors['details.submit'](app, { type: 'details.submit', choices: shopCard });
    await executors['address.chosen'](app, { type: 'address.chosen', addressId: registeredAddress.id });
    const cart = cardOrderFixtures.actors.cartInitialize.done.output;
    await app.effects.settle('cartInitialize', { output: cart(journey.snapshot().context) });
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.checkoutTitle });
    expect(app.path()).toBe('/plans/card/checkout/physical');

    // A link away from a priced order asks first; "Stay" keeps the checkout.
    await app.user.click(screen.getByRole('link', { name: 'All cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this payment?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.path()).toBe('/plans/card/checkout/physical');

    // Back: the address, as chosen; Back again: the details, as typed; Forward: the address again.
    await pressBack(app);
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.addressTitle });
    expect(app.path()).toBe('/cards/add-card/physical/address');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: cardOrderTexts.registered }).checked).toBe(
      true,
    );
    await pressBack(app);
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.physicalTitle });
    expect(screen.getByLabelText<HTMLInputElement>('Name on the card').value).toBe(shopCard.name);
    await pressForward(app);
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.addressTitle });
    await pressForward(app);
    await app.effects.settle('cartInitialize', { output: cart(journey.snapshot().context) });
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.checkoutTitle });
    expect(journey.snapshot().context.cart).not.toBeNull();

    // Leaving for good forgets the order.
    await app.user.click(screen.getByRole('link', { name: 'All cards' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this payment?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(app.path()).toBe('/cards'));
    expect(window.sessionStorage.getItem('tameio.cardOrder')).toBeNull();
  });
});

describe('the plans side of the journey', () => {
  it('keeps the address on /plans/… from the card selection to the checkout', async () => {
    const app = startApp('/plans/card-selection/physical');
    await app.effects.settle('loadCardOrder', { output: cardOrderData });
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.physicalTitle });
    expect(app.path()).toBe('/plans/card-selection/physical');
    // SPEC §4: skipping the physical card leaves a virtual card only.
    await click(app, cardOrderTexts.skip);
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.virtualTitle });
    expect(app.path()).toBe('/plans/card-selection/virtual');
    await click(app, cardOrderTexts.changeForm);
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.formTitle });
    await click(app, cardOrderTexts.physical);
    await executors['details.submit'](app, { type: 'details.submit', choices: shopCard });
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.addressTitle });
    expect(app.path()).toBe('/plans/address');
    await executors['address.chosen'](app, { type: 'address.chosen', addressId: registeredAddress.id });
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.checkoutTitle });
    expect(app.path()).toBe('/plans/card/checkout/physical');
    const cart = cardOrderFixtures.actors.cartInitialize.done.output;
    const snapshot = journey.current?.getSnapshot();
    if (!snapshot) throw new Error('no journey');
    await app.effects.settle('cartInitialize', { output: cart(snapshot.context) });
    expect((await screen.findByText('€9.90')).tagName).toBe('DD');
    await click(app, cardOrderTexts.pay);
    const paid = journey.current?.getSnapshot();
    if (!paid) throw new Error('no journey');
    await app.effects.settle('cartPay', {
      output: cardOrderFixtures.actors.cartPay.done.output(paid.context),
    });
    await screen.findByRole('heading', { level: 1, name: cardOrderTexts.orderedPhysical });
    expect(screen.getByRole('link', { name: 'See the card' }).getAttribute('href')).toBe(
      '/cards/00000000-0000-4000-8000-0000000000c1',
    );
    // A finished order is not taken up again after a reload.
    expect(window.sessionStorage.getItem('tameio.cardOrder')).toBeNull();
  });
});
