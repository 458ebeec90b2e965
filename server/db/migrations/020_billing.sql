-- Plans, billing and the account's life (SPEC §1 plans, §2 /plans, /profile/billing, /account/:action_type,
-- §4 subscription and deletion; schemas/plans.schema.ts; server/billing/; docs/plans.md;
-- docs/decisions/013-plans-and-billing.md).

-- Plan charges (a plan bought, a renewal, the POS terminal bought with a plan) are a transaction type of their own,
-- `subscription`, with status `paid` (SPEC §4 "Paid (billing)"). Card orders stay `card_transaction` (ADR 013).
ALTER TABLE transfers DROP CONSTRAINT transfers_type_check;
ALTER TABLE transfers ADD CONSTRAINT transfers_type_check CHECK (
  type IN ('face_to_face', 'account_to_account', 'incoming_bank_transfer', 'card_transaction', 'bank_transfer', 'cashback',
    'subscription')
);

-- A completed account deletion revokes every session of the merchant's users.
ALTER TABLE sessions DROP CONSTRAINT sessions_revoked_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_revoked_reason_check
  CHECK (revoked_reason IN ('logout', 'global_logout', 'reuse_detected', 'expired', 'password_changed', 'disabled',
    'account_closed'));

-- Add-ons bought once with a plan. Today one: SPEC §1's POS terminal, shipped to an address, sold with paid plans.
CREATE TABLE plan_addons (
  id text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9_]*$'),
  price_minor bigint NOT NULL CHECK (price_minor > 0),
  currency text NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
  available_with text[] NOT NULL
);
INSERT INTO plan_addons (id, price_minor, currency, available_with)
VALUES ('pos_terminal', 14900, 'EUR', ARRAY['business', 'premium']);

-- The billing state of a merchant's plan: one row per merchant. The plan itself stays `merchants.plan_id` (cards,
-- cashback and `planOf` read it); both change together in one transaction (server/billing/). A merchant without a
-- row is on its plan with no billing period (a new merchant on Free); the first change inserts the row.
CREATE TABLE subscriptions (
  merchant_id uuid PRIMARY KEY REFERENCES merchants (id),
  -- Null on Free (and on a paid plan granted without billing, e.g. by hand).
  period text CHECK (period IN ('monthly', 'yearly')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'past_due')),
  current_period_start timestamptz,
  -- The next billing date.
  current_period_end timestamptz,
  -- What the current period was charged at (the plan's list price for it when it started): the base of the
  -- proration credit when the merchant upgrades mid-period.
  period_price_minor bigint NOT NULL DEFAULT 0 CHECK (period_price_minor >= 0),
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  cancelled_at timestamptz,
  -- A downgrade waiting for the period's end (to Free: plan 'free', period null).
  scheduled_plan_id text REFERENCES plans (id),
  scheduled_period text CHECK (scheduled_period IN ('monthly', 'yearly')),
  -- A renewal the balance did not cover: how many tries failed, the next one, and when the job gives up (then Free).
  retry_attempts integer NOT NULL DEFAULT 0 CHECK (retry_attempts >= 0),
  next_retry_at timestamptz,
  downgrade_at timestamptz,
  has_pos_terminal boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((period IS NULL) = (current_period_start IS NULL)),
  CHECK ((current_period_start IS NULL) = (current_period_end IS NULL)),
  CHECK (current_period_end IS NULL OR current_period_end > current_period_start),
  CHECK (cancel_at_period_end = (cancelled_at IS NOT NULL)),
  CHECK ((status = 'past_due') = (next_retry_at IS NOT NULL AND downgrade_at IS NOT NULL)),
  CHECK (scheduled_period IS NULL OR scheduled_plan_id IS NOT NULL)
);
-- What the billing job looks for: periods that ended, and retries that are due.
CREATE INDEX subscriptions_period_end_idx ON subscriptions (current_period_end) WHERE current_period_end IS NOT NULL;
CREATE INDEX subscriptions_retry_idx ON subscriptions (next_retry_at) WHERE status = 'past_due';
INSERT INTO subscriptions (merchant_id) SELECT id FROM merchants;

-- Invoice numbers: `TAM-YYYY-NNNNNN`, sequential per year without gaps. The number is taken from this row inside the
-- transaction that writes the invoice (the row stays locked until it commits; a rollback gives the number back).
CREATE TABLE invoice_counters (
  year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 9999),
  last_number integer NOT NULL CHECK (last_number BETWEEN 1 AND 999999)
);

