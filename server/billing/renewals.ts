import { sql, type Transaction } from 'kysely';
import {
  renewalGraceDays,
  renewalRetryDays,
  type BillingRunResult,
  type PlanPeriod,
} from '../../schemas/plans.schema';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { postTransfer, systemAccount } from '../ledger';
import { planRenewal } from '../notifications/events';
import { planLabel } from './cart';
import { settleDueDeletion } from './deletion';
import { writeInvoice } from './invoices';
import { emailOwner } from './messages';
import { addDays, addPeriod } from './periods';
import { freePlanId, isPaid, priceOf } from './pricing';
import {
  billingAccount,
  freeSubscription,
  loadPlans,
  lockSubscription,
  setMerchantPlan,
} from './subscriptions';

/**
 * The billing job (docs/plans.md "Renewals"; ADR 007's shape): for each subscription whose period ended, or whose
 * failed renewal is due for a retry, in its own transaction under the subscription's row lock (claimed with FOR UPDATE
 * SKIP LOCKED, so two processes never take the same one):
 * - cancelled, or a downgrade to Free waiting → Free;
 * - a downgrade to another paid plan or period waiting → that plan, then renewed at its price;
 * - otherwise renewed: the period's price in ONE idempotent transfer (key `renewal:<merchant>:<period start>`) and an
 *   invoice; when the balance is short the subscription is past due, the invoice failed, the owner emailed, and the
 *   job tries again `renewalRetryDays` after the period's end; when the last try fails (`renewalGraceDays` after it)
 *   the merchant moves to Free and is emailed.
 * Then the account deletions that fell due (server/billing/deletion.ts). It takes the clock as input; a second run at
 * the same clock finds nothing due and charges nothing.
 */

export const billingRunBatchSize = 500;

type RenewOutcome = 'renewed' | 'renewal_failed' | 'downgraded' | 'skipped';

export type BillingRunOptions = {
  batchSize?: number;
  /** Called with the outbox rows each committed transaction wrote, to deliver them. */
  onMessages?: (outboxIds: string[]) => void;
};

/** The retry after a failed try at `now`: the first scheduled day after the period's end still ahead; none: give up. */
export function nextRetryAt(periodEnd: Date, now: Date): Date | null {
  for (const days of renewalRetryDays) {
    const at = addDays(periodEnd, days);
    if (at > now) return at;
  }
  return null;
}

async function toFree(
  trx: Transaction<DB>,
  merchantId: string,
  planName: string,
  reason: 'cancelled' | 'scheduled' | 'unpaid',
): Promise<string[]> {
  await trx
    .updateTable('subscriptions')
    .set({ ...freeSubscription, updated_at: sql<Date>`clock_timestamp()` })
    .where('merchant_id', '=', merchantId)
    .execute();
  await setMerchantPlan(trx, merchantId, freePlanId);
  return emailOwner(trx, merchantId, { kind: 'moved_to_free', planName, reason });
}

