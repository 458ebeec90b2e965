import type { IntlShape } from 'react-intl';
import type { Money } from '../../schemas/overview.schema';

/** How many minor units a currency has (EUR 2, JPY 0, BHD 3), as Intl knows it. */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/**
 * Turns integer minor units into an exact decimal string ("-123456" EUR → "-1234.56") with BigInt arithmetic, so no
 * amount ever passes through a binary float (docs/engineering.md principle 7).
 */
export function minorToDecimal(amountMinor: string, digits: number): Intl.StringNumericLiteral {
  if (!/^-?\d+$/.test(amountMinor)) throw new Error(`Not an amount in minor units: "${amountMinor}"`);
  const value = BigInt(amountMinor);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const scale = 10n ** BigInt(digits);
  const whole = (magnitude / scale).toString();
  const fraction = (magnitude % scale).toString().padStart(digits, '0');
  const text = `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
  // Intl.NumberFormat formats decimal strings exactly (ECMA-402 NumberFormat v3); the regex above proves the shape.
  return text as Intl.StringNumericLiteral;
}

/** Money in the reader's language: "€1,234.56" in English, "1.234,56 €" in Greek. */
export function formatMoney(
  intl: Pick<IntlShape, 'formatNumber'>,
  money: Money,
  options: { signDisplay?: 'auto' | 'always' | 'exceptZero' } = {},
): string {
  const digits = currencyDigits(money.currency);
  return intl.formatNumber(minorToDecimal(money.amount_minor, digits), {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...(options.signDisplay ? { signDisplay: options.signDisplay } : {}),
  });
}

/**
 * A rounded amount for a chart's axis ("€1.2K", "1,2 χιλ. €"): a scale mark, never a figure to read off, so it may go
 * through a float. Every exact amount still comes from {@link formatMoney}.
 */
export function formatMoneyTick(
  intl: Pick<IntlShape, 'formatNumber'>,
  amountMinor: number,
  currency: string,
): string {
  const digits = currencyDigits(currency);
  return intl.formatNumber(amountMinor / 10 ** digits, {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  });
}

/** A share given in basis points (1/100 %) as a percentage in the reader's language: 1234 → "12.34%". */
export function formatShare(intl: Pick<IntlShape, 'formatNumber'>, basisPoints: number): string {
  return intl.formatNumber(basisPoints / 10_000, { style: 'percent', maximumFractionDigits: 1 });
}
