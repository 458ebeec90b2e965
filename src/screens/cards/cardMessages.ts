import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { CardControlsError, CardTask } from '../../../machines/cardControls.machine';
import type { CardOrderError } from '../../../machines/cardOrder.machine';
import { errorMessages } from '../../i18n/errorMessages';
import { addressFormText } from '../../ui/address/addressMessages';

type Values = Record<string, string>;

/** The card list (/cards) and the card pages' shared words. */
export const cardsText = {
  ...defineMessages({
    title: { id: 'cards.title', defaultMessage: 'Cards' },
    intro: {
      id: 'cards.intro',
      defaultMessage: 'Physical and virtual cards that spend from your accounts. Open a card to manage it.',
    },
    empty: { id: 'cards.empty', defaultMessage: 'You have no cards yet.' },
    add: { id: 'cards.add', defaultMessage: 'Order a card' },
    backToList: { id: 'cards.backToList', defaultMessage: 'Back to your cards' },
    retry: { id: 'cards.retry', defaultMessage: 'Try again' },
  }),
  open: defineMessage<Values>({ id: 'cards.open', defaultMessage: 'Manage {name}' }),
  nameAlias: defineMessage<Values>({ id: 'cards.item.nameAlias', defaultMessage: '{name} ({alias})' }),
  itemMeta: defineMessage<Values>({ id: 'cards.item.meta', defaultMessage: '{status} · {holder}' }),
};

