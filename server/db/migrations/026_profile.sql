-- Profile (/profile/:page?): what onboarding collected stays in merchant_onboarding (migration 005) and is
-- shown and edited from there. Contact details change at once; legal data (legal name, registration, VAT and TIC
-- numbers, registered address, directors, shareholders, the representative's identity) goes back to review as a
-- change request that the bank approves or rejects (server/profile/, POST /api/sandbox/reviews/profile_changes/{id}/).

-- The company's contact email for the bank (SPEC §3 lists none; the owner's sign-in email until one is set).
ALTER TABLE merchant_onboarding ADD COLUMN contact_email text;

CREATE TABLE profile_change_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  -- Which part of the profile: the company's legal data, the directors, the shareholders, the representative's identity.
  kind text NOT NULL CHECK (kind IN ('company', 'directors', 'shareholders', 'representative')),
  -- The proposed data, validated by schemas/profile.schema.ts and stored normalised (as the onboarding step is).
  data jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending_review' CHECK (status IN ('pending_review', 'approved', 'rejected')),
  -- Why it was rejected (the reviewer's words, shown to the owner).
  reason text,
  requested_by uuid REFERENCES users (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((status = 'pending_review') = (decided_at IS NULL)),
  CHECK (status <> 'rejected' OR reason IS NOT NULL)
);
-- At most one change of each kind waits for review at a time.
CREATE UNIQUE INDEX profile_change_requests_pending_idx ON profile_change_requests (merchant_id, kind)
  WHERE status = 'pending_review';
CREATE INDEX profile_change_requests_merchant_idx ON profile_change_requests (merchant_id, created_at);
