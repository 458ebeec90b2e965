import type { ApiFailure } from '../../machines/apiFailure';
import {
  canAfford,
  cardOrderMachine,
  cardOrderPath,
  selectCardOrderStep,
  type CardChoices,
  type CardOrderContext,
  type CardOrderData,
  type CardOrderError,
  type CardOrderEvent,
  type CardOrderSnapshot,
} from '../../machines/cardOrder.machine';
import { testKeySeed } from '../../machines/attemptKeys';
import { money } from '../../machines/ruleWords';
import type { Card, Cart, CardOrderResult, SavedAddress, ShippingAddress } from '../../schemas/cards.schema';
import {
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  failureWords,
  pathTitle,
} from './generatePaths';
import { browserButtons } from './browserHistory';
import { demoUser } from './paths';

/*
 * The test model of card ordering (machines/cardOrder.machine.ts), run on the real screens by
 * cardOrder.model.test.tsx: Dora Demou (owner of Demo Coffee) orders an emerald "Shop card", physical (to the
 * registered address or a new one) or virtual, from the cards pages or the plans pages. Nikos Pappas has no physical
 * card left (his option is greyed out); the wallet holds €2,135.80.
 */

const eur = (amount_minor: string) => ({ amount_minor, currency: 'EUR' });

export const nikosId = '00000000-0000-4000-8000-000000000002';

export const registeredAddress = {
  id: '00000000-0000-4000-8000-0000000000d1',
  kind: 'registered',
  country: 'GR',
  postal_code: '105 63',
  city: 'Athens',
  line1: 'Ermou 10',
} satisfies SavedAddress;

const tradingAddress = {
  id: '00000000-0000-4000-8000-0000000000d2',
  kind: 'trading',
  country: 'GR',
  postal_code: '546 24',
  city: 'Thessaloniki',
  line1: 'Tsimiski 5',
  line2: 'Shop 2',
} satisfies SavedAddress;

export const newAddress = {
  country: 'GR',
  postal_code: '262 21',
  city: 'Patras',
  line1: 'Agiou Nikolaou 3',
} satisfies ShippingAddress;

export const cardOrderData = {
  options: {
    plan: { id: 'business', name: 'Business', cashback_rate_bp: 100 },
    prices: { physical: eur('990'), virtual: eur('300') },
    colours: ['blue', 'midnight', 'graphite', 'emerald', 'coral'],
    account_types: ['eur'],
    holders: [
      {
        user_id: demoUser.id,
        name: 'Dora Demou',
        is_owner: true,
        remaining: { physical: 1, virtual: 3 },
      },
      { user_id: nikosId, name: 'Nikos Pappas', is_owner: false, remaining: { physical: 0, virtual: 2 } },
    ],
  },
  addresses: [registeredAddress, tradingAddress],
} satisfies CardOrderData;

export const shopCard = {
  colour: 'emerald',
  name: 'Shop card',
  usage: 'multiple',
  holderUserId: demoUser.id,
  accountType: 'eur',
} satisfies CardChoices;

function shippingOf(context: CardOrderContext): ShippingAddress | null {
  const { shipping } = context;
  if (context.form !== 'physical' || !shipping) return null;
  if (shipping.kind === 'new') return shipping.address;
  const {
    id: _id,
    kind: _kind,
    ...address
  } = cardOrderData.addresses.find((one) => one.id === shipping.addressId) ?? registeredAddress;
  return address;
}

export const cartId = '00000000-0000-4000-8000-000000000101';

function cartOf(context: CardOrderContext): Cart {
  const form = context.form ?? 'virtual';
  return {
    id: cartId,
    form,
    colour: context.choices?.colour ?? 'blue',
    name: context.choices?.name ?? '',
    usage: context.choices?.usage ?? 'multiple',
    holder: { user_id: demoUser.id, name: 'Dora Demou' },
    account_type: 'eur',
    shipping_address: shippingOf(context),
    price: cardOrderData.options.prices[form],
    available_balance: eur('213580'),
    expires_at: '2026-01-15T09:30:00.000Z',
  };
}

