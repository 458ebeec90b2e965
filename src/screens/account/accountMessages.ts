import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { AccountDeletionError } from '../../../machines/accountDeletion.machine';
import type { CancelPlanError } from '../../../machines/cancelPlan.machine';
import type { DeletionBlocker } from '../../../schemas/plans.schema';
import { errorMessages } from '../../i18n/errorMessages';

type Values = Record<string, string>;

/** Cancelling the subscription (machines/cancelPlan.machine.ts, /account/cancellation). */
export const cancelText = {
  ...defineMessages({
    title: { id: 'cancelPlan.title', defaultMessage: 'Cancel subscription' },
    retry: { id: 'cancelPlan.retry', defaultMessage: 'Try again' },
    free: {
      id: 'cancelPlan.free',
      defaultMessage: 'You are on the Free plan: there is no subscription to cancel.',
    },
    seePlans: { id: 'cancelPlan.seePlans', defaultMessage: 'See the plans' },
    required: { id: 'cancelPlan.required', defaultMessage: '(required)' },
    optional: { id: 'cancelPlan.optional', defaultMessage: '(optional)' },
    answerThis: { id: 'cancelPlan.answerThis', defaultMessage: 'Answer this question.' },
    submit: { id: 'cancelPlan.submit', defaultMessage: 'Cancel my subscription' },
    keep: { id: 'cancelPlan.keep', defaultMessage: 'Keep my plan' },
    confirm: { id: 'cancelPlan.confirm.yes', defaultMessage: 'Yes, cancel my plan' },
    back: { id: 'cancelPlan.confirm.back', defaultMessage: 'Go back' },
    cancelledTitle: { id: 'cancelPlan.cancelled.title', defaultMessage: 'Your subscription is cancelled' },
    undo: { id: 'cancelPlan.cancelled.undo', defaultMessage: 'Undo' },
    keptTitle: { id: 'cancelPlan.kept.title', defaultMessage: 'Your subscription continues' },
    cancelledToast: { id: 'cancelPlan.toast.cancelled', defaultMessage: 'Subscription cancelled' },
    undoneToast: { id: 'cancelPlan.toast.undone', defaultMessage: 'Cancellation undone' },
    otherQuestion: { id: 'cancelPlan.question.other', defaultMessage: 'Tell us more' },
  }),
  intro: defineMessage<Values>({
    id: 'cancelPlan.intro',
    defaultMessage:
      'Your {plan} plan stays until {date}, then you move to Free. Before you go, please tell us why you are leaving.',
  }),
  confirmTitle: defineMessage<Values>({
    id: 'cancelPlan.confirm.title',
    defaultMessage: 'Cancel your {plan} plan?',
  }),
  confirmBody: defineMessage<Values>({
    id: 'cancelPlan.confirm.body',
    defaultMessage: 'It stays until {date}, then becomes Free. You can undo this until then.',
  }),
  cancelledBody: defineMessage<Values>({
    id: 'cancelPlan.cancelled.body',
    defaultMessage: 'Your {plan} plan stays until {date}. Then it becomes Free.',
  }),
  undoHint: defineMessage<Values>({
    id: 'cancelPlan.cancelled.undoHint',
    defaultMessage: 'Changed your mind? Undo the cancellation before {date} and your plan renews as before.',
  }),
  keptBody: defineMessage<Values>({
    id: 'cancelPlan.kept.body',
    defaultMessage: 'Your {plan} plan renews on {date}.',
  }),
};

/** The questions and options the server lists (server/billing/cancellation.ts), by id. */
const questions = defineMessages({
  reason: { id: 'cancellation.question.reason', defaultMessage: 'Why are you cancelling?' },
  missing_features: { id: 'cancellation.question.missing_features', defaultMessage: 'What did you miss?' },
  comments: {
    id: 'cancellation.question.comments',
    defaultMessage: 'Anything else you would like to tell us?',
  },
});

