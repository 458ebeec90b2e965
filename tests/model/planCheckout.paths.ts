import type { ApiFailure } from '../../machines/apiFailure';
import {
  canAffordQuote,
  planCheckoutMachine,
  planCheckoutPath,
  selectPlanCheckoutStep,
  type PlanCheckoutContext,
  type PlanCheckoutData,
  type PlanCheckoutError,
  type PlanCheckoutEvent,
  type PlanCheckoutSnapshot,
} from '../../machines/planCheckout.machine';
import { testKeySeed } from '../../machines/attemptKeys';
import { money } from '../../machines/ruleWords';
import type { ShippingAddress } from '../../schemas/cards.schema';
import type {
  Plan,
  PlanOrderResult,
  PlanQuote,
  PlansResponse,
  QuoteLine,
  Subscription,
} from '../../schemas/plans.schema';
import { newAddress, registeredAddress } from './cardOrder.paths';
import {
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  failureWords,
  pathTitle,
} from './generatePaths';
import { browserButtons } from './browserHistory';

/*
 * The test model of the plans page and plan checkout (machines/planCheckout.machine.ts), run on the real screens by
 * planCheckout.model.test.tsx: Demo Coffee is on Business, billed yearly since Jan 1, 2026 (next billing Jan 1, 2027),
 * with no POS terminal; the wallet holds €2,135.80; it is Jan 15, 2026. Dora Demou
 * - moves up to Premium yearly with the POS terminal (the unused part of the Business year is credited), or Premium
 *   monthly (the credit covers the first month: nothing is charged);
 * - keeps Business yearly and only buys the POS terminal, or moves down to Business monthly on Jan 1, 2027.
 */

const eur = (amount_minor: string) => ({ amount_minor, currency: 'EUR' });

const premium = {
  id: 'premium',
  name: 'Premium',
  monthly_price: eur('4900'),
  yearly_price: eur('49000'),
  yearly_saving: eur('9800'),
  cashback_rate_bp: 100,
  card_prices: { physical: eur('0'), virtual: eur('0') },
  perks: ['wallet', 'free_virtual_cards', 'free_physical_cards', 'cashback', 'employees', 'analytics'],
} satisfies Plan;

export const plans = [
  {
    id: 'free',
    name: 'Free',
    monthly_price: eur('0'),
    yearly_price: eur('0'),
    yearly_saving: eur('0'),
    cashback_rate_bp: 25,
    card_prices: { physical: eur('1490'), virtual: eur('200') },
    // As the server derives them (server/plans.ts planPerks): every plan has the team and analytics.
    perks: ['wallet', 'virtual_cards', 'physical_cards', 'cashback', 'employees', 'analytics'],
  },
  {
    id: 'business',
    name: 'Business',
    monthly_price: eur('1900'),
    yearly_price: eur('19000'),
    yearly_saving: eur('3800'),
    cashback_rate_bp: 50,
    card_prices: { physical: eur('490'), virtual: eur('0') },
    perks: [
      'wallet',
      'free_virtual_cards',
      'discounted_physical_cards',
      'cashback',
      'employees',
      'analytics',
    ],
  },
  premium,
] satisfies Plan[];

export const businessYearly = {
  plan_id: 'business',
  plan_name: 'Business',
  period: 'yearly',
  status: 'active',
  current_period_start: '2025-12-31T22:00:00.000Z',
  current_period_end: '2026-12-31T22:00:00.000Z',
  cancel_at_period_end: false,
  scheduled_change: null,
  next_retry_at: null,
  downgrade_at: null,
  has_pos_terminal: false,
} satisfies Subscription;

export const plansResponse = {
  items: plans,
  pos_terminal: { price: eur('14900'), available_with: ['business', 'premium'] },
  subscription: businessYearly,
} satisfies PlansResponse;

export const planCheckoutData = {
  plans: plansResponse,
  addresses: [registeredAddress],
} satisfies PlanCheckoutData;

