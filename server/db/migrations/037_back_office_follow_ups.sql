-- Two decisions that waited on the sandbox or on nobody now have a staff member behind them (issue 21): a change of
-- a company's legal details (migration 026) is approved or rejected in the back office, and an account deletion's
-- follow-up task (migration 020) is completed there with a note. Who decided is kept on the row the merchant's data
-- comes from; the decision itself, with its reason or note, is on the audit trail (migration 033).

-- The staff member who decided; null while it waits, and for a decision made through the sandbox rail.
ALTER TABLE profile_change_requests ADD COLUMN decided_by uuid REFERENCES staff_users (id);
ALTER TABLE profile_change_requests
  ADD CONSTRAINT profile_change_requests_decided_by_check CHECK (decided_by IS NULL OR decided_at IS NOT NULL);

-- A staff member's completion of the follow-up: who, when and what was done. A task the billing job closes itself
-- (the deletion completed or was withdrawn) has none; a due deletion still blocked reopens the task and clears it.
ALTER TABLE representative_tasks
  ADD COLUMN completed_by uuid REFERENCES staff_users (id),
  ADD COLUMN completed_at timestamptz,
  ADD COLUMN note text CHECK (length(note) BETWEEN 1 AND 1000);
ALTER TABLE representative_tasks
  ADD CONSTRAINT representative_tasks_completed_check CHECK (
    (completed_by IS NULL) = (completed_at IS NULL)
    AND (completed_by IS NULL) = (note IS NULL)
    AND (completed_by IS NULL OR status = 'done')
  );