const options = defineMessages({
  too_expensive: { id: 'cancellation.option.too_expensive', defaultMessage: 'It costs too much' },
  missing_features: {
    id: 'cancellation.option.missing_features',
    defaultMessage: 'It lacks features I need',
  },
  switching_provider: {
    id: 'cancellation.option.switching_provider',
    defaultMessage: 'I am moving to another provider',
  },
  closing_business: {
    id: 'cancellation.option.closing_business',
    defaultMessage: 'I am closing my business',
  },
  temporary_pause: {
    id: 'cancellation.option.temporary_pause',
    defaultMessage: 'I am pausing my business for a while',
  },
  other: { id: 'cancellation.option.other', defaultMessage: 'Something else' },
  international_payments: {
    id: 'cancellation.option.international_payments',
    defaultMessage: 'International payments',
  },
  more_cards: { id: 'cancellation.option.more_cards', defaultMessage: 'More cards' },
  integrations: {
    id: 'cancellation.option.integrations',
    defaultMessage: 'Integrations with other software',
  },
  analytics: { id: 'cancellation.option.analytics', defaultMessage: 'Better analytics' },
  pos: { id: 'cancellation.option.pos', defaultMessage: 'Card payments in my shop (POS)' },
});

/** A question in the reader's language; one this version of the app does not know yet asks for more in general. */
export function questionText(intl: IntlShape, id: string): string {
  return Object.hasOwn(questions, id)
    ? intl.formatMessage(questions[id as keyof typeof questions])
    : intl.formatMessage(cancelText.otherQuestion);
}

/** An option in the reader's language; an unknown one is shown by its id, in words. */
export function optionText(intl: IntlShape, id: string): string {
  return Object.hasOwn(options, id)
    ? intl.formatMessage(options[id as keyof typeof options])
    : id.replace(/_/g, ' ');
}

const cancelErrors = defineMessages({
  subscription_state: {
    id: 'cancelPlan.error.subscription_state',
    defaultMessage: 'Your subscription changed meanwhile. Reload the page to see where it stands.',
  },
  forbidden: { id: 'cancelPlan.error.forbidden', defaultMessage: 'You may not change the subscription.' },
  validation_failed: {
    id: 'cancelPlan.error.validation_failed',
    defaultMessage: 'Some answers were not accepted. Check them and try again.',
  },
});

export function cancelPlanErrorText(intl: IntlShape, error: CancelPlanError): string {
  if (error === 'network' || error === 'unknown' || error === 'rate_limited')
    return intl.formatMessage(errorMessages[error]);
  return intl.formatMessage(cancelErrors[error]);
}

