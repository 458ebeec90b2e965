import { z } from 'zod';
import type { Money } from './overview.schema';

/*
 * Money as both sides handle it (docs/engineering.md principle 7): integer minor units, a bigint in code and a decimal string on
 * the wire, turned to and from the decimal text people type with BigInt arithmetic only, never a binary float.
 * Formatting money for people stays with Intl (src/i18n/formatMoney.ts, server/statements/format.ts).
 */

/** The most minor units one amount may have: 15 digits, above any real payment and far below int8 even when summed. */
export const maxAmountMinor = 999_999_999_999_999n;

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

/** How many minor units a currency has (EUR 2, JPY 0, BHD 3), as Intl knows it. */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/**
 * The decimal text a person typed as minor units: "12.5" or "12,5" with 2 digits → "1250". Null when it is not a
 * plain non-negative decimal (no sign, no grouping, no exponent), has more decimals than the currency has digits, or
 * is above {@link maxAmountMinor}. Zero parses: whether an amount must be positive is the schemas' call.
 */
export function decimalToMinor(text: string, digits: number): string | null {
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = BigInt(match[1] ?? '0') * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  return minor <= maxAmountMinor ? minor.toString() : null;
}

/**
 * Integer minor units as an exact decimal string with all the currency's digits ("-123456" with 2 digits →
 * "-1234.56", "5" → "0.05"): what Intl.NumberFormat formats exactly (ECMA-402 NumberFormat v3) and what a form shows
 * for editing.
 */
export function minorToDecimal(amountMinor: bigint | string, digits: number): Intl.StringNumericLiteral {
  if (typeof amountMinor === 'string' && !/^-?\d+$/.test(amountMinor)) {
    throw new Error(`Not an amount in minor units: "${amountMinor}"`);
  }
  const value = BigInt(amountMinor);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const scale = 10n ** BigInt(digits);
  const whole = (magnitude / scale).toString();
  const fraction = (magnitude % scale).toString().padStart(digits, '0');
  // The shape is proven above, so the text is a numeric literal Intl formats exactly.
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}` as Intl.StringNumericLiteral;
}

/** Money on the wire ({@link Money}): the minor units as a decimal string, and the currency. */
export function moneyOf(amountMinor: bigint, currency: string): Money {
  return { amount_minor: amountMinor.toString(), currency };
}