export const quoteId = '00000000-0000-4000-8000-000000000201';
export const invoiceId = '00000000-0000-4000-8000-000000000202';
const now = '2026-01-15T09:00:00.000Z';
const yearEnd = businessYearly.current_period_end;
/** The day the Business year ends (yearEnd, in Athens), as the screens word it. */
export const yearEndDay = 'January 1, 2027';
/** What is left of the Business year on Jan 15, credited on an upgrade. */
const businessCredit = 18252n;

function shippingOf(context: Omit<PlanCheckoutContext, 'keys'>): ShippingAddress | null {
  const { shipping } = context;
  if (!context.posTerminal || !shipping) return null;
  if (shipping.kind === 'new') return shipping.address;
  const { id: _id, kind: _kind, ...address } = registeredAddress;
  return address;
}

const vatOf = (total: bigint) => (total * 2400n + 6200n) / 12400n;

/** The server's pricing for this merchant (server/billing/pricing.ts): upgrade now with a credit, else at year end. */
export function quoteOf(context: Omit<PlanCheckoutContext, 'keys'>): PlanQuote {
  const planId = context.planId ?? 'premium';
  const period = context.period ?? 'yearly';
  const plan = plans.find((one) => one.id === planId) ?? premium;
  const terminal: QuoteLine[] = context.posTerminal
    ? [{ kind: 'pos_terminal', plan_id: null, period: null, amount: eur('14900') }]
    : [];
  const base = {
    id: quoteId,
    plan_id: planId,
    period,
    pos_terminal: context.posTerminal,
    shipping_address: shippingOf(context),
    available_balance: eur('213580'),
    expires_at: '2026-01-15T09:30:00.000Z',
  };
  const priced = (lines: QuoteLine[], effective: 'now' | 'period_end', effectiveAt: string, next: string) => {
    const total = lines.reduce((sum, line) => sum + BigInt(line.amount.amount_minor), 0n);
    return {
      ...base,
      lines,
      total: eur(String(total)),
      vat: eur(String(vatOf(total))),
      effective,
      effective_at: effectiveAt,
      next_billing_at: next,
    };
  };
  if (planId === 'premium') {
    const price = BigInt((period === 'yearly' ? plan.yearly_price : plan.monthly_price).amount_minor);
    const credit = businessCredit > price ? price : businessCredit;
    const lines: QuoteLine[] = [
      { kind: 'plan', plan_id: 'premium', period, amount: eur(String(price)) },
      { kind: 'proration_credit', plan_id: 'business', period: 'yearly', amount: eur(String(-credit)) },
      ...terminal,
    ];
    return priced(
      lines,
      'now',
      now,
      period === 'yearly' ? '2027-01-15T09:00:00.000Z' : '2026-02-15T09:00:00.000Z',
    );
  }
  // Business: the same plan and period with the terminal only, or monthly from the year's end.
  if (period === 'yearly') return priced(terminal, 'now', now, yearEnd);
  return priced(terminal, 'period_end', yearEnd, yearEnd);
}

function orderedOf(context: Omit<PlanCheckoutContext, 'keys'>): PlanOrderResult {
  const quote = context.quote ?? quoteOf(context);
  const charged = BigInt(quote.total.amount_minor) > 0n;
  const plan = plans.find((one) => one.id === quote.plan_id) ?? premium;
  const subscription: Subscription =
    quote.effective === 'now' && quote.plan_id !== businessYearly.plan_id
      ? {
          ...businessYearly,
          plan_id: plan.id,
          plan_name: plan.name,
          period: quote.period,
          current_period_start: now,
          current_period_end: quote.next_billing_at,
          has_pos_terminal: quote.pos_terminal,
        }
      : quote.effective === 'now'
        ? { ...businessYearly, has_pos_terminal: quote.pos_terminal }
        : {
            ...businessYearly,
            scheduled_change: {
              plan_id: quote.plan_id,
              period: quote.period,
              effective_at: quote.effective_at,
            },
          };
  return {
    subscription,
    invoice_id: charged ? invoiceId : null,
    transaction_id: charged ? '00000000-0000-4000-8000-000000000203' : null,
  };
}

