import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { sql, type Transaction } from 'kysely';
import type { AccountDeleteBody, AccountDeletion, DeletionBlocker } from '../../schemas/plans.schema';
import { consumeStepUp } from '../auth/stepUp';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import type { Db } from '../ledger';
import { emailOwner } from './messages';
import { isPaid, runningPeriod } from './pricing';
import { loadPlans, lockSubscription, readSubscription, type BillingActor } from './subscriptions';

/**
 * Deleting the merchant's account (SPEC §4: effective at the end of the billing period, a representative follows up;
 * docs/product.md "Plans and billing": money left is not lost). A request needs a fresh one-time code (step-up
 * `account_deletion`), names the IBAN the money left is paid out to, and creates a task for the bank's
 * representative. The billing job completes a due request only when nothing blocks it; until then it can be
 * withdrawn.
 */

const deletionState = (state: string, message: string) =>
  new AppError('deletion_state', 409, message, { details: { state } });
const noDeletion = () => new AppError('not_found', 404, 'There is no account deletion request.');

/**
 * What still keeps the account open: money in any account (paid out by the representative to the IBAN given), a
 * payment still pending, a card not destroyed, a paid plan neither cancelled nor set to become Free.
 */
export async function deletionBlockers(db: Db, merchantId: string, now: Date): Promise<DeletionBlocker[]> {
  const blockers: DeletionBlocker[] = [];
  const money = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'merchant')
    .where('balance_minor', '>', 0n)
    .limit(1)
    .executeTakeFirst();
  if (money) blockers.push('balance');
  const pending = await db
    .selectFrom('transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', 't.debit_account_id')
    .select('t.id')
    .where('a.merchant_id', '=', merchantId)
    .where('t.status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  if (pending) blockers.push('pending_transfer');
  const card = await db
    .selectFrom('cards')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('status', '<>', 'destroyed')
    .limit(1)
    .executeTakeFirst();
  if (card) blockers.push('active_card');
  const subscription = await readSubscription(db, merchantId);
  const plans = await loadPlans(db);
  const plan = plans.get(subscription.planId);
  const leaving = subscription.cancelAtPeriodEnd || subscription.scheduledPlanId === 'free';
  // A paid plan whose period lapsed unpaid ends on its own (the job moves it to Free): only a running one blocks.
  if (plan && isPaid(plan) && !leaving && runningPeriod(subscription, plans, now))
    blockers.push('active_plan');
  return blockers;
}

type DeletionRow = {
  id: string;
  status: 'scheduled' | 'completed' | 'withdrawn';
  requested_at: Date;
  effective_at: Date;
  payout_iban: string;
  blockers: string[];
};

const deletionColumns = ['id', 'status', 'requested_at', 'effective_at', 'payout_iban', 'blockers'] as const;

function view(row: DeletionRow, blockers: DeletionBlocker[]): AccountDeletion {
  return {
    id: row.id,
    status: row.status,
    requested_at: row.requested_at.toISOString(),
    effective_at: row.effective_at.toISOString(),
    payout_iban: row.payout_iban,
    blockers,
  };
}

const storedBlockers = (row: DeletionRow) => row.blockers as DeletionBlocker[];

/** accountDeletion: the request that is scheduled, with what blocks it now; 404 when there is none. */
export async function accountDeletion(
  db: Database,
  merchantId: string,
  now: Date = new Date(),
): Promise<AccountDeletion> {
  const row = await db
    .selectFrom('account_deletions')
    .select(deletionColumns)
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  if (!row) throw noDeletion();
  return view(row, await deletionBlockers(db, merchantId, now));
}

