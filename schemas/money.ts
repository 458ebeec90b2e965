import { z } from 'zod';
import type { Money } from './overview.schema';

export { currencyDigits, decimalToMinor, maxAmountMinor, minorToDecimal } from './minorUnits';

/*
 * Money as both sides handle it (docs/engineering.md principle 7): integer minor units, a bigint in code and a decimal string on
 * the wire, turned to and from the decimal text people type with BigInt arithmetic only, never a binary float.
 * Formatting money for people stays with Intl (src/i18n/formatMoney.ts, server/statements/format.ts).
 */

/** A positive amount of minor units as a string ("1250" for 12.50 EUR), at most {@link maxAmountMinor}: what moves. */
export const AmountMinor = z.string().regex(/^[1-9]\d{0,14}$/, 'A positive whole number of minor units.');

/**
 * An amount that may be nothing at all ("0"), such as a merchant's expected monthly funds, with the same ceiling as
 * {@link AmountMinor}. Never for a movement: a movement of nothing is refused.
 */
export const AmountMinorOrZero = z
  .string()
  .trim()
  .regex(/^(?:0|[1-9]\d{0,14})$/, 'Whole numbers only.');

/** Money on the wire ({@link Money}): the minor units as a decimal string, and the currency. */
export function moneyOf(amountMinor: bigint, currency: string): Money {
  return { amount_minor: amountMinor.toString(), currency };
}