const amountWords = (value: { amount_minor: string; currency: string }) =>
  money(value.amount_minor, value.currency);

/** A quote's lines in words, as the checkout and the invoice list them. */
function linesWords(quote: PlanQuote): string {
  return quote.lines
    .map((line) => {
      const amount = amountWords(line.amount);
      if (line.kind === 'pos_terminal') return `POS terminal ${amount}`;
      if (line.kind === 'proration_credit')
        return `credit for the unused ${nameOf(line.plan_id)} ${line.period} ${amount}`;
      return `${nameOf(line.plan_id)} ${line.period} ${amount}`;
    })
    .join(', ');
}

/** What pricing stores (server/billing/cart.ts `planCartInitialize`): the quote to pay, nothing charged or saved. */
function quoteEffect(context: Omit<PlanCheckoutContext, 'keys'>): string {
  const quote = quoteOf(context);
  return (
    'nothing is charged and no address is saved yet; the quote is kept for the checkout (plan_carts: ' +
    `${nameOf(quote.plan_id)} ${quote.period}, pos_terminal ${quote.pos_terminal}, lines ` +
    `${linesWords(quote) || 'none'}, total ${amountWords(quote.total)} with VAT ${amountWords(quote.vat)}, effective ` +
    `${quote.effective === 'now' ? 'now' : `at the year’s end, ${yearEndDay}`}, expires_at).`
  );
}

/**
 * What paying changes (server/billing/cart.ts `planCartPay`): in one transaction the total goes to the bank's fees
 * account with a paid invoice (nothing of either when the total is zero), the subscription changes and the cart is
 * marked paid.
 */
function orderEffect(context: Omit<PlanCheckoutContext, 'keys'>): string {
  const quote = context.quote ?? quoteOf(context);
  const total = BigInt(quote.total.amount_minor);
  const charged =
    total > 0n
      ? `the EUR available balance falls by ${amountWords(quote.total)} (VAT ${amountWords(quote.vat)} included: a ` +
        `paid subscription transfer to Tameio) and a paid purchase invoice is written (${linesWords(quote)})`
      : quote.effective === 'period_end'
        ? 'nothing is charged now (no transfer, no invoice)'
        : 'nothing is charged (the credit for the unused year covers the price: no transfer, no invoice)';
  const plan = `${nameOf(quote.plan_id)} ${quote.period}`;
  const terminal = quote.pos_terminal ? ', has_pos_terminal = true' : '';
  const subscription =
    quote.effective === 'period_end'
      ? `the plan stays ${businessYearly.plan_name} ${businessYearly.period} until ${yearEndDay} and the ` +
        `change is scheduled (subscriptions: scheduled_plan_id ${quote.plan_id}, scheduled_period ${quote.period}${terminal})`
      : quote.plan_id === businessYearly.plan_id && quote.period === businessYearly.period
        ? `the plan stays ${plan} (subscriptions: no change scheduled${terminal})`
        : `the merchant is on ${plan} from now (subscriptions: a new period starting now, its price, ` +
          `the merchant’s plan = ${quote.plan_id}${terminal})`;
  const saved =
    context.shipping?.kind === 'new' && context.shipping.save
      ? ' The new shipping address is saved among the merchant’s addresses.'
      : '';
  return `${charged}; ${subscription}; the quote is marked paid (plan_carts: paid_at, invoice_id, transfer_id).${saved}`;
}

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const planCheckoutTexts = {
  plansTitle: 'Plans',
  retry: 'Try again',
  chooseBusiness: 'Choose Business',
  choosePremium: 'Choose Premium',
  chooseFree: 'Choose Free',
  continue: 'Continue',
  backToPlans: 'Back to plans',
  addressTitle: 'Where should we send the POS terminal?',
  backToOptions: 'Back to the plan options',
  registered: 'Registered address: Ermou 10, 105 63 Athens, Greece',
  checkoutTitle: 'Checkout',
  pay: 'Pay with wallet',
  confirm: 'Confirm the change',
  change: 'Change the order',
  failedTitle: 'Payment failed',
  backToCheckout: 'Back to checkout',
  paidToast: 'Payment successful',
  placedToast: 'Order placed',
};

