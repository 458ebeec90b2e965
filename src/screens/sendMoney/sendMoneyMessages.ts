import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { SendMoneyError } from '../../../machines/sendMoney.machine';
import { loginErrorText } from '../../i18n/errorMessages';

export const sendMoneyMessages = defineMessages({
  title: { id: 'sendMoney.title', defaultMessage: 'Send money' },
  stepRecipient: { id: 'sendMoney.step.recipient', defaultMessage: 'Recipient' },
  stepAmount: { id: 'sendMoney.step.amount', defaultMessage: 'Amount' },
  stepReview: { id: 'sendMoney.step.review', defaultMessage: 'Review and confirm' },
  summaryTitle: { id: 'sendMoney.summary.title', defaultMessage: 'Your payment' },
  summaryFrom: { id: 'sendMoney.summary.from', defaultMessage: 'From' },
  noAccount: { id: 'sendMoney.noAccount', defaultMessage: 'No data found for this currency.' },
  retry: { id: 'sendMoney.retry', defaultMessage: 'Try again' },
  backToWallet: { id: 'sendMoney.backToWallet', defaultMessage: 'Back to my wallet' },
  recipientTitle: { id: 'sendMoney.recipient.title', defaultMessage: 'Who are you paying?' },
  searchLabel: { id: 'sendMoney.recipient.search', defaultMessage: 'Wallet tag or IBAN' },
  searchHint: {
    id: 'sendMoney.recipient.searchHint',
    defaultMessage:
      'The beginning of a name (bakery) or of a wallet tag (@demo), or a whole IBAN. Your saved beneficiaries and recent payees come first.',
  },
  searchButton: { id: 'sendMoney.recipient.searchButton', defaultMessage: 'Search' },
  searchTooShort: { id: 'sendMoney.recipient.searchTooShort', defaultMessage: 'Type at least 2 characters.' },
  searching: { id: 'sendMoney.recipient.searching', defaultMessage: 'Searching…' },
  noResults: { id: 'sendMoney.recipient.noResults', defaultMessage: 'No recipient matches your search.' },
  results: { id: 'sendMoney.recipient.results', defaultMessage: 'Search results' },
  ibanInvalid: { id: 'sendMoney.recipient.ibanInvalid', defaultMessage: 'This IBAN is not valid.' },
  holderName: { id: 'sendMoney.recipient.holderName', defaultMessage: 'Account holder’s name' },
  nameRequired: { id: 'sendMoney.recipient.nameRequired', defaultMessage: 'This field is required.' },
  nameTooLong: { id: 'sendMoney.recipient.nameTooLong', defaultMessage: 'Max 140 characters' },
  continueIban: { id: 'sendMoney.recipient.continueIban', defaultMessage: 'Pay this IBAN' },
  saved: { id: 'sendMoney.recipient.saved', defaultMessage: 'Saved beneficiaries' },
  kindWallet: { id: 'sendMoney.recipient.kind.wallet', defaultMessage: 'Business on Tameio' },
  kindBeneficiary: { id: 'sendMoney.recipient.kind.beneficiary', defaultMessage: 'Saved beneficiary' },
  kindRecent: { id: 'sendMoney.recipient.kind.recent', defaultMessage: 'Paid recently' },
  manageBeneficiaries: {
    id: 'sendMoney.recipient.manageBeneficiaries',
    defaultMessage: 'Manage beneficiaries',
  },
  newBeneficiary: { id: 'sendMoney.recipient.newBeneficiary', defaultMessage: 'Save a new beneficiary' },
  amountTitle: { id: 'sendMoney.amount.title', defaultMessage: 'How much?' },
  predefined: { id: 'sendMoney.amount.predefined', defaultMessage: 'Quick amounts' },
  amountInvalid: { id: 'sendMoney.amount.invalid', defaultMessage: 'Enter an amount greater than zero.' },
  noteLabel: { id: 'sendMoney.amount.note', defaultMessage: 'Note (optional)' },
  noteTooLong: { id: 'sendMoney.amount.noteTooLong', defaultMessage: 'Max 140 characters' },
  continue: { id: 'sendMoney.amount.continue', defaultMessage: 'Continue' },
  when: { id: 'sendMoney.schedule.when', defaultMessage: 'When' },
  sendNow: { id: 'sendMoney.schedule.now', defaultMessage: 'Send now' },
  schedule: { id: 'sendMoney.schedule.later', defaultMessage: 'Schedule' },
  walletOnly: {
    id: 'sendMoney.schedule.walletOnly',
    defaultMessage: 'Scheduled and repeating payments are available for payments to a wallet tag.',
  },
  frequency: { id: 'sendMoney.schedule.frequency', defaultMessage: 'How often' },
  date: { id: 'sendMoney.schedule.date', defaultMessage: 'Date' },
  startDate: { id: 'sendMoney.schedule.startDate', defaultMessage: 'Start date' },
  endDate: { id: 'sendMoney.schedule.endDate', defaultMessage: 'End date (optional)' },
  endHint: {
    id: 'sendMoney.schedule.endHint',
    defaultMessage: 'Leave it empty to repeat the payment until you cancel it.',
  },
  startRequired: { id: 'sendMoney.schedule.startRequired', defaultMessage: 'Choose a date.' },
  dateInvalid: { id: 'sendMoney.schedule.dateInvalid', defaultMessage: 'Enter a valid date.' },
  startPast: { id: 'sendMoney.schedule.startPast', defaultMessage: 'Choose today or a later date.' },
  endBeforeStart: {
    id: 'sendMoney.schedule.endBeforeStart',
    defaultMessage: 'The end date cannot be before the start date.',
  },
  changeRecipient: { id: 'sendMoney.amount.changeRecipient', defaultMessage: 'Change recipient' },
  checkingTitle: { id: 'sendMoney.check.title', defaultMessage: 'Checking the recipient’s name' },
  checking: {
    id: 'sendMoney.check.checking',
    defaultMessage: 'Checking the name with the recipient’s bank…',
  },
  closeMatchBody: {
    id: 'sendMoney.check.closeMatchBody',
    defaultMessage: 'The name you entered is close to the name of the account holder, but not the same.',
  },
  closeMatchNoNameTitle: {
    id: 'sendMoney.check.closeMatchNoNameTitle',
    defaultMessage: 'The name is close, but not the same',
  },
  noMatchTitle: { id: 'sendMoney.check.noMatchTitle', defaultMessage: 'The name does not match' },
  noMatchBody: {
    id: 'sendMoney.check.noMatchBody',
    defaultMessage:
      'The name does not match the account holder’s name. If you pay, the money may reach someone else.',
  },
  notPossibleTitle: { id: 'sendMoney.check.notPossibleTitle', defaultMessage: 'The name cannot be checked' },
  notPossibleBody: {
    id: 'sendMoney.check.notPossibleBody',
    defaultMessage:
      'The recipient’s bank cannot confirm account holders’ names. Check the details before you pay.',
  },
  failedTitle: { id: 'sendMoney.check.failedTitle', defaultMessage: 'Check the recipient’s name' },
  verificationFailed: {
    id: 'sendMoney.check.failed',
    defaultMessage: 'Beneficiary verification failed, try again later',
  },
  amend: { id: 'sendMoney.check.amend', defaultMessage: 'Change the name' },
  proceed: { id: 'sendMoney.check.proceed', defaultMessage: 'Continue anyway' },
  reviewTitle: { id: 'sendMoney.review.title', defaultMessage: 'Confirm the payment' },
  recipient: { id: 'sendMoney.review.recipient', defaultMessage: 'Recipient' },
  amount: { id: 'sendMoney.review.amount', defaultMessage: 'Amount' },
  fee: { id: 'sendMoney.review.fee', defaultMessage: 'Fee' },
  total: { id: 'sendMoney.review.total', defaultMessage: 'Total' },
  rate: { id: 'sendMoney.review.rate', defaultMessage: 'Exchange rate' },
  credited: { id: 'sendMoney.review.credited', defaultMessage: 'Recipient gets' },
  note: { id: 'sendMoney.review.note', defaultMessage: 'Note' },
  gif: { id: 'sendMoney.review.gif', defaultMessage: 'GIF' },
  pendingHint: {
    id: 'sendMoney.review.pendingHint',
    defaultMessage: 'A bank transfer is pending until the recipient’s bank settles it.',
  },
  proceededAnyway: {
    id: 'sendMoney.review.proceededAnyway',
    defaultMessage: 'You chose to pay although the name was not confirmed.',
  },
  codeHint: {
    id: 'sendMoney.review.codeHint',
    defaultMessage: 'We will ask for a one-time code to confirm this payment.',
  },
  confirm: { id: 'sendMoney.review.confirm', defaultMessage: 'Confirm and send' },
  reviewScheduleTitle: {
    id: 'sendMoney.review.scheduleTitle',
    defaultMessage: 'Confirm the scheduled payment',
  },
  whenRow: { id: 'sendMoney.review.when', defaultMessage: 'When' },
  scheduleHint: {
    id: 'sendMoney.review.scheduleHint',
    defaultMessage: 'No money moves now: each payment is made on its date, if your balance covers it.',
  },
  confirmSchedule: { id: 'sendMoney.review.confirmSchedule', defaultMessage: 'Confirm and schedule' },
  edit: { id: 'sendMoney.review.edit', defaultMessage: 'Edit' },
  methodIntro: {
    id: 'sendMoney.otp.method.intro',
    defaultMessage: 'We send you a one-time code to confirm this payment. Choose where it should go.',
  },
  editPayment: { id: 'sendMoney.otp.editPayment', defaultMessage: 'Edit the payment' },
  failedPaymentTitle: { id: 'sendMoney.failed.title', defaultMessage: 'The payment did not go through' },
  editAfterFailure: { id: 'sendMoney.failed.edit', defaultMessage: 'Edit the payment' },
  sent: { id: 'sendMoney.done.toast', defaultMessage: 'Amount sent' },
  completedTitle: { id: 'sendMoney.done.completedTitle', defaultMessage: 'Payment completed' },
  pendingTitle: { id: 'sendMoney.done.pendingTitle', defaultMessage: 'Payment on its way' },
  seeTransaction: { id: 'sendMoney.done.seeTransaction', defaultMessage: 'See the transaction' },
  sendAnother: { id: 'sendMoney.done.sendAnother', defaultMessage: 'Send more money' },
  scheduledToast: { id: 'sendMoney.scheduled.toast', defaultMessage: 'Payment scheduled' },
  scheduledTitle: { id: 'sendMoney.scheduled.title', defaultMessage: 'Your payment is scheduled' },
  seeScheduled: { id: 'sendMoney.scheduled.seeList', defaultMessage: 'See your scheduled payments' },
  scheduleFailedHint: {
    id: 'sendMoney.failed.scheduleHint',
    defaultMessage:
      'Check your scheduled payments before you try again: the payment may have been scheduled.',
  },
});

