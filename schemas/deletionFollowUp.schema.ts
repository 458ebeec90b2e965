/**
 * The follow-up of an account deletion (SPEC §4 "a representative follows up", issue 21): the task the deletion
 * request writes (server/billing/deletion.ts) read by the bank's operations in the back office, oldest first, and
 * completed there with a note saying what was done (the money left paid out to the IBAN given, the merchant called…).
 * A task done is done once: completing it again is 409. A task the billing job closes itself (the deletion completed
 * or was withdrawn) leaves the list without a note; a due deletion still blocked reopens its task.
 *
 * Endpoints (operationId), all under /api/back-office/ (staff realm):
 * - GET  account-deletions/tasks/               deletionTasks         → DeletionTasks (open, oldest first)
 * - POST account-deletions/tasks/{id}/done/     completeDeletionTask  CompleteDeletionTaskBody → DeletionTask
 */
import { z } from 'zod';
import { AccountDeletion } from './plans.schema';
import { text } from './text';

export const DeletionTask = z
  .object({
    id: z.uuid(),
    /** What the task is about: today only an account deletion. */
    kind: z.enum(['account_deletion']),
    status: z.enum(['open', 'done']),
    created_at: text(),
    updated_at: text(),
    merchant: z.object({ id: z.uuid(), name: text() }),
    /** The request behind it: the date, the IBAN the money left goes to, the merchant's reason, what blocks it. */
    deletion: z.object({
      ...AccountDeletion.shape,
      reason: text().nullable(),
      /** When the blockers were last checked. */
      checked_at: text().nullable(),
    }),
    /** The staff member's completion; null while open and when the billing job closed the task itself. */
    completed: z.object({ staff_id: z.uuid(), name: text(), at: text(), note: text() }).nullable(),
  })
  .meta({ id: 'DeletionTask' });
export type DeletionTask = z.infer<typeof DeletionTask>;

export const DeletionTasks = z.object({ items: z.array(DeletionTask) }).meta({ id: 'DeletionTasks' });
export type DeletionTasks = z.infer<typeof DeletionTasks>;

export const deletionTaskNoteMax = 1000;

export const CompleteDeletionTaskBody = z
  .object({
    /** What was done: the payout made, who was called, what is left for whom. */
    note: text()
      .trim()
      .min(1, 'This field is required.')
      .max(deletionTaskNoteMax, `Max ${deletionTaskNoteMax} characters.`),
  })
  .meta({ id: 'CompleteDeletionTaskBody' });
export type CompleteDeletionTaskBody = z.infer<typeof CompleteDeletionTaskBody>;

export const DeletionTaskParams = z.object({ id: z.uuid() });

/** The most tasks the list shows at once (oldest first: the longest waiting are never cut off). */
export const deletionTaskListLimit = 100;
