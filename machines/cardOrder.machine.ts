import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  maxCardsPerUser,
  type Cart,
  type CartBody,
  type CardColour,
  type CardForm,
  type CardHolder,
  type CardOptions,
  type CardOrderResult,
  type CardUsage,
  type SavedAddress,
  type ShippingAddress,
} from '../schemas/cards.schema';
import { knownErrors, toApiFailure } from './apiFailure';
import { attemptKeysOf, type AttemptKeys, type KeyedInput } from './attemptKeys';
import {
  arriveAt,
  backTo,
  forwardTo,
  navBack,
  navForward,
  restartNav,
  startNav,
  type JourneyNav,
  type NavEvent,
} from './journeyNav';
import { count } from './ruleWords';
import { refusesShipping, walletCheckoutGuards, walletCheckoutStates } from './walletCheckout';

/*
 * Ordering a card (SPEC §2 /cards/add-card/:card?, /cards/add-card/physical, /cards/add-card/physical/address,
 * /plans/card-selection/:id, /plans/address, /plans/card/checkout/:card?; §4 "skipping the card order gives a virtual
 * card only"; §8 "Order placed", "Payment failed, possibly from insufficient balance; try again later."; §9 at most 3
 * physical and 3 virtual cards per user).
 *
 * opening (until the screen has read the address: which side of the app, and a card type named in it) → loading
 * (cardOptions: prices, colours, accounts, holders with what each may still order; merchantAddresses) →
 * choosingForm (physical or virtual; a type nobody may order any more cannot be chosen) → choosingDetails (colour,
 * name, usage, holder with room for this type, account; "skip the physical card" leaves a virtual card only) →
 * for a physical card choosingAddress (a saved address or a new one) → pricing (cartInitialize: the price and the
 * available balance) → reviewing (the checkout) → paying (cartPay, with one Idempotency-Key per cart: a retry after
 * no answer cannot pay twice) → ordered ("Order placed"), or failed ("Payment failed…", back to a fresh checkout).
 *
 * pricing, reviewing, paying and failed are the wallet checkout this journey shares with the plan checkout
 * (machines/walletCheckout.ts).
 *
 * The address bar follows the state (`cardOrderPath`): the journey started from the cards pages stays on
 * /cards/add-card/…, the one from the plans pages on /plans/…; both check out on /plans/card/checkout/:card.
 *
 * Each step (type, details, address, checkout, ordered) is an entry of the tab's history (machines/journeyNav.ts):
 * the browser's Back (`nav.back`) goes to the step before with what was chosen there, Forward (`nav.forward`) to the
 * step Back left while the order still holds what it needs; nothing goes back from paying or a placed order. The
 * journey's snapshot is kept for the tab, so a reload takes it up again at its step (src/app/usePersistedJourney.ts).
 */

/** The steps of the order, in order; each is an entry of the tab's history. */
export const cardOrderSteps = ['form', 'details', 'address', 'checkout', 'ordered'] as const;
export type CardOrderNavStep = (typeof cardOrderSteps)[number];

export type CardOrderEntry = 'cards' | 'plans';

export const toCardOrderError = knownErrors([
  'card_limit_reached',
  'insufficient_funds',
  'cart_expired',
  'cart_paid',
  'validation_failed',
  'not_found',
  'conflict',
  'forbidden',
  'rate_limited',
  'network',
]);
export type CardOrderError = ReturnType<typeof toCardOrderError>;

/** What the order form offers: the options (prices, colours, accounts, holders) and the saved addresses. */
export type CardOrderData = { options: CardOptions; addresses: SavedAddress[] };

/** The card's own choices (SPEC §3 Card): colour, name, usage, holder and the account it spends from. */
export type CardChoices = {
  colour: CardColour;
  name: string;
  usage: CardUsage;
  holderUserId: string;
  accountType: string;
};

/** Where a physical card goes: a saved address, or a new one (kept for next time when `save`). */
export type CardShipping =
  { kind: 'saved'; addressId: string } | { kind: 'new'; address: ShippingAddress; save: boolean };

export type CartInitializeInput = { body: CartBody };
export type CartPayInput = { cartId: string; idempotencyKey: string };

export type CardOrderContext = {
  entry: CardOrderEntry;
  data: CardOrderData | null;
  form: CardForm | null;
  choices: CardChoices | null;
  shipping: CardShipping | null;
  /** The priced order being checked out, and the key its payment is sent with (one per cart). */
  cart: Cart | null;
  idempotencyKey: string | null;
  /** Where the keys come from: the journey's seed and how many were made (machines/attemptKeys.ts). */
  keys: AttemptKeys;
  result: CardOrderResult | null;
  error: CardOrderError | null;
  /** Which body fields the server refused (validation_failed), keyed by dotted path. */
  fieldErrors: Record<string, string>;
  /** The step and the steps behind and ahead of it in the tab's history (machines/journeyNav.ts). */
  nav: JourneyNav<CardOrderNavStep>;
};

