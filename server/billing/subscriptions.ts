import type { Transaction } from 'kysely';
import { moneyOf } from '../../schemas/money';
import type { PlanPeriod, PlansResponse, Subscription, Plan as PlanView } from '../../schemas/plans.schema';
import type { DB } from '../db/types';
import type { Db } from '../ledger';
import { planPerks } from '../plans';
import type { BillingPlan, PosOffer, SubscriptionState } from './pricing';

/**
 * The subscription (migration 020): the billing state beside the merchant's plan (`merchants.plan_id`, which cards
 * and cashback read). Reading, locking and showing it.
 */

export type BillingActor = { merchantId: string; userId: string };

export async function loadPlans(db: Db): Promise<Map<string, BillingPlan>> {
  const rows = await db
    .selectFrom('plans')
    .select(['id', 'name', 'currency', 'monthly_price_minor', 'yearly_price_minor', 'sort_order'])
    .orderBy('sort_order')
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        currency: row.currency,
        monthlyPriceMinor: row.monthly_price_minor,
        yearlyPriceMinor: row.yearly_price_minor,
        sortOrder: row.sort_order,
      },
    ]),
  );
}

export async function posOffer(db: Db): Promise<PosOffer> {
  const row = await db
    .selectFrom('plan_addons')
    .select(['price_minor', 'currency', 'available_with'])
    .where('id', '=', 'pos_terminal')
    .executeTakeFirstOrThrow();
  return { priceMinor: row.price_minor, currency: row.currency, availableWith: row.available_with };
}

type SubscriptionRow = {
  period: PlanPeriod | null;
  status: 'active' | 'past_due';
  current_period_start: Date | null;
  current_period_end: Date | null;
  period_price_minor: bigint;
  cancel_at_period_end: boolean;
  scheduled_plan_id: string | null;
  scheduled_period: PlanPeriod | null;
  retry_attempts: number;
  next_retry_at: Date | null;
  downgrade_at: Date | null;
  has_pos_terminal: boolean;
};

export type LoadedSubscription = SubscriptionState & {
  retryAttempts: number;
  nextRetryAt: Date | null;
  downgradeAt: Date | null;
};

const subscriptionColumns = [
  'period',
  'status',
  'current_period_start',
  'current_period_end',
  'period_price_minor',
  'cancel_at_period_end',
  'scheduled_plan_id',
  'scheduled_period',
  'retry_attempts',
  'next_retry_at',
  'downgrade_at',
  'has_pos_terminal',
] as const;

function stateOf(planId: string, row: SubscriptionRow | undefined): LoadedSubscription {
  return {
    planId,
    period: row?.period ?? null,
    status: row?.status ?? 'active',
    periodStart: row?.current_period_start ?? null,
    periodEnd: row?.current_period_end ?? null,
    periodPriceMinor: row?.period_price_minor ?? 0n,
    cancelAtPeriodEnd: row?.cancel_at_period_end ?? false,
    scheduledPlanId: row?.scheduled_plan_id ?? null,
    scheduledPeriod: row?.scheduled_period ?? null,
    hasPosTerminal: row?.has_pos_terminal ?? false,
    retryAttempts: row?.retry_attempts ?? 0,
    nextRetryAt: row?.next_retry_at ?? null,
    downgradeAt: row?.downgrade_at ?? null,
  };
}

async function merchantPlanId(db: Db, merchantId: string): Promise<string> {
  const merchant = await db
    .selectFrom('merchants')
    .select('plan_id')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return merchant.plan_id;
}

/** The subscription as it is now, without locking (a merchant without a row: its plan, no billing period). */
export async function readSubscription(db: Db, merchantId: string): Promise<LoadedSubscription> {
  const row = await db
    .selectFrom('subscriptions')
    .select(subscriptionColumns)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return stateOf(await merchantPlanId(db, merchantId), row);
}

/**
 * In a transaction: the merchant's subscription row, created when missing, locked FOR UPDATE. Every change of plan,
 * period, cancellation or renewal takes this lock first, so two of them for one merchant run one after the other.
 */
