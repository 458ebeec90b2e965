import { sql } from 'kysely';
import type { LimitFrequency } from '../../schemas/cards.schema';
import type { Db } from '../ledger';

/**
 * Limit windows (docs/decisions/010-cards-declines-windows-plans.md): calendar periods in the bank's time zone, a day
 * from local midnight, a week from Monday, a month from the 1st, a year from 1 January. Computed by the database
 * (`date_trunc` on the local time, turned back into an instant), so DST changes are PostgreSQL's time zone data's
 * business, the same on PGlite and on the server, and never this process's time zone.
 */
export const bankTimeZone = 'Europe/Athens';

const units: Record<LimitFrequency, 'day' | 'week' | 'month' | 'year'> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
};

export type Spent = {
  windowStart: Date;
  windowEnd: Date;
  /** card_transaction: every approved payment in the window. */
  total: bigint;
  pos: bigint;
  online: bigint;
  atm: bigint;
};

/**
 * What the card's APPROVED authorisations add up to in the window around `at`, per category. A caller that is about
 * to authorise holds the card's row lock, so nothing is added to the window meanwhile.
 */
export async function spentInWindow(
  db: Db,
  cardId: string,
  frequency: LimitFrequency,
  at: Date,
): Promise<Spent> {
  const unit = units[frequency];
  const result = await sql<{
    window_start: Date;
    window_end: Date;
    total: bigint;
    pos: bigint;
    online: bigint;
    atm: bigint;
  }>`
    WITH w AS (
      SELECT
        date_trunc(${unit}, ${at.toISOString()}::timestamptz AT TIME ZONE ${bankTimeZone}) AT TIME ZONE ${bankTimeZone} AS window_start,
        (date_trunc(${unit}, ${at.toISOString()}::timestamptz AT TIME ZONE ${bankTimeZone}) + ('1 ' || ${unit})::interval)
          AT TIME ZONE ${bankTimeZone} AS window_end
    )
    SELECT w.window_start, w.window_end,
      COALESCE(SUM(a.amount_minor), 0)::int8 AS total,
      COALESCE(SUM(a.amount_minor) FILTER (WHERE a.category = 'pos'), 0)::int8 AS pos,
      COALESCE(SUM(a.amount_minor) FILTER (WHERE a.category = 'online'), 0)::int8 AS online,
      COALESCE(SUM(a.amount_minor) FILTER (WHERE a.category = 'atm'), 0)::int8 AS atm
    FROM w
    LEFT JOIN card_authorizations a
      ON a.card_id = ${cardId} AND a.approved AND a.at >= w.window_start AND a.at < w.window_end
    GROUP BY w.window_start, w.window_end`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('no limit window');
  return {
    windowStart: new Date(row.window_start),
    windowEnd: new Date(row.window_end),
    total: BigInt(row.total),
    pos: BigInt(row.pos),
    online: BigInt(row.online),
    atm: BigInt(row.atm),
  };
}

/** The start of the month of `at` and of the next one, in the bank's time zone (cashback payouts). */
export async function monthBounds(db: Db, at: Date): Promise<{ start: Date; next: Date; label: string }> {
  const result = await sql<{ start: Date; next: Date; label: string }>`
    SELECT
      date_trunc('month', ${at.toISOString()}::timestamptz AT TIME ZONE ${bankTimeZone}) AT TIME ZONE ${bankTimeZone} AS start,
      (date_trunc('month', ${at.toISOString()}::timestamptz AT TIME ZONE ${bankTimeZone}) + interval '1 month')
        AT TIME ZONE ${bankTimeZone} AS next,
      to_char(${at.toISOString()}::timestamptz AT TIME ZONE ${bankTimeZone}, 'YYYY-MM') AS label`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('no month');
  return { start: new Date(row.start), next: new Date(row.next), label: row.label };
}