export type CardOrderEvent =
  /** The browser's Back or Forward between the order's steps. */
  | NavEvent
  /** Sent by the screen once it has read the address: which side of the app, and a card type named in it. */
  | { type: 'order.opened'; entry: CardOrderEntry; form: CardForm | null }
  | { type: 'load.retry' }
  | { type: 'form.selected'; form: CardForm }
  | { type: 'form.change' }
  /** SPEC §4: no physical card after all; a virtual card only. */
  | { type: 'physical.skipped' }
  | { type: 'details.submit'; choices: CardChoices }
  | { type: 'details.change' }
  | { type: 'address.chosen'; addressId: string }
  | { type: 'address.entered'; address: ShippingAddress; save: boolean }
  | { type: 'order.pay' }
  | { type: 'order.change' }
  | { type: 'order.review' }
  | { type: 'order.again' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

/** Whether this holder may still get a card of this type (SPEC §9; the server checks again). */
export function holderHasRoom(holder: CardHolder, form: CardForm): boolean {
  return holder.remaining[form] > 0;
}

/** Whether anybody the card could be for may still get a card of this type. */
export function formAvailable(data: CardOrderData | null, form: CardForm): boolean {
  return (data?.options.holders ?? []).some((holder) => holderHasRoom(holder, form));
}

function holderFits(context: CardOrderContext, choices: CardChoices): boolean {
  const holder = context.data?.options.holders.find((one) => one.user_id === choices.holderUserId);
  return context.form !== null && holder !== undefined && holderHasRoom(holder, context.form);
}

/** The cart body of what the user chose. */
export function cartBodyOf(context: CardOrderContext): CartBody {
  const { choices, shipping } = context;
  const form = context.form ?? 'virtual';
  const body: CartBody = {
    form,
    colour: choices?.colour ?? 'blue',
    name: choices?.name ?? '',
    usage: choices?.usage ?? 'multiple',
    account_type: choices?.accountType ?? '',
    ...(choices ? { holder_user_id: choices.holderUserId } : {}),
  };
  if (form !== 'physical' || !shipping) return body;
  return {
    ...body,
    shipping:
      shipping.kind === 'saved'
        ? { address_id: shipping.addressId }
        : { address: shipping.address, save: shipping.save },
  };
}

/** Whether the account can pay the cart now, as the checkout read it (the server decides again). */
export function canAfford(cart: Cart | null): boolean {
  if (!cart || cart.price.currency !== cart.available_balance.currency) return false;
  return BigInt(cart.available_balance.amount_minor) >= BigInt(cart.price.amount_minor);
}

const forgetCart = { cart: null, idempotencyKey: null } as const;

/** SPEC §9 in words: how many cards of each type one person may hold. */
const cardRoom =
  `at most ${count(maxCardsPerUser.physical, 'physical card')} and ` +
  `${count(maxCardsPerUser.virtual, 'virtual card')} per person`;

/** The checkout this journey shares with the plan checkout (machines/walletCheckout.ts). */
const checkout = walletCheckoutStates({
  types: {
    context: {} as CardOrderContext,
    events: {} as CardOrderEvent,
    priced: {} as Cart,
    result: {} as CardOrderResult,
  },
  price: { actor: 'cartInitialize', input: ({ context }) => ({ body: cartBodyOf(context) }) },
  pay: {
    actor: 'cartPay',
    input: ({ context }) => ({
      cartId: context.cart?.id ?? '',
      idempotencyKey: context.idempotencyKey ?? '',
    }),
  },
  ships: 'isPhysical',
  states: { choices: 'choosingDetails', address: 'choosingAddress', paid: 'ordered' },
  keepPrice: { cart: ({ event }) => event.output },
  forgetPrice: forgetCart,
  keepPaid: { result: ({ event }) => event.output, ...forgetCart },
});

/**
 * The browser's Back from the checkout (its review, or its failure): the step before it, as chosen there. The price
 * and its key are dropped, so Forward prices the order afresh.
 */
const backFromCheckout = [
  {
    description: "The browser's Back: the shipping address, as chosen; the price and its key are dropped.",
    guard: { type: 'backTo', params: { step: 'address' } },
    target: 'choosingAddress',
    actions: ['clearError', 'forgetCart', 'navBack'],
  },
  {
    description: "The browser's Back: the card's details, as chosen; the price and its key are dropped.",
    guard: { type: 'backTo', params: { step: 'details' } },
    target: 'choosingDetails',
    actions: ['clearError', 'forgetCart', 'navBack'],
  },
] as const;

export const cardOrderMachine = setup({
  types: {
    context: {} as CardOrderContext,
    input: {} as KeyedInput,
    events: {} as CardOrderEvent,
  },
  actors: {
    loadCardOrder: fromPromise<CardOrderData, void>(async () => notProvided('loadCardOrder')),
    cartInitialize: fromPromise<Cart, CartInitializeInput>(async () => notProvided('cartInitialize')),
    cartPay: fromPromise<CardOrderResult, CartPayInput>(async () => notProvided('cartPay')),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toCardOrderError(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error),
    }),
    clearError: assign({ error: null, fieldErrors: {} }),
    forgetCart: assign(forgetCart),
    arrive: assign({
      nav: ({ context }, params: { step: CardOrderNavStep }) =>
        arriveAt(cardOrderSteps, context.nav, params.step),
    }),
    navBack: assign({ nav: ({ context }) => navBack(context.nav) }),
    navForward: assign({ nav: ({ context }) => navForward(context.nav) }),
    /** The order changed where it stands: the steps Back left no longer follow from it. */
    dropAhead: assign({ nav: ({ context }) => ({ ...context.nav, ahead: [] }) }),
  },
  guards: {
    ...walletCheckoutGuards,
    /** The card type named in the address can be ordered by somebody: straight to its details. */
    preselectedAvailable: ({ context }, params: { data: CardOrderData }) =>
      context.form !== null && formAvailable(params.data, context.form),
    formAvailable: ({ context, event }) =>
      event.type === 'form.selected' && formAvailable(context.data, event.form),
    canSkipPhysical: ({ context }) => context.form === 'physical' && formAvailable(context.data, 'virtual'),
    /** The chosen holder may still get a card of this type (SPEC §9). */
    holderHasRoom: ({ context, event }) =>
      event.type === 'details.submit' && holderFits(context, event.choices),
    isPhysical: ({ context }) => context.form === 'physical',
    /** Only a saved address of this merchant can be chosen. */
    knownAddress: ({ context, event }) =>
      event.type === 'address.chosen' &&
      (context.data?.addresses ?? []).some((address) => address.id === event.addressId),
    /** The server refused the shipping address itself: back to the address, which shows why. */
    isAddressProblem: ({ context }, params: { error: unknown }) =>
      context.form === 'physical' && refusesShipping(params.error),
    canAfford: ({ context }) => canAfford(context.cart),
    backTo: ({ context }, params: { step: CardOrderNavStep }) => backTo(context.nav, params.step),
    forwardTo: ({ context }, params: { step: CardOrderNavStep }) => forwardTo(context.nav, params.step),
    /** The type chosen before can still be ordered by somebody. */
    keptFormAvailable: ({ context }) => context.form !== null && formAvailable(context.data, context.form),
    /** The details chosen before still fit: the holder has room for this type. */
    keptChoicesFit: ({ context }) => context.choices !== null && holderFits(context, context.choices),
    hasShipping: ({ context }) => context.shipping !== null,
  },
}).createMachine({
  id: 'cardOrder',
  context: ({ input }) => ({
    entry: 'cards',
    data: null,
    form: null,
    choices: null,
    shipping: null,
    cart: null,
    idempotencyKey: null,
    keys: attemptKeysOf(input),
    result: null,
    error: null,
    fieldErrors: {},
    nav: startNav(),
  }),
  initial: 'opening',
  states: {
    opening: {
      description:
        'Until the screen has read the address: the cards or the plans side, and a card type named in it.',
      on: {
        'order.opened': {
          target: 'loading',
          description: 'The screen names the side of the app and the card type of the address, if any.',
          actions: assign({ entry: ({ event }) => event.entry, form: ({ event }) => event.form }),
        },
      },
    },
    loading: {
      description:
        'The prices, colours, accounts, the people a card can be for (with how many each may still order: ' +
        cardRoom +
        ') and the saved addresses are read.',
      tags: ['busy'],
      invoke: {
        id: 'loadCardOrder',
        src: 'loadCardOrder',
        onDone: [
          {
            description: 'The address named a card type somebody may still order: straight to its details.',
            guard: { type: 'preselectedAvailable', params: ({ event }) => ({ data: event.output }) },
            target: 'choosingDetails',
            actions: assign({ data: ({ event }) => event.output }),
          },
          {
            target: 'choosingForm',
            description:
              'No card type named (or none that can be ordered): the choice of physical or virtual.',
            actions: assign({ data: ({ event }) => event.output }),
          },
        ],
        onError: {
          target: 'loadFailed',
          description: 'The order form could not be read; nothing changed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The order form could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read the order form again.',
          actions: 'clearError',
        },
      },
    },
    choosingForm: {
      description:
        `Physical or virtual, each with its price. A type nobody may order any more (${cardRoom}) is shown but ` +
        'cannot be chosen.',
      entry: { type: 'arrive', params: { step: 'form' } },
      on: {
        'nav.forward': {
          description:
            "The browser's Forward after Back: the details again, with the type chosen before while somebody may " +
            'still order it.',
          guard: and([{ type: 'forwardTo', params: { step: 'details' as const } }, 'keptFormAvailable']),
          target: 'choosingDetails',
          actions: ['clearError', 'navForward'],
        },
        'form.selected': {
          description: 'The user chooses a type somebody may still order.',
          guard: 'formAvailable',
          target: 'choosingDetails',
          actions: ['clearError', assign({ form: ({ event }) => event.form, shipping: null })],
        },
      },
    },
    choosingDetails: {
      description:
        'Colour, name, single or multiple use, the holder (only people with room for this type) and the account ' +
        'it spends from.',
      entry: { type: 'arrive', params: { step: 'details' } },
      on: {
        'nav.back': {
          description: "The browser's Back: the choice of type, as chosen.",
          guard: { type: 'backTo', params: { step: 'form' } },
          target: 'choosingForm',
          actions: ['clearError', 'navBack'],
        },
        'nav.forward': [
          {
            description:
              "The browser's Forward after Back: the address again, with the details chosen before while the " +
              'holder has room.',
            guard: and([
              { type: 'forwardTo', params: { step: 'address' as const } },
              'keptChoicesFit',
              'isPhysical',
            ]),
            target: 'choosingAddress',
            actions: ['clearError', 'navForward'],
          },
          {
            description:
              "The browser's Forward after Back: a virtual card's checkout again, priced afresh with the details " +
              'chosen before.',
            guard: and([{ type: 'forwardTo', params: { step: 'checkout' as const } }, 'keptChoicesFit']),
            target: 'pricing',
            actions: ['clearError', 'navForward'],
          },
        ],
        'details.submit': [
          {
            description: 'A physical card for a holder with room: next, where it is sent.',
            guard: and(['holderHasRoom', 'isPhysical']),
            target: 'choosingAddress',
            actions: ['clearError', assign({ choices: ({ event }) => event.choices })],
          },
          {
            description: 'A virtual card for a holder with room: it is priced.',
            guard: 'holderHasRoom',
            target: 'pricing',
            actions: ['clearError', assign({ choices: ({ event }) => event.choices })],
          },
        ],
        'form.change': {
          target: 'choosingForm',
          description: 'The user goes back to the choice of type.',
          actions: 'clearError',
        },
        'physical.skipped': {
          description:
            '"Skip the physical card": a virtual card only, when somebody may still order one (SPEC §4).',
          guard: 'canSkipPhysical',
          target: 'choosingDetails',
          actions: ['clearError', 'dropAhead', assign({ form: 'virtual', shipping: null })],
        },
      },
    },
    choosingAddress: {
      description:
        'Where the physical card goes: a saved address (registered, trading, or saved before) or a new one.',
      entry: { type: 'arrive', params: { step: 'address' } },
      on: {
        'nav.back': {
          description: "The browser's Back: the card's details, as chosen.",
          guard: { type: 'backTo', params: { step: 'details' } },
          target: 'choosingDetails',
          actions: ['clearError', 'navBack'],
        },
        'nav.forward': {
          description:
            "The browser's Forward after Back: the checkout again, priced afresh for the address chosen.",
          guard: and([{ type: 'forwardTo', params: { step: 'checkout' as const } }, 'hasShipping']),
          target: 'pricing',
          actions: ['clearError', 'navForward'],
        },
        'address.chosen': {
          description: "The user chooses one of the merchant's saved addresses: the order is priced.",
          guard: 'knownAddress',
          target: 'pricing',
          actions: [
            'clearError',
            assign({ shipping: ({ event }) => ({ kind: 'saved' as const, addressId: event.addressId }) }),
          ],
        },
        'address.entered': {
          target: 'pricing',
          description: 'The user enters a new address (kept for next time when asked): the order is priced.',
          actions: [
            'clearError',
            assign({
              shipping: ({ event }) => ({ kind: 'new' as const, address: event.address, save: event.save }),
            }),
          ],
        },
        'details.change': {
          target: 'choosingDetails',
          description: "The user goes back to the card's details.",
          actions: 'clearError',
        },
      },
    },
    pricing: { ...checkout.pricing, entry: { type: 'arrive', params: { step: 'checkout' } } },
    reviewing: {
      ...checkout.reviewing,
      on: {
        ...checkout.reviewing.on,
        'nav.back': backFromCheckout,
      },
    },
    paying: checkout.paying,
    failed: {
      ...checkout.failed,
      on: {
        ...checkout.failed.on,
        'nav.back': backFromCheckout,
      },
    },
    ordered: {
      description:
        '"Order placed": the price left the wallet; a virtual card is active at once, a physical one inactive ' +
        "until activated. The browser's Back cannot take the order back to its checkout.",
      entry: { type: 'arrive', params: { step: 'ordered' } },
      on: {
        'order.again': {
          target: 'loading',
          description:
            'The user orders another card: the order form is read afresh, in a history of its own.',
          actions: assign({
            form: null,
            choices: null,
            shipping: null,
            result: null,
            ...forgetCart,
            nav: ({ context }) => restartNav(context.nav),
          }),
        },
      },
    },
  },
});

