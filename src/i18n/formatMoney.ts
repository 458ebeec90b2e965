import type { IntlShape } from 'react-intl';
import { currencyDigits, minorToDecimal } from '../../schemas/money';
import type { Money } from '../../schemas/overview.schema';

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
