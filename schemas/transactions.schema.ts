/**
 * Transactions: the merchant's list with filters and cursor pagination, one transaction, and the sandbox
 * rail for incoming bank transfers.
 *
 * Endpoints (operationId), all under /api/:
 * - GET  merchants/transactions/        transactions              TransactionsQuery → TransactionsPage
 * - GET  merchants/transactions/{id}/   transaction               → Transaction (another merchant's id: 404)
 * - GET  merchants/transactions/{id}/proof/  transactionProof     → application/pdf, the proof of payment of an
 *                                                                 outgoing transfer (`hasProofOfPayment`; else 404)
 * - POST sandbox/incoming-transfers/    sandboxIncomingTransfer   IncomingTransferBody + Idempotency-Key → Transaction
 *                                                                 (not in production; unknown IBAN 404)
 *
 * Amounts are `Money`: integer minor units as a decimal string with an ISO currency. A transaction is seen from the
 * merchant: `direction` in or out, `amount`/`fee`/`total` in its own account's currency, `original_*` in the other
 * side's currency (the same unless the transfer crossed currencies, then `exchange_rate` says how).
 */
import { z } from 'zod';
import { text } from './text';
import { AmountMinor } from './money';
import { Money } from './overview.schema';

/** What a payee's bank answers to a name check (server/db/migrations/011_payments.sql `payee_check_result`). */
export const payeeCheckResults = ['match', 'close_match', 'no_match', 'not_possible'] as const;

export const transactionStatuses = [
  'completed',
  'declined',
  'pending',
  'failed',
  'cancelled',
  'refunded',
  'expired',
  'paid',
] as const;
export const TransactionStatus = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const transactionTypes = [
  'face_to_face',
  'account_to_account',
  'incoming_bank_transfer',
  'card_transaction',
  'bank_transfer',
  /** Money the bank pays back to the merchant (not in SPEC §4's list; SPEC §1 and §2 /cashback). */
  'cashback',
  /** A plan charge of the bank to the merchant: a plan bought, a renewal, the POS terminal bought with a plan. */
  'subscription',
  /** An advertising campaign bought from the wallet (schemas/advertising.schema.ts). */
  'advertising',
  /** A card bought from the bank (schemas/cards.schema.ts card order); a payment made with a card is `card_transaction`. */
  'card_order',
] as const;
export const TransactionType = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof TransactionType>;

/** A day (`2026-11-22`, taken as UTC) or an ISO date-time with an offset. */
const DateOrDateTime = text()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/,
    'Use YYYY-MM-DD or an ISO date-time.',
  );

export const TransactionsQuery = z.object({
  /** From this day (inclusive) or instant. */
  from: DateOrDateTime.optional(),
  /** Until this day (inclusive, the whole day) or instant (inclusive). */
  to: DateOrDateTime.optional(),
  status: TransactionStatus.optional(),
  type: TransactionType.optional(),
  direction: z.enum(['in', 'out']).optional(),
  /** Text in the counterparty's name, IBAN or wallet tag, the reference or the note (case-insensitive; empty: any). */
  q: text().trim().max(100).optional(),
  /** Only this account: `eur`, or its id. */
  account_type: text().max(10).optional(),
  account_id: text().max(64).optional(),
  /** `next_cursor` of the previous page. */
  cursor: text().max(200).optional(),
  /** 1 to 100, default 20. */
  limit: text()
    .regex(/^\d{1,3}$/, 'A whole number from 1 to 100.')
    .optional(),
});
export type TransactionsQuery = z.infer<typeof TransactionsQuery>;

/** How many transactions a page holds when the query names no `limit` (the app's list never does). */
export const transactionsPageSize = 20;

export const TransactionIdParams = z.object({ id: text().max(64) });

/** Payments to someone else: what send money, a QR code or a bank transfer makes. */
export const proofOfPaymentTypes = ['account_to_account', 'bank_transfer', 'face_to_face'] as const;
/**
 * Statuses a payment has once it was made: a declined, failed, cancelled or expired one moved no money, and a proof
 * of it would prove nothing.
 */
export const proofOfPaymentStatuses = ['completed', 'pending', 'paid', 'refunded'] as const;

/**
 * Whether a transaction has a proof of payment (GET transactionProof): an outgoing payment to someone else that was
 * made. The app offers the download on exactly these; the server answers 404 for any other.
 */
export function hasProofOfPayment(transaction: Pick<Transaction, 'direction' | 'type' | 'status'>): boolean {
  return (
    transaction.direction === 'out' &&
    (proofOfPaymentTypes as readonly string[]).includes(transaction.type) &&
    (proofOfPaymentStatuses as readonly string[]).includes(transaction.status)
  );
}

export const TransactionProofQuery = z.object({
  /** The language of the document; the caller's own language when absent. */
  lang: z.enum(['en', 'el']).optional(),
});
export type TransactionProofQuery = z.infer<typeof TransactionProofQuery>;

export const TransactionProofPdf = z
  .any()
  .describe(
    'The proof of payment as application/pdf, an attachment named after the transaction ' +
      '(tameio-proof-of-payment-<first 8 characters of the id>.pdf).',
  );

export const Transaction = z
  .object({
    id: text(),
    created_at: text(),
    /** When the status last changed (a pending payment settled or failed); null if never. */
    updated_at: text().nullable(),
    type: TransactionType,
    status: TransactionStatus,
    direction: z.enum(['in', 'out']),
    account: z.object({ id: text(), account_type: text(), currency: text() }),
    counterparty: z.object({
      name: text(),
      iban: text().nullable(),
      wallet_tag: text().nullable(),
    }),
    reference: text().nullable(),
    note: text().nullable(),
    /** The GIF sent with the note: a bundled id (schemas/gifs.ts) or a Giphy or Tenor media URL; null if none. */
    gif: text().nullable().optional(),
    /** In the merchant's account currency. An incoming transaction carries no fee for the receiver. */
    amount: Money,
    fee: Money,
    total: Money,
    /** In the other side's currency (the same as above unless the transfer crossed currencies). */
    original_amount: Money,
    original_fee: Money,
    original_total: Money,
    /** 1 `from` = `rate` `to`, from the payer's currency to the payee's; null within one currency. */
    exchange_rate: z.object({ from: text(), to: text(), rate: text() }).nullable(),
    failure_reason: text().nullable(),
    initiated_by: z.object({ id: text(), name: text() }).nullable(),
    /**
     * The name check a payment to an IBAN went through (SPEC §3 verify payee), for the payer only: what the payee's
     * bank answered and whether the payer went ahead although the name did not match. Null for anything else.
     */
    payee_check: z.object({ result: z.enum(payeeCheckResults), proceeded_anyway: z.boolean() }).nullable(),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof Transaction>;

export const TransactionsPage = z
  .object({
    items: z.array(Transaction),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    next_cursor: text().nullable(),
  })
  .meta({ id: 'TransactionsPage' });
export type TransactionsPage = z.infer<typeof TransactionsPage>;

export const IncomingTransferBody = z
  .object({
    iban: text().trim().min(15).max(42),
    amount_minor: AmountMinor,
    currency: text().regex(/^[A-Z]{3}$/, 'An ISO 4217 code.'),
    sender_name: text().trim().min(1).max(140),
    reference: text().trim().max(140).optional(),
  })
  .meta({ id: 'IncomingTransferBody' });
export type IncomingTransferBody = z.infer<typeof IncomingTransferBody>;

/** Money-moving POSTs carry a key (docs/engineering.md "API conventions"): a retry with the same key moves money once. */
export const IdempotencyHeaders = z.object({
  'idempotency-key': text().min(1).max(200),
});