function taskPayload(input: {
  deletionId: string;
  payoutIban: string;
  reason: string | null;
  effectiveAt: Date;
  blockers: DeletionBlocker[];
  checkedAt: Date;
  outcome?: 'completed' | 'withdrawn';
}) {
  return JSON.stringify({
    deletion_id: input.deletionId,
    payout_iban: input.payoutIban,
    reason: input.reason,
    effective_at: input.effectiveAt.toISOString(),
    blockers: input.blockers,
    checked_at: input.checkedAt.toISOString(),
    ...(input.outcome ? { outcome: input.outcome } : {}),
  });
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * accountDeleteRequest: in ONE transaction spends the step-up grant (403 step_up_required without a fresh one),
 * refuses a second open request (409 deletion_state), sets the date (the end of a running paid period, else now),
 * lists what blocks it, records the request and the representative's task and emails the owner. The IBAN must be
 * valid (mod 97) and not one of the merchant's own Tameio accounts (the money would stay here).
 */
export async function requestAccountDeletion(
  db: Database,
  actor: BillingActor,
  body: AccountDeleteBody,
  stepUpToken: string | undefined,
  now: Date = new Date(),
): Promise<{ deletion: AccountDeletion; outboxIds: string[] }> {
  const iban = electronicFormatIBAN(body.payout_iban) ?? '';
  if (!isValidIBAN(iban)) {
    throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
      fields: { payout_iban: 'Enter a valid IBAN.' },
    });
  }
  const own = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('merchant_id', '=', actor.merchantId)
    .where('iban', '=', iban)
    .executeTakeFirst();
  if (own) {
    throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
      fields: { payout_iban: 'This is one of your Tameio accounts: give an account at another bank.' },
    });
  }
  const reason = body.reason?.trim() || null;
  try {
    return await db.transaction().execute(async (trx) => {
      await consumeStepUp(trx, { userId: actor.userId, purpose: 'account_deletion', token: stepUpToken });
      const open = await trx
        .selectFrom('account_deletions')
        .select('id')
        .where('merchant_id', '=', actor.merchantId)
        .where('status', '=', 'scheduled')
        .executeTakeFirst();
      if (open) throw deletionState('scheduled', 'Your account is scheduled for deletion already.');
      // The subscription's lock orders this after any plan change in flight, so the date is the period's real end.
      const subscription = await lockSubscription(trx, actor.merchantId);
      const running = runningPeriod(subscription, await loadPlans(trx), now);
      const effectiveAt = running ? running.end : now;
      const blockers = await deletionBlockers(trx, actor.merchantId, now);
      const row = await trx
        .insertInto('account_deletions')
        .values({
          merchant_id: actor.merchantId,
          requested_by: actor.userId,
          payout_iban: iban,
          reason,
          requested_at: now,
          effective_at: effectiveAt,
          blockers,
          checked_at: now,
        })
        .returning(deletionColumns)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('representative_tasks')
        .values({
          kind: 'account_deletion',
          merchant_id: actor.merchantId,
          subject_id: row.id,
          payload: taskPayload({
            deletionId: row.id,
            payoutIban: iban,
            reason,
            effectiveAt,
            blockers,
            checkedAt: now,
          }),
        })
        .execute();
      const outboxIds = await emailOwner(trx, actor.merchantId, {
        kind: 'deletion_requested',
        effectiveAt,
        payoutIban: iban,
        blockers,
      });
      return { deletion: view(row, blockers), outboxIds };
    });
  } catch (error) {
    // Two requests at once: the unique index let the other one in.
    if (isUniqueViolation(error))
      throw deletionState('scheduled', 'Your account is scheduled for deletion already.');
    throw error;
  }
}

/**
 * Keeps the task in step with its request. Closing it keeps a staff member's completion (server/billing/
 * deletionFollowUp.ts); a due request still blocked reopens it and clears that completion, since the follow-up is not
 * over (the audit trail keeps the note).
 */
async function updateTask(
  trx: Transaction<DB>,
  deletionId: string,
  payload: string,
  status: 'open' | 'done',
): Promise<void> {
  await trx
    .updateTable('representative_tasks')
    .set({
      payload,
      status,
      updated_at: sql<Date>`clock_timestamp()`,
      ...(status === 'open' ? { completed_by: null, completed_at: null, note: null } : {}),
    })
    .where('kind', '=', 'account_deletion')
    .where('subject_id', '=', deletionId)
    .execute();
}