/** The card-ordering journey (machines/cardOrder.machine.ts). */
export const cardOrderText = {
  ...defineMessages({
    title: { id: 'cardOrder.title', defaultMessage: 'Order a card' },
    retry: { id: 'cardOrder.retry', defaultMessage: 'Try again' },
    stepForm: { id: 'cardOrder.step.form', defaultMessage: 'Card type' },
    stepDetails: { id: 'cardOrder.step.details', defaultMessage: 'Details' },
    stepAddress: { id: 'cardOrder.step.address', defaultMessage: 'Delivery' },
    stepPay: { id: 'cardOrder.step.pay', defaultMessage: 'Pay' },
    summaryTitle: { id: 'cardOrder.summary.title', defaultMessage: 'Your card' },
    formTitle: { id: 'cardOrder.form.title', defaultMessage: 'Which card would you like?' },
    formIntro: {
      id: 'cardOrder.form.intro',
      defaultMessage: 'Each person may hold up to 3 physical and 3 virtual cards.',
    },
    physicalHint: {
      id: 'cardOrder.form.physicalHint',
      defaultMessage:
        'A card to pay in shops and withdraw cash, sent by post. It starts inactive until you activate it.',
    },
    virtualHint: {
      id: 'cardOrder.form.virtualHint',
      defaultMessage: 'A card to pay online, ready to use at once.',
    },
    noneLeft: {
      id: 'cardOrder.form.noneLeft',
      defaultMessage: 'Nobody on your team may hold another card of this type.',
    },
    physicalTitle: { id: 'cardOrder.details.physicalTitle', defaultMessage: 'Your new physical card' },
    virtualTitle: { id: 'cardOrder.details.virtualTitle', defaultMessage: 'Your new virtual card' },
    colour: { id: 'cardOrder.details.colour', defaultMessage: 'Colour' },
    name: { id: 'cardOrder.details.name', defaultMessage: 'Name on the card' },
    nameHint: {
      id: 'cardOrder.details.nameHint',
      defaultMessage: 'Latin letters, digits, spaces and . ’ - (at most 26).',
    },
    usage: { id: 'cardOrder.details.usage', defaultMessage: 'Use' },
    multipleHint: { id: 'cardOrder.details.multipleHint', defaultMessage: 'For any number of payments.' },
    singleHint: {
      id: 'cardOrder.details.singleHint',
      defaultMessage: 'Restricted after its first payment: safer for a one-off purchase.',
    },
    holder: { id: 'cardOrder.details.holder', defaultMessage: 'Card holder' },
    account: { id: 'cardOrder.details.account', defaultMessage: 'Account' },
    accountHint: {
      id: 'cardOrder.details.accountHint',
      defaultMessage: 'The card spends from this account, and its price is paid from it.',
    },
    changeForm: { id: 'cardOrder.details.changeForm', defaultMessage: 'Change card type' },
    skipPhysical: { id: 'cardOrder.details.skipPhysical', defaultMessage: 'Skip the physical card' },
    skipHint: {
      id: 'cardOrder.details.skipHint',
      defaultMessage: 'Skipping it leaves you a virtual card only.',
    },
    addressTitle: { id: 'cardOrder.address.title', defaultMessage: 'Where should we send the card?' },
    backToDetails: { id: 'cardOrder.address.back', defaultMessage: 'Back to the card details' },
    checkoutTitle: { id: 'cardOrder.checkout.title', defaultMessage: 'Checkout' },
    preparing: { id: 'cardOrder.checkout.preparing', defaultMessage: 'Preparing your order…' },
    card: { id: 'cardOrder.checkout.card', defaultMessage: 'Card' },
    shipsTo: { id: 'cardOrder.checkout.shipsTo', defaultMessage: 'Sent to' },
    price: { id: 'cardOrder.checkout.price', defaultMessage: 'Price' },
    available: { id: 'cardOrder.checkout.available', defaultMessage: 'Available balance' },
    pay: { id: 'cardOrder.checkout.pay', defaultMessage: 'Pay with wallet' },
    changeOrder: { id: 'cardOrder.checkout.change', defaultMessage: 'Change the order' },
    short: {
      id: 'cardOrder.checkout.short',
      defaultMessage: 'Your available balance is less than the price. Top up your account first.',
    },
    topUp: { id: 'cardOrder.topUp', defaultMessage: 'Top up your account' },
    safeRetry: {
      id: 'cardOrder.checkout.safeRetry',
      defaultMessage: 'Paying again is safe: this order is charged at most once.',
    },
    failedTitle: { id: 'cardOrder.failed.title', defaultMessage: 'Payment failed' },
    failedBody: {
      id: 'cardOrder.failed.body',
      defaultMessage: 'Payment failed, possibly from insufficient balance; try again later.',
    },
    backToCheckout: { id: 'cardOrder.failed.back', defaultMessage: 'Back to checkout' },
    orderedPhysicalTitle: {
      id: 'cardOrder.ordered.physicalTitle',
      defaultMessage: 'Your card is on its way',
    },
    orderedVirtualTitle: { id: 'cardOrder.ordered.virtualTitle', defaultMessage: 'Your card is ready' },
    orderedToast: { id: 'cardOrder.ordered.toast', defaultMessage: 'Order placed' },
    seeCard: { id: 'cardOrder.ordered.seeCard', defaultMessage: 'See the card' },
    again: { id: 'cardOrder.ordered.again', defaultMessage: 'Order another card' },
    allCards: { id: 'cardOrder.allCards', defaultMessage: 'All cards' },
  }),
  /** The same button as the address form's, under one id. */
  continue: addressFormText.continue,
  priceOf: defineMessage<Values>({ id: 'cardOrder.form.price', defaultMessage: 'Price: {price}' }),
  holderFull: defineMessage<Values>({
    id: 'cardOrder.details.holderFull',
    defaultMessage: '{name} (may hold no more of this type)',
  }),
  cardSummary: defineMessage<Values>({
    id: 'cardOrder.checkout.summary',
    defaultMessage: '{form}, {colour}, {usage}',
  }),
  accountOption: defineMessage<Values>({
    id: 'cardOrder.details.accountOption',
    defaultMessage: '{currency} account',
  }),
  orderedPhysicalBody: defineMessage<Values>({
    id: 'cardOrder.ordered.physicalBody',
    defaultMessage:
      '“{name}” (ending in {last4}) goes to {address}. It stays inactive until you activate it on its page.',
  }),
  orderedVirtualBody: defineMessage<Values>({
    id: 'cardOrder.ordered.virtualBody',
    defaultMessage: '“{name}” (ending in {last4}) is active: you can pay online with it now.',
  }),
};