export async function lockSubscription(
  trx: Transaction<DB>,
  merchantId: string,
): Promise<LoadedSubscription> {
  await trx
    .insertInto('subscriptions')
    .values({ merchant_id: merchantId })
    .onConflict((oc) => oc.column('merchant_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('subscriptions')
    .select(subscriptionColumns)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // Read after the lock: a plan change committed while we waited is seen.
  return stateOf(await merchantPlanId(trx, merchantId), row);
}

/** The columns that put a subscription on Free (a cancellation ended, a downgrade to Free, a lapsed renewal). */
export const freeSubscription = {
  period: null,
  status: 'active',
  current_period_start: null,
  current_period_end: null,
  period_price_minor: 0n,
  cancel_at_period_end: false,
  cancelled_at: null,
  scheduled_plan_id: null,
  scheduled_period: null,
  retry_attempts: 0,
  next_retry_at: null,
  downgrade_at: null,
} as const;

export async function setMerchantPlan(
  trx: Transaction<DB>,
  merchantId: string,
  planId: string,
): Promise<void> {
  await trx.updateTable('merchants').set({ plan_id: planId }).where('id', '=', merchantId).execute();
}

export function subscriptionView(state: LoadedSubscription, plans: Map<string, BillingPlan>): Subscription {
  const plan = plans.get(state.planId);
  const iso = (at: Date | null) => (at ? at.toISOString() : null);
  return {
    plan_id: state.planId,
    plan_name: plan?.name ?? state.planId,
    period: state.period,
    status: state.status,
    current_period_start: iso(state.periodStart),
    current_period_end: iso(state.periodEnd),
    cancel_at_period_end: state.cancelAtPeriodEnd,
    scheduled_change:
      state.scheduledPlanId && state.periodEnd
        ? {
            plan_id: state.scheduledPlanId,
            period: state.scheduledPeriod,
            effective_at: state.periodEnd.toISOString(),
          }
        : null,
    next_retry_at: iso(state.nextRetryAt),
    downgrade_at: iso(state.downgradeAt),
    has_pos_terminal: state.hasPosTerminal,
  };
}

export async function subscriptionOf(db: Db, merchantId: string): Promise<Subscription> {
  return subscriptionView(await readSubscription(db, merchantId), await loadPlans(db));
}

/** plans: every plan with its prices, yearly saving, card prices and perks (what it allows); the POS terminal; the subscription. */
export async function plansView(db: Db, merchantId: string): Promise<PlansResponse> {
  const rows = await db
    .selectFrom('plans')
    .select([
      'id',
      'name',
      'currency',
      'monthly_price_minor',
      'yearly_price_minor',
      'cashback_rate_bp',
      'physical_card_price_minor',
      'virtual_card_price_minor',
    ])
    .orderBy('sort_order')
    .execute();
  const terms = rows.map((row) => ({
    physicalCardPriceMinor: row.physical_card_price_minor,
    virtualCardPriceMinor: row.virtual_card_price_minor,
    cashbackRateBp: row.cashback_rate_bp,
  }));
  const items: PlanView[] = rows.map((row, index) => ({
    id: row.id,
    name: row.name,
    monthly_price: moneyOf(row.monthly_price_minor, row.currency),
    yearly_price: moneyOf(row.yearly_price_minor, row.currency),
    yearly_saving: moneyOf(row.monthly_price_minor * 12n - row.yearly_price_minor, row.currency),
    cashback_rate_bp: row.cashback_rate_bp,
    card_prices: {
      physical: moneyOf(row.physical_card_price_minor, row.currency),
      virtual: moneyOf(row.virtual_card_price_minor, row.currency),
    },
    // What the plan allows, derived (server/plans.ts), not the migration's hand-typed list.
    perks: planPerks(terms[index]!, terms),
  }));
  const pos = await posOffer(db);
  return {
    items,
    pos_terminal: { price: moneyOf(pos.priceMinor, pos.currency), available_with: pos.availableWith },
    subscription: await subscriptionOf(db, merchantId),
  };
}

/** The merchant's account that plan charges are taken from: its account in the plan's currency. */
export async function billingAccount(
  db: Db,
  merchantId: string,
  currency: string,
): Promise<{ id: string; balanceMinor: bigint } | null> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance_minor'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'merchant')
    .where('currency', '=', currency)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, balanceMinor: row.balance_minor } : null;
}
