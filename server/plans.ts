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
  perks: string[];
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
      'p.perks',
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
    perks: row.perks,
  };
}