const orderErrors = defineMessages({
  card_limit_reached: {
    id: 'cardOrder.error.card_limit_reached',
    defaultMessage:
      'This person already holds the most cards of this type allowed (3 physical and 3 virtual).',
  },
  insufficient_funds: {
    id: 'cardOrder.error.insufficient_funds',
    defaultMessage: 'Payment failed, possibly from insufficient balance; try again later.',
  },
  cart_expired: {
    id: 'cardOrder.error.cart_expired',
    defaultMessage: 'This order has expired. Go back to the checkout for a fresh price.',
  },
  cart_paid: { id: 'cardOrder.error.cart_paid', defaultMessage: 'This order has already been paid.' },
  validation_failed: {
    id: 'cardOrder.error.validation_failed',
    defaultMessage: 'Some details were not accepted. Check them and try again.',
  },
  not_found: {
    id: 'cardOrder.error.not_found',
    defaultMessage: 'This order no longer exists. Go back to the checkout for a fresh one.',
  },
  conflict: {
    id: 'cardOrder.error.conflict',
    defaultMessage: 'This order changed meanwhile. Go back to the checkout and try again.',
  },
  forbidden: { id: 'cardOrder.error.forbidden', defaultMessage: 'You may not order cards.' },
});

export function cardOrderErrorText(intl: IntlShape, error: CardOrderError): string {
  if (error === 'network' || error === 'unknown' || error === 'rate_limited')
    return intl.formatMessage(errorMessages[error]);
  return intl.formatMessage(orderErrors[error]);
}

