import { sql } from 'kysely';
import {
  deletionTaskListLimit,
  type CompleteDeletionTaskBody,
  type DeletionTask,
  type DeletionTasks,
} from '../../schemas/deletionFollowUp.schema';
import type { DeletionBlocker } from '../../schemas/plans.schema';
import { recordAudit } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import type { Db } from '../ledger';

/*
 * The bank's operations follow up an account deletion (schemas/deletionFollowUp.schema.ts): the task the request
 * wrote (server/billing/deletion.ts) is read in the back office with the request behind it, and completed by a staff
 * member with a note of what was done, on the audit trail.
 */

const notFound = () => new AppError('not_found', 404, 'Nothing here.');

function tasksQuery(db: Db) {
  return db
    .selectFrom('representative_tasks as t')
    .innerJoin('merchants as m', 'm.id', 't.merchant_id')
    .innerJoin('account_deletions as d', 'd.id', 't.subject_id')
    .leftJoin('staff_users as s', 's.id', 't.completed_by')
    .select([
      't.id',
      't.kind',
      't.status',
      't.created_at',
      't.updated_at',
      't.completed_by',
      't.completed_at',
      't.note',
      's.name as completed_by_name',
      'm.id as merchant_id',
      'm.name as merchant_name',
      'd.id as deletion_id',
      'd.status as deletion_status',
      'd.requested_at',
      'd.effective_at',
      'd.payout_iban',
      'd.reason',
      'd.blockers',
      'd.checked_at',
    ])
    .where('t.kind', '=', 'account_deletion');
}

type TaskRow = Awaited<ReturnType<ReturnType<typeof tasksQuery>['executeTakeFirstOrThrow']>>;

function taskOf(row: TaskRow): DeletionTask {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    merchant: { id: row.merchant_id, name: row.merchant_name },
    deletion: {
      id: row.deletion_id,
      status: row.deletion_status,
      requested_at: row.requested_at.toISOString(),
      effective_at: row.effective_at.toISOString(),
      payout_iban: row.payout_iban,
      reason: row.reason,
      blockers: row.blockers as DeletionBlocker[],
      checked_at: row.checked_at ? row.checked_at.toISOString() : null,
    },
    completed:
      row.completed_by && row.completed_at && row.note !== null
        ? {
            staff_id: row.completed_by,
            name: row.completed_by_name ?? '',
            at: row.completed_at.toISOString(),
            note: row.note,
          }
        : null,
  };
}

/** deletionTasks: the open follow-ups, oldest first (the longest waiting on top), with the request behind each. */
export async function deletionTasks(db: Database): Promise<DeletionTasks> {
  const rows = await tasksQuery(db)
    .where('t.status', '=', 'open')
    .orderBy('t.created_at')
    .orderBy('t.id')
    .limit(deletionTaskListLimit)
    .execute();
  return { items: rows.map(taskOf) };
}

/**
 * completeDeletionTask: a staff member marks an open follow-up done with a note of what was done, in one transaction
 * with its audit entry. 404 for no such task; 409 when it is done already (by a staff member or because the deletion
 * completed or was withdrawn).
 */
export async function completeDeletionTask(
  db: Database,
  taskId: string,
  body: CompleteDeletionTaskBody,
  staff: { staffId: string },
  origin: RequestOrigin | null,
): Promise<DeletionTask> {
  const note = body.note.trim();
  if (!note) {
    throw new AppError('validation_failed', 400, 'Say what was done.', {
      fields: { note: 'This field is required.' },
    });
  }
  return db.transaction().execute(async (trx) => {
    const task = await trx
      .selectFrom('representative_tasks')
      .select(['id', 'status', 'merchant_id', 'subject_id'])
      .where('id', '=', taskId)
      .where('kind', '=', 'account_deletion')
      .forUpdate()
      .executeTakeFirst();
    if (!task) throw notFound();
    if (task.status !== 'open') {
      throw new AppError('conflict', 409, 'This task is done already.', { details: { status: task.status } });
    }
    await trx
      .updateTable('representative_tasks')
      .set({
        status: 'done',
        completed_by: staff.staffId,
        completed_at: sql<Date>`clock_timestamp()`,
        note,
        updated_at: sql<Date>`clock_timestamp()`,
      })
      .where('id', '=', taskId)
      .execute();
    await recordAudit(trx, {
      realm: 'staff',
      actorUserId: staff.staffId,
      merchantId: task.merchant_id,
      action: 'account_deletion.task_done',
      subject: `representative_task:${taskId}`,
      details: { deletion_id: task.subject_id, note },
      origin,
    });
    return taskOf(await tasksQuery(trx).where('t.id', '=', taskId).executeTakeFirstOrThrow());
  });
}