-- One invoice per charge: a plan bought (`purchase`) or a period renewed (`renewal`). A renewal the balance did not
-- cover is an invoice with status failed; the retry that pays it turns the same invoice paid (one renewal, one
-- number). Amounts include VAT: net + vat = total. `merchant_details` is the merchant as it was when invoiced
-- (legal name, address, VAT number), so a later change of address never rewrites an issued invoice.
CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  number text NOT NULL UNIQUE CHECK (number ~ '^TAM-[0-9]{4}-[0-9]{6}$'),
  year integer NOT NULL,
  sequence integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('purchase', 'renewal')),
  status text NOT NULL CHECK (status IN ('paid', 'failed')),
  issued_at timestamptz NOT NULL,
  paid_at timestamptz,
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
  -- [{kind, plan_id, period, amount_minor}], as the quote showed them (a credit is negative).
  lines jsonb NOT NULL,
  net_minor bigint NOT NULL CHECK (net_minor >= 0),
  vat_minor bigint NOT NULL CHECK (vat_minor >= 0),
  total_minor bigint NOT NULL CHECK (total_minor > 0),
  vat_rate_bp integer NOT NULL CHECK (vat_rate_bp BETWEEN 0 AND 10000),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  plan_id text NOT NULL REFERENCES plans (id),
  period text CHECK (period IN ('monthly', 'yearly')),
  period_start timestamptz,
  period_end timestamptz,
  transfer_id uuid REFERENCES transfers (id),
  -- A renewal's `renewal:<merchant>:<period start>`: one invoice per renewed period, however many tries it takes.
  renewal_key text UNIQUE,
  merchant_details jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (year, sequence),
  CHECK (net_minor + vat_minor = total_minor),
  CHECK ((status = 'paid') = (transfer_id IS NOT NULL AND paid_at IS NOT NULL)),
  CHECK ((kind = 'renewal') = (renewal_key IS NOT NULL))
);
CREATE INDEX invoices_merchant_idx ON invoices (merchant_id, issued_at);

-- A plan change priced and waiting to be paid (30 minutes); paid once, by one Idempotency-Key. `lines`, `total_minor`
-- and `effective*` are the quote as shown; paying re-prices it at `quoted_at` against the subscription as it is then
-- and refuses (409 quote_changed) when anything differs.
CREATE TABLE plan_carts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  created_by uuid NOT NULL REFERENCES users (id),
  plan_id text NOT NULL REFERENCES plans (id),
  period text NOT NULL CHECK (period IN ('monthly', 'yearly')),
  pos_terminal boolean NOT NULL,
  shipping_address jsonb,
  save_address boolean NOT NULL DEFAULT false,
  lines jsonb NOT NULL,
  total_minor bigint NOT NULL CHECK (total_minor >= 0),
  vat_minor bigint NOT NULL CHECK (vat_minor >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  effective text NOT NULL CHECK (effective IN ('now', 'period_end')),
  effective_at timestamptz NOT NULL,
  next_billing_at timestamptz,
  quoted_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  pay_idempotency_key text,
  invoice_id uuid REFERENCES invoices (id),
  transfer_id uuid REFERENCES transfers (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (merchant_id, pay_idempotency_key),
  CHECK (pos_terminal = (shipping_address IS NOT NULL)),
  CHECK ((paid_at IS NULL) = (pay_idempotency_key IS NULL))
);
CREATE INDEX plan_carts_merchant_idx ON plan_carts (merchant_id, created_at);
-- The welcome checklist's `pick_plan`: a paid plan bought, ever.
CREATE INDEX plan_carts_paid_idx ON plan_carts (merchant_id) WHERE paid_at IS NOT NULL;

-- The cancellation questionnaire's answers (SPEC §7 "cancellation questions and answers"), kept with each cancel.
CREATE TABLE cancellation_answers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  plan_id text NOT NULL REFERENCES plans (id),
  -- [{question_id, options?, text?}], checked against the questions (server/billing/cancellation.ts).
  answers jsonb NOT NULL,
  effective_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX cancellation_answers_merchant_idx ON cancellation_answers (merchant_id, created_at);

-- A request to delete the merchant's account (SPEC §4): effective at the end of the billing period, completed by the
-- billing job only when nothing blocks it (money left, a pending payment, a card not destroyed, a paid plan not
-- cancelled), withdrawable until then. `blockers` is what the last check found.
CREATE TABLE account_deletions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  requested_by uuid NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'completed', 'withdrawn')),
  -- Where money left in the accounts is paid out (electronic format, mod-97 checked by the server).
  payout_iban text NOT NULL CHECK (payout_iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  reason text CHECK (length(reason) <= 1000),
  requested_at timestamptz NOT NULL,
  effective_at timestamptz NOT NULL,
  blockers text[] NOT NULL DEFAULT '{}',
  checked_at timestamptz,
  completed_at timestamptz,
  withdrawn_at timestamptz,
  CHECK ((status = 'completed') = (completed_at IS NOT NULL)),
  CHECK ((status = 'withdrawn') = (withdrawn_at IS NOT NULL))
);
-- One open request per merchant, also under a race.
CREATE UNIQUE INDEX account_deletions_scheduled_key ON account_deletions (merchant_id) WHERE status = 'scheduled';
CREATE INDEX account_deletions_due_idx ON account_deletions (effective_at) WHERE status = 'scheduled';

-- Follow-ups for the bank's representative (SPEC §4 "a representative follows up"), visible through the sandbox until
-- a back office exists. One task per subject (the deletion request), updated as it moves on.
CREATE TABLE representative_tasks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('account_deletion')),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  subject_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (kind, subject_id)
);
CREATE INDEX representative_tasks_open_idx ON representative_tasks (created_at) WHERE status = 'open';