/** One due subscription, claimed and settled in one transaction. */
async function renewOne(
  db: Database,
  now: Date,
  skip: string[],
): Promise<{ outcome: RenewOutcome; changed: boolean; merchantId: string | null; outboxIds: string[] }> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('subscriptions')
      .select('merchant_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'active'), eb('current_period_end', '<=', now)]),
          eb.and([eb('status', '=', 'past_due'), eb('next_retry_at', '<=', now)]),
        ]),
      )
      .orderBy('current_period_end')
      .orderBy('merchant_id')
      .limit(1)
      .forUpdate()
      .skipLocked();
    if (skip.length > 0) query = query.where('merchant_id', 'not in', skip);
    const claimed = await query.executeTakeFirst();
    if (!claimed) return { outcome: 'skipped' as const, changed: false, merchantId: null, outboxIds: [] };
    const merchantId = claimed.merchant_id;
    const state = await lockSubscription(trx, merchantId);
    const plans = await loadPlans(trx);
    const current = plans.get(state.planId);
    const periodEnd = state.periodEnd;
    if (!current || !periodEnd || !state.period) {
      // Nothing to renew (a row with an end but no plan period cannot be written; defensive).
      return { outcome: 'skipped' as const, changed: false, merchantId, outboxIds: [] };
    }

    if (!isPaid(current)) {
      // A period on a plan that costs nothing (the plan was set by hand): nothing to bill, the period just ends.
      await trx
        .updateTable('subscriptions')
        .set({
          ...freeSubscription,
          has_pos_terminal: state.hasPosTerminal,
          updated_at: sql<Date>`clock_timestamp()`,
        })
        .where('merchant_id', '=', merchantId)
        .execute();
      return { outcome: 'skipped' as const, changed: false, merchantId, outboxIds: [] };
    }

    if (state.cancelAtPeriodEnd || state.scheduledPlanId === freePlanId) {
      const outboxIds = await toFree(
        trx,
        merchantId,
        current.name,
        state.cancelAtPeriodEnd ? 'cancelled' : 'scheduled',
      );
      return { outcome: 'downgraded' as const, changed: false, merchantId, outboxIds };
    }

    // A waiting downgrade to another paid plan or period takes effect now, and is what gets renewed.
    let plan = current;
    let period: PlanPeriod = state.period;
    let changed = false;
    if (state.scheduledPlanId) {
      const scheduled = plans.get(state.scheduledPlanId);
      if (scheduled) {
        plan = scheduled;
        period = state.scheduledPeriod ?? state.period;
        changed = true;
        await trx
          .updateTable('subscriptions')
          .set({
            period,
            scheduled_plan_id: null,
            scheduled_period: null,
            updated_at: sql<Date>`clock_timestamp()`,
          })
          .where('merchant_id', '=', merchantId)
          .execute();
        await setMerchantPlan(trx, merchantId, plan.id);
      }
    }

    // The next period follows the last without a gap, unless the job missed more than a whole period (it was not
    // running): then it starts now, and the time nobody billed is not charged after the fact.
    const start = addPeriod(periodEnd, period) > now ? periodEnd : now;
    const end = addPeriod(start, period);
    const price = priceOf(plan, period);
    const renewalKey = `renewal:${merchantId}:${start.toISOString()}`;
    const description = `Renewal: ${planLabel(plan, period)}`;
    const lines = [{ kind: 'plan' as const, planId: plan.id, period, amountMinor: price }];

    let transferId: string | null = null;
    const account = await billingAccount(trx, merchantId, plan.currency);
    if (price > 0n && account) {
      try {
        const posted = await postTransfer(trx, {
          type: 'subscription',
          status: 'paid',
          amountMinor: price,
          currency: plan.currency,
          debitAccountId: account.id,
          creditAccountId: await systemAccount(trx, plan.currency, 'fees'),
          counterpartyName: 'Tameio',
          reference: description,
          // One charge per merchant and period, however many runs, retries or processes try it.
          idempotencyKey: renewalKey,
        });
        transferId = posted.transfer.id;
      } catch (error) {
        // The ledger refuses before it writes anything: the transaction goes on to record the failure.
        if (!(error instanceof AppError) || error.code !== 'insufficient_funds') throw error;
      }
    }

    const invoice = await trx
      .selectFrom('invoices')
      .select(['id', 'status'])
      .where('renewal_key', '=', renewalKey)
      .executeTakeFirst();

    if (transferId || price === 0n) {
      if (transferId) {
        if (invoice) {
          // The retry that paid the failed renewal: the same invoice, now paid.
          await trx
            .updateTable('invoices')
            .set({ status: 'paid', paid_at: now, transfer_id: transferId })
            .where('id', '=', invoice.id)
            .execute();
        } else {
          await writeInvoice(trx, {
            merchantId,
            kind: 'renewal',
            status: 'paid',
            issuedAt: now,
            description,
            lines,
            totalMinor: price,
            currency: plan.currency,
            planId: plan.id,
            period,
            periodStart: start,
            periodEnd: end,
            transferId,
            renewalKey,
          });
        }
      }
      await trx
        .updateTable('subscriptions')
        .set({
          ...freeSubscription,
          period,
          current_period_start: start,
          current_period_end: end,
          period_price_minor: price,
          updated_at: sql<Date>`clock_timestamp()`,
        })
        .where('merchant_id', '=', merchantId)
        .execute();
      if (transferId) {
        await planRenewal(trx, {
          merchantId,
          renewalKey,
          attempt: state.retryAttempts,
          outcome: 'renewed',
          planName: plan.name,
          amountMinor: price,
          currency: plan.currency,
          periodEnd: end,
        });
      }
      return { outcome: 'renewed' as const, changed, merchantId, outboxIds: [] };
    }

    // Too little money (or no account in the plan's currency).
    if (!invoice) {
      await writeInvoice(trx, {
        merchantId,
        kind: 'renewal',
        status: 'failed',
        issuedAt: now,
        description,
        lines,
        totalMinor: price,
        currency: plan.currency,
        planId: plan.id,
        period,
        periodStart: start,
        periodEnd: end,
        transferId: null,
        renewalKey,
      });
    }
    const retryAt = nextRetryAt(periodEnd, now);
    // The owners hear of each failed attempt (the billing emails below are this event's: the notification sends none).
    await planRenewal(trx, {
      merchantId,
      renewalKey,
      attempt: state.retryAttempts + 1,
      outcome: 'failed',
      planName: plan.name,
      amountMinor: price,
      currency: plan.currency,
      nextRetryAt: retryAt,
    });
    if (!retryAt) {
      const outboxIds = await toFree(trx, merchantId, plan.name, 'unpaid');
      return { outcome: 'downgraded' as const, changed, merchantId, outboxIds };
    }
    const downgradeAt = addDays(periodEnd, renewalGraceDays);
    await trx
      .updateTable('subscriptions')
      .set({
        status: 'past_due',
        retry_attempts: state.retryAttempts + 1,
        next_retry_at: retryAt,
        downgrade_at: downgradeAt,
        updated_at: sql<Date>`clock_timestamp()`,
      })
      .where('merchant_id', '=', merchantId)
      .execute();
    const outboxIds = await emailOwner(trx, merchantId, {
      kind: 'renewal_failed',
      planName: plan.name,
      amountMinor: price,
      currency: plan.currency,
      nextRetryAt: retryAt,
      downgradeAt,
    });
    return { outcome: 'renewal_failed' as const, changed, merchantId, outboxIds };
  });
}

