import { currencyDigits, minorToDecimal } from '../schemas/minorUnits';

/*
 * Words for the numbers in the machines' `description`s (issue 18): a rule a reviewer reads in a diagram is rendered
 * from the constant the server and the machine enforce, never typed by hand, so a changed limit changes the diagram.
 *   description: `A code is needed from ${money(defaultCodeThresholdMinor, 'EUR')}.`
 */

/** `100.00 EUR` from minor units: the amount as the ledger keeps it, with its currency's digits. */
/*#__NO_SIDE_EFFECTS__*/
export function money(amountMinor: bigint | number | string, currency: string): string {
  return `${minorToDecimal(BigInt(amountMinor), currencyDigits(currency))} ${currency}`;
}

/** `14.5 minutes`, `30 seconds`, `1 hour`, `250 ms`: the largest unit that keeps the number short and exact. */
/*#__NO_SIDE_EFFECTS__*/
export function duration(ms: number): string {
  const units: Array<[number, string]> = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1_000, 'second'],
  ];
  for (const [size, unit] of units) {
    const value = ms / size;
    if (value >= 1 && Number.isInteger(value * 10)) return count(value, unit);
  }
  return `${ms} ms`;
}

/** `1 code`, `5 codes`, `2.5 minutes`. */
/*#__NO_SIDE_EFFECTS__*/
export function count(value: number, singular: string, plural = `${singular}s`): string {
  return `${value} ${value === 1 ? singular : plural}`;
}