/** Asking for the account to be deleted (machines/accountDeletion.machine.ts, /account/deletion). */
export const deletionText = {
  ...defineMessages({
    title: { id: 'accountDeletion.title', defaultMessage: 'Delete account' },
    retry: { id: 'accountDeletion.retry', defaultMessage: 'Try again' },
    whenFree: {
      id: 'accountDeletion.when.free',
      defaultMessage: 'Your account closes as soon as everything listed below is settled.',
    },
    payout: {
      id: 'accountDeletion.payout',
      defaultMessage:
        'Money left in your accounts is not lost: it is paid out, in the company’s name, to the IBAN you give below.',
    },
    blockersIntro: {
      id: 'accountDeletion.blockers.intro',
      defaultMessage: 'The account cannot close while any of these remain:',
    },
    followUp: {
      id: 'accountDeletion.followUp',
      defaultMessage: 'A representative of the bank contacts you to complete the closing.',
    },
    iban: { id: 'accountDeletion.iban', defaultMessage: 'IBAN for the payout' },
    ibanHint: {
      id: 'accountDeletion.ibanHint',
      defaultMessage: 'An account of the company at another bank.',
    },
    ibanInvalid: { id: 'accountDeletion.ibanInvalid', defaultMessage: 'Enter a valid IBAN.' },
    ibanOwn: {
      id: 'accountDeletion.ibanOwn',
      defaultMessage: 'This is one of your Tameio accounts: give an account at another bank.',
    },
    reason: { id: 'accountDeletion.reason', defaultMessage: 'Why are you leaving? (optional)' },
    submit: { id: 'accountDeletion.submit', defaultMessage: 'Request deletion' },
    codeIntro: {
      id: 'accountDeletion.codeIntro',
      defaultMessage: 'Enter a one-time code to confirm that you want your account deleted.',
    },
    scheduledTitle: { id: 'accountDeletion.scheduled.title', defaultMessage: 'Account deletion scheduled' },
    requestedOn: { id: 'accountDeletion.scheduled.requestedOn', defaultMessage: 'Requested on' },
    effective: { id: 'accountDeletion.scheduled.effective', defaultMessage: 'Takes effect' },
    payoutTo: { id: 'accountDeletion.scheduled.payoutTo', defaultMessage: 'Money paid out to' },
    blockersHeading: {
      id: 'accountDeletion.scheduled.blockers',
      defaultMessage: 'To settle before the account closes',
    },
    noBlockers: {
      id: 'accountDeletion.scheduled.noBlockers',
      defaultMessage: 'Nothing: the account can close on that date.',
    },
    withdraw: { id: 'accountDeletion.scheduled.withdraw', defaultMessage: 'Withdraw the request' },
    requestedToast: { id: 'accountDeletion.toast.requested', defaultMessage: 'Deletion requested' },
    withdrawnToast: { id: 'accountDeletion.toast.withdrawn', defaultMessage: 'Deletion request withdrawn' },
    seePlans: { id: 'accountDeletion.seePlans', defaultMessage: 'Plans and billing' },
  }),
  whenPaid: defineMessage<Values>({
    id: 'accountDeletion.when.paid',
    defaultMessage: 'Your account closes at the end of your billing period, on {date}.',
  }),
};

const blockers = defineMessages<DeletionBlocker>({
  balance: {
    id: 'accountDeletion.blocker.balance',
    defaultMessage: 'Money left in your accounts (paid out first)',
  },
  pending_transfer: {
    id: 'accountDeletion.blocker.pending_transfer',
    defaultMessage: 'A transfer still pending',
  },
  active_card: { id: 'accountDeletion.blocker.active_card', defaultMessage: 'A card that is not destroyed' },
  active_plan: {
    id: 'accountDeletion.blocker.active_plan',
    defaultMessage: 'A paid plan that is not cancelled',
  },
});

export const deletionBlockers: readonly DeletionBlocker[] = [
  'balance',
  'pending_transfer',
  'active_card',
  'active_plan',
];

export function blockerText(intl: IntlShape, blocker: DeletionBlocker): string {
  return intl.formatMessage(blockers[blocker]);
}

/** The server's words for a refused payout IBAN, in the reader's language. */
export function payoutIbanFieldText(intl: IntlShape, message: string): string {
  if (message.startsWith('This is one of your Tameio accounts'))
    return intl.formatMessage(deletionText.ibanOwn);
  return intl.formatMessage(deletionText.ibanInvalid);
}

const deletionErrors = defineMessages({
  step_up_required: {
    id: 'accountDeletion.error.step_up_required',
    defaultMessage: 'Your confirmation has expired. Confirm it is you with a new one-time code.',
  },
  validation_failed: {
    id: 'accountDeletion.error.validation_failed',
    defaultMessage: 'Some details were not accepted. Check them and try again.',
  },
  deletion_state: {
    id: 'accountDeletion.error.deletion_state',
    defaultMessage: 'The deletion request changed meanwhile. Reload the page to see where it stands.',
  },
  forbidden: { id: 'accountDeletion.error.forbidden', defaultMessage: 'You may not delete the account.' },
});

export function accountDeletionErrorText(intl: IntlShape, error: AccountDeletionError): string {
  if (error === 'network' || error === 'unknown' || error === 'rate_limited')
    return intl.formatMessage(errorMessages[error]);
  return intl.formatMessage(deletionErrors[error]);
}