/** runBilling: every due subscription once, then every due account deletion once (see above). */
export async function runBilling(
  db: Database,
  now: Date = new Date(),
  options: BillingRunOptions = {},
): Promise<BillingRunResult> {
  const result: BillingRunResult = {
    renewed: 0,
    renewal_failed: 0,
    downgraded: 0,
    changed: 0,
    deletions_completed: 0,
    deletions_blocked: 0,
  };
  const limit = options.batchSize ?? billingRunBatchSize;
  // Each subscription at most once per run: one whose period is still behind the clock after a renewal (a job that
  // was down) catches up on the next run, never twice in one.
  const seen: string[] = [];
  while (seen.length < limit) {
    const run = await renewOne(db, now, seen);
    if (!run.merchantId) break;
    seen.push(run.merchantId);
    if (run.outcome !== 'skipped') result[run.outcome] += 1;
    if (run.changed) result.changed += 1;
    if (run.outboxIds.length > 0) options.onMessages?.(run.outboxIds);
  }
  const deletions: string[] = [];
  while (deletions.length < limit) {
    const run = await settleDueDeletion(db, now, deletions);
    if (!run.id) break;
    deletions.push(run.id);
    if (run.outcome === 'completed') result.deletions_completed += 1;
    if (run.outcome === 'blocked') result.deletions_blocked += 1;
    if (run.outboxIds.length > 0) options.onMessages?.(run.outboxIds);
  }
  return result;
}
