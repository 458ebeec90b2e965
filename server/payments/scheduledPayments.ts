import { sql, type Transaction } from 'kysely';
import { moneyOf } from '../../schemas/money';
import {
  scheduleNeedsCode,
  type CreateScheduledPaymentBody,
  type ScheduledPayment,
  type ScheduledPaymentRun,
  type ScheduledPaymentSummary,
  type ScheduledPaymentsRunResult,
  type ScheduleFrequency,
} from '../../schemas/scheduledPayments.schema';
import { recordAudit } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import { consumeStepUp } from '../auth/stepUp';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { idempotently, type Idempotent } from '../idempotency';
import { postTransfer } from '../ledger';
import { moneyReceived, scheduledPaymentRun } from '../notifications/events';
import { isSupportedCurrency } from './fees';
import { insufficientFundsMessage, thresholdIn } from './sendMoney';
import { paymentSettings, type PaymentSettings } from './settings';
import { uuidPattern } from '../db/ids';

/**
 * Scheduled and recurring payments: a merchant schedules a payment to another merchant's wallet tag once
 * or repeating (daily, weekly, monthly, yearly) from a start date, optionally up to an end date. The job
 * `runDueScheduledPayments` pays each due occurrence through the ledger's `postTransfer`, the posting sendMoney uses
 * for a wallet payment (account_to_account, completed, no fee within one currency), with the idempotency key
 * `schedule:<id>:<occurrence date>`. Knows nothing of HTTP.
 *
 * Rules:
 * - Dates are calendar dates in UTC. Occurrence n is computed from the start date, never from the previous
 *   occurrence: monthly on the 31st runs on the last day of shorter months and back on the 31st after (Jan 31,
 *   Feb 28, Mar 31); yearly on Feb 29 runs on Feb 28 in other years.
 * - An occurrence is due when its date is today (UTC) or earlier. A job that was down catches up: each missed
 *   occurrence is run once, oldest first.
 * - A run the balance does not cover is recorded as failed (no money moved) and is not retried: the schedule moves
 *   on to its next occurrence as usual. So is a run whose payer or recipient can no longer pay or receive.
 * - A schedule completes after a `once` run, or when its next occurrence would fall after the end date.
 * - Each occurrence is run in one transaction that locks the schedule row and re-checks that it is active and due,
 *   records the run (unique per occurrence) and advances the schedule: a run that repeats, or overlaps with another
 *   (two API processes), pays each occurrence once; a cancellation waits for a run in progress, or stops it.
 * - Only wallet-tag recipients: a payment to an IBAN needs a name check and a one-time code, which a run without the
 *   user cannot give.
 */

/** Who acts on a schedule, and from where (for the audit trail). */
export type ScheduleOwner = { merchantId: string; userId: string; origin: RequestOrigin | null };

/** How many occurrences the job runs per call at most (it runs again a minute later). */
export const scheduledRunBatchSize = 500;

const notAllowed = (message: string) => new AppError('recipient_not_allowed', 422, message);
const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });
const notFound = () => new AppError('not_found', 404, 'No scheduled payment found.');

/** The UTC calendar date of an instant, YYYY-MM-DD. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The date of occurrence `n` (0 is the start date) of a schedule; see the rules above. */
export function occurrenceDate(startDate: string, frequency: ScheduleFrequency, n: number): string {
  const [year = 0, month = 1, day = 1] = startDate.split('-').map(Number);
  const monthIndex = month - 1;
  switch (frequency) {
    case 'once':
    case 'daily':
    case 'weekly': {
      const step = frequency === 'weekly' ? 7 : frequency === 'daily' ? 1 : 0;
      return utcDate(new Date(Date.UTC(year, monthIndex, day + step * n)));
    }
    case 'monthly':
    case 'yearly': {
      const months = frequency === 'monthly' ? n : 12 * n;
      const targetYear = year + Math.floor((monthIndex + months) / 12);
      const targetMonth = (monthIndex + months) % 12;
      const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
      return utcDate(new Date(Date.UTC(targetYear, targetMonth, targetDay)));
    }
  }
}

