import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { PendingRequestsError } from '../../../machines/pendingRequests.machine';
import type { RequestMoneyError } from '../../../machines/requestMoney.machine';
import type { MoneyRequestStatus } from '../../../schemas/moneyRequests.schema';
import { errorMessages } from '../../i18n/errorMessages';
import { pageTitles } from '../../i18n/pageTitles';

type Values = Record<string, string>;

export const requestMoneyText = {
  title: pageTitles.requestMoney,
  ...defineMessages({
    retry: { id: 'requestMoney.retry', defaultMessage: 'Try again' },
    backToWallet: { id: 'requestMoney.backToWallet', defaultMessage: 'Back to my wallet' },
    pendingLink: { id: 'requestMoney.pendingLink', defaultMessage: 'Requests sent to you' },
    recipientTitle: { id: 'requestMoney.recipient.title', defaultMessage: 'Who should pay you?' },
    stepRecipient: { id: 'requestMoney.step.recipient', defaultMessage: 'Who pays' },
    stepAmount: { id: 'requestMoney.step.amount', defaultMessage: 'Amount' },
    summaryTitle: { id: 'requestMoney.summary.title', defaultMessage: 'Your request' },
    summaryFrom: { id: 'requestMoney.summary.from', defaultMessage: 'From' },
    searchLabel: { id: 'requestMoney.recipient.search', defaultMessage: 'Wallet tag' },
    searchHint: {
      id: 'requestMoney.recipient.searchHint',
      defaultMessage: 'The beginning of another merchant’s wallet tag (@demo).',
    },
    searchButton: { id: 'requestMoney.recipient.searchButton', defaultMessage: 'Search' },
    searchTooShort: {
      id: 'requestMoney.recipient.searchTooShort',
      defaultMessage: 'Type at least 2 characters.',
    },
    searching: { id: 'requestMoney.recipient.searching', defaultMessage: 'Searching…' },
    results: { id: 'requestMoney.recipient.results', defaultMessage: 'Search results' },
    noResults: {
      id: 'requestMoney.recipient.noResults',
      defaultMessage: 'No merchant has a wallet tag that starts like this.',
    },
    amountTitle: { id: 'requestMoney.amount.title', defaultMessage: 'How much are you asking for?' },
    currencyLabel: { id: 'requestMoney.amount.currency', defaultMessage: 'Currency' },
    amountInvalid: {
      id: 'requestMoney.amount.invalid',
      defaultMessage: 'Enter an amount greater than zero.',
    },
    noteLabel: { id: 'requestMoney.amount.note', defaultMessage: 'Note (optional)' },
    noteTooLong: { id: 'requestMoney.amount.noteTooLong', defaultMessage: 'Max 140 characters' },
    noAccount: {
      id: 'requestMoney.amount.noAccount',
      defaultMessage: 'You have no account to receive money in yet.',
    },
    send: { id: 'requestMoney.amount.send', defaultMessage: 'Send request' },
    changeRecipient: { id: 'requestMoney.amount.changeRecipient', defaultMessage: 'Change recipient' },
    sentToast: { id: 'requestMoney.sent.toast', defaultMessage: 'Request sent' },
    sentTitle: { id: 'requestMoney.sent.title', defaultMessage: 'Request sent' },
    again: { id: 'requestMoney.sent.again', defaultMessage: 'Request money again' },
    sentListTitle: { id: 'requestMoney.sentList.title', defaultMessage: 'Requests you sent' },
    sentListEmpty: { id: 'requestMoney.sentList.empty', defaultMessage: 'You have not requested money yet.' },
  }),
  chooseWallet: defineMessage<Values>({
    id: 'requestMoney.recipient.chooseWallet',
    defaultMessage: 'Choose {name} ({tag})',
  }),
  from: defineMessage<Values>({ id: 'requestMoney.amount.from', defaultMessage: 'From {recipient}' }),
  amountLabel: defineMessage<Values>({
    id: 'requestMoney.amount.label',
    defaultMessage: 'Amount ({currency})',
  }),
  sentBody: defineMessage<Values>({
    id: 'requestMoney.sent.body',
    defaultMessage: 'You asked {recipient} for {amount}. You will see here when they accept or decline.',
  }),
  sentItem: defineMessage<Values>({
    id: 'requestMoney.sentList.item',
    defaultMessage: '{amount} from {payee}',
  }),
};

