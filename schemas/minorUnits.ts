/*
 * Minor units and the decimal text people read and type, with BigInt arithmetic only (docs/engineering.md principle 7).
 * No zod here: the sign-in page's machines word their rules with these (machines/ruleWords.ts), and the /login bundle
 * must not carry the schema library for it (scripts/webBudget.ts). schemas/money.ts re-exports them.
 */

/** The most minor units one amount may have: 15 digits, above any real payment and far below int8 even when summed. */
export const maxAmountMinor = 999_999_999_999_999n;

const digitsByCurrency = new Map<string, number>();

/** How many minor units a currency has (EUR 2, JPY 0, BHD 3), as Intl knows it. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    // Building a NumberFormat costs tens of microseconds, and every amount shown or parsed asks.
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
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
