-- Scheduled and recurring payments (schemas/scheduledPayments.schema.ts, server/payments/scheduledPayments.ts).
-- Only wallet recipients for now: the recipient merchant and its account in the payer's currency, fixed at creation.

CREATE TABLE scheduled_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  created_by uuid NOT NULL REFERENCES users (id),
  source_account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  recipient_merchant_id uuid NOT NULL REFERENCES merchants (id),
  recipient_account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  recipient_wallet_tag text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  note text CHECK (length(note) <= 140),
  gif text CHECK (length(gif) <= 300),
  frequency text NOT NULL CHECK (frequency IN ('once', 'daily', 'weekly', 'monthly', 'yearly')),
  start_date date NOT NULL,
  end_date date,
  -- Occurrence n is computed from start_date (never from the previous one); next_occurrence is the n of next_run.
  next_occurrence integer NOT NULL DEFAULT 0 CHECK (next_occurrence >= 0),
  next_run date,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  cancelled_at timestamptz,
  CHECK (end_date IS NULL OR end_date >= start_date),
  CHECK (frequency <> 'once' OR end_date IS NULL),
  CHECK ((status = 'active') = (next_run IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  CHECK (recipient_merchant_id <> merchant_id)
);
CREATE INDEX scheduled_payments_merchant_idx ON scheduled_payments (merchant_id, created_at);
-- The job looks for active schedules whose next run is due.
CREATE INDEX scheduled_payments_due_idx ON scheduled_payments (next_run) WHERE status = 'active';

-- One row per occurrence run: paid (with its transfer, idempotency key schedule:<id>:<date>) or failed (no money
-- moved). Unique per occurrence, so a repeated or overlapping run records it once.
CREATE TABLE scheduled_payment_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  scheduled_payment_id uuid NOT NULL REFERENCES scheduled_payments (id),
  occurrence_date date NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('paid', 'failed')),
  transfer_id uuid REFERENCES transfers (id),
  failure_reason text,
  ran_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (scheduled_payment_id, occurrence_date),
  CHECK ((outcome = 'paid') = (transfer_id IS NOT NULL)),
  CHECK ((outcome = 'failed') = (failure_reason IS NOT NULL))
);
