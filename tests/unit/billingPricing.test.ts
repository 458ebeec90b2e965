import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatRateBp } from '../../schemas/plans.schema';
import { addPeriod, prorationCredit, vatIncluded } from '../../server/billing/periods';
import { priceChange, type BillingPlan, type SubscriptionState } from '../../server/billing/pricing';
import { nextRetryAt } from '../../server/billing/renewals';

// The pure half of billing (server/billing/periods.ts, pricing.ts; docs/plans.md): periods, proration, VAT, the retry
// schedule and which change takes effect when.

const plan = (id: string, monthly: bigint, yearly: bigint, sortOrder: number): BillingPlan => ({
  id,
  name: id,
  currency: 'EUR',
  monthlyPriceMinor: monthly,
  yearlyPriceMinor: yearly,
  sortOrder,
});
const plans = new Map([
  ['free', plan('free', 0n, 0n, 1)],
  ['business', plan('business', 1900n, 19_000n, 2)],
  ['premium', plan('premium', 4900n, 49_000n, 3)],
]);
const pos = { priceMinor: 14_900n, currency: 'EUR', availableWith: ['business', 'premium'] };
const onFree: SubscriptionState = {
  planId: 'free',
  period: null,
  status: 'active',
  periodStart: null,
  periodEnd: null,
  periodPriceMinor: 0n,
  cancelAtPeriodEnd: false,
  scheduledPlanId: null,
  scheduledPeriod: null,
  hasPosTerminal: false,
};
const start = new Date('2026-03-01T00:00:00Z');
const businessMonthly: SubscriptionState = {
  ...onFree,
  planId: 'business',
  period: 'monthly',
  periodStart: start,
  periodEnd: new Date('2026-04-01T00:00:00Z'),
  periodPriceMinor: 1900n,
};
const mid = new Date('2026-03-11T12:00:00Z');

describe('periods', () => {
  it('a month later on the same day and time, or the month’s last day', () => {
    expect(addPeriod(new Date('2026-01-15T09:30:00Z'), 'monthly').toISOString()).toBe(
      '2026-02-15T09:30:00.000Z',
    );
    expect(addPeriod(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addPeriod(new Date('2028-01-31T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(addPeriod(new Date('2026-12-31T23:00:00Z'), 'monthly').toISOString()).toBe(
      '2027-01-31T23:00:00.000Z',
    );
    expect(addPeriod(new Date('2028-02-29T10:00:00Z'), 'yearly').toISOString()).toBe(
      '2029-02-28T10:00:00.000Z',
    );
  });

  it('the retry schedule: 1, 3 and 7 days after the period’s end, then none', () => {
    const end = new Date('2026-04-01T00:00:00Z');
    expect(nextRetryAt(end, end)?.toISOString()).toBe('2026-04-02T00:00:00.000Z');
    expect(nextRetryAt(end, new Date('2026-04-02T00:00:00Z'))?.toISOString()).toBe(
      '2026-04-04T00:00:00.000Z',
    );
    expect(nextRetryAt(end, new Date('2026-04-05T00:00:00Z'))?.toISOString()).toBe(
      '2026-04-08T00:00:00.000Z',
    );
    expect(nextRetryAt(end, new Date('2026-04-08T00:00:00Z'))).toBeNull();
  });
});

describe('money', () => {
  it('VAT included: net rounded half up, net + VAT = total, VAT about 24/124 of the total', () => {
    expect(vatIncluded(12_400n, vatRateBp)).toEqual({ netMinor: 10_000n, vatMinor: 2400n });
    expect(vatIncluded(1900n, vatRateBp)).toEqual({ netMinor: 1532n, vatMinor: 368n });
    expect(vatIncluded(0n, vatRateBp)).toEqual({ netMinor: 0n, vatMinor: 0n });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (total) => {
        const { netMinor, vatMinor } = vatIncluded(total, vatRateBp);
        expect(netMinor + vatMinor).toBe(total);
        // |net × 1.24 − total| ≤ half a cent × 1.24
        const diff = netMinor * 12_400n - total * 10_000n;
        expect(diff <= 6200n && diff >= -6200n).toBe(true);
      }),
    );
  });

  it('the proration credit is pro rata by the second, never more than the price', () => {
    const end = new Date('2026-04-01T00:00:00Z');
    expect(prorationCredit(1900n, start, end, mid)).toBe(1256n);
    expect(prorationCredit(1900n, start, end, start)).toBe(1900n);
    expect(prorationCredit(1900n, start, end, end)).toBe(0n);
    expect(prorationCredit(1900n, start, end, new Date('2026-05-01T00:00:00Z'))).toBe(0n);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 31 * 86_400 }), (second) => {
        const credit = prorationCredit(1900n, start, end, new Date(start.getTime() + second * 1000));
        expect(credit >= 0n && credit <= 1900n).toBe(true);
      }),
    );
  });
});