/** One card's page (machines/cardControls.machine.ts). */
export const cardControlsText = {
  ...defineMessages({
    loadTitle: { id: 'cardControls.loadTitle', defaultMessage: 'Card' },
    notFoundTitle: { id: 'cardControls.notFound.title', defaultMessage: 'Card not found' },
    notFoundBody: {
      id: 'cardControls.notFound.body',
      defaultMessage: 'There is no such card among yours.',
    },
    type: { id: 'cardControls.type', defaultMessage: 'Type' },
    status: { id: 'cardControls.status', defaultMessage: 'Status' },
    holder: { id: 'cardControls.holder', defaultMessage: 'Holder' },
    usage: { id: 'cardControls.usage', defaultMessage: 'Use' },
    account: { id: 'cardControls.account', defaultMessage: 'Account' },
    alias: { id: 'cardControls.alias', defaultMessage: 'Alias' },
    number: { id: 'cardControls.number', defaultMessage: 'Number' },
    shipsTo: { id: 'cardControls.shipsTo', defaultMessage: 'Sent to' },
    none: { id: 'cardControls.none', defaultMessage: 'None' },
    manage: { id: 'cardControls.manage', defaultMessage: 'Manage the card' },
    security: { id: 'cardControls.security', defaultMessage: 'Number and PINs' },
    revealHint: {
      id: 'cardControls.revealHint',
      defaultMessage: 'We ask for a one-time code before showing them.',
    },
    activate: { id: 'cardControls.activate', defaultMessage: 'Activate card' },
    freeze: { id: 'cardControls.freeze', defaultMessage: 'Freeze card' },
    unfreeze: { id: 'cardControls.unfreeze', defaultMessage: 'Unfreeze card' },
    reportLost: { id: 'cardControls.reportLost', defaultMessage: 'Report lost' },
    remove: { id: 'cardControls.remove', defaultMessage: 'Remove card' },
    editName: { id: 'cardControls.editName', defaultMessage: 'Edit name' },
    setPin: { id: 'cardControls.setPin', defaultMessage: 'Set PIN' },
    changePin: { id: 'cardControls.changePin', defaultMessage: 'Change PIN' },
    setEpin: { id: 'cardControls.setEpin', defaultMessage: 'Set e-PIN' },
    changeEpin: { id: 'cardControls.changeEpin', defaultMessage: 'Change e-PIN' },
    showDetails: { id: 'cardControls.showDetails', defaultMessage: 'Show card details' },
    showPin: { id: 'cardControls.showPin', defaultMessage: 'Show PIN' },
    showEpin: { id: 'cardControls.showEpin', defaultMessage: 'Show e-PIN' },
    limits: { id: 'cardControls.limits', defaultMessage: 'Limits' },
    readOnly: {
      id: 'cardControls.readOnly',
      defaultMessage: 'You can see this card but not change it.',
    },
    lostTitle: { id: 'cardControls.lost.title', defaultMessage: 'Report this card lost?' },
    lostBody: {
      id: 'cardControls.lost.body',
      defaultMessage: 'Nobody will be able to pay with it again. This cannot be undone.',
    },
    lostConfirm: { id: 'cardControls.lost.confirm', defaultMessage: 'Yes, report it lost' },
    lostCancel: { id: 'cardControls.lost.cancel', defaultMessage: 'Keep the card' },
    deleteTitle: { id: 'cardControls.delete.title', defaultMessage: 'Remove this card?' },
    deleteBody: {
      id: 'cardControls.delete.body',
      defaultMessage: 'The card is destroyed for good: it cannot be used or brought back.',
    },
    deleteConfirm: { id: 'cardControls.delete.confirm', defaultMessage: 'Yes, remove it' },
    deleteCancel: { id: 'cardControls.delete.cancel', defaultMessage: 'Keep the card' },
    removedTitle: { id: 'cardControls.removed.title', defaultMessage: 'This card can no longer be used' },
    removedBody: {
      id: 'cardControls.removed.body',
      defaultMessage: 'It is destroyed. Payments made with it stay in your transactions.',
    },
    nameTitle: { id: 'cardControls.name.title', defaultMessage: 'Edit card name' },
    nameLabel: { id: 'cardControls.name.label', defaultMessage: 'Card name' },
    aliasLabel: { id: 'cardControls.name.alias', defaultMessage: 'Alias (optional)' },
    aliasHint: {
      id: 'cardControls.name.aliasHint',
      defaultMessage: 'Only you see the alias; the name is on the card.',
    },
    save: { id: 'cardControls.save', defaultMessage: 'Save' },
    cancel: { id: 'cardControls.cancel', defaultMessage: 'Cancel' },
    pinTitle: { id: 'cardControls.pin.title', defaultMessage: 'Set the PIN' },
    epinTitle: { id: 'cardControls.epin.title', defaultMessage: 'Set the e-PIN' },
    pinHint: {
      id: 'cardControls.pin.hint',
      defaultMessage: '4 digits, for paying in shops and at cash machines.',
    },
    epinHint: { id: 'cardControls.epin.hint', defaultMessage: '5 digits, for confirming online payments.' },
    newPin: { id: 'cardControls.pin.new', defaultMessage: 'New PIN' },
    newEpin: { id: 'cardControls.epin.new', defaultMessage: 'New e-PIN' },
    repeatPin: { id: 'cardControls.pin.repeat', defaultMessage: 'Repeat it' },
    pinMismatch: { id: 'cardControls.pin.mismatch', defaultMessage: 'The two entries do not match.' },
    savePin: { id: 'cardControls.pin.save', defaultMessage: 'Save PIN' },
    saveEpin: { id: 'cardControls.epin.save', defaultMessage: 'Save e-PIN' },
    codeIntro: {
      id: 'cardControls.code.intro',
      defaultMessage:
        'We send you a one-time code before showing this card’s secrets. Choose where it should go.',
    },
    secretTitle: { id: 'cardControls.secret.title', defaultMessage: 'Card details' },
    pinSecretTitle: { id: 'cardControls.secret.pinTitle', defaultMessage: 'PIN' },
    epinSecretTitle: { id: 'cardControls.secret.epinTitle', defaultMessage: 'e-PIN' },
    cardNumber: { id: 'cardControls.secret.number', defaultMessage: 'Card number' },
    expiry: { id: 'cardControls.secret.expiry', defaultMessage: 'Expires' },
    cvv: { id: 'cardControls.secret.cvv', defaultMessage: 'CVV' },
    secretHint: {
      id: 'cardControls.secret.hint',
      defaultMessage: 'Hidden again after 30 seconds. Nobody from the bank will ever ask you for these.',
    },
    hide: { id: 'cardControls.secret.hide', defaultMessage: 'Hide' },
    limitsTitle: { id: 'cardControls.limits.title', defaultMessage: 'Card limits' },
    limitsIntro: {
      id: 'cardControls.limits.intro',
      defaultMessage: 'One period applies to every limit. Payments over a limit are declined.',
    },
    frequency: { id: 'cardControls.limits.frequency', defaultMessage: 'Limit period' },
    amountInvalid: {
      id: 'cardControls.limits.amountInvalid',
      defaultMessage: 'Enter an amount greater than zero, or choose unlimited.',
    },
    saveLimits: { id: 'cardControls.limits.save', defaultMessage: 'Save limits' },
    backToCard: { id: 'cardControls.limits.back', defaultMessage: 'Back to the card' },
  }),
  limitAmount: defineMessage<Values>({
    id: 'cardControls.limits.amount',
    defaultMessage: '{category} limit ({currency})',
  }),
  unlimitedFor: defineMessage<Values>({
    id: 'cardControls.limits.unlimitedFor',
    defaultMessage: 'No limit for {category}',
  }),
  spent: defineMessage<Values>({
    id: 'cardControls.limits.spent',
    defaultMessage: 'Spent since {start}: {amount}',
  }),
  expiryValue: defineMessage<Values>({
    id: 'cardControls.secret.expiryValue',
    defaultMessage: '{month}/{year}',
  }),
};

