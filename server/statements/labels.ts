import type { StatementLocale } from '../../schemas/statements.schema';
import type { TransactionStatus, TransactionType } from '../../schemas/transactions.schema';

/** Every word a statement file prints, in both languages (the files are made on the server, outside react-intl). */
export type StatementLabels = {
  bankName: string;
  title: string;
  merchant: string;
  walletTag: string;
  vatNumber: string;
  address: string;
  account: string;
  iban: string;
  currency: string;
  period: string;
  generatedAt: string;
  timesInUtc: string;
  /** Monthly statements print Greek time. */
  timesInAthens: string;
  /** The short name of each clock after a time ("14:05 UTC"). */
  zoneSuffix: { UTC: string; 'Europe/Athens': string };
  /** xlsx: the sheet's name (31 characters at most, none of : \ / ? * [ ]). */
  sheetName: string;
  openingBalance: string;
  closingBalance: string;
  totalIn: string;
  totalOut: string;
  transactionsCount: string;
  newestFirst: string;
  filtered: string;
  noTransactions: string;
  page: (n: number, of: number) => string;
  columns: {
    id: string;
    date: string;
    counterparty: string;
    description: string;
    type: string;
    status: string;
    reference: string;
    amount: string;
    fee: string;
    total: string;
    currency: string;
    originalAmount: string;
    originalCurrency: string;
    exchangeRate: string;
    balance: string;
  };
  types: Record<TransactionType, string>;
  statuses: Record<TransactionStatus, string>;
};

const en: StatementLabels = {
  bankName: 'Tameio Payments',
  title: 'Account statement',
  merchant: 'Account holder',
  walletTag: 'Wallet tag',
  vatNumber: 'VAT number',
  address: 'Registered address',
  account: 'Account',
  iban: 'IBAN',
  currency: 'Currency',
  period: 'Period',
  generatedAt: 'Generated',
  timesInUtc: 'Dates and times in UTC.',
  timesInAthens: 'Dates and times in Greek time (Europe/Athens).',
  zoneSuffix: { UTC: 'UTC', 'Europe/Athens': 'Greek time' },
  sheetName: 'Statement',
  openingBalance: 'Opening balance',
  closingBalance: 'Closing balance',
  totalIn: 'Money in',
  totalOut: 'Money out',
  transactionsCount: 'Transactions',
  newestFirst: 'Newest first. Amounts include fees.',
  filtered:
    'Filtered statement: only the transactions matching the filter are listed; the opening and closing balances are those of the whole account.',
  noTransactions: 'No transactions in this period.',
  page: (n, of) => `Page ${n} of ${of}`,
  columns: {
    id: 'Transaction ID',
    date: 'Date',
    counterparty: 'Counterparty',
    description: 'Description',
    type: 'Type',
    status: 'Status',
    reference: 'Reference / note',
    amount: 'Amount',
    fee: 'Fee',
    total: 'Total',
    currency: 'Currency',
    originalAmount: 'Original amount',
    originalCurrency: 'Original currency',
    exchangeRate: 'Exchange rate',
    balance: 'Balance',
  },
  types: {
    face_to_face: 'Face to face',
    account_to_account: 'Wallet transfer',
    incoming_bank_transfer: 'Incoming bank transfer',
    card_transaction: 'Card transaction',
    bank_transfer: 'Bank transfer',
    cashback: 'Cashback',
    subscription: 'Subscription',
    advertising: 'Advertising',
    card_order: 'Card order',
  },
  statuses: {
    completed: 'Completed',
    declined: 'Declined',
    pending: 'Pending',
    failed: 'Failed',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    expired: 'Expired',
    paid: 'Paid',
  },
};

const el: StatementLabels = {
  bankName: 'Tameio Payments',
  title: 'Κίνηση λογαριασμού',
  merchant: 'Δικαιούχος',
  walletTag: 'Ετικέτα πορτοφολιού',
  vatNumber: 'ΑΦΜ',
  address: 'Διεύθυνση έδρας',
  account: 'Λογαριασμός',
  iban: 'IBAN',
  currency: 'Νόμισμα',
  period: 'Περίοδος',
  generatedAt: 'Δημιουργήθηκε',
  timesInUtc: 'Ημερομηνίες και ώρες σε UTC.',
  timesInAthens: 'Ημερομηνίες και ώρες σε ώρα Ελλάδας (Europe/Athens).',
  zoneSuffix: { UTC: 'UTC', 'Europe/Athens': 'ώρα Ελλάδας' },
  sheetName: 'Κατάσταση',
  openingBalance: 'Υπόλοιπο έναρξης',
  closingBalance: 'Υπόλοιπο λήξης',
  totalIn: 'Εισερχόμενα',
  totalOut: 'Εξερχόμενα',
  transactionsCount: 'Συναλλαγές',
  newestFirst: 'Οι νεότερες πρώτα. Τα ποσά περιλαμβάνουν τις χρεώσεις.',
  filtered:
    'Φιλτραρισμένη κίνηση: εμφανίζονται μόνο οι συναλλαγές που ταιριάζουν στο φίλτρο· τα υπόλοιπα έναρξης και λήξης αφορούν ολόκληρο τον λογαριασμό.',
  noTransactions: 'Δεν υπάρχουν συναλλαγές σε αυτή την περίοδο.',
  page: (n, of) => `Σελίδα ${n} από ${of}`,
  columns: {
    id: 'Κωδικός συναλλαγής',
    date: 'Ημερομηνία',
    counterparty: 'Αντισυμβαλλόμενος',
    description: 'Περιγραφή',
    type: 'Τύπος',
    status: 'Κατάσταση',
    reference: 'Αιτιολογία / σημείωση',
    amount: 'Ποσό',
    fee: 'Χρέωση',
    total: 'Σύνολο',
    currency: 'Νόμισμα',
    originalAmount: 'Αρχικό ποσό',
    originalCurrency: 'Αρχικό νόμισμα',
    exchangeRate: 'Ισοτιμία',
    balance: 'Υπόλοιπο',
  },
  types: {
    face_to_face: 'Δια ζώσης',
    account_to_account: 'Μεταφορά πορτοφολιού',
    incoming_bank_transfer: 'Εισερχόμενη τραπεζική μεταφορά',
    card_transaction: 'Συναλλαγή με κάρτα',
    bank_transfer: 'Τραπεζική μεταφορά',
    cashback: 'Cashback',
    subscription: 'Συνδρομή',
    advertising: 'Διαφήμιση',
    card_order: 'Παραγγελία κάρτας',
  },
  statuses: {
    completed: 'Ολοκληρώθηκε',
    declined: 'Απορρίφθηκε',
    pending: 'Σε εκκρεμότητα',
    failed: 'Απέτυχε',
    cancelled: 'Ακυρώθηκε',
    refunded: 'Επιστράφηκε',
    expired: 'Έληξε',
    paid: 'Πληρώθηκε',
  },
};

export const statementLabels: Record<StatementLocale, StatementLabels> = { en, el };
