import { createHash, randomUUID } from 'node:crypto';
import type {
  CardAuthorizationBody,
  CardAuthorizationResult,
  CardStatus,
  DeclineReason,
} from '../../schemas/cards.schema';
import { moneyOf } from '../../schemas/money';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { postTransfer, recordDeclinedTransfer, systemAccount } from '../ledger';
import { cardDeclined } from '../notifications/events';
import type { CardVault } from './secrets';
import { spentInWindow } from './windows';

/**
 * The authorisation path (docs/product.md "Cards"): what a card network asks the bank when a card pays, here
 * through the sandbox rail. In ONE transaction, with the card's row locked (so two payments of one card are decided
 * one after the other and a limit cannot be overrun by racing), it checks the status, the currency, every applicable
 * limit in the current window and the balance, then either books a completed `card_transaction` (merchant account →
 * the external rails) with its cashback accrual, or records the decline with its reason and a `declined` transfer
 * that moves nothing. The same Idempotency-Key answers the same result; another request with it, 409.
 */

const declineOfStatus: Partial<Record<CardStatus, DeclineReason>> = {
  frozen: 'card_frozen',
  lost: 'card_lost',
  destroyed: 'card_destroyed',
  inactive: 'card_inactive',
  restricted: 'card_restricted',
};

const keyConflict = () =>
  new AppError('conflict', 409, 'This idempotency key was already used for a different request.');

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** The request as the network meant it: a repeated key must come with the same one. */
function requestHash(body: CardAuthorizationBody, cardId: string): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        cardId,
        body.merchant_name.trim(),
        body.amount_minor,
        body.currency,
        body.category,
        body.at ? new Date(body.at).toISOString() : null,
      ]),
    )
    .digest('hex');
}

