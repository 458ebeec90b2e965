import { createHash } from 'node:crypto';
import type { Transaction as Trx } from 'kysely';
import { moneyOf } from '../../schemas/money';
import type {
  MoneyRequest,
  MoneyRequestBody,
  MoneyRequestsQuery,
  MoneyRequestsResponse,
} from '../../schemas/moneyRequests.schema';
import { moneyRequestsListLimit } from '../../schemas/moneyRequests.schema';
import { consumeStepUp } from '../auth/stepUp';
import type { Database } from '../db/database';
import type { DB, MoneyRequestStatus } from '../db/types';
import { AppError } from '../errors';
import { postTransfer } from '../ledger';
import { moneyRequest } from '../notifications/events';
import { isSupportedCurrency } from './fees';
import { insufficientFundsMessage, thresholdIn } from './sendMoney';
import type { PaymentSettings } from './settings';

/**
 * Request money: an approved merchant asks another, by wallet tag, for an amount in one of its own
 * currencies; the payee accepts (pays it through the ledger in the same transaction that marks the request accepted,
 * the request row locked first so that it is paid at most once) or declines it. Knows nothing of HTTP.
 */

export type Actor = { merchantId: string; userId: string };

const notFound = () => new AppError('not_found', 404, 'This request does not exist.');
const notAllowed = (message: string) => new AppError('recipient_not_allowed', 422, message);
const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });
const keyConflict = () =>
  new AppError('conflict', 409, 'This idempotency key was already used for a different request.');
const notPending = (status: MoneyRequestStatus) =>
  new AppError('conflict', 409, `This request is already ${status}.`, { details: { status } });