export type CardOrderSnapshot = SnapshotFrom<typeof cardOrderMachine>;

export type CardOrderStep =
  'loading' | 'loadFailed' | 'form' | 'details' | 'address' | 'checkout' | 'failed' | 'ordered';

/** Which part of the journey the screen shows. */
export function selectCardOrderStep(snapshot: CardOrderSnapshot): CardOrderStep {
  if (snapshot.matches('opening') || snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('choosingForm')) return 'form';
  if (snapshot.matches('choosingDetails')) return 'details';
  if (snapshot.matches('choosingAddress')) return 'address';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('ordered')) return 'ordered';
  return 'checkout';
}

/**
 * The address of the step (SPEC §2). From the cards pages: /cards/add-card (choosing the type; also while loading
 * when none is named), /cards/add-card/physical | virtual (details), /cards/add-card/physical/address; from the plans
 * pages: /plans/card-selection/:id (type and details, `:id` the card type, physical when none is chosen yet),
 * /plans/address. Both check out on /plans/card/checkout/:card (`:card` the card type).
 */
export function cardOrderPath(snapshot: CardOrderSnapshot): string {
  const { entry, form } = snapshot.context;
  const step = selectCardOrderStep(snapshot);
  switch (step) {
    case 'loading':
    case 'loadFailed':
    case 'form':
    case 'details':
      if (entry === 'plans') return `/plans/card-selection/${form ?? 'physical'}`;
      return step === 'form' || !form ? '/cards/add-card' : `/cards/add-card/${form}`;
    case 'address':
      return entry === 'plans' ? '/plans/address' : '/cards/add-card/physical/address';
    case 'checkout':
    case 'failed':
    case 'ordered':
      return `/plans/card/checkout/${form ?? 'virtual'}`;
  }
}

