import type { IntlShape } from 'react-intl';

/*
 * Calendar days and months as the server names them (`2026-05-14`, `2026-05`: days of the bank's calendar), in the
 * reader's language. They are formatted as UTC dates so that no reader's time zone moves them to a neighbouring day.
 */

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const monthPattern = /^(\d{4})-(\d{2})$/;

function utcDay(day: string): Date {
  const match = dayPattern.exec(day);
  if (!match) throw new Error(`Not a calendar day: "${day}"`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function utcMonth(month: string): Date {
  const match = monthPattern.exec(month);
  if (!match) throw new Error(`Not a calendar month: "${month}"`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** "May 14, 2026" / "14 Μαΐου 2026". */
export function calendarDayText(intl: Pick<IntlShape, 'formatDate'>, day: string): string {
  return intl.formatDate(utcDay(day), { dateStyle: 'medium', timeZone: 'UTC' });
}

/** A chart's day mark: "Thu 14" for a week, "14 May" for longer ranges. */
export function calendarDayTick(
  intl: Pick<IntlShape, 'formatDate'>,
  day: string,
  style: 'weekday' | 'date',
): string {
  return style === 'weekday'
    ? intl.formatDate(utcDay(day), { weekday: 'short', day: 'numeric', timeZone: 'UTC' })
    : intl.formatDate(utcDay(day), { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** "May 2026" (long) or "May" (short, a chart's month mark). */
export function calendarMonthText(
  intl: Pick<IntlShape, 'formatDate'>,
  month: string,
  style: 'long' | 'short' = 'long',
): string {
  return style === 'long'
    ? intl.formatDate(utcMonth(month), { month: 'long', year: 'numeric', timeZone: 'UTC' })
    : intl.formatDate(utcMonth(month), { month: 'short', timeZone: 'UTC' });
}