const optionsTitle = (name: string) => `The ${name} plan`;

export const planCheckoutFixtures = {
  events: {
    'plans.opened': [
      {
        event: { type: 'plans.opened', planId: null },
        does: 'Open /plans (the "Plans" link in the navigation)',
        auto: () => true,
      },
      {
        event: { type: 'plans.opened', planId: 'premium' },
        does: 'Open /plans/premium (the Premium plan named in the address)',
        auto: () => true,
      },
    ],
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'plan.chosen': [
      { event: { type: 'plan.chosen', planId: 'premium' }, does: 'Click "Choose Premium"' },
      { event: { type: 'plan.chosen', planId: 'business' }, does: 'Click "Choose Business"' },
    ],
    'plan.change': [{ event: { type: 'plan.change' }, does: 'Click "Back to plans"' }],
    'options.submit': [
      {
        event: { type: 'options.submit', period: 'yearly', posTerminal: true },
        does: 'Choose "Yearly", tick "Add a POS terminal for €149.00", click "Continue"',
      },
      {
        event: { type: 'options.submit', period: 'monthly', posTerminal: false },
        does: 'Choose "Monthly", leave the POS terminal unticked, click "Continue"',
      },
    ],
    'options.change': [{ event: { type: 'options.change' }, does: 'Click "Back to the plan options"' }],
    'address.chosen': [
      {
        event: { type: 'address.chosen', addressId: registeredAddress.id },
        does: `Choose "${planCheckoutTexts.registered}", click "Continue"`,
      },
    ],
    'address.entered': [
      {
        event: { type: 'address.entered', address: newAddress, save: true },
        does: 'Choose "A new address", type Agiou Nikolaou 3, Patras, 262 21, Greece, keep "Save this address", click "Continue"',
      },
    ],
    'order.pay': [
      {
        event: { type: 'order.pay' },
        does: 'Click "Pay with wallet" (or "Confirm the change" when nothing is charged)',
      },
    ],
    'order.change': [{ event: { type: 'order.change' }, does: 'Click "Change the order"' }],
    'order.review': [{ event: { type: 'order.review' }, does: 'Click "Back to checkout"' }],
    'plans.show': [{ event: { type: 'plans.show' }, does: 'Click "Back to plans"' }],
    'nav.back': [browserButtons.back],
    'nav.forward': [browserButtons.forward],
  },
  actors: {
    loadPlanCheckout: {
      done: {
        output: planCheckoutData,
        says: 'Server sends the plans (Free, Business €19.00/€190.00, Premium €49.00/€490.00), the POS terminal (€149.00), the subscription (Business yearly, next billing Jan 1, 2027) and the registered address',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    planCartInitialize: {
      done: {
        output: quoteOf,
        effect: quoteEffect,
        says: 'Server prices the change: Premium now with the unused Business year credited, or Business monthly from Jan 1, 2027; the wallet holds €2,135.80',
      },
      errors: [
        {
          failure: http(400, 'validation_failed', 'Some fields are missing or not valid.', {
            fields: { 'shipping.address.postal_code': 'Invalid format.' },
          }),
          says: 'Server answers 400 validation_failed on the shipping address',
        },
        {
          failure: http(409, 'plan_unchanged', 'You are on this plan and period already.'),
          says: 'Server answers 409 plan_unchanged (the plan was changed in another window)',
        },
      ],
    },
    planCartPay: {
      done: {
        output: orderedOf,
        effect: orderEffect,
        says: 'Server charges the wallet (if anything) and changes the plan',
      },
      errors: [
        {
          failure: http(
            422,
            'insufficient_funds',
            'Payment failed, possibly from insufficient balance; try again later.',
          ),
          says: 'Server answers 422 insufficient_funds (the balance fell meanwhile)',
          // A total of zero charges nothing (server/billing/cart.ts), so no balance can be too low for it.
          when: (context) => context.quote !== null && BigInt(context.quote.total.amount_minor) > 0n,
        },
        {
          failure: http(410, 'cart_expired', 'This price is no longer valid; start again.'),
          says: 'Server answers 410 cart_expired (the quote is older than 30 minutes)',
        },
        {
          failure: { kind: 'network' },
          says: 'The network fails (no answer; paying again sends the same key)',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof planCheckoutMachine>;

export function planCheckoutErrorText(error: PlanCheckoutError): string {
  switch (error) {
    case 'insufficient_funds':
      return 'Payment failed, possibly from insufficient balance; try again later.';
    case 'cart_expired':
      return 'This quote has expired. Go back to the checkout for a fresh price.';
    case 'cart_paid':
      return 'This order has already been paid.';
    case 'plan_unchanged':
      return 'You already have this plan and billing period.';
    case 'quote_changed':
      return 'Your subscription or the prices changed since this price was shown. Go back to the checkout for the new price.';
    case 'validation_failed':
      return 'Some details were not accepted. Check them and try again.';
    case 'not_found':
      return 'This quote no longer exists. Go back to the checkout for a fresh one.';
    case 'conflict':
      return 'Your subscription changed meanwhile. Go back to the plans and try again.';
    case 'forbidden':
      return 'You may not change the plan.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

const nameOf = (planId: string | null) => plans.find((plan) => plan.id === planId)?.name ?? '';

function planCheckoutScreen(snapshot: PlanCheckoutSnapshot): ScreenExpectation {
  const t = planCheckoutTexts;
  const busy = snapshot.hasTag('busy');
  const { error, planId, quote, result } = snapshot.context;
  const alert = error ? planCheckoutErrorText(error) : null;
  const path = planCheckoutPath(snapshot);
  switch (selectPlanCheckoutStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.plansTitle, alert, enabled: [t.retry] };
    case 'plans':
      return {
        path,
        heading: t.plansTitle,
        alert,
        enabled: [t.chooseBusiness, t.choosePremium],
        absent: [t.chooseFree],
      };
    case 'options':
      return { path, heading: optionsTitle(nameOf(planId)), alert, enabled: [t.continue, t.backToPlans] };
    case 'address':
      return { path, heading: t.addressTitle, alert, enabled: [t.continue, t.backToOptions] };
    case 'checkout': {
      const pay = quote && BigInt(quote.total.amount_minor) === 0n ? t.confirm : t.pay;
      const canPay = !busy && canAffordQuote(quote);
      return {
        path,
        heading: t.checkoutTitle,
        alert,
        enabled: [...(canPay ? [pay] : []), ...(busy ? [] : [t.change])],
        disabled: [...(canPay ? [] : [pay]), ...(busy ? [t.change] : [])],
      };
    }
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
        heading:
          quote?.effective === 'period_end'
            ? `Your plan changes on ${yearEndDay}`
            : `You are on the ${nameOf(quote?.plan_id ?? null)} plan`,
        alert: null,
        toast: result?.invoice_id ? t.paidToast : t.placedToast,
        enabled: [t.backToPlans],
      };
  }
}

const answerOf: Record<string, string> = {
  loadPlanCheckout: 'the plans page',
  planCartInitialize: 'the pricing',
  planCartPay: 'the payment',
};

const refusalWords: Record<string, string> = {
  validation_failed: 'details not accepted',
  plan_unchanged: 'already on this plan',
  insufficient_funds: 'insufficient funds',
  cart_expired: 'the quote expired',
};

type PlanCheckoutStepOfPath = ModelPath<PlanCheckoutSnapshot>['steps'][number];

/**
 * A decision of a path, in a few words (null: a step that decides nothing, e.g. an answer every path gets). A plan
 * change paid for is named where the path goes on after it (at the end, the end names it).
 */
function decisionWords(
  step: PlanCheckoutStepOfPath,
  index: number,
  steps: PlanCheckoutStepOfPath[],
): string | null {
  const { action, state } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorDone':
      return action.src === 'planCartPay' && index < steps.length - 1 ? 'changed' : null;
    case 'actorError':
      return failureWords(action, answerOf[action.src] ?? action.src, refusalWords);
    case 'event': {
      const event = action.event as PlanCheckoutEvent;
      switch (event.type) {
        case 'plans.opened':
          return event.planId ? `from a link to ${nameOf(event.planId)}` : null;
        case 'load.retry':
          return 'load again';
        case 'plan.chosen':
          return `choose ${nameOf(event.planId)}`;
        case 'plan.change':
        case 'plans.show':
          return 'back to plans';
        case 'nav.back':
          return 'the browser’s Back';
        case 'nav.forward':
          return 'the browser’s Forward';
        case 'options.submit':
          return `${event.period}${event.posTerminal ? ' with the POS terminal' : ''}`;
        case 'options.change':
          return 'back to the options';
        case 'address.chosen':
          return event.addressId === registeredAddress.id
            ? 'to the registered address'
            : 'to a saved address';
        case 'address.entered':
          return event.save ? 'to a new address, saved' : 'to a new address';
        case 'order.pay': {
          const { quote } = state.context;
          return quote && BigInt(quote.total.amount_minor) > 0n
            ? `pay ${amountWords(quote.total)}`
            : 'confirm with nothing to pay';
        }
        case 'order.change':
          return 'change the order';
        case 'order.review':
          return 'back to checkout';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: the plan, period and terminal chosen, the refusals and faults, where it ends. */
export function planCheckoutTitle(path: ModelPath<PlanCheckoutSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const screen = planCheckoutScreen(last);
  const { quote } = last.context;
  const end =
    selectPlanCheckoutStep(last) === 'ordered' && quote
      ? quote.effective === 'period_end'
        ? `${nameOf(quote.plan_id)} ${quote.period} scheduled for the year’s end`
        : quote.plan_id === businessYearly.plan_id && quote.period === businessYearly.period
          ? `terminal ordered, plan unchanged`
          : `now on ${nameOf(quote.plan_id)} ${quote.period}`
      : screen.heading === null
        ? 'stops while the plans load'
        : last.hasTag('busy')
          ? `waits on “${screen.heading}”`
          : `stops on “${screen.heading}”`;
  return pathTitle(path, decisionWords, end, 'open the plans');
}

export const planCheckoutModel: Model<typeof planCheckoutMachine> = {
  name: 'planCheckout',
  machine: planCheckoutMachine,
  file: 'planCheckout.machine.ts',
  start:
    'Signed in as the owner of Demo Coffee (an approved merchant on Business, billed yearly), open the address the next step names',
  // The journey's Idempotency-Keys come from a fixed seed (machines/attemptKeys.ts), as in the model test.
  input: { keySeed: testKeySeed },
  fixtures: planCheckoutFixtures,
  // Two states with equal keys must look and behave alike from then on (the generator continues a path from either):
  // the plan decides the headings and prices, the terminal the address step, the error the alert, the quote whether
  // anything is charged and when it takes effect. A saved or a new shipping address lead to the same checkout.
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({
      value,
      planId: context.planId,
      period: context.period,
      posTerminal: context.posTerminal,
      error: context.error,
    });
  },
  // The step Back and Forward lead to tells states apart in the walk, not in the choice of paths.
  historyKey: (snapshot) => JSON.stringify([snapshot.context.nav.behind, snapshot.context.nav.ahead]),
  bounds: { maxDepth: 10, simplePerState: 1, maxSimple: 4 },
  screen: planCheckoutScreen,
  title: planCheckoutTitle,
};
