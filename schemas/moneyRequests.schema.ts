/**
 * Request money (SPEC §4 "Money request: pending, accepted, declined", §7 "request money, received
 * requests", §8 "request sent, accepted or declined"). Code: server/payments/moneyRequests.ts.
 *
 * Endpoints (operationId), all secured (approved merchant), under /api/merchants/:
 * - POST request_money/                        requestMoney         MoneyRequestBody + Idempotency-Key → MoneyRequest
 * - GET  received_requests/?status=            receivedRequests     → MoneyRequestsResponse
 * - GET  sent_requests/?status=                sentRequests         → MoneyRequestsResponse
 * - POST received_requests/{id}/accept/        acceptMoneyRequest   (X-Step-Up-Token from the send-money
 *                                                                   threshold on) → MoneyRequest
 * - POST received_requests/{id}/decline/       declineMoneyRequest  → MoneyRequest
 *
 * Amounts are integer minor units as decimal strings (`"1250"` is 12.50).
 */
import { z } from 'zod';
import { text } from './text';
import { WalletTag } from './beneficiaries.schema';
import { AmountMinor } from './money';
import { Money } from './overview.schema';
import { Note } from './sendMoney.schema';

export const moneyRequestStatuses = ['pending', 'accepted', 'declined'] as const;
export const MoneyRequestStatus = z.enum(moneyRequestStatuses);
export type MoneyRequestStatus = z.infer<typeof MoneyRequestStatus>;

export const MoneyRequestBody = z
  .object({
    /** The merchant asked to pay (another approved merchant). */
    wallet_tag: WalletTag,
    amount_minor: AmountMinor,
    /** One of the requester's account currencies: the payee pays from its account of the same currency. */
    currency: text().regex(/^[A-Z]{3}$/, 'An ISO 4217 code.'),
    note: Note.optional(),
  })
  .strict()
  .meta({ id: 'MoneyRequestBody' });
export type MoneyRequestBody = z.infer<typeof MoneyRequestBody>;

const Party = z.object({ name: text(), wallet_tag: text().nullable() });

export const MoneyRequest = z
  .object({
    id: text(),
    status: MoneyRequestStatus,
    amount: Money,
    note: text().nullable(),
    /** Who asks for the money (and receives it). */
    requester: Party,
    /** Who is asked to pay. */
    payee: Party,
    created_at: text(),
    decided_at: text().nullable(),
    /** The payment of an accepted request (GET /api/merchants/transactions/{id}/). */
    transaction_id: text().nullable(),
  })
  .meta({ id: 'MoneyRequest' });
export type MoneyRequest = z.infer<typeof MoneyRequest>;

export const MoneyRequestsQuery = z.object({ status: MoneyRequestStatus.optional() });
export type MoneyRequestsQuery = z.infer<typeof MoneyRequestsQuery>;

export const MoneyRequestsResponse = z
  .object({ items: z.array(MoneyRequest) })
  .meta({ id: 'MoneyRequestsResponse' });
export type MoneyRequestsResponse = z.infer<typeof MoneyRequestsResponse>;

export const MoneyRequestParams = z.object({ id: z.uuid() });

/** The newest requests a list shows. */
export const moneyRequestsListLimit = 200;
