import { vatRateBp, type PlanPeriod } from '../../schemas/plans.schema';
import { AppError } from '../errors';
import { addPeriod, prorationCredit, vatIncluded } from './periods';

/**
 * Pricing a plan change (docs/plans.md "Changing plan"): what is charged now, when the change takes effect and what
 * the next billing date becomes. Pure: the caller reads the subscription, the plans and the clock; quoting a cart and
 * paying it call the same function, so the price shown is the price charged.
 */

export type BillingPlan = {
  id: string;
  name: string;
  currency: string;
  monthlyPriceMinor: bigint;
  yearlyPriceMinor: bigint;
  sortOrder: number;
};

export type SubscriptionState = {
  planId: string;
  period: PlanPeriod | null;
  status: 'active' | 'past_due';
  periodStart: Date | null;
  periodEnd: Date | null;
  /** What the current period was charged at: the base of the proration credit. */
  periodPriceMinor: bigint;
  cancelAtPeriodEnd: boolean;
  scheduledPlanId: string | null;
  scheduledPeriod: PlanPeriod | null;
  hasPosTerminal: boolean;
};

export type PosOffer = { priceMinor: bigint; currency: string; availableWith: string[] };

export type ChangeRequest = { planId: string; period: PlanPeriod; posTerminal: boolean };

/**
 * - `start`: a paid plan starts a new period now (a first paid plan, an upgrade, or any plan while no paid period
 *   runs), with the unused part of a running period credited;
 * - `free_now`: to Free at once (only when no paid period runs: a lapsed renewal or a plan granted without billing);
 * - `schedule`: a downgrade, taking effect at the period's end, charging nothing now (a POS terminal excepted);
 * - `addon`: the same plan and period, with the POS terminal bought now;
 * - `keep`: the same plan and period while a cancellation or a downgrade waits: keeping it clears them.
 */
export type ChangeKind = 'start' | 'free_now' | 'schedule' | 'addon' | 'keep';

export type PricedLine = {
  kind: 'plan' | 'proration_credit' | 'pos_terminal';
  planId: string | null;
  period: PlanPeriod | null;
  amountMinor: bigint;
};

export type PricedChange = {
  kind: ChangeKind;
  plan: BillingPlan;
  period: PlanPeriod;
  posTerminal: boolean;
  /** What is charged now, line by line; their sum is `totalMinor`. */
  lines: PricedLine[];
  totalMinor: bigint;
  vatMinor: bigint;
  currency: string;
  effective: 'now' | 'period_end';
  effectiveAt: Date;
  nextBillingAt: Date | null;
  /** For `start`: the period that begins, and its list price (the base of a later credit). */
  newPeriod: { start: Date; end: Date; priceMinor: bigint } | null;
};

export const freePlanId = 'free';

export function priceOf(plan: BillingPlan, period: PlanPeriod): bigint {
  return period === 'monthly' ? plan.monthlyPriceMinor : plan.yearlyPriceMinor;
}

export function isPaid(plan: BillingPlan): boolean {
  return plan.monthlyPriceMinor > 0n || plan.yearlyPriceMinor > 0n;
}

/** Dearer first by the monthly price, then by the table's order. */
function rank(plan: BillingPlan): [bigint, number] {
  return [plan.monthlyPriceMinor, plan.sortOrder];
}
function compare(a: BillingPlan, b: BillingPlan): number {
  const [pa, sa] = rank(a);
  const [pb, sb] = rank(b);
  if (pa !== pb) return pa < pb ? -1 : 1;
  return sa - sb;
}

export const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });

const unchanged = () =>
  new AppError('plan_unchanged', 409, 'You are on this plan and period already.', {
    details: { state: 'unchanged' },
  });

/** A paid period that is running at `now` (not one that ended and waits for the billing job). */
export function runningPeriod(
  state: SubscriptionState,
  plans: Map<string, BillingPlan>,
  now: Date,
): { start: Date; end: Date } | null {
  const current = plans.get(state.planId);
  if (!current || !isPaid(current)) return null;
  if (!state.period || !state.periodStart || !state.periodEnd) return null;
  if (state.status !== 'active' || state.periodEnd <= now) return null;
  return { start: state.periodStart, end: state.periodEnd };
}