/** What follows occurrence `n`: the next occurrence, or completion (after a `once`, or past the end date). */
function nextAfter(
  schedule: { start_date: string; end_date: string | null; frequency: ScheduleFrequency },
  n: number,
): { next_occurrence: number; next_run: string | null } {
  if (schedule.frequency === 'once') return { next_occurrence: n + 1, next_run: null };
  const next = occurrenceDate(schedule.start_date, schedule.frequency, n + 1);
  if (schedule.end_date !== null && next > schedule.end_date)
    return { next_occurrence: n + 1, next_run: null };
  return { next_occurrence: n + 1, next_run: next };
}

const dateText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const nullableDateText = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
/** A YYYY-MM-DD day as a SQL date, to compare with a date column (which the drivers read as a Date). */
const sqlDate = (day: string) => sql<Date>`${day}::date`;

function summaryQuery(db: Database, merchantId: string) {
  return db
    .selectFrom('scheduled_payments as s')
    .innerJoin('merchants as r', 'r.id', 's.recipient_merchant_id')
    .select((eb) => [
      's.id',
      's.status',
      's.currency',
      's.recipient_wallet_tag',
      'r.name as recipient_name',
      's.amount_minor',
      's.note',
      's.gif',
      's.frequency',
      dateText('s.start_date').as('start_date'),
      nullableDateText('s.end_date').as('end_date'),
      nullableDateText('s.next_run').as('next_run'),
      's.created_at',
      's.cancelled_at',
      eb
        .selectFrom('scheduled_payment_runs as x')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('x.scheduled_payment_id', '=', 's.id')
        .as('run_count'),
    ])
    .where('s.merchant_id', '=', merchantId);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

function summaryView(row: SummaryRow): ScheduledPaymentSummary {
  return {
    id: row.id,
    status: row.status,
    account_type: row.currency.toLowerCase(),
    recipient: { wallet_tag: row.recipient_wallet_tag, name: row.recipient_name },
    amount: moneyOf(row.amount_minor, row.currency),
    note: row.note,
    gif: row.gif,
    frequency: row.frequency,
    start_date: row.start_date,
    end_date: row.end_date,
    next_run_date: row.next_run,
    run_count: Number(row.run_count ?? 0),
    created_at: row.created_at.toISOString(),
    cancelled_at: row.cancelled_at ? row.cancelled_at.toISOString() : null,
  };
}

async function runsOf(db: Database, id: string): Promise<ScheduledPaymentRun[]> {
  const rows = await db
    .selectFrom('scheduled_payment_runs')
    .select([
      dateText('occurrence_date').as('occurrence_date'),
      'outcome',
      'transfer_id',
      'failure_reason',
      'ran_at',
    ])
    .where('scheduled_payment_id', '=', id)
    .orderBy('occurrence_date')
    .execute();
  return rows.map((row) => ({
    occurrence_date: row.occurrence_date,
    outcome: row.outcome,
    transfer_id: row.transfer_id,
    failure_reason: row.failure_reason,
    ran_at: row.ran_at.toISOString(),
  }));
}

/** scheduledPayment: one of the merchant's schedules with its runs; another merchant's (or no) id is 404. */
export async function getScheduledPayment(
  db: Database,
  merchantId: string,
  id: string,
): Promise<ScheduledPayment> {
  if (!uuidPattern.test(id)) throw notFound();
  const row = await summaryQuery(db, merchantId).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return { ...summaryView(row), runs: await runsOf(db, id) };
}

/** scheduledPayments: the merchant's schedules, active first, then by next run and newest. */
export async function listScheduledPayments(
  db: Database,
  merchantId: string,
): Promise<{ items: ScheduledPaymentSummary[] }> {
  const rows = await summaryQuery(db, merchantId)
    .orderBy(sql`s.status = 'active'`, 'desc')
    .orderBy('s.next_run', 'asc')
    .orderBy('s.created_at', 'desc')
    .limit(500)
    .execute();
  return { items: rows.map(summaryView) };
}

/** How a new schedule is confirmed: the step-up grant (X-Step-Up-Token) and the threshold it applies from. */
export type ScheduleConfirmation = { stepUpToken: string | undefined; settings: PaymentSettings };

/**
 * createScheduledPayment: checks the dates, the payer's account and the recipient (an approved merchant with a
 * wallet tag, not the payer, with an account in the payer's currency) and stores the schedule; its first run is on
 * the start date. Moves no money. Idempotent by key (server/idempotency.ts): a retry with the same key and body
 * answers the schedule it made, another body 409.
 */
export async function createScheduledPayment(
  db: Database,
  owner: ScheduleOwner,
  body: CreateScheduledPaymentBody,
  idempotencyKey: string,
  now: Date = new Date(),
  confirmation: ScheduleConfirmation = { stepUpToken: undefined, settings: paymentSettings() },
): Promise<Idempotent<ScheduledPayment>> {
  // A retry of a create whose answer was lost answers the schedule it made, whatever changed since (the date, a
  // spent grant): the key is claimed before anything is checked.
  const scope = {
    merchantId: owner.merchantId,
    operation: 'createScheduledPayment',
    key: idempotencyKey,
    request: body,
  } as const;
  return idempotently(db, scope, (trx) => schedule(trx, owner, body, now, confirmation));
}

async function schedule(
  trx: Transaction<DB>,
  owner: ScheduleOwner,
  body: CreateScheduledPaymentBody,
  now: Date,
  confirmation: ScheduleConfirmation,
): Promise<ScheduledPayment> {
  const today = utcDate(now);
  if (body.start_date < today) throw badField('start_date', 'Choose today or a later date.');
  if (body.end_date !== undefined) {
    if (body.frequency === 'once') throw badField('end_date', 'A one-off payment has no end date.');
    if (body.end_date < body.start_date) throw badField('end_date', 'The end date is before the start date.');
  }
  const currency = body.account_type.toUpperCase();
  const source = isSupportedCurrency(currency)
    ? await trx
        .selectFrom('ledger_accounts')
        .select('id')
        .where('merchant_id', '=', owner.merchantId)
        .where('kind', '=', 'merchant')
        .where('currency', '=', currency)
        .executeTakeFirst()
    : undefined;
  if (!source) throw new AppError('not_found', 404, 'No data found for this currency.');

  const tag = body.recipient.wallet_tag;
  const recipient = await trx
    .selectFrom('merchants as m')
    .leftJoin('ledger_accounts as a', (join) =>
      join.onRef('a.merchant_id', '=', 'm.id').on('a.kind', '=', 'merchant').on('a.currency', '=', currency),
    )
    .select(['m.id', 'm.status', 'm.wallet_tag', 'a.id as account_id'])
    .where('m.wallet_tag', '=', tag)
    .executeTakeFirst();
  if (!recipient?.wallet_tag) throw new AppError('not_found', 404, 'No merchant has this wallet tag.');
  if (recipient.id === owner.merchantId) throw notAllowed('You cannot send money to yourself.');
  if (recipient.status !== 'approved') throw notAllowed('This merchant cannot receive payments.');
  if (!recipient.account_id) throw notAllowed(`The recipient has no ${currency} account.`);

  const recipientAccountId = recipient.account_id;
  const recipientTag = recipient.wallet_tag;
  // Every run pays without the user, so the schedule itself is confirmed when it is stored, with a step-up grant used
  // up in the same transaction: a repeating schedule always (it pays again and again, with no end date possibly, so
  // its total is unbounded whatever one run's amount), a one-off from the send-money threshold on like a payment.
  if (
    scheduleNeedsCode(body.frequency) ||
    (isSupportedCurrency(currency) &&
      BigInt(body.amount_minor) >= thresholdIn(currency, confirmation.settings))
  ) {
    await consumeStepUp(trx, {
      userId: owner.userId,
      purpose: 'send_money',
      token: confirmation.stepUpToken,
    });
  }
  const inserted = await trx
    .insertInto('scheduled_payments')
    .values({
      merchant_id: owner.merchantId,
      created_by: owner.userId,
      source_account_id: source.id,
      currency,
      recipient_merchant_id: recipient.id,
      recipient_account_id: recipientAccountId,
      recipient_wallet_tag: recipientTag,
      amount_minor: BigInt(body.amount_minor),
      note: body.note?.trim() || null,
      gif: body.gif ?? null,
      frequency: body.frequency,
      start_date: body.start_date,
      end_date: body.end_date ?? null,
      next_run: body.start_date,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    realm: 'merchant',
    actorUserId: owner.userId,
    merchantId: owner.merchantId,
    action: 'scheduled_payment.created',
    subject: `scheduled_payment:${inserted.id}`,
    details: {
      amount_minor: String(body.amount_minor),
      currency,
      payee_wallet_tag: recipientTag,
      frequency: body.frequency,
      start_date: body.start_date,
      end_date: body.end_date ?? null,
    },
    origin: owner.origin,
  });
  return getScheduledPayment(trx, owner.merchantId, inserted.id);
}

/** cancelScheduledPayment: stops an active schedule (no further runs); 409 if it has already ended. */
export async function cancelScheduledPayment(
  db: Database,
  owner: ScheduleOwner,
  id: string,
): Promise<ScheduledPayment> {
  if (!uuidPattern.test(id)) throw notFound();
  const { merchantId } = owner;
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('scheduled_payments')
      .set({
        status: 'cancelled',
        next_run: null,
        cancelled_at: sql<Date>`clock_timestamp()`,
        updated_at: sql<Date>`clock_timestamp()`,
      })
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 'active')
      .returning(['id', 'amount_minor', 'currency', 'recipient_wallet_tag', 'frequency'])
      .executeTakeFirst();
    if (!updated) {
      const existing = await trx
        .selectFrom('scheduled_payments')
        .select('status')
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      if (!existing) throw notFound();
      throw new AppError('conflict', 409, 'This scheduled payment has already ended.');
    }
    await recordAudit(trx, {
      realm: 'merchant',
      actorUserId: owner.userId,
      merchantId,
      action: 'scheduled_payment.cancelled',
      subject: `scheduled_payment:${id}`,
      details: {
        amount_minor: updated.amount_minor.toString(),
        currency: updated.currency,
        payee_wallet_tag: updated.recipient_wallet_tag,
        frequency: updated.frequency,
      },
      origin: owner.origin,
    });
    return getScheduledPayment(trx, merchantId, id);
  });
}