function orderedOf(context: CardOrderContext): CardOrderResult {
  const cart = context.cart;
  const form = cart?.form ?? 'virtual';
  const card: Card = {
    id: '00000000-0000-4000-8000-0000000000c1',
    form,
    colour: cart?.colour ?? 'emerald',
    name: cart?.name ?? 'Shop card',
    alias: null,
    usage: cart?.usage ?? 'multiple',
    // A physical card waits for its owner to activate it; a virtual one works at once.
    status: form === 'physical' ? 'inactive' : 'active',
    last4: '4242',
    holder: { user_id: demoUser.id, name: 'Dora Demou' },
    account_type: 'eur',
    currency: 'EUR',
    has_pin: false,
    has_epin: false,
    shipping_address: cart?.shipping_address ?? null,
    limits: {
      frequency: 'monthly',
      limits: { card_transaction: null, card_purchase: null, card_ecommerce: null, card_cash: null },
    },
    created_at: '2026-01-15T09:00:00.000Z',
  };
  return { card, transaction_id: '00000000-0000-4000-8000-0000000000e5' };
}

const priceWords = (price: { amount_minor: string; currency: string }) =>
  money(price.amount_minor, price.currency);

/** What pricing an order stores (server/cards/ordering.ts `cartInitialize`): a cart to pay, nothing more. */
function cartEffect(context: CardOrderContext): string {
  const form = context.form ?? 'virtual';
  return (
    `nothing is paid and no address is saved yet; the order is kept for the checkout at the plan’s price ` +
    `(card_carts: a ${form} card, its colour, name, holder, account${form === 'physical' ? ', the shipping address' : ''}, ` +
    `price ${priceWords(cardOrderData.options.prices[form])}, expires_at).`
  );
}

/**
 * What paying makes (server/cards/ordering.ts `cartPay`): in one transaction the price goes to the bank's fees
 * account, the card is made and the cart is marked paid; a new address is saved only when asked.
 */
function payEffect(context: CardOrderContext): string {
  const cart = cartOf(context);
  const form = cart.form;
  const saved =
    context.shipping?.kind === 'new' && context.shipping.save
      ? ' The new shipping address is saved among the merchant’s addresses.'
      : '';
  return (
    `the EUR available balance falls by ${priceWords(cart.price)} (a paid card_transaction to Tameio, reference ` +
    `“Card order: ${form} card "${cart.name}"”); the card is made (cards: ${form}, ` +
    `${form === 'physical' ? 'status inactive until its holder activates it' : 'status active at once'}, ` +
    `order_transfer_id naming the payment) and the cart is marked paid (paid_at, card_id, transfer_id).${saved}`
  );
}

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const cardOrderTexts = {
  loadTitle: 'Order a card',
  retry: 'Try again',
  formTitle: 'Which card would you like?',
  physical: 'Physical card',
  virtual: 'Virtual card',
  physicalTitle: 'Your new physical card',
  virtualTitle: 'Your new virtual card',
  continue: 'Continue',
  changeForm: 'Change card type',
  skip: 'Skip the physical card',
  addressTitle: 'Where should we send the card?',
  registered: 'Registered address: Ermou 10, 105 63 Athens, Greece',
  newAddress: 'A new address',
  backToDetails: 'Back to the card details',
  checkoutTitle: 'Checkout',
  pay: 'Pay with wallet',
  change: 'Change the order',
  failedTitle: 'Payment failed',
  backToCheckout: 'Back to checkout',
  orderedPhysical: 'Your card is on its way',
  orderedVirtual: 'Your card is ready',
  orderedToast: 'Order placed',
  again: 'Order another card',
};