/**
 * Prices a change from the subscription as it is at `now`. 400 for an unknown plan or a POS terminal the change
 * cannot carry; 409 plan_unchanged for the plan and period the merchant already has, with nothing to add or undo.
 */
export function priceChange(
  state: SubscriptionState,
  plans: Map<string, BillingPlan>,
  pos: PosOffer,
  request: ChangeRequest,
  now: Date,
): PricedChange {
  const target = plans.get(request.planId);
  if (!target) throw badField('plan_id', 'There is no such plan.');
  const current = plans.get(state.planId);
  if (!current) throw new Error(`the merchant's plan ${state.planId} is not in the plans table`);
  if (request.posTerminal) {
    if (!pos.availableWith.includes(target.id)) {
      throw badField('pos_terminal', 'The POS terminal comes with a paid plan.');
    }
    if (state.hasPosTerminal) throw badField('pos_terminal', 'You have a POS terminal already.');
    if (pos.currency !== target.currency) throw new Error('the POS terminal and the plan differ in currency');
  }
  const posLines: PricedLine[] = request.posTerminal
    ? [{ kind: 'pos_terminal', planId: null, period: null, amountMinor: pos.priceMinor }]
    : [];
  const running = runningPeriod(state, plans, now);
  const targetPaid = isPaid(target);
  const samePlan = target.id === current.id;

  const result = (
    kind: ChangeKind,
    lines: PricedLine[],
    effective: 'now' | 'period_end',
    effectiveAt: Date,
    nextBillingAt: Date | null,
    newPeriod: PricedChange['newPeriod'] = null,
  ): PricedChange => {
    const totalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0n);
    if (totalMinor < 0n) throw new Error('a quote below zero');
    return {
      kind,
      plan: target,
      period: request.period,
      posTerminal: request.posTerminal,
      lines,
      totalMinor,
      vatMinor: vatIncluded(totalMinor, vatRateBp).vatMinor,
      currency: target.currency,
      effective,
      effectiveAt,
      nextBillingAt,
      newPeriod,
    };
  };

  /** A paid period of the target starting now, less the credit for what is left of the running one. */
  const startNow = (): PricedChange => {
    const price = priceOf(target, request.period);
    const lines: PricedLine[] = [
      { kind: 'plan', planId: target.id, period: request.period, amountMinor: price },
    ];
    if (running) {
      const credit = prorationCredit(state.periodPriceMinor, running.start, running.end, now);
      // Never below zero: a credit larger than the new price is capped at it (the rest is not paid out).
      const applied = credit > price ? price : credit;
      if (applied > 0n) {
        lines.push({
          kind: 'proration_credit',
          planId: current.id,
          period: state.period,
          amountMinor: -applied,
        });
      }
    }
    const end = addPeriod(now, request.period);
    return result('start', [...lines, ...posLines], 'now', now, end, { start: now, end, priceMinor: price });
  };

  if (!running) {
    if (targetPaid) return startNow();
    if (current.id === target.id) throw unchanged();
    return result('free_now', posLines, 'now', now, null);
  }

  const pending = state.cancelAtPeriodEnd || state.scheduledPlanId !== null;
  if (samePlan && request.period === state.period) {
    if (request.posTerminal) return result('addon', posLines, 'now', now, running.end);
    if (pending) return result('keep', [], 'now', now, running.end);
    throw unchanged();
  }
  const order = compare(target, current);
  const upgrade = order > 0 || (order === 0 && state.period === 'monthly' && request.period === 'yearly');
  if (upgrade) return startNow();
  if (
    !state.cancelAtPeriodEnd &&
    state.scheduledPlanId === target.id &&
    (targetPaid ? state.scheduledPeriod === request.period : true) &&
    !request.posTerminal
  ) {
    throw unchanged();
  }
  return result('schedule', posLines, 'period_end', running.end, targetPaid ? running.end : null);
}