/** The idempotency key of one occurrence's payment. */
export const occurrenceKey = (scheduleId: string, occurrence: string) =>
  `schedule:${scheduleId}:${occurrence}`;

type RunOutcome = 'paid' | 'failed' | 'skipped';

/** Runs the due occurrence of one schedule in one transaction (see the rules above). */
async function runOccurrence(
  db: Database,
  id: string,
  today: string,
): Promise<{ outcome: RunOutcome; completed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('scheduled_payments')
      .select('id')
      .where('id', '=', id)
      .where('status', '=', 'active')
      .where('next_run', '<=', sqlDate(today))
      .forUpdate()
      .executeTakeFirst();
    // Cancelled, or run by another job meanwhile.
    if (!locked) return { outcome: 'skipped' as const, completed: false };
    const s = await trx
      .selectFrom('scheduled_payments as s')
      .innerJoin('merchants as p', 'p.id', 's.merchant_id')
      .innerJoin('merchants as r', 'r.id', 's.recipient_merchant_id')
      .select([
        's.id',
        's.merchant_id',
        's.recipient_merchant_id',
        's.created_by',
        's.source_account_id',
        's.recipient_account_id',
        's.recipient_wallet_tag',
        's.currency',
        's.amount_minor',
        's.note',
        's.gif',
        's.frequency',
        's.next_occurrence',
        dateText('s.start_date').as('start_date'),
        nullableDateText('s.end_date').as('end_date'),
        dateText('s.next_run').as('next_run'),
        'p.status as payer_status',
        'r.status as recipient_status',
        'r.name as recipient_name',
      ])
      .where('s.id', '=', id)
      .executeTakeFirstOrThrow();
    const occurrence = s.next_run;

    let transferId: string | null = null;
    let failure: string | null = null;
    if (s.payer_status !== 'approved') {
      failure = 'Your company cannot make payments at the moment.';
    } else if (s.recipient_status !== 'approved') {
      failure = 'This merchant cannot receive payments.';
    } else {
      try {
        const posted = await postTransfer(trx, {
          type: 'account_to_account',
          status: 'completed',
          amountMinor: s.amount_minor,
          currency: s.currency,
          debitAccountId: s.source_account_id,
          creditAccountId: s.recipient_account_id,
          feeMinor: 0n,
          counterpartyName: s.recipient_name,
          counterpartyWalletTag: s.recipient_wallet_tag,
          note: s.note,
          initiatedBy: s.created_by,
          idempotencyKey: occurrenceKey(s.id, occurrence),
          extra: { gif: s.gif },
        });
        transferId = posted.transfer.id;
      } catch (error) {
        // Refusals of the ledger are checked before anything is written: the transaction goes on.
        if (!(error instanceof AppError)) throw error;
        failure = error.code === 'insufficient_funds' ? insufficientFundsMessage : error.message;
      }
    }

    await trx
      .insertInto('scheduled_payment_runs')
      .values({
        scheduled_payment_id: s.id,
        occurrence_date: occurrence,
        outcome: transferId ? 'paid' : 'failed',
        transfer_id: transferId,
        failure_reason: transferId ? null : failure,
      })
      .onConflict((oc) => oc.columns(['scheduled_payment_id', 'occurrence_date']).doNothing())
      .execute();
    // The payer hears of the run (paid or failed); the merchant paid hears of the money, as from a wallet.
    await scheduledPaymentRun(trx, {
      merchantId: s.merchant_id,
      scheduleId: s.id,
      occurrence,
      recipient: s.recipient_name,
      amountMinor: s.amount_minor,
      currency: s.currency,
      transferId,
      failure,
    });
    if (transferId) {
      await moneyReceived(trx, {
        merchantId: s.recipient_merchant_id,
        transferId,
        amountMinor: s.amount_minor,
        currency: s.currency,
        via: 'wallet',
        fromMerchantId: s.merchant_id,
      });
    }
    const next = nextAfter(s, s.next_occurrence);
    await trx
      .updateTable('scheduled_payments')
      .set({
        next_occurrence: next.next_occurrence,
        next_run: next.next_run,
        status: next.next_run === null ? 'completed' : 'active',
        updated_at: sql<Date>`clock_timestamp()`,
      })
      .where('id', '=', s.id)
      .execute();
    return {
      outcome: transferId ? ('paid' as const) : ('failed' as const),
      completed: next.next_run === null,
    };
  });
}