const sendMoneyValueMessages = {
  fromAccount: defineMessage<Record<string, string>>({
    id: 'sendMoney.fromAccount',
    defaultMessage: 'From your {currency} account, available {available}',
  }),
  chooseWallet: defineMessage<Record<string, string>>({
    id: 'sendMoney.recipient.chooseWallet',
    defaultMessage: 'Choose {name} ({tag})',
  }),
  ibanFound: defineMessage<Record<string, string>>({
    id: 'sendMoney.recipient.ibanFound',
    defaultMessage: 'IBAN {iban}. Enter the name of the account holder; we check it with their bank.',
  }),
  payBeneficiary: defineMessage<Record<string, string>>({
    id: 'sendMoney.recipient.payBeneficiary',
    defaultMessage: 'Pay {name}',
  }),
  to: defineMessage<Record<string, string>>({ id: 'sendMoney.amount.to', defaultMessage: 'To {recipient}' }),
  summaryAccount: defineMessage<Record<string, string>>({
    id: 'sendMoney.summary.account',
    defaultMessage: '{currency} account',
  }),
  summaryGist: defineMessage<Record<string, string>>({
    id: 'sendMoney.summary.gist',
    defaultMessage: '{amount} to {recipient}',
  }),
  amountLabel: defineMessage<Record<string, string>>({
    id: 'sendMoney.amount.label',
    defaultMessage: 'Amount ({currency})',
  }),
  amountTooHigh: defineMessage<Record<string, string>>({
    id: 'sendMoney.amount.tooHigh',
    defaultMessage: 'The amount is more than your available balance ({available}).',
  }),
  closeMatchTitle: defineMessage<Record<string, string>>({
    id: 'sendMoney.check.closeMatchTitle',
    defaultMessage: 'Did you mean {name}?',
  }),
  useSuggested: defineMessage<Record<string, string>>({
    id: 'sendMoney.check.useSuggested',
    defaultMessage: 'Use {name}',
  }),
  rateValue: defineMessage<Record<string, string>>({
    id: 'sendMoney.review.rateValue',
    defaultMessage: '1 {from} = {rate} {to}',
  }),
  insufficientHint: defineMessage<Record<string, string>>({
    id: 'sendMoney.review.insufficientHint',
    defaultMessage: 'The total is more than your available balance ({available}).',
  }),
  completedBody: defineMessage<Record<string, string>>({
    id: 'sendMoney.done.completedBody',
    defaultMessage: '{amount} reached {recipient}.',
  }),
  scheduledBody: defineMessage<Record<string, string>>({
    id: 'sendMoney.scheduled.body',
    defaultMessage: '{amount} to {recipient}: {when}.',
  }),
  pendingBody: defineMessage<Record<string, string>>({
    id: 'sendMoney.done.pendingBody',
    defaultMessage:
      '{amount} to {recipient} is pending: bank transfers settle later. If it fails, the money comes back to you.',
  }),
};

