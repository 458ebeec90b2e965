-- The bank's review of a merchant (issue 21, server/review/): the staff member behind each decision, four-eyes on
-- flagged merchants, requests for more information on named steps, the VAT checks made, and a person's review of
-- the representative's identity photos.

-- information_requested: the bank asked for more on named steps (merchant_information_requests); only those steps
-- open again, the merchant resubmits and is in review again.
ALTER TABLE merchants DROP CONSTRAINT IF EXISTS merchants_status_check;
ALTER TABLE merchants ADD CONSTRAINT merchants_status_check
  CHECK (status IN ('pending', 'onboarding', 'in_review', 'information_requested', 'approved', 'rejected', 'closed'));

-- Counts the merchant's submissions: a decision belongs to the submission it was made on, so a first approval given
-- before a request for more information never counts towards the answer that follows it.
ALTER TABLE merchant_onboarding ADD COLUMN submission integer NOT NULL DEFAULT 0;

-- Every decision on a submission, by whom. staff_id NULL: the sandbox endpoint or `npm run review` (`reviewer` says
-- which). 'first_approval' is the first of two approvals a flagged merchant needs; at most one per submission.
CREATE TABLE merchant_review_decisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  submission integer NOT NULL,
  staff_id uuid REFERENCES staff_users (id),
  reviewer text NOT NULL,
  decision text NOT NULL CHECK (decision IN ('first_approval', 'approved', 'rejected', 'information_requested')),
  reason text,
  -- The risk flags the file showed when the decision was made.
  risk_flags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX merchant_review_decisions_merchant_idx ON merchant_review_decisions (merchant_id, created_at);
CREATE UNIQUE INDEX merchant_review_decisions_first_approval_key
  ON merchant_review_decisions (merchant_id, submission) WHERE decision = 'first_approval';

-- A request for more information: the steps named, each with the note the merchant reads beside it. Answered when
-- the merchant submits again; the rows stay as the history.
CREATE TABLE merchant_information_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  submission integer NOT NULL,
  staff_id uuid REFERENCES staff_users (id),
  requested_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  answered_at timestamptz
);
CREATE UNIQUE INDEX merchant_information_requests_open_key
  ON merchant_information_requests (merchant_id) WHERE answered_at IS NULL;

CREATE TABLE merchant_information_request_steps (
  request_id uuid NOT NULL REFERENCES merchant_information_requests (id),
  -- The onboarding's steps as machines/onboarding.machine.ts names them (review excepted).
  step text NOT NULL CHECK (step IN (
    'representative', 'company', 'directors', 'shareholders', 'documents', 'funding', 'identity'
  )),
  note text NOT NULL CHECK (length(btrim(note)) BETWEEN 1 AND 500),
  PRIMARY KEY (request_id, step)
);

-- VAT number checks (server/onboarding/vat.ts) made for a merchant: by the merchant's company step, or again by a
-- reviewer (staff_id). The review file shows the latest for the number the company step saved.
CREATE TABLE merchant_vat_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  country text NOT NULL,
  -- Without its country prefix, as the company step stores it.
  vat_number text NOT NULL,
  format_valid boolean NOT NULL,
  registry text NOT NULL CHECK (registry IN ('not_configured', 'valid', 'invalid', 'unavailable')),
  registry_name text,
  staff_id uuid REFERENCES staff_users (id),
  checked_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX merchant_vat_checks_merchant_idx ON merchant_vat_checks (merchant_id, checked_at);

-- A person's look at an identity verification that passed the automatic checks: face and document confirmed, or
-- refused with a reason (the representative takes the photos again). NULL: awaiting that review.
ALTER TABLE kyc_verifications ADD COLUMN review_status text CHECK (review_status IN ('confirmed', 'refused'));
ALTER TABLE kyc_verifications ADD COLUMN reviewed_by uuid REFERENCES staff_users (id);
-- 'sandbox' or 'cli:<user>' when the sandbox's approval confirmed it; the staff member's id is in reviewed_by.
ALTER TABLE kyc_verifications ADD COLUMN reviewer text;
ALTER TABLE kyc_verifications ADD COLUMN reviewed_at timestamptz;
ALTER TABLE kyc_verifications ADD COLUMN review_reason text;
ALTER TABLE kyc_verifications ADD CONSTRAINT kyc_verifications_review_check CHECK (
  (review_status IS NULL AND reviewed_at IS NULL)
  OR (review_status IS NOT NULL AND status = 'passed' AND reviewed_at IS NOT NULL AND reviewer IS NOT NULL)
);
ALTER TABLE kyc_verifications ADD CONSTRAINT kyc_verifications_refusal_reason_check CHECK (
  review_status IS DISTINCT FROM 'refused' OR length(btrim(review_reason)) BETWEEN 1 AND 500
);