export const selectCardOrderBusy = (snapshot: CardOrderSnapshot): boolean => snapshot.hasTag('busy');
export const selectCardOrderError = (snapshot: CardOrderSnapshot): CardOrderError | null =>
  snapshot.context.error;
export const selectCardOrderFieldErrors = (snapshot: CardOrderSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
export const selectCardOptions = (snapshot: CardOrderSnapshot): CardOptions | null =>
  snapshot.context.data?.options ?? null;
export const selectSavedAddresses = (snapshot: CardOrderSnapshot): SavedAddress[] =>
  snapshot.context.data?.addresses ?? [];
export const selectOrderForm = (snapshot: CardOrderSnapshot): CardForm | null => snapshot.context.form;
export const selectOrderChoices = (snapshot: CardOrderSnapshot): CardChoices | null =>
  snapshot.context.choices;
export const selectOrderShipping = (snapshot: CardOrderSnapshot): CardShipping | null =>
  snapshot.context.shipping;
export const selectCart = (snapshot: CardOrderSnapshot): Cart | null => snapshot.context.cart;
export const selectOrderResult = (snapshot: CardOrderSnapshot): CardOrderResult | null =>
  snapshot.context.result;
export const selectPricing = (snapshot: CardOrderSnapshot): boolean => snapshot.matches('pricing');
export const selectPaying = (snapshot: CardOrderSnapshot): boolean => snapshot.matches('paying');
export const selectCanPay = (snapshot: CardOrderSnapshot): boolean => snapshot.can({ type: 'order.pay' });
export const selectCanSkipPhysical = (snapshot: CardOrderSnapshot): boolean =>
  snapshot.can({ type: 'physical.skipped' });