describe('which change takes effect when', () => {
  it('a first paid plan starts now at its full price', () => {
    const change = priceChange(
      onFree,
      plans,
      pos,
      { planId: 'business', period: 'yearly', posTerminal: false },
      mid,
    );
    expect(change).toMatchObject({ kind: 'start', effective: 'now', totalMinor: 19_000n });
    expect(change.nextBillingAt?.toISOString()).toBe('2027-03-11T12:00:00.000Z');
  });

  it('an upgrade credits the unused time; monthly → yearly on the same plan is an upgrade', () => {
    const up = priceChange(
      businessMonthly,
      plans,
      pos,
      { planId: 'premium', period: 'monthly', posTerminal: false },
      mid,
    );
    expect(up).toMatchObject({ kind: 'start', totalMinor: 4900n - 1256n });
    const yearly = priceChange(
      businessMonthly,
      plans,
      pos,
      { planId: 'business', period: 'yearly', posTerminal: false },
      mid,
    );
    expect(yearly).toMatchObject({ kind: 'start', totalMinor: 19_000n - 1256n });
  });

  it('a credit larger than the new price is capped: never below zero', () => {
    const premiumYearly: SubscriptionState = {
      ...businessMonthly,
      planId: 'premium',
      period: 'yearly',
      periodEnd: new Date('2027-03-01T00:00:00Z'),
      periodPriceMinor: 49_000n,
    };
    // No plan is dearer than Premium, so test the cap on a hypothetical one.
    const plus = new Map([...plans, ['plus', plan('plus', 5900n, 59_000n, 4)]]);
    const change = priceChange(
      premiumYearly,
      plus,
      pos,
      { planId: 'plus', period: 'monthly', posTerminal: false },
      mid,
    );
    expect(change.totalMinor).toBe(0n);
    expect(change.lines.map((l) => l.amountMinor)).toEqual([5900n, -5900n]);
  });

  it('a downgrade waits for the period’s end and charges nothing but a POS terminal', () => {
    const down = priceChange(
      businessMonthly,
      plans,
      pos,
      { planId: 'free', period: 'monthly', posTerminal: false },
      mid,
    );
    expect(down).toMatchObject({
      kind: 'schedule',
      effective: 'period_end',
      totalMinor: 0n,
      nextBillingAt: null,
    });
    const premiumYearly = { ...businessMonthly, planId: 'premium', period: 'yearly' as const };
    const withPos = priceChange(
      premiumYearly,
      plans,
      pos,
      { planId: 'premium', period: 'monthly', posTerminal: true },
      mid,
    );
    expect(withPos).toMatchObject({ kind: 'schedule', totalMinor: 14_900n });
  });

  it('the same plan and period: 409, unless it adds the terminal or keeps a plan that was leaving', () => {
    expect(() =>
      priceChange(
        businessMonthly,
        plans,
        pos,
        { planId: 'business', period: 'monthly', posTerminal: false },
        mid,
      ),
    ).toThrow(expect.objectContaining({ code: 'plan_unchanged' }));
    expect(
      priceChange(
        businessMonthly,
        plans,
        pos,
        { planId: 'business', period: 'monthly', posTerminal: true },
        mid,
      ),
    ).toMatchObject({ kind: 'addon', totalMinor: 14_900n });
    expect(
      priceChange(
        { ...businessMonthly, cancelAtPeriodEnd: true },
        plans,
        pos,
        { planId: 'business', period: 'monthly', posTerminal: false },
        mid,
      ),
    ).toMatchObject({ kind: 'keep', totalMinor: 0n });
    expect(() =>
      priceChange(onFree, plans, pos, { planId: 'free', period: 'monthly', posTerminal: false }, mid),
    ).toThrow(expect.objectContaining({ code: 'plan_unchanged' }));
  });

  it('a lapsed renewal: any paid plan starts now in full, Free at once', () => {
    const lapsed: SubscriptionState = { ...businessMonthly, status: 'past_due' };
    const after = new Date('2026-04-02T00:00:00Z');
    expect(
      priceChange(lapsed, plans, pos, { planId: 'business', period: 'monthly', posTerminal: false }, after),
    ).toMatchObject({ kind: 'start', totalMinor: 1900n });
    expect(
      priceChange(lapsed, plans, pos, { planId: 'free', period: 'monthly', posTerminal: false }, after),
    ).toMatchObject({ kind: 'free_now', effective: 'now' });
  });

  it('refuses an unknown plan and a terminal the plan cannot carry', () => {
    expect(() =>
      priceChange(onFree, plans, pos, { planId: 'gold', period: 'monthly', posTerminal: false }, mid),
    ).toThrow(
      expect.objectContaining({ code: 'validation_failed', fields: { plan_id: 'There is no such plan.' } }),
    );
    expect(() =>
      priceChange(onFree, plans, pos, { planId: 'free', period: 'monthly', posTerminal: true }, mid),
    ).toThrow(
      expect.objectContaining({ fields: { pos_terminal: 'The POS terminal comes with a paid plan.' } }),
    );
  });
});
