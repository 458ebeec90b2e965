import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { PlanCheckoutError } from '../../../machines/planCheckout.machine';
import { errorMessages } from '../../i18n/errorMessages';

type Values = Record<string, string>;

/** The plans page and plan checkout (machines/planCheckout.machine.ts). */
export const plansText = {
  ...defineMessages({
    title: { id: 'plans.title', defaultMessage: 'Plans' },
    stepPlan: { id: 'planCheckout.step.plan', defaultMessage: 'Plan' },
    stepOptions: { id: 'planCheckout.step.options', defaultMessage: 'Options' },
    stepAddress: { id: 'planCheckout.step.address', defaultMessage: 'Delivery' },
    stepPay: { id: 'planCheckout.step.pay', defaultMessage: 'Pay' },
    summaryTitle: { id: 'planCheckout.summary.title', defaultMessage: 'Your plan' },
    summaryPlan: { id: 'planCheckout.summary.plan', defaultMessage: 'Plan' },
    intro: {
      id: 'plans.intro',
      defaultMessage: 'Choose the plan that fits your business. Prices include VAT.',
    },
    retry: { id: 'plans.retry', defaultMessage: 'Try again' },
    yourPlan: { id: 'plans.current.heading', defaultMessage: 'Your subscription' },
    plan: { id: 'plans.current.plan', defaultMessage: 'Plan' },
    nextBilling: { id: 'plans.current.nextBilling', defaultMessage: 'Next billing date' },
    currentBadge: { id: 'plans.item.current', defaultMessage: 'Current plan' },
    selectedBadge: { id: 'plans.item.selected', defaultMessage: 'Selected' },
    perksHeading: { id: 'plans.item.perks', defaultMessage: 'What you get' },
    toFree: { id: 'plans.item.toFree', defaultMessage: 'Cancel your subscription to move to Free' },
    terminalTitle: { id: 'plans.terminal.title', defaultMessage: 'POS terminal add-on' },
    terminalOwned: { id: 'plans.terminal.owned', defaultMessage: 'You already have a POS terminal.' },
    billingHistory: { id: 'plans.link.billing', defaultMessage: 'Billing history' },
    cancelSubscription: { id: 'plans.link.cancel', defaultMessage: 'Cancel subscription' },
    undoCancellation: { id: 'plans.link.undo', defaultMessage: 'Undo the cancellation' },
    deleteAccount: { id: 'plans.link.delete', defaultMessage: 'Delete account' },
    orderCard: { id: 'plans.link.orderCard', defaultMessage: 'Order a card' },
    continue: { id: 'planCheckout.continue', defaultMessage: 'Continue' },
    backToPlans: { id: 'planCheckout.backToPlans', defaultMessage: 'Back to plans' },
    periodLegend: { id: 'planCheckout.options.period', defaultMessage: 'Billing period' },
    currentChoice: {
      id: 'planCheckout.options.currentChoice',
      defaultMessage: 'This is your plan and billing period now.',
    },
    unchanged: {
      id: 'planCheckout.options.unchanged',
      defaultMessage:
        'You have this plan and billing period already. Choose the other period, or add the POS terminal.',
    },
    terminalLegend: { id: 'planCheckout.options.terminal', defaultMessage: 'POS terminal' },
    terminalHint: {
      id: 'planCheckout.options.terminalHint',
      defaultMessage: 'A card terminal for your shop, paid once and sent to an address you choose next.',
    },
    addressTitle: {
      id: 'planCheckout.address.title',
      defaultMessage: 'Where should we send the POS terminal?',
    },
    backToOptions: { id: 'planCheckout.address.back', defaultMessage: 'Back to the plan options' },
    checkoutTitle: { id: 'planCheckout.checkout.title', defaultMessage: 'Checkout' },
    preparing: { id: 'planCheckout.checkout.preparing', defaultMessage: 'Preparing your quote…' },
    orderLines: { id: 'planCheckout.checkout.lines', defaultMessage: 'Your order' },
    total: { id: 'planCheckout.checkout.total', defaultMessage: 'Total' },
    effective: { id: 'planCheckout.checkout.effective', defaultMessage: 'Takes effect' },
    effectiveNow: { id: 'planCheckout.checkout.effectiveNow', defaultMessage: 'Now' },
    noNextBilling: { id: 'planCheckout.checkout.noNextBilling', defaultMessage: 'None' },
    shipsTo: { id: 'planCheckout.checkout.shipsTo', defaultMessage: 'POS terminal sent to' },
    available: { id: 'planCheckout.checkout.available', defaultMessage: 'Available balance' },
    short: {
      id: 'planCheckout.checkout.short',
      defaultMessage: 'Your available balance is less than the total. Top up your account first.',
    },
    topUp: { id: 'planCheckout.topUp', defaultMessage: 'Top up your account' },
    pay: { id: 'planCheckout.checkout.pay', defaultMessage: 'Pay with wallet' },
    confirmChange: { id: 'planCheckout.checkout.confirm', defaultMessage: 'Confirm the change' },
    changeOrder: { id: 'planCheckout.checkout.change', defaultMessage: 'Change the order' },
    safeRetry: {
      id: 'planCheckout.checkout.safeRetry',
      defaultMessage: 'Paying again is safe: this order is charged at most once.',
    },
    failedTitle: { id: 'planCheckout.failed.title', defaultMessage: 'Payment failed' },
    failedBody: {
      id: 'planCheckout.failed.body',
      defaultMessage: 'Payment failed, possibly from insufficient balance; try again later.',
    },
    backToCheckout: { id: 'planCheckout.failed.back', defaultMessage: 'Back to checkout' },
    paidToast: { id: 'planCheckout.ordered.paidToast', defaultMessage: 'Payment successful' },
    placedToast: { id: 'planCheckout.ordered.placedToast', defaultMessage: 'Order placed' },
    seeInvoice: {
      id: 'planCheckout.ordered.invoice',
      defaultMessage: 'See the invoice in your billing history',
    },
  }),
  monthlyPrice: defineMessage<Values>({ id: 'plans.item.monthly', defaultMessage: '{price} a month' }),
  yearlyPrice: defineMessage<Values>({ id: 'plans.item.yearly', defaultMessage: '{price} a year' }),
  yearlySaving: defineMessage<Values>({
    id: 'plans.item.saving',
    defaultMessage: 'Pay yearly and save {saving}',
  }),
  cashback: defineMessage<Values>({
    id: 'plans.item.cashback',
    defaultMessage: '{rate} cashback on card purchases',
  }),
  cardPrices: defineMessage<Values>({
    id: 'plans.item.cardPrices',
    defaultMessage: 'Physical card: {physical}. Virtual card: {virtual}.',
  }),
  choose: defineMessage<Values>({ id: 'plans.item.choose', defaultMessage: 'Choose {plan}' }),
  currentSummary: defineMessage<Values>({
    id: 'plans.current.summary',
    defaultMessage: '{plan}, {period}',
  }),
  cancelledNotice: defineMessage<Values>({
    id: 'plans.current.cancelled',
    defaultMessage: 'Your {plan} plan is cancelled: it stays until {date}, then you move to Free.',
  }),
  scheduledNotice: defineMessage<Values>({
    id: 'plans.current.scheduled',
    defaultMessage: 'Your plan changes to {plan} ({period}) on {date}.',
  }),
  pastDueNotice: defineMessage<Values>({
    id: 'plans.current.pastDue',
    defaultMessage:
      'We could not charge your renewal. We try again on {retry}; if it still cannot be paid, you move to Free on {downgrade}.',
  }),
  terminalOffer: defineMessage<Values>({
    id: 'plans.terminal.offer',
    defaultMessage:
      'A card terminal for your shop, bought once with a plan and sent to your address: {price}. Available with {plans}.',
  }),
  optionsTitle: defineMessage<Values>({
    id: 'planCheckout.options.title',
    defaultMessage: 'The {plan} plan',
  }),
  monthlyOption: defineMessage<Values>({
    id: 'planCheckout.options.monthly',
    defaultMessage: 'Monthly: {price} a month',
  }),
  yearlyOption: defineMessage<Values>({
    id: 'planCheckout.options.yearly',
    defaultMessage: 'Yearly: {price} a year, you save {saving}',
  }),
  terminalOption: defineMessage<Values>({
    id: 'planCheckout.options.addTerminal',
    defaultMessage: 'Add a POS terminal for {price}',
  }),
  vat: defineMessage<Values>({ id: 'planCheckout.checkout.vat', defaultMessage: 'VAT included ({rate})' }),
  nextBillingAt: defineMessage({
    id: 'planCheckout.checkout.nextBilling',
    defaultMessage: 'Next billing date',
  }),
  downgradeNote: defineMessage<Values>({
    id: 'planCheckout.checkout.downgrade',
    defaultMessage: 'Your plan changes to {plan} on {date}. Nothing is charged now.',
  }),
  orderedNowTitle: defineMessage<Values>({
    id: 'planCheckout.ordered.nowTitle',
    defaultMessage: 'You are on the {plan} plan',
  }),
  orderedNowBody: defineMessage<Values>({
    id: 'planCheckout.ordered.nowBody',
    defaultMessage: 'Your {plan} plan is active, billed {period}. Next billing date: {date}.',
  }),
  orderedLaterTitle: defineMessage<Values>({
    id: 'planCheckout.ordered.laterTitle',
    defaultMessage: 'Your plan changes on {date}',
  }),
  orderedLaterBody: defineMessage<Values>({
    id: 'planCheckout.ordered.laterBody',
    defaultMessage: 'You move to {plan} ({period}) on {date}. Nothing was charged now.',
  }),
  orderedTerminal: defineMessage<Values>({
    id: 'planCheckout.ordered.terminal',
    defaultMessage: 'Your POS terminal goes to {address}.',
  }),
};

