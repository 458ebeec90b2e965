import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { planPerkKeys } from '../../schemas/plans.schema';
import { featuresOfEveryPlan, planPerks, type PlanTerms } from '../../server/plans';
import { perkText } from '../../src/i18n/planText';

// The plans page lists what the server derives from each plan (server/plans.ts planPerks), never a hand-typed list:
// so a perk shown is one the plan allows, and a feature every plan allows is shown on every plan.

const terms = (physical: bigint, virtual: bigint, cashbackRateBp: number): PlanTerms => ({
  physicalCardPriceMinor: physical,
  virtualCardPriceMinor: virtual,
  cashbackRateBp,
});
const free = terms(1490n, 200n, 25);
const business = terms(490n, 0n, 50);
const premium = terms(0n, 0n, 100);
const all = [free, business, premium];

describe('plan perks', () => {
  it('follow the card prices and the cashback rate, and list every feature no plan limits', () => {
    expect(planPerks(free, all)).toEqual([
      'wallet',
      'virtual_cards',
      'physical_cards',
      'cashback',
      'employees',
      'analytics',
    ]);
    expect(planPerks(business, all)).toContain('discounted_physical_cards');
    expect(planPerks(premium, all)).toContain('free_physical_cards');
    expect(planPerks(terms(1490n, 200n, 0), all)).not.toContain('cashback');
    for (const plan of [...all, terms(0n, 0n, 0)]) {
      for (const feature of Object.keys(featuresOfEveryPlan)) expect(planPerks(plan, all)).toContain(feature);
    }
  });

  it('are each worded by the app', () => {
    const intl = createIntl({ locale: 'en', messages: {}, onError: () => {} });
    for (const perk of planPerkKeys) expect(perkText(intl, perk), perk).not.toBeNull();
  });
});
