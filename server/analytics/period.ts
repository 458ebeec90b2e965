import { sql } from 'kysely';
import { rangeDays, type AnalyticsRange } from '../../schemas/analytics.schema';
import { bankTimeZone } from '../cards/windows';
import { AppError } from '../errors';
import type { Db } from '../ledger';

/**
 * The period of an analytics answer (schemas/analytics.schema.ts): Europe/Athens calendar days, `end` inclusive. The
 * calendar arithmetic is on plain dates here; the instants of Athens midnights come from PostgreSQL's time zone data
 * (as the card limit windows do, server/cards/windows.ts), so DST days of 23 and 25 hours need no code of ours.
 */
export type AnalyticsPeriodSpec = {
  range: AnalyticsRange;
  granularity: 'day' | 'month';
  /** First and last Athens day, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** [startsAt, endsAt): Athens midnight of `from` and of the day after `to`. */
  startsAt: Date;
  endsAt: Date;
};

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** Analytics does not look further back than this. */
const earliestDay = '2000-01-01';

const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });

/** Today in Athens, YYYY-MM-DD. */
export function athensDay(at: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: bankTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A real calendar day, or null. */
export function parseDay(value: string): Date | null {
  if (!dayPattern.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return null;
  return date;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function addDays(day: Date, days: number): Date {
  const next = new Date(day.getTime());
  next.setUTCDate(next.getUTCDate() + days);
  return next;
}

/** The first day of the month `months` months before `day`'s month. */
function monthStart(day: Date, monthsBack: number): Date {
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - monthsBack, 1));
}

/** `end` checked (a real day, not in the future, not before 2000), default today in Athens. */
export function endDay(end: string | undefined, now: Date): Date {
  const today = athensDay(now);
  const value = end ?? today;
  const day = parseDay(value);
  if (!day) throw badField('end', 'Not a real date (YYYY-MM-DD).');
  if (value > today) throw badField('end', 'The range cannot end in the future.');
  if (value < earliestDay) throw badField('end', 'The range cannot end before 2000.');
  return day;
}

/** The Athens midnight that starts each day, as instants (one round trip). */
export async function athensMidnights(db: Db, days: string[]): Promise<Date[]> {
  const result = await sql<{ at: Date }>`
    SELECT (d::timestamp AT TIME ZONE ${bankTimeZone}) AS at
    FROM unnest(${`{${days.join(',')}}`}::date[]) WITH ORDINALITY AS u (d, n)
    ORDER BY n`.execute(db);
  return result.rows.map((row) => new Date(row.at));
}

/** week: 7 days ending with `end`; month: 30 days; year: the 12 calendar months ending with `end`'s month. */
export async function resolvePeriod(
  db: Db,
  range: AnalyticsRange,
  end: string | undefined,
  now: Date,
): Promise<AnalyticsPeriodSpec> {
  const last = endDay(end, now);
  const first = range === 'year' ? monthStart(last, 11) : addDays(last, -(rangeDays[range] - 1));
  const [startsAt, endsAt] = await athensMidnights(db, [isoDay(first), isoDay(addDays(last, 1))]);
  if (!startsAt || !endsAt) throw new Error('no period bounds');
  return {
    range,
    granularity: range === 'year' ? 'month' : 'day',
    from: isoDay(first),
    to: isoDay(last),
    startsAt,
    endsAt,
  };
}
