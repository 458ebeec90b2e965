import { sql } from 'kysely';
import type { PlanCartBody, PlanOrderResult, PlanPeriod, PlanQuote } from '../../schemas/plans.schema';
import type { ShippingAddress } from '../../schemas/cards.schema';
import { moneyOf } from '../../schemas/money';
import { addressById, saveShippingAddress } from '../cards/addresses';
import { snapshotAddress } from '../cards/cards';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { postTransfer, systemAccount } from '../ledger';
import { insufficientFundsMessage } from '../payments/sendMoney';
import { addPeriod } from './periods';
import { lineViews, linesFrom, storedLines, writeInvoice, type StoredLine } from './invoices';
import { badField, freePlanId, priceChange, type BillingPlan, type PricedChange } from './pricing';
import {
  billingAccount,
  freeSubscription,
  loadPlans,
  lockSubscription,
  posOffer,
  readSubscription,
  setMerchantPlan,
  subscriptionView,
  type BillingActor,
} from './subscriptions';
import { uuidPattern } from '../db/ids';

/**
 * Plan checkout (SPEC §2 /plans/plan/checkout, /plans/address): a cart prices a change of plan, period or
 * the POS terminal and keeps it 30 minutes; paying it takes the price through the ledger, writes the invoice and
 * changes the subscription in ONE transaction. The shape is card ordering's (server/cards/ordering.ts).
 */

export const planCartTtlMs = 30 * 60 * 1000;

const cartNotFound = () => new AppError('not_found', 404, 'This plan order does not exist.');
const keyReused = () =>
  new AppError('conflict', 409, 'This idempotency key was already used for a different request.');
const quoteChanged = () =>
  new AppError(
    'quote_changed',
    409,
    'Your subscription or the prices changed since this price was shown; look at the new price and pay again.',
    { details: { state: 'changed' } },
  );

export const planLabel = (plan: BillingPlan, period: PlanPeriod) => `${plan.name} plan, ${period}`;

/** The invoice's and the transaction's words for what is bought (English; the PDF prints its own language). */
function describe(change: PricedChange): string {
  const parts: string[] = [];
  if (change.lines.some((line) => line.kind === 'plan')) parts.push(planLabel(change.plan, change.period));
  if (change.posTerminal) parts.push('POS terminal');
  return parts.join(' + ') || planLabel(change.plan, change.period);
}

type CartRow = {
  id: string;
  plan_id: string;
  period: PlanPeriod;
  pos_terminal: boolean;
  shipping_address: unknown;
  lines: unknown;
  total_minor: bigint;
  vat_minor: bigint;
  currency: string;
  effective: 'now' | 'period_end';
  effective_at: Date;
  next_billing_at: Date | null;
  expires_at: Date;
};

function quoteView(row: CartRow, availableMinor: bigint): PlanQuote {
  return {
    id: row.id,
    plan_id: row.plan_id,
    period: row.period,
    pos_terminal: row.pos_terminal,
    shipping_address: snapshotAddress(row.shipping_address),
    lines: lineViews(linesFrom(row.lines), row.currency),
    total: moneyOf(row.total_minor, row.currency),
    vat: moneyOf(row.vat_minor, row.currency),
    effective: row.effective,
    effective_at: row.effective_at.toISOString(),
    next_billing_at: row.next_billing_at?.toISOString() ?? null,
    available_balance: moneyOf(availableMinor, row.currency),
    expires_at: row.expires_at.toISOString(),
  };
}

/**
 * planCartInitialize: prices the change from the subscription at `now` (docs/plans.md), checks the POS terminal's
 * address (required with the terminal, refused without it) and keeps the quote 30 minutes. Nothing is charged or
 * saved yet. 400 for an unknown plan or an address where none belongs; 404 for an address_id not the merchant's;
 * 409 plan_unchanged for the plan and period the merchant already has.
 */
