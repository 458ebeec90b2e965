import type { PlanPeriod } from '../../schemas/plans.schema';

/**
 * Billing periods and the arithmetic of money in them (docs/plans.md). Pure: no clock, no I/O. Times are instants;
 * periods are calendar months and years counted in UTC, so the same instant bills the same on every server.
 */

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The end of a period that starts at `start`: the same UTC day and time one month (or twelve) later, on the month's
 * last day when it is shorter (31 January → 28 or 29 February). Each period is counted from its own start, so a
 * period that began on the 31st drifts to the 28th after February; a merchant sees the date on every answer.
 */
export function addPeriod(start: Date, period: PlanPeriod): Date {
  const months = period === 'monthly' ? 1 : 12;
  const firstOfTarget = new Date(
    Date.UTC(
      start.getUTCFullYear(),
      start.getUTCMonth() + months,
      1,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return firstOfTarget;
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * dayMs);
}

/**
 * The credit for the unused part of a paid period, pro rata by the whole second (docs/plans.md):
 * floor(price × unused seconds / period seconds). Nothing for a period that has ended or has not started.
 */
export function prorationCredit(priceMinor: bigint, start: Date, end: Date, now: Date): bigint {
  const periodSeconds = BigInt(Math.floor((end.getTime() - start.getTime()) / 1000));
  if (periodSeconds <= 0n || priceMinor <= 0n) return 0n;
  const unusedSeconds = BigInt(Math.floor((end.getTime() - now.getTime()) / 1000));
  if (unusedSeconds <= 0n) return 0n;
  const unused = unusedSeconds > periodSeconds ? periodSeconds : unusedSeconds;
  return (priceMinor * unused) / periodSeconds;
}

/**
 * The VAT included in a price: net = total × 10 000 / (10 000 + rate), rounded to the nearest minor unit (half up),
 * and VAT = total − net, so net + VAT is always the total to the cent.
 */
export function vatIncluded(totalMinor: bigint, rateBp: number): { netMinor: bigint; vatMinor: bigint } {
  const divisor = 10_000n + BigInt(rateBp);
  const netMinor = (totalMinor * 10_000n * 2n + divisor) / (divisor * 2n);
  return { netMinor, vatMinor: totalMinor - netMinor };
}

/** The calendar year in Greece (Europe/Athens) of an instant: invoice numbers run per Greek calendar year. */
export function athensYear(at: Date): number {
  return Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Athens' }).format(at));
}
