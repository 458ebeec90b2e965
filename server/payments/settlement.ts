import { sql } from 'kysely';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { failTransfer, settleTransfer } from '../ledger';

/**
 * The settlement job: payments to other banks wait in clearing (pending) until this job hands them to the
 * rails. In the sandbox the other bank's answer is decided by `sandbox_external_accounts`, deterministically:
 * - the IBAN is not in the registry: failed, "The receiving bank does not know this account.";
 * - the account refuses payments (`rejects_payments`, set through the sandbox): failed, "The receiving bank
 *   rejected the payment.";
 * - otherwise: settled (completed; clearing → external rails).
 * A failure reverses the posting, so the payer gets amount and fee back. Each payment is settled or failed in its
 * own transaction by the ledger's idempotent `settleTransfer`/`failTransfer`: a run that stops half way, or two runs
 * at once (two API processes), leave every payment in exactly one end state.
 */

export type SettlementResult = { settled: number; failed: number; skipped: number };

export const settlementBatchSize = 200;

export const unknownAccountReason = 'The receiving bank does not know this account.';
export const rejectedReason = 'The receiving bank rejected the payment.';

/** Settles or fails every pending payment to another bank created at least `delaySeconds` before `now`. */
export async function runSettlement(
  db: Database,
  options: { delaySeconds: number; now?: Date; batchSize?: number },
): Promise<SettlementResult> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - options.delaySeconds * 1000);
  const due = await db
    .selectFrom('transfers as t')
    .leftJoin('sandbox_external_accounts as x', 'x.iban', 't.counterparty_iban')
    .select(['t.id', 'x.iban as known_iban', 'x.rejects_payments'])
    .where('t.status', '=', 'pending')
    .where('t.type', '=', 'bank_transfer')
    .where('t.created_at', '<=', cutoff)
    .orderBy('t.created_at')
    .orderBy('t.id')
    .limit(options.batchSize ?? settlementBatchSize)
    .execute();
  const result: SettlementResult = { settled: 0, failed: 0, skipped: 0 };
  for (const payment of due) {
    try {
      if (!payment.known_iban) {
        await failTransfer(db, payment.id, unknownAccountReason);
        result.failed += 1;
      } else if (payment.rejects_payments) {
        await failTransfer(db, payment.id, rejectedReason);
        result.failed += 1;
      } else {
        await settleTransfer(db, payment.id);
        result.settled += 1;
      }
    } catch (error) {
      // Ended meanwhile by another run (409): nothing to do. Anything else is the next run's to retry.
      if (!(error instanceof AppError)) throw error;
      result.skipped += 1;
    }
  }
  return result;
}

/** Sandbox: make an account at another bank refuse (or accept again) incoming payments. 404 if it is not known. */
export async function setRejectsPayments(
  db: Database,
  iban: string,
  rejects: boolean,
): Promise<{ iban: string; rejects_payments: boolean }> {
  const row = await db
    .updateTable('sandbox_external_accounts')
    .set({ rejects_payments: rejects, updated_at: sql<Date>`now()` })
    .where('iban', '=', iban)
    .returning(['iban', 'rejects_payments'])
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 404, 'No account at another bank has this IBAN in the sandbox.');
  return row;
}
