import { defineMessage, defineMessages } from 'react-intl';
import { pageTitles } from '../../i18n/pageTitles';

export const scheduledPaymentMessages = {
  listTitle: pageTitles.scheduledPayments,
  ...defineMessages({
    intro: {
      id: 'scheduledPayments.intro',
      defaultMessage:
        'Payments to wallet tags made on their dates, once or repeating. Schedule one from Send money.',
    },
    empty: { id: 'scheduledPayments.empty', defaultMessage: 'You have no scheduled payments.' },
    recipient: { id: 'scheduledPayments.recipient', defaultMessage: 'Recipient' },
    amount: { id: 'scheduledPayments.amount', defaultMessage: 'Amount' },
    frequency: { id: 'scheduledPayments.frequency', defaultMessage: 'How often' },
    nextRun: { id: 'scheduledPayments.nextRun', defaultMessage: 'Next payment' },
    startDate: { id: 'scheduledPayments.startDate', defaultMessage: 'Start date' },
    endDate: { id: 'scheduledPayments.endDate', defaultMessage: 'End date' },
    status: { id: 'scheduledPayments.status', defaultMessage: 'Status' },
    note: { id: 'scheduledPayments.note', defaultMessage: 'Note' },
    noEnd: { id: 'scheduledPayments.noEnd', defaultMessage: 'Until cancelled' },
    noNext: { id: 'scheduledPayments.noNext', defaultMessage: 'None' },
    details: { id: 'scheduledPayments.details', defaultMessage: 'Details' },
    backToWallet: { id: 'scheduledPayments.backToWallet', defaultMessage: 'Back to my wallet' },
    detailTitle: { id: 'scheduledPayments.detail.title', defaultMessage: 'Scheduled payment' },
    backToList: { id: 'scheduledPayments.detail.backToList', defaultMessage: 'All scheduled payments' },
    runs: { id: 'scheduledPayments.detail.runs', defaultMessage: 'Payments so far' },
    noRuns: { id: 'scheduledPayments.detail.noRuns', defaultMessage: 'No payment has been made yet.' },
    paid: { id: 'scheduledPayments.detail.paid', defaultMessage: 'Paid' },
    failed: { id: 'scheduledPayments.detail.failed', defaultMessage: 'Failed' },
    seeTransaction: { id: 'scheduledPayments.detail.seeTransaction', defaultMessage: 'See the transaction' },
    cancel: { id: 'scheduledPayments.cancel', defaultMessage: 'Cancel this payment' },
    cancelTitle: { id: 'scheduledPayments.cancel.title', defaultMessage: 'Cancel this scheduled payment?' },
    keep: { id: 'scheduledPayments.cancel.keep', defaultMessage: 'Keep it' },
    confirmCancel: { id: 'scheduledPayments.cancel.confirm', defaultMessage: 'Cancel the payment' },
    cancelled: { id: 'scheduledPayments.cancel.done', defaultMessage: 'Payment cancelled' },
    cancelFailed: {
      id: 'scheduledPayments.cancel.failed',
      defaultMessage: 'The payment could not be cancelled. Try again later.',
    },
    alreadyEnded: {
      id: 'scheduledPayments.cancel.ended',
      defaultMessage: 'This scheduled payment has already ended.',
    },
    notFound: { id: 'scheduledPayments.notFound', defaultMessage: 'No scheduled payment found.' },
    retry: { id: 'scheduledPayments.retry', defaultMessage: 'Try again' },
  }),
};

export const scheduledPaymentValueMessages = {
  detailsOf: defineMessage<Record<string, string>>({
    id: 'scheduledPayments.detailsOf',
    defaultMessage: 'Details of the payment to {recipient}',
  }),
  cancelBody: defineMessage<Record<string, string>>({
    id: 'scheduledPayments.cancel.body',
    defaultMessage:
      'No further payments of {amount} will go to {recipient}. Payments already made stay as they are.',
  }),
};