export const pendingRequestsText = {
  title: pageTitles.pendingRequests,
  ...defineMessages({
    retry: { id: 'pendingRequests.retry', defaultMessage: 'Try again' },
    empty: { id: 'pendingRequests.empty', defaultMessage: 'Nobody has asked you for money yet.' },
    intro: {
      id: 'pendingRequests.intro',
      defaultMessage: 'Other merchants asked you for these amounts. Accepting pays them from your account.',
    },
    accept: { id: 'pendingRequests.accept', defaultMessage: 'Accept' },
    decline: { id: 'pendingRequests.decline', defaultMessage: 'Decline' },
    backToWallet: { id: 'pendingRequests.backToWallet', defaultMessage: 'Back to my wallet' },
    requestMoneyLink: { id: 'pendingRequests.requestMoneyLink', defaultMessage: 'Request money' },
    reviewTitle: { id: 'pendingRequests.review.title', defaultMessage: 'Accept this request?' },
    checking: { id: 'pendingRequests.review.checking', defaultMessage: 'Checking your balance…' },
    from: { id: 'pendingRequests.review.from', defaultMessage: 'From' },
    amount: { id: 'pendingRequests.review.amount', defaultMessage: 'Amount' },
    note: { id: 'pendingRequests.review.note', defaultMessage: 'Note' },
    available: { id: 'pendingRequests.review.available', defaultMessage: 'Your available balance' },
    codeHint: {
      id: 'pendingRequests.review.codeHint',
      defaultMessage: 'We will ask for a one-time code to confirm this payment.',
    },
    confirm: { id: 'pendingRequests.review.confirm', defaultMessage: 'Accept and pay' },
    back: { id: 'pendingRequests.review.back', defaultMessage: 'Back to the requests' },
    codeIntro: {
      id: 'pendingRequests.code.intro',
      defaultMessage: 'We send you a one-time code to confirm this payment. Choose where it should go.',
    },
    acceptedToast: { id: 'pendingRequests.accepted.toast', defaultMessage: 'Request accepted' },
    declinedToast: { id: 'pendingRequests.declined.toast', defaultMessage: 'Request declined' },
    declineTitle: { id: 'pendingRequests.decline.title', defaultMessage: 'Decline this request?' },
    declineConfirm: { id: 'pendingRequests.decline.confirm', defaultMessage: 'Decline request' },
    declineCancel: { id: 'pendingRequests.decline.cancel', defaultMessage: 'Cancel' },
  }),
  asks: defineMessage<Values>({
    id: 'pendingRequests.item',
    defaultMessage: '{requester} asks for {amount}',
  }),
  meta: defineMessage<Values>({ id: 'pendingRequests.item.meta', defaultMessage: '{status} · {date}' }),
  noAccount: defineMessage<Values>({
    id: 'pendingRequests.review.noAccount',
    defaultMessage: 'You have no {currency} account to pay this request from.',
  }),
  insufficient: defineMessage<Values>({
    id: 'pendingRequests.review.insufficient',
    defaultMessage: 'Your available balance ({available}) is less than the amount requested.',
  }),
  declineBody: defineMessage<Values>({
    id: 'pendingRequests.decline.body',
    defaultMessage: '{requester} asked you for {amount}. They will see that you declined.',
  }),
};

const statusTexts = defineMessages<MoneyRequestStatus>({
  pending: { id: 'moneyRequest.status.pending', defaultMessage: 'Pending' },
  accepted: { id: 'moneyRequest.status.accepted', defaultMessage: 'Accepted' },
  declined: { id: 'moneyRequest.status.declined', defaultMessage: 'Declined' },
});

/** SPEC §4 money request statuses. */
export function requestStatusText(intl: IntlShape, status: MoneyRequestStatus): string {
  return intl.formatMessage(statusTexts[status]);
}

const requestErrors = defineMessages({
  not_found: { id: 'requestMoney.error.notFound', defaultMessage: 'No merchant has this wallet tag.' },
  recipient_not_allowed: {
    id: 'requestMoney.error.recipientNotAllowed',
    defaultMessage: 'You cannot request money from this merchant.',
  },
  validation_failed: {
    id: 'requestMoney.error.validation',
    defaultMessage: 'Check the currency, the amount and the note, then try again.',
  },
  conflict: {
    id: 'requestMoney.error.conflict',
    defaultMessage: 'This request was already sent with other details. Check your sent requests.',
  },
});

/** The sentence for a failure of the request-money journey. */
export function requestMoneyErrorText(intl: IntlShape, error: RequestMoneyError): string {
  switch (error) {
    case 'not_found':
    case 'recipient_not_allowed':
    case 'validation_failed':
    case 'conflict':
      return intl.formatMessage(requestErrors[error]);
    default:
      return intl.formatMessage(errorMessages[error]);
  }
}

const pendingErrors = defineMessages({
  insufficient_funds: {
    id: 'pendingRequests.error.insufficientFunds',
    defaultMessage: 'Payment failed, possibly from insufficient balance; try again later.',
  },
  recipient_not_allowed: {
    id: 'pendingRequests.error.notAllowed',
    defaultMessage: 'This request cannot be paid from your accounts.',
  },
  step_up_required: {
    id: 'pendingRequests.error.stepUpRequired',
    defaultMessage: 'Your confirmation has expired. Confirm it is you with a new one-time code.',
  },
  conflict: {
    id: 'pendingRequests.error.conflict',
    defaultMessage: 'This request has already been accepted or declined.',
  },
  not_found: {
    id: 'pendingRequests.error.notFound',
    defaultMessage: 'This request does not exist any more.',
  },
});

/** The sentence for a failure of the pending-requests journey. */
export function pendingRequestsErrorText(intl: IntlShape, error: PendingRequestsError): string {
  switch (error) {
    case 'insufficient_funds':
    case 'recipient_not_allowed':
    case 'step_up_required':
    case 'conflict':
    case 'not_found':
      return intl.formatMessage(pendingErrors[error]);
    default:
      return intl.formatMessage(errorMessages[error]);
  }
}