/** A recorded authorisation as the network hears it, with its cashback. */
async function resultOf(db: Database, idempotencyKey: string, hash: string) {
  const row = await db
    .selectFrom('card_authorizations as z')
    .leftJoin('cashback_accruals as k', 'k.authorization_id', 'z.id')
    .select([
      'z.id',
      'z.approved',
      'z.decline_reason',
      'z.transfer_id',
      'z.request_hash',
      'k.amount_minor as cashback_minor',
      'k.currency as cashback_currency',
    ])
    .where('z.idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash) throw keyConflict();
  return {
    authorization_id: row.id,
    approved: row.approved,
    decline_reason: row.decline_reason,
    transaction_id: row.transfer_id,
    cashback:
      row.cashback_minor === null || row.cashback_currency === null
        ? null
        : moneyOf(row.cashback_minor, row.cashback_currency),
  } satisfies CardAuthorizationResult;
}

export type AuthorizationOutcome = { result: CardAuthorizationResult; replayed: boolean };

/** Thrown inside the transaction when the key turns out to have been recorded meanwhile: roll back, answer that. */
class ReplayFound extends Error {
  constructor() {
    super('replay');
  }
}

/**
 * sandboxCardAuthorization. `body.at` (sandbox only) is the clock the limit windows are counted on and the purchase
 * and its cashback are dated by; the ledger transfer itself is dated when it is posted. An unknown card is 404 and
 * records nothing: there is nobody to show a decline to.
 */
export async function authorizeCard(
  db: Database,
  vault: CardVault,
  body: CardAuthorizationBody,
  idempotencyKey: string,
  now: Date = new Date(),
): Promise<AuthorizationOutcome> {
  const found = await db
    .selectFrom('cards')
    .select('id')
    .where(
      body.card_id !== undefined ? 'id' : 'number_hmac',
      '=',
      body.card_id ?? vault.numberHmac(body.card_number ?? ''),
    )
    .executeTakeFirst();
  if (!found) throw new AppError('not_found', 404, 'No card has this number.');
  const hash = requestHash(body, found.id);
  const earlier = await resultOf(db, idempotencyKey, hash);
  if (earlier) return { result: earlier, replayed: true };

  const at = body.at ? new Date(body.at) : now;
  const amount = BigInt(body.amount_minor);
  const merchantName = body.merchant_name.trim();
  try {
    const result = await db.transaction().execute(async (trx): Promise<CardAuthorizationResult> => {
      const card = await trx
        .selectFrom('cards as c')
        .innerJoin('ledger_accounts as a', 'a.id', 'c.account_id')
        .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
        .innerJoin('plans as p', 'p.id', 'm.plan_id')
        .select([
          'c.id',
          'c.merchant_id',
          'c.holder_user_id',
          'c.account_id',
          'c.status',
          'c.usage',
          'c.last4',
          'c.limit_frequency',
          'c.limit_transaction_minor',
          'c.limit_purchase_minor',
          'c.limit_ecommerce_minor',
          'c.limit_cash_minor',
          'a.currency',
          'p.cashback_rate_bp',
        ])
        .where('c.id', '=', found.id)
        .forUpdate('c')
        .executeTakeFirstOrThrow();
      // A concurrent request with this key waited for the card's lock and now finds the first one's result.
      const raced = await trx
        .selectFrom('card_authorizations')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (raced) throw new ReplayFound();

      const currency = card.currency.trim();
      let reason: DeclineReason | null = declineOfStatus[card.status] ?? null;
      if (!reason && body.currency !== currency) reason = 'currency_mismatch';
      if (!reason) {
        const spent = await spentInWindow(trx, card.id, card.limit_frequency, at);
        const over = (limit: bigint | null, used: bigint) => limit !== null && used + amount > limit;
        if (over(card.limit_transaction_minor, spent.total)) reason = 'limit_card_transaction';
        else if (body.category === 'pos' && over(card.limit_purchase_minor, spent.pos)) {
          reason = 'limit_card_purchase';
        } else if (body.category === 'online' && over(card.limit_ecommerce_minor, spent.online)) {
          reason = 'limit_card_ecommerce';
        } else if (body.category === 'atm' && over(card.limit_cash_minor, spent.atm)) {
          reason = 'limit_card_cash';
        }
      }

      const authorizationId = randomUUID();
      const transferKey = `card-auth:${authorizationId}`;
      // The card's currency even for a mismatch: a declined transfer moves nothing, and a network's odd currency
      // must not open a system account.
      const external = await systemAccount(trx, currency);
      let transferId: string | null = null;
      if (!reason) {
        try {
          const posted = await postTransfer(trx, {
            type: 'card_transaction',
            status: 'completed',
            amountMinor: amount,
            currency,
            debitAccountId: card.account_id,
            creditAccountId: external,
            counterpartyName: merchantName,
            reference: `Card ending ${card.last4}`,
            idempotencyKey: transferKey,
          });
          transferId = posted.transfer.id;
        } catch (error) {
          // The ledger's function refused without writing anything: the transaction goes on to record the decline.
          if (!(error instanceof AppError && error.code === 'insufficient_funds')) throw error;
          reason = 'insufficient_funds';
        }
      }
      if (reason) {
        const declined = await recordDeclinedTransfer(trx, {
          type: 'card_transaction',
          amountMinor: amount,
          currency: body.currency,
          debitAccountId: card.account_id,
          creditAccountId: external,
          counterpartyName: merchantName,
          reference: `Card ending ${card.last4}`,
          reason,
          idempotencyKey: transferKey,
        });
        transferId = declined.transfer.id;
      }
      if (!transferId) throw new Error('an authorisation without its transfer');

      await trx
        .insertInto('card_authorizations')
        .values({
          id: authorizationId,
          card_id: card.id,
          merchant_id: card.merchant_id,
          account_id: card.account_id,
          approved: reason === null,
          decline_reason: reason,
          amount_minor: amount,
          currency: body.currency,
          category: body.category,
          merchant_name: merchantName,
          at,
          transfer_id: transferId,
          idempotency_key: idempotencyKey,
          request_hash: hash,
        })
        .execute();
      if (reason) {
        // The owners and the card's holder hear of the decline (and get an email) with it.
        await cardDeclined(trx, {
          merchantId: card.merchant_id,
          holderUserId: card.holder_user_id,
          authorizationId,
          cardId: card.id,
          last4: card.last4,
          merchant: merchantName,
          amountMinor: amount,
          currency: body.currency,
          reason,
        });
      }

      let cashback: CardAuthorizationResult['cashback'] = null;
      if (reason === null) {
        if (card.usage === 'single') {
          await trx
            .updateTable('cards')
            .set({ status: 'restricted', restricted_at: now, updated_at: now })
            .where('id', '=', card.id)
            .execute();
        }
        // Cash from an ATM earns nothing; floor, so the bank never pays a fraction of a cent it did not owe.
        const earned = body.category === 'atm' ? 0n : (amount * BigInt(card.cashback_rate_bp)) / 10_000n;
        if (earned > 0n) {
          await trx
            .insertInto('cashback_accruals')
            .values({
              merchant_id: card.merchant_id,
              account_id: card.account_id,
              card_id: card.id,
              authorization_id: authorizationId,
              purchase_transfer_id: transferId,
              currency,
              purchase_minor: amount,
              rate_bp: card.cashback_rate_bp,
              amount_minor: earned,
              accrued_at: at,
            })
            .execute();
          cashback = moneyOf(earned, currency);
        }
      }
      return {
        authorization_id: authorizationId,
        approved: reason === null,
        decline_reason: reason,
        transaction_id: transferId,
        cashback,
      };
    });
    return { result, replayed: false };
  } catch (error) {
    if (error instanceof ReplayFound || isUniqueViolation(error)) {
      const prior = await resultOf(db, idempotencyKey, hash);
      if (prior) return { result: prior, replayed: true };
      // The key is held by a request of another card, which resultOf would have refused by its hash.
      throw keyConflict();
    }
    throw error;
  }
}