/** withdrawAccountDeletion: the scheduled request is withdrawn and its task closed; 404 when there is none. */
export async function withdrawAccountDeletion(
  db: Database,
  actor: BillingActor,
  now: Date = new Date(),
): Promise<AccountDeletion> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('account_deletions')
      .select([...deletionColumns, 'reason'])
      .where('merchant_id', '=', actor.merchantId)
      .where('status', '=', 'scheduled')
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw noDeletion();
    const updated = await trx
      .updateTable('account_deletions')
      .set({ status: 'withdrawn', withdrawn_at: now })
      .where('id', '=', row.id)
      .returning(deletionColumns)
      .executeTakeFirstOrThrow();
    await updateTask(
      trx,
      row.id,
      taskPayload({
        deletionId: row.id,
        payoutIban: row.payout_iban,
        reason: row.reason,
        effectiveAt: row.effective_at,
        blockers: storedBlockers(row),
        checkedAt: now,
        outcome: 'withdrawn',
      }),
      'done',
    );
    return view(updated, storedBlockers(updated));
  });
}

export type DeletionOutcome = 'completed' | 'blocked' | 'skipped';

/**
 * The billing job's part: one due request, in its own transaction, claimed with FOR UPDATE SKIP LOCKED. Completes it
 * when nothing blocks it (the merchant is closed, every session of its users revoked, the task done, the owner
 * emailed); otherwise leaves it scheduled with what blocks it now, in the request and in the task.
 */
export async function settleDueDeletion(
  db: Database,
  now: Date,
  skip: string[],
): Promise<{ outcome: DeletionOutcome; id: string | null; outboxIds: string[] }> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('account_deletions')
      .select([...deletionColumns, 'merchant_id', 'reason'])
      .where('status', '=', 'scheduled')
      .where('effective_at', '<=', now)
      .orderBy('effective_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked();
    if (skip.length > 0) query = query.where('id', 'not in', skip);
    const row = await query.executeTakeFirst();
    if (!row) return { outcome: 'skipped' as const, id: null, outboxIds: [] };
    // The subscription's lock: no plan change slips in between the check and the close.
    await lockSubscription(trx, row.merchant_id);
    const blockers = await deletionBlockers(trx, row.merchant_id, now);
    const payload = (outcome?: 'completed') =>
      taskPayload({
        deletionId: row.id,
        payoutIban: row.payout_iban,
        reason: row.reason,
        effectiveAt: row.effective_at,
        blockers,
        checkedAt: now,
        ...(outcome ? { outcome } : {}),
      });
    if (blockers.length > 0) {
      await trx
        .updateTable('account_deletions')
        .set({ blockers, checked_at: now })
        .where('id', '=', row.id)
        .execute();
      await updateTask(trx, row.id, payload(), 'open');
      return { outcome: 'blocked' as const, id: row.id, outboxIds: [] };
    }
    await trx
      .updateTable('account_deletions')
      .set({ status: 'completed', completed_at: now, blockers: [], checked_at: now })
      .where('id', '=', row.id)
      .execute();
    await trx.updateTable('merchants').set({ status: 'closed' }).where('id', '=', row.merchant_id).execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now, revoked_reason: 'account_closed' })
      .where('revoked_at', 'is', null)
      .where('user_id', 'in', (eb) =>
        eb.selectFrom('users').select('id').where('merchant_id', '=', row.merchant_id),
      )
      .execute();
    await updateTask(trx, row.id, payload('completed'), 'done');
    const outboxIds = await emailOwner(trx, row.merchant_id, { kind: 'deletion_completed' });
    return { outcome: 'completed' as const, id: row.id, outboxIds };
  });
}