/** The request as the client meant it, normalised: a repeated key must come with the same one. */
function clientHash(body: MoneyRequestBody): string {
  const canonical = JSON.stringify([
    body.wallet_tag,
    body.amount_minor,
    body.currency,
    body.note?.trim() || null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** One request with both merchants' names and tags. */
function requestsQuery(db: Database | Trx<DB>) {
  return db
    .selectFrom('money_requests as r')
    .innerJoin('merchants as rq', 'rq.id', 'r.requester_merchant_id')
    .innerJoin('merchants as py', 'py.id', 'r.payee_merchant_id')
    .select([
      'r.id',
      'r.status',
      'r.amount_minor',
      'r.currency',
      'r.note',
      'r.created_at',
      'r.decided_at',
      'r.transfer_id',
      'rq.name as requester_name',
      'rq.wallet_tag as requester_tag',
      'py.name as payee_name',
      'py.wallet_tag as payee_tag',
    ]);
}

type RequestRow = {
  id: string;
  status: MoneyRequestStatus;
  amount_minor: bigint;
  currency: string;
  note: string | null;
  created_at: Date;
  decided_at: Date | null;
  transfer_id: string | null;
  requester_name: string;
  requester_tag: string | null;
  payee_name: string;
  payee_tag: string | null;
};

function view(row: RequestRow): MoneyRequest {
  return {
    id: row.id,
    status: row.status,
    amount: moneyOf(row.amount_minor, row.currency.trim()),
    note: row.note,
    requester: { name: row.requester_name, wallet_tag: row.requester_tag },
    payee: { name: row.payee_name, wallet_tag: row.payee_tag },
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    transaction_id: row.transfer_id,
  };
}

async function requestById(db: Database | Trx<DB>, id: string): Promise<MoneyRequest> {
  const row = await requestsQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return view(row);
}

export type RequestMoneyResult = { request: MoneyRequest; replayed: boolean };

/**
 * requestMoney: to another approved merchant by wallet tag, in a currency the requester holds an account in. The
 * same Idempotency-Key and body answer the first request; another body 409.
 */
export async function requestMoney(
  db: Database,
  actor: Actor,
  body: MoneyRequestBody,
  idempotencyKey: string,
): Promise<RequestMoneyResult> {
  const hash = clientHash(body);
  const prior = async (): Promise<RequestMoneyResult | null> => {
    const row = await db
      .selectFrom('money_requests')
      .select(['id', 'request_hash'])
      .where('requester_merchant_id', '=', actor.merchantId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (!row) return null;
    if (row.request_hash !== hash) throw keyConflict();
    return { request: await requestById(db, row.id), replayed: true };
  };
  const earlier = await prior();
  if (earlier) return earlier;

  if (!isSupportedCurrency(body.currency)) throw badField('currency', 'Unknown currency.');
  const own = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('merchant_id', '=', actor.merchantId)
    .where('kind', '=', 'merchant')
    .where('currency', '=', body.currency)
    .executeTakeFirst();
  if (!own) throw badField('currency', `You have no ${body.currency} account.`);

  const payee = await db
    .selectFrom('merchants')
    .select(['id', 'status'])
    .where('wallet_tag', '=', body.wallet_tag)
    .executeTakeFirst();
  if (!payee) throw new AppError('not_found', 404, 'No merchant has this wallet tag.');
  if (payee.id === actor.merchantId) throw notAllowed('You cannot request money from yourself.');
  if (payee.status !== 'approved') throw notAllowed('This merchant cannot receive requests.');

  // The request and the payee's notification commit together.
  const inserted = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('money_requests')
      .values({
        requester_merchant_id: actor.merchantId,
        payee_merchant_id: payee.id,
        amount_minor: BigInt(body.amount_minor),
        currency: body.currency,
        note: body.note?.trim() || null,
        requested_by: actor.userId,
        idempotency_key: idempotencyKey,
        request_hash: hash,
      })
      .onConflict((oc) => oc.columns(['requester_merchant_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) {
      await moneyRequest(trx, 'received', {
        requestId: row.id,
        requesterMerchantId: actor.merchantId,
        payeeMerchantId: payee.id,
        amountMinor: BigInt(body.amount_minor),
        currency: body.currency,
      });
    }
    return row;
  });
  if (!inserted) {
    // Another request with this key committed first.
    const raced = await prior();
    if (raced) return raced;
    throw new AppError('conflict', 409, 'The request could not be recorded; try again.');
  }
  return { request: await requestById(db, inserted.id), replayed: false };
}

/** receivedRequests / sentRequests: the newest first, optionally of one status. */
export async function listMoneyRequests(
  db: Database,
  merchantId: string,
  side: 'received' | 'sent',
  query: MoneyRequestsQuery,
): Promise<MoneyRequestsResponse> {
  let q = requestsQuery(db).where(
    side === 'received' ? 'r.payee_merchant_id' : 'r.requester_merchant_id',
    '=',
    merchantId,
  );
  if (query.status) q = q.where('r.status', '=', query.status);
  const rows = await q
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(moneyRequestsListLimit)
    .execute();
  return { items: rows.map(view) };
}

/** The request row, locked, as its payee sees it: 404 for anyone else's, 409 unless pending. */
async function lockPending(trx: Trx<DB>, payee: Actor, id: string) {
  const row = await trx
    .selectFrom('money_requests')
    .select([
      'id',
      'payee_merchant_id',
      'requester_merchant_id',
      'amount_minor',
      'currency',
      'note',
      'status',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.payee_merchant_id !== payee.merchantId) throw notFound();
  if (row.status !== 'pending') throw notPending(row.status);
  return row;
}

export type AcceptInput = { stepUpToken: string | undefined; settings: PaymentSettings };

/**
 * acceptMoneyRequest: in ONE transaction, locks the request (a second accept waits, then hears 409), consumes the
 * one-time code grant when the amount is at or above the send-money threshold, pays the requester from the payee's
 * account of the request's currency and marks the request accepted. Insufficient funds: 422 and it stays pending.
 */
export async function acceptMoneyRequest(
  db: Database,
  payee: Actor,
  id: string,
  input: AcceptInput,
): Promise<MoneyRequest> {
  await db.transaction().execute(async (trx) => {
    const request = await lockPending(trx, payee, id);
    const currency = request.currency.trim();
    if (!isSupportedCurrency(currency)) throw notAllowed('This request cannot be paid.');
    if (request.amount_minor >= thresholdIn(currency, input.settings)) {
      await consumeStepUp(trx, { userId: payee.userId, purpose: 'send_money', token: input.stepUpToken });
    }
    const accounts = await trx
      .selectFrom('ledger_accounts')
      .select(['id', 'merchant_id'])
      .where('merchant_id', 'in', [request.payee_merchant_id, request.requester_merchant_id])
      .where('kind', '=', 'merchant')
      .where('currency', '=', currency)
      .execute();
    const from = accounts.find((a) => a.merchant_id === request.payee_merchant_id);
    const to = accounts.find((a) => a.merchant_id === request.requester_merchant_id);
    if (!from) throw notAllowed(`You have no ${currency} account to pay this request from.`);
    if (!to) throw notAllowed(`The requester has no ${currency} account any more.`);
    const requester = await trx
      .selectFrom('merchants')
      .select(['name', 'wallet_tag'])
      .where('id', '=', request.requester_merchant_id)
      .executeTakeFirstOrThrow();
    let transferId: string;
    try {
      const posted = await postTransfer(trx, {
        type: 'account_to_account',
        status: 'completed',
        amountMinor: request.amount_minor,
        currency,
        debitAccountId: from.id,
        creditAccountId: to.id,
        counterpartyName: requester.name,
        counterpartyWalletTag: requester.wallet_tag,
        note: request.note,
        initiatedBy: payee.userId,
        // One payment per request, whatever else happens.
        idempotencyKey: `request:${request.id}`,
      });
      transferId = posted.transfer.id;
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds') {
        throw new AppError('insufficient_funds', 422, insufficientFundsMessage);
      }
      throw error;
    }
    await trx
      .updateTable('money_requests')
      .set({ status: 'accepted', transfer_id: transferId, decided_by: payee.userId, decided_at: new Date() })
      .where('id', '=', request.id)
      .execute();
    await moneyRequest(trx, 'accepted', {
      requestId: request.id,
      requesterMerchantId: request.requester_merchant_id,
      payeeMerchantId: request.payee_merchant_id,
      amountMinor: request.amount_minor,
      currency,
    });
  });
  return requestById(db, id);
}

/** declineMoneyRequest: pending → declined (404 for anyone but the payee, 409 unless pending). */
export async function declineMoneyRequest(db: Database, payee: Actor, id: string): Promise<MoneyRequest> {
  await db.transaction().execute(async (trx) => {
    const request = await lockPending(trx, payee, id);
    await trx
      .updateTable('money_requests')
      .set({ status: 'declined', decided_by: payee.userId, decided_at: new Date() })
      .where('id', '=', request.id)
      .execute();
    await moneyRequest(trx, 'declined', {
      requestId: request.id,
      requesterMerchantId: request.requester_merchant_id,
      payeeMerchantId: request.payee_merchant_id,
      amountMinor: request.amount_minor,
      currency: request.currency,
    });
  });
  return requestById(db, id);
}
