import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SavedAddress, ShippingAddress } from '../schemas/cards.schema';
import {
  vatRateBp,
  type Plan,
  type PlanCartBody,
  type PlanOrderResult,
  type PlanPeriod,
  type PlanQuote,
  type PlansResponse,
  type Subscription,
} from '../schemas/plans.schema';
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
import { refusesShipping, walletCheckoutGuards, walletCheckoutStates } from './walletCheckout';

/*
 * Plans and plan checkout (SPEC §1 plans, §2 /plans/:plan_id?, /plans/plan/checkout, /plans/address; §4
 * "cancelling a subscription downgrades to Free at the end of the billing period"; §8 "Order placed", "Payment
 * successful", "Payment failed, possibly from insufficient balance; try again later."; §9 plan periods monthly or
 * yearly).
 *
 * opening (until the screen has read the address: a plan named in it) → loading (loadPlanCheckout: the plans, the POS
 * terminal add-on, the merchant's subscription and the saved addresses) → choosingPlan (the plans page; a plan named in
 * the address is preselected; only a paid plan can be chosen here, Free is reached by cancelling) → choosingOptions
 * (monthly or yearly, and the POS terminal add-on where the plan offers it and the merchant has none; the plan and
 * period the merchant already has only with the terminal, or to keep them while a cancellation or a downgrade waits) → for the terminal choosingAddress (a saved address or a new one) → pricing
 * (planCartInitialize: the quote with any proration credit, the VAT included, when it takes effect, the next billing
 * date and the available balance) → reviewing → paying (planCartPay with one Idempotency-Key per quote: a retry after
 * no answer cannot pay twice) → ordered ("Payment successful" when something was charged, "Order placed" otherwise),
 * or failed ("Payment failed…", back to a freshly priced checkout). An upgrade takes effect at once; a downgrade on the
 * current period's end and charges nothing now.
 *
 * pricing, reviewing, paying and failed are the wallet checkout this journey shares with the card order
 * (machines/walletCheckout.ts).
 *
 * The address bar follows the state (`planCheckoutPath`): the plans page on /plans/:plan_id?, the checkout on
 * /plans/plan/checkout, the terminal's address on /plans/address.
 *
 * Each step (plans, options, address, checkout, ordered) is an entry of the tab's history (machines/journeyNav.ts):
 * the browser's Back (`nav.back`) goes to the step before with what was chosen there, Forward (`nav.forward`) to the
 * step Back left while the choice still changes something; nothing goes back from paying or a placed order. The
 * checkout's snapshot is kept for the tab, so a reload takes it up again at its step (src/app/usePersistedJourney.ts).
 */

/** The steps of the plan checkout, in order; each is an entry of the tab's history. */
export const planCheckoutSteps = ['plans', 'options', 'address', 'checkout', 'ordered'] as const;
export type PlanCheckoutNavStep = (typeof planCheckoutSteps)[number];

export const toPlanCheckoutError = knownErrors([
  'insufficient_funds',
  'cart_expired',
  'cart_paid',
  'plan_unchanged',
  'quote_changed',
  'validation_failed',
  'not_found',
  'conflict',
  'forbidden',
  'rate_limited',
  'network',
]);
export type PlanCheckoutError = ReturnType<typeof toPlanCheckoutError>;

/** What the plans page and the checkout show: every plan, the add-on, the subscription, and the saved addresses. */
export type PlanCheckoutData = { plans: PlansResponse; addresses: SavedAddress[] };

/** Where the POS terminal goes: a saved address, or a new one (kept for next time when `save`). */
export type TerminalShipping =
  { kind: 'saved'; addressId: string } | { kind: 'new'; address: ShippingAddress; save: boolean };

export type PlanCartInitializeInput = { body: PlanCartBody };
export type PlanCartPayInput = { quoteId: string; idempotencyKey: string };