const checkoutErrors = defineMessages({
  insufficient_funds: {
    id: 'planCheckout.error.insufficient_funds',
    defaultMessage: 'Payment failed, possibly from insufficient balance; try again later.',
  },
  cart_expired: {
    id: 'planCheckout.error.cart_expired',
    defaultMessage: 'This quote has expired. Go back to the checkout for a fresh price.',
  },
  cart_paid: { id: 'planCheckout.error.cart_paid', defaultMessage: 'This order has already been paid.' },
  plan_unchanged: {
    id: 'planCheckout.error.plan_unchanged',
    defaultMessage: 'You already have this plan and billing period.',
  },
  quote_changed: {
    id: 'planCheckout.error.quote_changed',
    defaultMessage:
      'Your subscription or the prices changed since this price was shown. Go back to the checkout for the new price.',
  },
  validation_failed: {
    id: 'planCheckout.error.validation_failed',
    defaultMessage: 'Some details were not accepted. Check them and try again.',
  },
  not_found: {
    id: 'planCheckout.error.not_found',
    defaultMessage: 'This quote no longer exists. Go back to the checkout for a fresh one.',
  },
  conflict: {
    id: 'planCheckout.error.conflict',
    defaultMessage: 'Your subscription changed meanwhile. Go back to the plans and try again.',
  },
  forbidden: { id: 'planCheckout.error.forbidden', defaultMessage: 'You may not change the plan.' },
});

export function planCheckoutErrorText(intl: IntlShape, error: PlanCheckoutError): string {
  if (error === 'network' || error === 'unknown' || error === 'rate_limited')
    return intl.formatMessage(errorMessages[error]);
  return intl.formatMessage(checkoutErrors[error]);
}
