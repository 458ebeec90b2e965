import type { PlanPerk } from '../schemas/plans.schema';
import type { OperationId } from '../schemas/permissions';
import type { Db } from './ledger';

/**
 * Plans (migration 017, docs/plans.md): a merchant is always on one; its prices and cashback rate are read here by
 * card ordering (server/cards/ordering.ts) and cashback (server/cards/cashback.ts); server/billing/ changes it.
 */

export type Plan = {
  id: string;
  name: string;
  currency: string;
  monthlyPriceMinor: bigint;
  yearlyPriceMinor: bigint;
  cashbackRateBp: number;
  physicalCardPriceMinor: bigint;
  virtualCardPriceMinor: bigint;
};

/** The merchant's current plan. */
export async function planOf(db: Db, merchantId: string): Promise<Plan> {
  const row = await db
    .selectFrom('merchants as m')
    .innerJoin('plans as p', 'p.id', 'm.plan_id')
    .select([
      'p.id',
      'p.name',
      'p.currency',
      'p.monthly_price_minor',
      'p.yearly_price_minor',
      'p.cashback_rate_bp',
      'p.physical_card_price_minor',
      'p.virtual_card_price_minor',
    ])
    .where('m.id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    monthlyPriceMinor: row.monthly_price_minor,
    yearlyPriceMinor: row.yearly_price_minor,
    cashbackRateBp: row.cashback_rate_bp,
    physicalCardPriceMinor: row.physical_card_price_minor,
    virtualCardPriceMinor: row.virtual_card_price_minor,
  };
}

/**
 * The features no plan limits, each with the operations that use it: the server checks the plan before none of them
 * (schemas/permissions.ts gates by role and access level only), so every plan lists them. tests/api/plans.test.ts
 * calls these operations on every plan, so a plan limit added later without changing this list fails there.
 */
export const featuresOfEveryPlan = {
  wallet: ['coreBankingAccounts', 'sendMoney'],
  employees: ['employees', 'inviteEmployee'],
  analytics: ['analyticsAmounts', 'analyticsMonthlyAmounts'],
} as const satisfies Partial<Record<PlanPerk, readonly OperationId[]>>;

/** What decides a plan's card and cashback perks: the prices card ordering charges and the rate cashback pays. */
export type PlanTerms = Pick<Plan, 'physicalCardPriceMinor' | 'virtualCardPriceMinor' | 'cashbackRateBp'>;

/**
 * A plan's perks as the plans page lists them, derived from what the server does on that plan, never typed by hand:
 * the features every plan opens (`featuresOfEveryPlan`); virtual and physical cards, free when the plan's price for
 * them is zero and "at a discount" when below the dearest plan's; cashback when its rate is above zero.
 */
export function planPerks(plan: PlanTerms, allPlans: readonly PlanTerms[]): PlanPerk[] {
  const dearestPhysical = allPlans.reduce(
    (most, other) => (other.physicalCardPriceMinor > most ? other.physicalCardPriceMinor : most),
    plan.physicalCardPriceMinor,
  );
  const perks: PlanPerk[] = ['wallet'];
  perks.push(plan.virtualCardPriceMinor === 0n ? 'free_virtual_cards' : 'virtual_cards');
  if (plan.physicalCardPriceMinor === 0n) perks.push('free_physical_cards');
  else if (plan.physicalCardPriceMinor < dearestPhysical) perks.push('discounted_physical_cards');
  else perks.push('physical_cards');
  if (plan.cashbackRateBp > 0) perks.push('cashback');
  perks.push('employees', 'analytics');
  return perks;
}
