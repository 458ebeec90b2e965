import type { IntlShape } from 'react-intl';

/** The bank's time zone: card limit windows and cashback payouts are calendar periods there (schemas/cards.schema.ts). */
export const bankTimeZone = 'Europe/Athens';

/** A day on the bank's calendar ("Jan 1, 2026"), whatever the reader's own time zone. */
export function bankDateText(
  intl: Pick<IntlShape, 'formatDate'>,
  instant: string,
  dateStyle: 'medium' | 'long' = 'medium',
): string {
  return intl.formatDate(instant, { dateStyle, timeZone: bankTimeZone });
}