const m = { ...sendMoneyMessages, ...sendMoneyValueMessages };

const errorTexts = defineMessages({
  insufficient_funds: {
    id: 'sendMoney.error.insufficientFunds',
    defaultMessage: 'Payment failed, possibly from insufficient balance; try again later.',
  },
  recipient_not_allowed: {
    id: 'sendMoney.error.recipientNotAllowed',
    defaultMessage: 'You cannot send money to this recipient.',
  },
  not_found: { id: 'sendMoney.error.notFound', defaultMessage: 'We found no recipient with these details.' },
  validation_failed: {
    id: 'sendMoney.error.validation',
    defaultMessage: 'Check the amount and the recipient, then try again.',
  },
  payee_check_required: {
    id: 'sendMoney.error.payeeCheckRequired',
    defaultMessage: 'Check the recipient’s name again before you pay.',
  },
  schedule_wallet_only: {
    id: 'sendMoney.error.scheduleWalletOnly',
    defaultMessage:
      'A payment to an IBAN cannot be scheduled: a scheduled run cannot check the account holder’s name or ask you for a code. Choose “Send now”, or pay a wallet tag.',
  },
  step_up_required: {
    id: 'sendMoney.error.stepUpRequired',
    defaultMessage: 'Your confirmation has expired. Confirm it is you with a new one-time code.',
  },
});

/** The sentence for a failure of the journey (SPEC §8's for insufficient funds). */
export function sendMoneyErrorText(intl: IntlShape, error: SendMoneyError): string {
  switch (error) {
    case 'insufficient_funds':
    case 'recipient_not_allowed':
    case 'not_found':
    case 'validation_failed':
    case 'payee_check_required':
    case 'schedule_wallet_only':
    case 'step_up_required':
      return intl.formatMessage(errorTexts[error]);
    default:
      return loginErrorText(intl, error, null);
  }
}

export { m as sendMoneyText };