export type PlanCheckoutContext = {
  /** The plan chosen, or named in the address and preselected on the plans page. */
  planId: string | null;
  data: PlanCheckoutData | null;
  period: PlanPeriod | null;
  posTerminal: boolean;
  shipping: TerminalShipping | null;
  /** The priced change being checked out, and the key its payment is sent with (one per quote). */
  quote: PlanQuote | null;
  idempotencyKey: string | null;
  /** Where the keys come from: the journey's seed and how many were made (machines/attemptKeys.ts). */
  keys: AttemptKeys;
  result: PlanOrderResult | null;
  error: PlanCheckoutError | null;
  /** Which body fields the server refused (validation_failed), keyed by dotted path. */
  fieldErrors: Record<string, string>;
  /** The step and the steps behind and ahead of it in the tab's history (machines/journeyNav.ts). */
  nav: JourneyNav<PlanCheckoutNavStep>;
};

export type PlanCheckoutEvent =
  /** The browser's Back or Forward between the checkout's steps. */
  | NavEvent
  /** Sent by the screen once it has read the address: the plan named in it, if any. */
  | { type: 'plans.opened'; planId: string | null }
  | { type: 'load.retry' }
  | { type: 'plan.chosen'; planId: string }
  | { type: 'plan.change' }
  | { type: 'options.submit'; period: PlanPeriod; posTerminal: boolean }
  | { type: 'options.change' }
  | { type: 'address.chosen'; addressId: string }
  | { type: 'address.entered'; address: ShippingAddress; save: boolean }
  | { type: 'order.pay' }
  | { type: 'order.change' }
  | { type: 'order.review' }
  | { type: 'plans.show' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

export function planOf(data: PlanCheckoutData | null, planId: string | null): Plan | null {
  return data?.plans.items.find((plan) => plan.id === planId) ?? null;
}

/** A plan with a price: Free is not bought, it is what cancelling leads to (SPEC §4). */
export function isPaidPlan(plan: Plan): boolean {
  return BigInt(plan.monthly_price.amount_minor) > 0n || BigInt(plan.yearly_price.amount_minor) > 0n;
}

/** The plan and period the merchant already has. */
export function isCurrentChoice(
  subscription: Subscription | null,
  planId: string,
  period: PlanPeriod,
): boolean {
  return subscription !== null && subscription.plan_id === planId && subscription.period === period;
}

/**
 * Whether the choice changes anything: another plan or period; or the same ones with the POS terminal added, or while
 * a cancellation or a downgrade waits (choosing them again keeps them and drops what was waiting).
 */
export function changesSomething(
  subscription: Subscription | null,
  planId: string,
  period: PlanPeriod,
  posTerminal: boolean,
): boolean {
  if (!isCurrentChoice(subscription, planId, period)) return true;
  return posTerminal || subscription?.cancel_at_period_end === true || subscription?.scheduled_change != null;
}

/** The POS terminal can be added to this plan (the offer names it) and the merchant has none yet. */
export function terminalOffered(data: PlanCheckoutData | null, planId: string | null): boolean {
  if (!data || planId === null) return false;
  return data.plans.pos_terminal.available_with.includes(planId) && !data.plans.subscription.has_pos_terminal;
}

/** The cart body of what the user chose. */
export function planCartBodyOf(context: PlanCheckoutContext): PlanCartBody {
  const { shipping } = context;
  const body: PlanCartBody = {
    plan_id: context.planId ?? '',
    period: context.period ?? 'monthly',
    pos_terminal: context.posTerminal,
  };
  if (!context.posTerminal || !shipping) return body;
  return {
    ...body,
    shipping:
      shipping.kind === 'saved'
        ? { address_id: shipping.addressId }
        : { address: shipping.address, save: shipping.save },
  };
}

/** Whether the account can pay the quote now, as the checkout read it (the server decides again). */
export function canAffordQuote(quote: PlanQuote | null): boolean {
  if (!quote) return false;
  if (BigInt(quote.total.amount_minor) === 0n) return true;
  if (quote.total.currency !== quote.available_balance.currency) return false;
  return BigInt(quote.available_balance.amount_minor) >= BigInt(quote.total.amount_minor);
}

const forgetQuote = { quote: null, idempotencyKey: null } as const;

/** The checkout this journey shares with the card order (machines/walletCheckout.ts). */
const checkout = walletCheckoutStates({
  types: {
    context: {} as PlanCheckoutContext,
    events: {} as PlanCheckoutEvent,
    priced: {} as PlanQuote,
    result: {} as PlanOrderResult,
  },
  price: { actor: 'planCartInitialize', input: ({ context }) => ({ body: planCartBodyOf(context) }) },
  pay: {
    actor: 'planCartPay',
    input: ({ context }) => ({
      quoteId: context.quote?.id ?? '',
      idempotencyKey: context.idempotencyKey ?? '',
    }),
  },
  ships: 'hasTerminal',
  states: { choices: 'choosingOptions', address: 'choosingAddress', paid: 'ordered' },
  keepPrice: { quote: ({ event }) => event.output },
  forgetPrice: forgetQuote,
  // The paid quote stays: the confirmation shows what was charged.
  keepPaid: { result: ({ event }) => event.output, idempotencyKey: null },
});

/**
 * The browser's Back from the checkout (its review, or its failure): the step before it, as chosen there. The price
 * and its key are dropped, so Forward prices the order afresh.
 */
const backFromCheckout = [
  {
    description: "The browser's Back: the terminal's address, as chosen; the price and its key are dropped.",
    guard: { type: 'backTo', params: { step: 'address' } },
    target: 'choosingAddress',
    actions: ['clearError', 'forgetQuote', 'navBack'],
  },
  {
    description:
      "The browser's Back: the period and the terminal, as chosen; the price and its key are dropped.",
    guard: { type: 'backTo', params: { step: 'options' } },
    target: 'choosingOptions',
    actions: ['clearError', 'forgetQuote', 'navBack'],
  },
] as const;

export const planCheckoutMachine = setup({
  types: {
    context: {} as PlanCheckoutContext,
    input: {} as KeyedInput,
    events: {} as PlanCheckoutEvent,
  },
  actors: {
    loadPlanCheckout: fromPromise<PlanCheckoutData, void>(async () => notProvided('loadPlanCheckout')),
    planCartInitialize: fromPromise<PlanQuote, PlanCartInitializeInput>(async () =>
      notProvided('planCartInitialize'),
    ),
    planCartPay: fromPromise<PlanOrderResult, PlanCartPayInput>(async () => notProvided('planCartPay')),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toPlanCheckoutError(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error),
    }),
    clearError: assign({ error: null, fieldErrors: {} }),
    forgetQuote: assign(forgetQuote),
    arrive: assign({
      nav: ({ context }, params: { step: PlanCheckoutNavStep }) =>
        arriveAt(planCheckoutSteps, context.nav, params.step),
    }),
    navBack: assign({ nav: ({ context }) => navBack(context.nav) }),
    navForward: assign({ nav: ({ context }) => navForward(context.nav) }),
  },
  guards: {
    ...walletCheckoutGuards,
    /** A paid plan of the list (Free is reached by cancelling, SPEC §4). */
    canChoose: ({ context, event }) => {
      if (event.type !== 'plan.chosen') return false;
      const plan = planOf(context.data, event.planId);
      return plan !== null && isPaidPlan(plan);
    },
    /** The choice changes something (`changesSomething`); the terminal only where the plan offers it. */
    validOptions: ({ context, event }) =>
      event.type === 'options.submit' &&
      context.planId !== null &&
      changesSomething(
        context.data?.plans.subscription ?? null,
        context.planId,
        event.period,
        event.posTerminal,
      ) &&
      (!event.posTerminal || terminalOffered(context.data, context.planId)),
    wantsTerminal: ({ event }) => event.type === 'options.submit' && event.posTerminal,
    hasTerminal: ({ context }) => context.posTerminal,
    /** Only a saved address of this merchant can be chosen. */
    knownAddress: ({ context, event }) =>
      event.type === 'address.chosen' &&
      (context.data?.addresses ?? []).some((address) => address.id === event.addressId),
    /** The server refused the shipping address itself: back to the address, which shows why. */
    isAddressProblem: ({ context }, params: { error: unknown }) =>
      context.posTerminal && refusesShipping(params.error),
    canAfford: ({ context }) => canAffordQuote(context.quote),
    backTo: ({ context }, params: { step: PlanCheckoutNavStep }) => backTo(context.nav, params.step),
    forwardTo: ({ context }, params: { step: PlanCheckoutNavStep }) => forwardTo(context.nav, params.step),
    /** The plan chosen before is a paid plan of the list. */
    keptPlanChoosable: ({ context }) => {
      const plan = planOf(context.data, context.planId);
      return plan !== null && isPaidPlan(plan);
    },
    /** The period and terminal chosen before still change something (as `validOptions`). */
    keptOptionsValid: ({ context }) =>
      context.planId !== null &&
      context.period !== null &&
      changesSomething(
        context.data?.plans.subscription ?? null,
        context.planId,
        context.period,
        context.posTerminal,
      ) &&
      (!context.posTerminal || terminalOffered(context.data, context.planId)),
    hasShipping: ({ context }) => context.shipping !== null,
  },
}).createMachine({
  id: 'planCheckout',
  context: ({ input }) => ({
    planId: null,
    data: null,
    period: null,
    posTerminal: false,
    shipping: null,
    quote: null,
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
      description: 'Until the screen has read the address: a plan named in it, if any.',
      on: {
        'plans.opened': {
          target: 'loading',
          description: 'The screen names the plan of the address, if any.',
          actions: assign({ planId: ({ event }) => event.planId }),
        },
      },
    },
    loading: {
      description:
        "The plans with their prices and perks, the POS terminal add-on, the merchant's subscription and the saved " +
        'addresses are read.',
      tags: ['busy'],
      invoke: {
        id: 'loadPlanCheckout',
        src: 'loadPlanCheckout',
        onDone: {
          target: 'choosingPlan',
          description: 'The plans page is shown; a plan the address names is preselected when it exists.',
          actions: assign({
            data: ({ event }) => event.output,
            // A plan the address names that does not exist is simply not preselected.
            planId: ({ context, event }) =>
              event.output.plans.items.some((plan) => plan.id === context.planId) ? context.planId : null,
          }),
        },
        onError: {
          target: 'loadFailed',
          description: 'The plans could not be read; nothing changed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The plans could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read the plans again.',
          actions: 'clearError',
        },
      },
    },
    choosingPlan: {
      description:
        'The plans page: prices, perks, the add-on, and the current plan with its next billing date or the change ' +
        'that waits.',
      entry: { type: 'arrive', params: { step: 'plans' } },
      on: {
        'nav.forward': {
          description:
            "The browser's Forward after Back: the options again, for the plan chosen before, as chosen.",
          guard: and([{ type: 'forwardTo', params: { step: 'options' as const } }, 'keptPlanChoosable']),
          target: 'choosingOptions',
          actions: ['clearError', 'navForward'],
        },
        'plan.chosen': {
          description: 'The user chooses a paid plan; Free is not bought, it is what cancelling leads to.',
          guard: 'canChoose',
          target: 'choosingOptions',
          actions: [
            'clearError',
            assign({
              planId: ({ event }) => event.planId,
              period: null,
              posTerminal: false,
              shipping: null,
            }),
          ],
        },
      },
    },
    choosingOptions: {
      description:
        'Monthly or yearly, and the POS terminal where the plan offers it and the merchant has none. The plan and ' +
        'period the merchant already has only with the terminal, or to keep them while a cancellation or a ' +
        'downgrade waits.',
      entry: { type: 'arrive', params: { step: 'options' } },
      on: {
        'nav.back': {
          description: "The browser's Back: the plans, with this plan still chosen.",
          guard: { type: 'backTo', params: { step: 'plans' } },
          target: 'choosingPlan',
          actions: ['clearError', 'navBack'],
        },
        'nav.forward': [
          {
            description:
              "The browser's Forward after Back: the terminal's address again, with the options chosen before.",
            guard: and([
              { type: 'forwardTo', params: { step: 'address' as const } },
              'keptOptionsValid',
              'hasTerminal',
            ]),
            target: 'choosingAddress',
            actions: ['clearError', 'navForward'],
          },
          {
            description:
              "The browser's Forward after Back: the checkout again, priced afresh with the options chosen before.",
            guard: and([{ type: 'forwardTo', params: { step: 'checkout' as const } }, 'keptOptionsValid']),
            target: 'pricing',
            actions: ['clearError', 'navForward'],
          },
        ],
        'options.submit': [
          {
            description:
              'A choice that changes something, with the POS terminal: next, where the terminal goes.',
            guard: and(['validOptions', 'wantsTerminal']),
            target: 'choosingAddress',
            actions: [
              'clearError',
              assign({ period: ({ event }) => event.period, posTerminal: ({ event }) => event.posTerminal }),
            ],
          },
          {
            description: 'A choice that changes something, without the terminal: it is priced.',
            guard: 'validOptions',
            target: 'pricing',
            actions: [
              'clearError',
              assign({
                period: ({ event }) => event.period,
                posTerminal: ({ event }) => event.posTerminal,
                shipping: null,
              }),
            ],
          },
        ],
        'plan.change': {
          target: 'choosingPlan',
          description: 'The user goes back to the plans.',
          actions: 'clearError',
        },
      },
    },
    choosingAddress: {
      description:
        'Where the POS terminal goes: a saved address (registered, trading, or saved before) or a new one.',
      entry: { type: 'arrive', params: { step: 'address' } },
      on: {
        'nav.back': {
          description: "The browser's Back: the period and the terminal, as chosen.",
          guard: { type: 'backTo', params: { step: 'options' } },
          target: 'choosingOptions',
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
          description: "The user chooses one of the merchant's saved addresses: the change is priced.",
          guard: 'knownAddress',
          target: 'pricing',
          actions: [
            'clearError',
            assign({ shipping: ({ event }) => ({ kind: 'saved' as const, addressId: event.addressId }) }),
          ],
        },
        'address.entered': {
          target: 'pricing',
          description: 'The user enters a new address (kept for next time when asked): the change is priced.',
          actions: [
            'clearError',
            assign({
              shipping: ({ event }) => ({ kind: 'new' as const, address: event.address, save: event.save }),
            }),
          ],
        },
        'options.change': {
          target: 'choosingOptions',
          description: 'The user goes back to the period and the terminal.',
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
        'An upgrade takes effect at once, charged now less a credit for the unused part of the current period, ' +
        `VAT (${vatRateBp / 100} %) included; a downgrade waits for the period's end and charges nothing now. ` +
        '"Payment successful" when something was charged, "Order placed" otherwise. The browser\'s Back cannot ' +
        'take it back to its checkout.',
      entry: { type: 'arrive', params: { step: 'ordered' } },
      on: {
        'plans.show': {
          target: 'loading',
          description: 'The user goes back to the plans, read afresh.',
          actions: assign({
            planId: null,
            period: null,
            posTerminal: false,
            shipping: null,
            result: null,
            ...forgetQuote,
            nav: ({ context }) => restartNav(context.nav),
          }),
        },
      },
    },
  },
});

export type PlanCheckoutSnapshot = SnapshotFrom<typeof planCheckoutMachine>;

export type PlanCheckoutStep =
  'loading' | 'loadFailed' | 'plans' | 'options' | 'address' | 'checkout' | 'failed' | 'ordered';

/** Which part of the journey the screen shows. */
export function selectPlanCheckoutStep(snapshot: PlanCheckoutSnapshot): PlanCheckoutStep {
  if (snapshot.matches('opening') || snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('choosingPlan')) return 'plans';
  if (snapshot.matches('choosingOptions')) return 'options';
  if (snapshot.matches('choosingAddress')) return 'address';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('ordered')) return 'ordered';
  return 'checkout';
}

/**
 * The address of the step (SPEC §2): the plans page on /plans/:plan_id? (`:plan_id` the plan chosen or preselected),
 * the checkout on /plans/plan/checkout, the POS terminal's address on /plans/address.
 */
export function planCheckoutPath(snapshot: PlanCheckoutSnapshot): string {
  const { planId } = snapshot.context;
  switch (selectPlanCheckoutStep(snapshot)) {
    case 'loading':
    case 'loadFailed':
    case 'plans':
      return planId ? `/plans/${planId}` : '/plans';
    case 'address':
      return '/plans/address';
    case 'options':
    case 'checkout':
    case 'failed':
    case 'ordered':
      return '/plans/plan/checkout';
  }
}

/** The steps worth taking up again after a reload: the checkout, not the plans page (whose data may have changed). */
export function isCheckoutInProgress(snapshot: PlanCheckoutSnapshot): boolean {
  const step = selectPlanCheckoutStep(snapshot);
  return step === 'options' || step === 'address' || step === 'checkout' || step === 'failed';
}

export const selectPlanCheckoutBusy = (snapshot: PlanCheckoutSnapshot): boolean => snapshot.hasTag('busy');
export const selectPlanCheckoutError = (snapshot: PlanCheckoutSnapshot): PlanCheckoutError | null =>
  snapshot.context.error;
export const selectPlanCheckoutFieldErrors = (snapshot: PlanCheckoutSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
export const selectPlansData = (snapshot: PlanCheckoutSnapshot): PlansResponse | null =>
  snapshot.context.data?.plans ?? null;
export const selectPlanAddresses = (snapshot: PlanCheckoutSnapshot): SavedAddress[] =>
  snapshot.context.data?.addresses ?? [];
export const selectChosenPlanId = (snapshot: PlanCheckoutSnapshot): string | null => snapshot.context.planId;
export const selectChosenPlan = (snapshot: PlanCheckoutSnapshot): Plan | null =>
  planOf(snapshot.context.data, snapshot.context.planId);
export const selectChosenPeriod = (snapshot: PlanCheckoutSnapshot): PlanPeriod | null =>
  snapshot.context.period;
export const selectWantsTerminal = (snapshot: PlanCheckoutSnapshot): boolean => snapshot.context.posTerminal;
export const selectTerminalOffered = (snapshot: PlanCheckoutSnapshot): boolean =>
  terminalOffered(snapshot.context.data, snapshot.context.planId);
export const selectTerminalShipping = (snapshot: PlanCheckoutSnapshot): TerminalShipping | null =>
  snapshot.context.shipping;
export const selectQuote = (snapshot: PlanCheckoutSnapshot): PlanQuote | null => snapshot.context.quote;
export const selectPlanOrderResult = (snapshot: PlanCheckoutSnapshot): PlanOrderResult | null =>
  snapshot.context.result;
export const selectPlanPricing = (snapshot: PlanCheckoutSnapshot): boolean => snapshot.matches('pricing');
export const selectPlanPaying = (snapshot: PlanCheckoutSnapshot): boolean => snapshot.matches('paying');
export const selectCanPayPlan = (snapshot: PlanCheckoutSnapshot): boolean =>
  snapshot.can({ type: 'order.pay' });