export async function planCartInitialize(
  db: Database,
  actor: BillingActor,
  body: PlanCartBody,
  now: Date = new Date(),
): Promise<PlanQuote> {
  let shipping: ShippingAddress | null = null;
  let saveAddress = false;
  if (body.pos_terminal) {
    if (!body.shipping) throw badField('shipping', 'The POS terminal needs a shipping address.');
    if ('address_id' in body.shipping) {
      shipping = await addressById(db, actor.merchantId, body.shipping.address_id);
    } else {
      shipping = body.shipping.address;
      saveAddress = body.shipping.save === true;
    }
  } else if (body.shipping) {
    throw badField('shipping', 'Only the POS terminal is shipped: leave the address out.');
  }
  const plans = await loadPlans(db);
  const change = priceChange(
    await readSubscription(db, actor.merchantId),
    plans,
    await posOffer(db),
    { planId: body.plan_id, period: body.period, posTerminal: body.pos_terminal },
    now,
  );
  const inserted = await db
    .insertInto('plan_carts')
    .values({
      merchant_id: actor.merchantId,
      created_by: actor.userId,
      plan_id: change.plan.id,
      period: change.period,
      pos_terminal: change.posTerminal,
      shipping_address: shipping
        ? JSON.stringify({ ...shipping, line2: shipping.line2?.trim() || null })
        : null,
      save_address: saveAddress,
      lines: JSON.stringify(storedLines(change.lines)),
      total_minor: change.totalMinor,
      vat_minor: change.vatMinor,
      currency: change.currency,
      effective: change.effective,
      effective_at: change.effectiveAt,
      next_billing_at: change.nextBillingAt,
      quoted_at: now,
      expires_at: new Date(now.getTime() + planCartTtlMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const account = await billingAccount(db, actor.merchantId, change.currency);
  return quoteView(inserted, account?.balanceMinor ?? 0n);
}

/** The quote as stored and as priced again: the same lines, total and dates, or it is no longer the same price. */
function sameQuote(stored: CartRow, again: PricedChange): boolean {
  // Field by field: jsonb keeps its own key order, so the stored lines are not the same text as fresh ones.
  const key = (line: StoredLine) => [line.kind, line.plan_id, line.period, line.amount_minor].join('|');
  const lines = linesFrom(stored.lines).map(key).join(';');
  return (
    lines === storedLines(again.lines).map(key).join(';') &&
    stored.total_minor === again.totalMinor &&
    stored.effective === again.effective &&
    stored.effective_at.getTime() === again.effectiveAt.getTime() &&
    (stored.next_billing_at?.getTime() ?? null) === (again.nextBillingAt?.getTime() ?? null)
  );
}

export type PlanPayResult = { order: PlanOrderResult; replayed: boolean };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * planCartPay: in ONE transaction, locks the cart (a second payment waits, then replays or is refused) and the
 * subscription, prices the quote again against the subscription as it is now (at the quote's clock, so only a change
 * of the subscription or of a price can differ: 409 quote_changed), takes the total from the merchant's account to
 * the bank's fee account through the ledger (a `subscription` transfer, status `paid`; nothing when the total is
 * zero), writes the invoice, changes the plan and the subscription, saves a new shipping address when asked and marks
 * the cart paid. The same key answers the first result; a cart paid with another key is 409 cart_paid; after 30
 * minutes 410 cart_expired. Too little money: 422 insufficient_funds with SPEC §8's message, and nothing changed.
 */
export async function planCartPay(
  db: Database,
  actor: BillingActor,
  cartId: string,
  idempotencyKey: string,
  now: Date = new Date(),
): Promise<PlanPayResult> {
  if (!uuidPattern.test(cartId)) throw cartNotFound();
  let paid: { invoiceId: string | null; transferId: string | null; replayed: boolean };
  try {
    paid = await db.transaction().execute(async (trx) => {
      const cart = await trx
        .selectFrom('plan_carts')
        .selectAll()
        .where('id', '=', cartId)
        .forUpdate()
        .executeTakeFirst();
      if (!cart || cart.merchant_id !== actor.merchantId) throw cartNotFound();
      if (cart.paid_at !== null) {
        if (cart.pay_idempotency_key === idempotencyKey) {
          return { invoiceId: cart.invoice_id, transferId: cart.transfer_id, replayed: true };
        }
        throw new AppError('cart_paid', 409, 'This plan order has already been paid.');
      }
      const keyUsed = await trx
        .selectFrom('plan_carts')
        .select('id')
        .where('merchant_id', '=', actor.merchantId)
        .where('pay_idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (keyUsed) throw keyReused();
      if (cart.expires_at <= now) {
        throw new AppError('cart_expired', 410, 'This price is no longer valid; start again.');
      }

      const state = await lockSubscription(trx, actor.merchantId);
      const plans = await loadPlans(trx);
      let change: PricedChange;
      try {
        change = priceChange(
          state,
          plans,
          await posOffer(trx),
          { planId: cart.plan_id, period: cart.period, posTerminal: cart.pos_terminal },
          cart.quoted_at,
        );
      } catch (error) {
        if (error instanceof AppError) throw quoteChanged();
        throw error;
      }
      if (!sameQuote(cart, change)) throw quoteChanged();

      const description = describe(change);
      let transferId: string | null = null;
      let invoiceId: string | null = null;
      if (change.totalMinor > 0n) {
        const account = await billingAccount(trx, actor.merchantId, change.currency);
        if (!account) throw new AppError('insufficient_funds', 422, insufficientFundsMessage);
        try {
          const posted = await postTransfer(trx, {
            type: 'subscription',
            status: 'paid',
            amountMinor: change.totalMinor,
            currency: change.currency,
            debitAccountId: account.id,
            creditAccountId: await systemAccount(trx, change.currency, 'fees'),
            counterpartyName: 'Tameio',
            reference: description,
            initiatedBy: actor.userId,
            // One payment per cart, whatever else happens.
            idempotencyKey: `plan-cart:${cart.id}`,
          });
          transferId = posted.transfer.id;
        } catch (error) {
          if (error instanceof AppError && error.code === 'insufficient_funds') {
            throw new AppError('insufficient_funds', 422, insufficientFundsMessage);
          }
          throw error;
        }
        invoiceId = await writeInvoice(trx, {
          merchantId: actor.merchantId,
          kind: 'purchase',
          status: 'paid',
          issuedAt: now,
          description,
          lines: change.lines,
          totalMinor: change.totalMinor,
          currency: change.currency,
          planId: change.plan.id,
          period: change.kind === 'start' ? change.period : null,
          periodStart: change.kind === 'start' ? now : null,
          // The period starts when it is paid (the quote's dates were as of the quote).
          periodEnd: change.kind === 'start' ? addPeriod(now, change.period) : null,
          transferId,
          renewalKey: null,
        });
      }

      const pos = state.hasPosTerminal || change.posTerminal;
      switch (change.kind) {
        case 'start': {
          if (!change.newPeriod) throw new Error('a new period without its dates');
          await trx
            .updateTable('subscriptions')
            .set({
              ...freeSubscription,
              period: change.period,
              current_period_start: now,
              current_period_end: addPeriod(now, change.period),
              period_price_minor: change.newPeriod.priceMinor,
              has_pos_terminal: pos,
              updated_at: sql<Date>`clock_timestamp()`,
            })
            .where('merchant_id', '=', actor.merchantId)
            .execute();
          await setMerchantPlan(trx, actor.merchantId, change.plan.id);
          break;
        }
        case 'free_now':
          await trx
            .updateTable('subscriptions')
            .set({ ...freeSubscription, has_pos_terminal: pos, updated_at: sql<Date>`clock_timestamp()` })
            .where('merchant_id', '=', actor.merchantId)
            .execute();
          await setMerchantPlan(trx, actor.merchantId, freePlanId);
          break;
        case 'schedule':
          await trx
            .updateTable('subscriptions')
            .set({
              cancel_at_period_end: false,
              cancelled_at: null,
              scheduled_plan_id: change.plan.id,
              scheduled_period: change.plan.id === freePlanId ? null : change.period,
              has_pos_terminal: pos,
              updated_at: sql<Date>`clock_timestamp()`,
            })
            .where('merchant_id', '=', actor.merchantId)
            .execute();
          break;
        case 'addon':
        case 'keep':
          await trx
            .updateTable('subscriptions')
            .set({
              cancel_at_period_end: false,
              cancelled_at: null,
              scheduled_plan_id: null,
              scheduled_period: null,
              has_pos_terminal: pos,
              updated_at: sql<Date>`clock_timestamp()`,
            })
            .where('merchant_id', '=', actor.merchantId)
            .execute();
          break;
      }

      const shipping = snapshotAddress(cart.shipping_address);
      if (shipping && cart.save_address) {
        await saveShippingAddress(trx, actor.merchantId, actor.userId, shipping);
      }
      await trx
        .updateTable('plan_carts')
        .set({
          paid_at: now,
          pay_idempotency_key: idempotencyKey,
          invoice_id: invoiceId,
          transfer_id: transferId,
        })
        .where('id', '=', cart.id)
        .execute();
      return { invoiceId, transferId, replayed: false };
    });
  } catch (error) {
    // The same key on two carts at once: the other committed first.
    if (isUniqueViolation(error)) throw keyReused();
    throw error;
  }
  const plans = await loadPlans(db);
  return {
    order: {
      subscription: subscriptionView(await readSubscription(db, actor.merchantId), plans),
      invoice_id: paid.invoiceId,
      transaction_id: paid.transferId,
    },
    replayed: paid.replayed,
  };
}