export const cardOrderFixtures = {
  events: {
    'order.opened': [
      {
        event: { type: 'order.opened', entry: 'cards', form: null },
        does: 'Open /cards/add-card (the "Order a card" link on /cards)',
        auto: () => true,
      },
      {
        event: { type: 'order.opened', entry: 'cards', form: 'physical' },
        does: 'Open /cards/add-card/physical (the physical card named in the address)',
        auto: () => true,
      },
    ],
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'form.selected': [
      { event: { type: 'form.selected', form: 'physical' }, does: 'Click "Physical card"' },
      { event: { type: 'form.selected', form: 'virtual' }, does: 'Click "Virtual card"' },
    ],
    'form.change': [{ event: { type: 'form.change' }, does: 'Click "Change card type"' }],
    'physical.skipped': [{ event: { type: 'physical.skipped' }, does: 'Click "Skip the physical card"' }],
    'details.submit': [
      {
        event: { type: 'details.submit', choices: shopCard },
        does: 'Choose Emerald, type "Shop card" as Name on the card, keep Multiple use, Dora Demou and the EUR account, click "Continue"',
      },
    ],
    'details.change': [{ event: { type: 'details.change' }, does: 'Click "Back to the card details"' }],
    'address.chosen': [
      {
        event: { type: 'address.chosen', addressId: registeredAddress.id },
        does: `Choose "${cardOrderTexts.registered}", click "Continue"`,
      },
    ],
    'address.entered': [
      {
        event: { type: 'address.entered', address: newAddress, save: true },
        does: 'Choose "A new address", type Agiou Nikolaou 3, Patras, 262 21, Greece, keep "Save this address", click "Continue"',
      },
    ],
    'order.pay': [{ event: { type: 'order.pay' }, does: 'Click "Pay with wallet"' }],
    'order.change': [{ event: { type: 'order.change' }, does: 'Click "Change the order"' }],
    'order.review': [{ event: { type: 'order.review' }, does: 'Click "Back to checkout"' }],
    'order.again': [{ event: { type: 'order.again' }, does: 'Click "Order another card"' }],
    'nav.back': [browserButtons.back],
    'nav.forward': [browserButtons.forward],
  },
  actors: {
    loadCardOrder: {
      done: {
        output: cardOrderData,
        says: 'Server sends the prices (physical €9.90, virtual €3.00), colours, the EUR account, the holders (Nikos has no physical card left) and two saved addresses',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    cartInitialize: {
      done: {
        output: cartOf,
        effect: cartEffect,
        says: 'Server prices the order; the wallet holds €2,135.80',
      },
      errors: [
        {
          failure: http(422, 'card_limit_reached', 'This user already holds 3 cards of this form.'),
          says: 'Server answers 422 card_limit_reached (another card was ordered meanwhile)',
        },
        {
          failure: http(400, 'validation_failed', 'Invalid input.', {
            fields: { 'shipping.address.postal_code': 'Invalid format.' },
          }),
          says: 'Server answers 400 validation_failed on the shipping address',
        },
      ],
    },
    cartPay: {
      done: {
        output: orderedOf,
        effect: payEffect,
        says: 'Server takes the price from the wallet and makes the card',
      },
      errors: [
        {
          failure: http(422, 'insufficient_funds', 'Insufficient funds.'),
          says: 'Server answers 422 insufficient_funds (the balance fell meanwhile)',
        },
        {
          failure: { kind: 'network' },
          says: 'The network fails (no answer; paying again sends the same key)',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof cardOrderMachine>;

export function cardOrderErrorText(error: CardOrderError): string {
  switch (error) {
    case 'card_limit_reached':
      return 'This person already holds the most cards of this type allowed (3 physical and 3 virtual).';
    case 'insufficient_funds':
      return 'Payment failed, possibly from insufficient balance; try again later.';
    case 'cart_expired':
      return 'This order has expired. Go back to the checkout for a fresh price.';
    case 'cart_paid':
      return 'This order has already been paid.';
    case 'validation_failed':
      return 'Some details were not accepted. Check them and try again.';
    case 'not_found':
      return 'This order no longer exists. Go back to the checkout for a fresh one.';
    case 'conflict':
      return 'This order changed meanwhile. Go back to the checkout and try again.';
    case 'forbidden':
      return 'You may not order cards.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

function cardOrderScreen(snapshot: CardOrderSnapshot): ScreenExpectation {
  const t = cardOrderTexts;
  const busy = snapshot.hasTag('busy');
  const { error, form, cart } = snapshot.context;
  const alert = error ? cardOrderErrorText(error) : null;
  const path = cardOrderPath(snapshot);
  const split = (names: Array<[string, boolean]>) => ({
    enabled: names.filter(([, on]) => on).map(([name]) => name),
    disabled: names.filter(([, on]) => !on).map(([name]) => name),
  });
  switch (selectCardOrderStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.loadTitle, alert, enabled: [t.retry] };
    case 'form':
      return { path, heading: t.formTitle, alert, enabled: [t.physical, t.virtual] };
    case 'details':
      return {
        path,
        heading: form === 'physical' ? t.physicalTitle : t.virtualTitle,
        alert,
        enabled: [t.continue, t.changeForm, ...(form === 'physical' ? [t.skip] : [])],
        ...(form === 'physical' ? {} : { absent: [t.skip] }),
      };
    case 'address':
      return { path, heading: t.addressTitle, alert, enabled: [t.continue, t.backToDetails] };
    case 'checkout':
      return {
        path,
        heading: t.checkoutTitle,
        alert,
        ...split([
          [t.pay, !busy && canAfford(cart)],
          [t.change, !busy],
        ]),
      };
    case 'failed':
      return {
        path,
        heading: t.failedTitle,
        alert: error === 'insufficient_funds' ? null : alert,
        enabled: [t.backToCheckout],
      };
    case 'ordered':
      return {
        path,
        heading: snapshot.context.result?.card.form === 'physical' ? t.orderedPhysical : t.orderedVirtual,
        alert: null,
        toast: t.orderedToast,
        enabled: [t.again],
      };
  }
}

const answerOf: Record<string, string> = {
  loadCardOrder: 'the order page',
  cartInitialize: 'the pricing',
  cartPay: 'the payment',
};

const refusalWords: Record<string, string> = {
  validation_failed: 'details not accepted',
  card_limit_reached: 'no card of this type left',
  insufficient_funds: 'insufficient funds',
};

type CardOrderStepOfPath = ModelPath<CardOrderSnapshot>['steps'][number];

/**
 * A decision of a path, in a few words (null: a step that decides nothing, e.g. an answer every path gets). A card
 * paid for is named where the path goes on after it (at the end, the end names it).
 */
function decisionWords(
  step: CardOrderStepOfPath,
  index: number,
  steps: CardOrderStepOfPath[],
): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorDone':
      return action.src === 'cartPay' && index < steps.length - 1 ? 'ordered' : null;
    case 'actorError':
      return failureWords(action, answerOf[action.src] ?? action.src, refusalWords);
    case 'event': {
      const event = action.event as CardOrderEvent;
      switch (event.type) {
        case 'order.opened':
          return event.form ? `from a link to the ${event.form} card` : null;
        case 'load.retry':
          return 'load again';
        case 'form.selected':
          return `a ${event.form} card`;
        case 'form.change':
          return 'change the card type';
        case 'physical.skipped':
          return 'skip the physical card';
        case 'details.submit':
          return `"${event.choices.name}" in ${event.choices.colour}`;
        case 'details.change':
          return 'back to the details';
        case 'address.chosen':
          return event.addressId === registeredAddress.id
            ? 'to the registered address'
            : 'to a saved address';
        case 'address.entered':
          return event.save ? 'to a new address, saved' : 'to a new address';
        case 'order.pay':
          return 'pay with the wallet';
        case 'order.change':
          return 'change the order';
        case 'order.review':
          return 'back to checkout';
        case 'order.again':
          return 'order another';
        case 'nav.back':
          return 'the browser’s Back';
        case 'nav.forward':
          return 'the browser’s Forward';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: the card chosen and where it goes, the refusals and faults, where it ends. */
export function cardOrderTitle(path: ModelPath<CardOrderSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const screen = cardOrderScreen(last);
  const form = last.context.result?.card.form;
  const end =
    selectCardOrderStep(last) === 'ordered'
      ? form === 'physical'
        ? 'card ordered, on its way'
        : 'card ordered, ready to use'
      : screen.heading === null
        ? 'stops while the order page loads'
        : last.hasTag('busy')
          ? `waits on “${screen.heading}”`
          : `stops on “${screen.heading}”`;
  return pathTitle(path, decisionWords, end);
}

export const cardOrderModel: Model<typeof cardOrderMachine> = {
  name: 'cardOrder',
  machine: cardOrderMachine,
  file: 'cardOrder.machine.ts',
  start: 'Signed in as the owner of Demo Coffee (an approved merchant), open the address the next step names',
  // The journey's Idempotency-Keys come from a fixed seed (machines/attemptKeys.ts), as in the model test.
  input: { keySeed: testKeySeed },
  fixtures: cardOrderFixtures,
  // Two states with equal keys must look and behave alike from then on (the generator continues a path from either):
  // the card type decides the address, the error the alert. The chosen details are the same in every path; a saved or
  // a new shipping address lead to the same checkout. The plans side of the journey (the same states at /plans/…
  // addresses) is walked by cardOrder.model.test.tsx on its own.
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({
      value,
      form: context.form,
      error: context.error,
    });
  },
  // The step Back and Forward lead to tells states apart in the walk, not in the choice of paths.
  historyKey: (snapshot) => JSON.stringify([snapshot.context.nav.behind, snapshot.context.nav.ahead]),
  bounds: { maxDepth: 10, simplePerState: 1, maxSimple: 6 },
  screen: cardOrderScreen,
  title: cardOrderTitle,
};
