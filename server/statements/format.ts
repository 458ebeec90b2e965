import { currencyDigits, minorToDecimal } from '../../schemas/money';
import type { StatementLocale } from '../../schemas/statements.schema';

const intlLocale: Record<StatementLocale, string> = { en: 'en-GB', el: 'el-GR' };

/**
 * The clock a statement's dates are printed on: UTC for an export of a filtered list (its bounds are UTC days or
 * instants, as the list's), the bank's Europe/Athens for a monthly statement (an Athens calendar month).
 */
export type StatementTimeZone = 'UTC' | 'Europe/Athens';

/** Formatters of one statement's language; Intl formats decimal strings exactly (ECMA-402 NumberFormat v3). */
export function formattersFor(locale: StatementLocale, timeZone: StatementTimeZone = 'UTC') {
  const tag = intlLocale[locale];
  const time = new Intl.DateTimeFormat(tag, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const day = new Intl.DateTimeFormat(tag, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  });
  return {
    /** A plain decimal for spreadsheets: "-1234.56" in English, "-1234,56" in Greek; no grouping, no symbol. */
    decimal: (amount: bigint, currency: string): string => {
      const digits = currencyDigits(currency);
      return new Intl.NumberFormat(tag, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        useGrouping: false,
      }).format(minorToDecimal(amount, digits));
    },
    /** Money for people: "−€1,234.56" / "-1.234,56 €". */
    money: (amount: bigint, currency: string, signed = false): string => {
      const digits = currencyDigits(currency);
      return new Intl.NumberFormat(tag, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
      }).format(minorToDecimal(amount, digits));
    },
    /** An exchange rate as a decimal string, with the locale's decimal mark, exactly as given. */
    rate: (rate: string): string => (locale === 'el' ? rate.replace('.', ',') : rate),
    /** "01/03/2026 14:05" (en) or "01/03/2026 14:05" (el), on the statement's clock. */
    dateTime: (date: Date): string => `${day.format(date)} ${time.format(date)}`,
    day: (date: Date): string => day.format(date),
  };
}

/** YYYY-MM-DD of an instant on a clock. */
export function isoDayIn(date: Date, timeZone: StatementTimeZone): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/**
 * The wall-clock time of an instant on a clock as a Date whose UTC fields hold it: what a spreadsheet stores for a
 * date (xlsx dates have no time zone).
 */
export function wallClock(date: Date, timeZone: StatementTimeZone): Date {
  if (timeZone === 'UTC') return date;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return new Date(
    Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
      date.getUTCMilliseconds(),
    ),
  );
}