/**
 * The scheduled-payments job: runs every occurrence due at `now` (date in UTC) once, each in its own transaction,
 * oldest first. Idempotent: a second call for the same `now`, or a concurrent one, finds nothing left to pay.
 */
export async function runDueScheduledPayments(
  db: Database,
  now: Date = new Date(),
  options: { batchSize?: number } = {},
): Promise<ScheduledPaymentsRunResult> {
  const today = utcDate(now);
  const limit = options.batchSize ?? scheduledRunBatchSize;
  const result: ScheduledPaymentsRunResult = { paid: 0, failed: 0, completed: 0, skipped: 0 };
  let budget = limit;
  while (budget > 0) {
    const due = await db
      .selectFrom('scheduled_payments')
      .select('id')
      .where('status', '=', 'active')
      .where('next_run', '<=', sqlDate(today))
      .orderBy('next_run')
      .orderBy('id')
      .limit(budget)
      .execute();
    if (due.length === 0) break;
    let progressed = false;
    for (const { id } of due) {
      budget -= 1;
      const run = await runOccurrence(db, id, today);
      result[run.outcome] += 1;
      if (run.completed) result.completed += 1;
      if (run.outcome !== 'skipped') progressed = true;
    }
    // Everything was taken by another run meanwhile: leave the rest to it.
    if (!progressed) break;
  }
  return result;
}
