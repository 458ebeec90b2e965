import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { Plan, PlanPerk, PlanPeriod, QuoteLine } from '../../schemas/plans.schema';
import { formatMoney } from './formatMoney';

/** The words of plans (SPEC §1 plans, §9 periods; docs/plans.md perks), shared by the plans, billing and account pages. */

const periods = defineMessages<PlanPeriod>({
  monthly: { id: 'plan.period.monthly', defaultMessage: 'monthly' },
  yearly: { id: 'plan.period.yearly', defaultMessage: 'yearly' },
});

/** A period in a sentence: "monthly", "yearly". */
export function planPeriodText(intl: IntlShape, period: PlanPeriod): string {
  return intl.formatMessage(periods[period]);
}

/** docs/plans.md: the perk keys the server sends (`planPerkKeys`, each one worded, no other), in the order shown. */
const perks = defineMessages<PlanPerk>({
  wallet: { id: 'plan.perk.wallet', defaultMessage: 'Business wallet with its own IBAN' },
  virtual_cards: { id: 'plan.perk.virtual_cards', defaultMessage: 'Virtual cards' },
  physical_cards: { id: 'plan.perk.physical_cards', defaultMessage: 'Physical cards' },
  free_virtual_cards: { id: 'plan.perk.free_virtual_cards', defaultMessage: 'Free virtual cards' },
  discounted_physical_cards: {
    id: 'plan.perk.discounted_physical_cards',
    defaultMessage: 'Physical cards at a discount',
  },
  free_physical_cards: { id: 'plan.perk.free_physical_cards', defaultMessage: 'Free physical cards' },
  cashback: { id: 'plan.perk.cashback', defaultMessage: 'Cashback on card purchases' },
  employees: { id: 'plan.perk.employees', defaultMessage: 'Invite your employees' },
  analytics: { id: 'plan.perk.analytics', defaultMessage: 'Analytics of income and spending' },
});

const isPerk = (key: string): key is keyof typeof perks => Object.hasOwn(perks, key);

/** A perk in the reader's language; null for a key this version of the app does not know (it is left out). */
export function perkText(intl: IntlShape, key: string): string | null {
  return isPerk(key) ? intl.formatMessage(perks[key]) : null;
}

const lineTexts = {
  plan: defineMessage<Record<string, string>>({
    id: 'plan.line.plan',
    defaultMessage: '{plan} plan ({period})',
  }),
  credit: defineMessage<Record<string, string>>({
    id: 'plan.line.credit',
    defaultMessage: 'Credit for the unused time on {plan}',
  }),
  creditAny: defineMessage({ id: 'plan.line.creditAny', defaultMessage: 'Credit for unused time' }),
  planAny: defineMessage({ id: 'plan.line.planAny', defaultMessage: 'Plan' }),
  terminal: defineMessage({ id: 'plan.line.terminal', defaultMessage: 'POS terminal' }),
};

/** A plan's name by its id, from the plans the page loaded (ids are shown only when the plan is unknown). */
export function planNameOf(plans: Plan[], planId: string | null): string | null {
  return plans.find((plan) => plan.id === planId)?.name ?? null;
}

/** One line of a quote or an invoice: "Business plan (yearly)", "Credit for the unused time on Free", "POS terminal". */
export function quoteLineText(intl: IntlShape, line: QuoteLine, plans: Plan[]): string {
  const name = planNameOf(plans, line.plan_id);
  switch (line.kind) {
    case 'plan':
      return name && line.period
        ? intl.formatMessage(lineTexts.plan, { plan: name, period: planPeriodText(intl, line.period) })
        : (name ?? intl.formatMessage(lineTexts.planAny));
    case 'proration_credit':
      return name
        ? intl.formatMessage(lineTexts.credit, { plan: name })
        : intl.formatMessage(lineTexts.creditAny);
    case 'pos_terminal':
      return intl.formatMessage(lineTexts.terminal);
  }
}

const free = defineMessage({ id: 'plan.price.free', defaultMessage: 'free' });

/** A price, or "free" when it is zero (card prices of a plan). */
export function priceOrFree(intl: IntlShape, money: Plan['monthly_price']): string {
  return BigInt(money.amount_minor) === 0n ? intl.formatMessage(free) : formatMoney(intl, money);
}

/** A rate in basis points as a percentage in the reader's language (50 → "0.5%", 2400 → "24%"). */
export function basisPointsText(intl: IntlShape, basisPoints: number): string {
  return intl.formatNumber(basisPoints / 10_000, { style: 'percent', maximumFractionDigits: 2 });
}
