import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { TransactionStatus, TransactionType } from '../../schemas/transactions.schema';

/** SPEC §4 transaction statuses, as the API spells them; one for each (a new status fails the typecheck here). */
const statuses: Record<TransactionStatus, MessageDescriptor> = defineMessages({
  completed: { id: 'transaction.status.completed', defaultMessage: 'Completed' },
  declined: { id: 'transaction.status.declined', defaultMessage: 'Declined' },
  pending: { id: 'transaction.status.pending', defaultMessage: 'Pending' },
  failed: { id: 'transaction.status.failed', defaultMessage: 'Failed' },
  cancelled: { id: 'transaction.status.cancelled', defaultMessage: 'Cancelled' },
  refunded: { id: 'transaction.status.refunded', defaultMessage: 'Refunded' },
  expired: { id: 'transaction.status.expired', defaultMessage: 'Expired' },
  paid: { id: 'transaction.status.paid', defaultMessage: 'Paid' },
});

/** SPEC §4 transaction types and the bank's own; one for each (a new type fails the typecheck here). */
const types: Record<TransactionType, MessageDescriptor> = defineMessages({
  face_to_face: { id: 'transaction.type.face_to_face', defaultMessage: 'Face to face' },
  account_to_account: { id: 'transaction.type.account_to_account', defaultMessage: 'Account to account' },
  incoming_bank_transfer: {
    id: 'transaction.type.incoming_bank_transfer',
    defaultMessage: 'Incoming bank transfer',
  },
  card_transaction: { id: 'transaction.type.card_transaction', defaultMessage: 'Card transaction' },
  bank_transfer: { id: 'transaction.type.bank_transfer', defaultMessage: 'Bank transfer' },
  cashback: { id: 'transaction.type.cashback', defaultMessage: 'Cashback' },
  subscription: { id: 'transaction.type.subscription', defaultMessage: 'Subscription' },
  advertising: { id: 'transaction.type.advertising', defaultMessage: 'Advertising' },
  card_order: { id: 'transaction.type.card_order', defaultMessage: 'Card order' },
});

function isKey<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(table, key);
}

/** A status in the reader's language; a value newer than this app is shown as the API sent it. */
export function transactionStatusText(intl: IntlShape, status: string): string {
  return isKey(statuses, status) ? intl.formatMessage(statuses[status]) : status;
}

export function transactionTypeText(intl: IntlShape, type: string): string {
  return isKey(types, type) ? intl.formatMessage(types[type]) : type;
}