const taskDone = defineMessages<CardTask>({
  activate: { id: 'cardControls.done.activate', defaultMessage: 'Card activated' },
  freeze: { id: 'cardControls.done.freeze', defaultMessage: 'Card frozen' },
  unfreeze: { id: 'cardControls.done.unfreeze', defaultMessage: 'Card unfrozen' },
  report_lost: { id: 'cardControls.done.report_lost', defaultMessage: 'Card reported lost' },
  delete: { id: 'cardControls.done.delete', defaultMessage: 'Card removed' },
  name: { id: 'cardControls.done.name', defaultMessage: 'Card name updated' },
  pin: { id: 'cardControls.done.pin', defaultMessage: 'PIN set' },
  epin: { id: 'cardControls.done.epin', defaultMessage: 'e-PIN set' },
  reveal: { id: 'cardControls.done.reveal', defaultMessage: 'Card details shown' },
  limits: { id: 'cardControls.done.limits', defaultMessage: 'Limits updated' },
});

const taskFailed = defineMessages<CardTask>({
  activate: { id: 'cardControls.failed.activate', defaultMessage: 'Card could not be activated' },
  freeze: { id: 'cardControls.failed.freeze', defaultMessage: 'Card could not be frozen' },
  unfreeze: { id: 'cardControls.failed.unfreeze', defaultMessage: 'Card could not be unfrozen' },
  report_lost: { id: 'cardControls.failed.report_lost', defaultMessage: 'Card could not be reported lost' },
  delete: { id: 'cardControls.failed.delete', defaultMessage: 'Card could not be removed' },
  name: { id: 'cardControls.failed.name', defaultMessage: 'Card name could not be updated' },
  pin: { id: 'cardControls.failed.pin', defaultMessage: 'PIN could not be set' },
  epin: { id: 'cardControls.failed.epin', defaultMessage: 'e-PIN could not be set' },
  reveal: { id: 'cardControls.failed.reveal', defaultMessage: 'Card details could not be shown' },
  limits: { id: 'cardControls.failed.limits', defaultMessage: 'Could not update limits, try again later.' },
});

