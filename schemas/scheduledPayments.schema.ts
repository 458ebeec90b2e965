/**
 * Scheduled and recurring payments (SPEC §3 "Scheduled payment", §9 frequencies). Code:
 * server/payments/scheduledPayments.ts, routes server/routes/scheduledPayments.routes.ts.
 *
 * Endpoints (operationId), all secured (approved merchant), under /api/merchants/scheduled_payments/:
 * - POST ./                 createScheduledPayment   (send-money area)          CreateScheduledPaymentBody
 *                                                                                + Idempotency-Key → ScheduledPayment
 * - GET  ./                 scheduledPayments        (scheduled-payments area)  → ScheduledPaymentsList
 * - GET  {id}/              scheduledPayment         (scheduled-payments area)  → ScheduledPayment
 * - POST {id}/cancel/       cancelScheduledPayment   (send-money area)          → ScheduledPayment
 * Sandbox (never in production): POST /api/sandbox/scheduled_payments/run/ (sandboxRunScheduledPayments).
 *
 * Only wallet-tag recipients for now: an IBAN schedule would need a name check and a one-time code per run.
 * Dates are calendar dates (YYYY-MM-DD) in UTC. Occurrence n of a schedule is computed from its start date, never
 * from the previous occurrence: monthly on the 31st runs on the last day of shorter months (Jan 31, Feb 28, Mar 31),
 * yearly on Feb 29 runs on Feb 28 in other years.
 */
import { z } from 'zod';
import { text } from './text';
import { WalletTag } from './beneficiaries.schema';
import { AmountMinor } from './money';
import { Money } from './overview.schema';
import { AccountType, Gif, Note } from './sendMoney.schema';

export const scheduleFrequencies = ['once', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export const ScheduleFrequency = z.enum(scheduleFrequencies);
export type ScheduleFrequency = z.infer<typeof ScheduleFrequency>;

/**
 * A repeating schedule needs a one-time code when it is created, whatever one run's amount: it pays again and again
 * without the user (with no end date, for ever), so what it can move adds up with no bound. A one-off schedule is
 * confirmed like a payment now (from the send-money threshold on). The server enforces it; the journey asks for the
 * code before the server has to refuse.
 */
export const scheduleNeedsCode = (frequency: ScheduleFrequency): boolean => frequency !== 'once';

export const scheduleStatuses = ['active', 'completed', 'cancelled'] as const;
export const ScheduleStatus = z.enum(scheduleStatuses);
export type ScheduleStatus = z.infer<typeof ScheduleStatus>;

/** A real calendar date, YYYY-MM-DD. */
export const CalendarDate = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Not a calendar date.');

export const CreateScheduledPaymentBody = z
  .object({
    account_type: AccountType,
    recipient: z.object({ wallet_tag: WalletTag }).strict(),
    amount_minor: AmountMinor,
    note: Note.optional(),
    gif: Gif.optional(),
    frequency: ScheduleFrequency,
    /** Today (UTC) or later. */
    start_date: CalendarDate,
    /** On or after the start date; absent for `once`. Without it a repeating payment runs until cancelled. */
    end_date: CalendarDate.optional(),
  })
  .meta({ id: 'CreateScheduledPaymentBody' });
export type CreateScheduledPaymentBody = z.infer<typeof CreateScheduledPaymentBody>;

export const ScheduledPaymentIdParams = z.object({ id: text().max(64) });

export const ScheduledPaymentRun = z
  .object({
    occurrence_date: text(),
    outcome: z.enum(['paid', 'failed']),
    /** The transfer of a paid run (see transactions); null when it failed. */
    transfer_id: text().nullable(),
    failure_reason: text().nullable(),
    ran_at: text(),
  })
  .meta({ id: 'ScheduledPaymentRun' });
export type ScheduledPaymentRun = z.infer<typeof ScheduledPaymentRun>;

const scheduledPaymentFields = {
  id: text(),
  status: ScheduleStatus,
  account_type: text(),
  recipient: z.object({ wallet_tag: text(), name: text() }),
  amount: Money,
  note: text().nullable(),
  gif: text().nullable(),
  frequency: ScheduleFrequency,
  start_date: text(),
  end_date: text().nullable(),
  /** The next occurrence; null once completed or cancelled. */
  next_run_date: text().nullable(),
  run_count: z.number().int(),
  created_at: text(),
  cancelled_at: text().nullable(),
};

export const ScheduledPaymentSummary = z
  .object(scheduledPaymentFields)
  .meta({ id: 'ScheduledPaymentSummary' });
export type ScheduledPaymentSummary = z.infer<typeof ScheduledPaymentSummary>;

export const ScheduledPayment = z
  .object({ ...scheduledPaymentFields, runs: z.array(ScheduledPaymentRun) })
  .meta({ id: 'ScheduledPayment' });
export type ScheduledPayment = z.infer<typeof ScheduledPayment>;

export const ScheduledPaymentsList = z
  .object({ items: z.array(ScheduledPaymentSummary) })
  .meta({ id: 'ScheduledPaymentsList' });
export type ScheduledPaymentsList = z.infer<typeof ScheduledPaymentsList>;

export const ScheduledPaymentsRunBody = z
  .object({
    /** The clock the job runs at (ISO date-time); default now. Lets tests and reviewers move time. */
    now: z.iso.datetime().optional(),
  })
  .meta({ id: 'ScheduledPaymentsRunBody' });

export const ScheduledPaymentsRunResult = z
  .object({
    paid: z.number().int(),
    failed: z.number().int(),
    completed: z.number().int(),
    skipped: z.number().int(),
  })
  .meta({ id: 'ScheduledPaymentsRunResult' });
export type ScheduledPaymentsRunResult = z.infer<typeof ScheduledPaymentsRunResult>;