/** SPEC §8's toast for how a task went. */
export function cardOutcomeText(intl: IntlShape, task: CardTask, ok: boolean): string {
  return intl.formatMessage(ok ? taskDone[task] : taskFailed[task]);
}

const controlErrors = defineMessages({
  card_status: {
    id: 'cardControls.error.card_status',
    defaultMessage: 'This is not possible in the card’s current status.',
  },
  step_up_required: {
    id: 'cardControls.error.step_up_required',
    defaultMessage: 'Your confirmation has expired. Confirm it is you with a new one-time code.',
  },
  validation_failed: {
    id: 'cardControls.error.validation_failed',
    defaultMessage: 'Some details were not accepted. Check them and try again.',
  },
  not_found: { id: 'cardControls.error.not_found', defaultMessage: 'This card no longer exists.' },
  forbidden: { id: 'cardControls.error.forbidden', defaultMessage: 'You may not change this card.' },
});

/** Why a card task failed, in words (the page keeps it; the toast says what failed). */
export function cardControlsErrorText(intl: IntlShape, error: CardControlsError): string {
  if (error === 'network' || error === 'unknown' || error === 'rate_limited')
    return intl.formatMessage(errorMessages[error]);
  return intl.formatMessage(controlErrors[error]);
}

/** The cashback page (/cashback). */
export const cashbackText = {
  ...defineMessages({
    title: { id: 'cashback.title', defaultMessage: 'Cashback' },
    totals: { id: 'cashback.totals', defaultMessage: 'Your cashback' },
    currency: { id: 'cashback.currency', defaultMessage: 'Currency' },
    earned: { id: 'cashback.earned', defaultMessage: 'Earned' },
    paidOut: { id: 'cashback.paidOut', defaultMessage: 'Paid out' },
    pending: { id: 'cashback.pending', defaultMessage: 'Waiting for payout' },
    noTotals: { id: 'cashback.noTotals', defaultMessage: 'Nothing earned yet.' },
    history: { id: 'cashback.history', defaultMessage: 'Cashback from card purchases' },
    empty: {
      id: 'cashback.empty',
      defaultMessage: 'No cashback yet. Purchases with your cards in shops and online earn it.',
    },
    date: { id: 'cashback.date', defaultMessage: 'Date' },
    merchant: { id: 'cashback.merchant', defaultMessage: 'Merchant' },
    card: { id: 'cashback.card', defaultMessage: 'Card' },
    purchase: { id: 'cashback.purchase', defaultMessage: 'Purchase' },
    rate: { id: 'cashback.rate', defaultMessage: 'Rate' },
    amount: { id: 'cashback.amount', defaultMessage: 'Cashback' },
    state: { id: 'cashback.state', defaultMessage: 'Payout' },
    waiting: { id: 'cashback.waiting', defaultMessage: 'Waiting' },
    seeCards: { id: 'cashback.seeCards', defaultMessage: 'Your cards' },
  }),
  plan: defineMessage<Values>({
    id: 'cashback.plan',
    defaultMessage: 'Your plan, {plan}, pays {rate} back on card purchases.',
  }),
  nextPayout: defineMessage<Values>({
    id: 'cashback.nextPayout',
    defaultMessage: 'Next payout into your account: {date}.',
  }),
  paidOn: defineMessage<Values>({ id: 'cashback.paidOn', defaultMessage: 'Paid on {date}' }),
};
