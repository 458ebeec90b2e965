-- Team (SPEC §1 roles, §2 /my-employees and /merchant-invitation/:key/accept, §3 Employee and Invitation,
-- §4 employee and invitation states; schemas/employees.schema.ts; server/team/).

-- An employee is enabled or disabled (SPEC §4). Disabling revokes every session of the user at once (reason
-- 'disabled'), and a disabled user cannot sign in, refresh or use an access token (server/auth/).
ALTER TABLE users ADD COLUMN status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled'));

-- What an employee sees of the company's money: 'own' their cards and card payments, 'company' also the balances,
-- statements and every transaction (schemas/permissions.ts `companyData`). The owner sees everything and has none.
-- Employees from before access levels keep what they saw: 'company'.
ALTER TABLE users ADD COLUMN access_level text CHECK (access_level IN ('own', 'company'));
UPDATE users SET access_level = 'company' WHERE NOT is_owner;
ALTER TABLE users ADD CONSTRAINT users_access_level_owner CHECK (is_owner = (access_level IS NULL));

-- Who invited the user (null for owners and for employees from before invitations).
ALTER TABLE users ADD COLUMN invited_by uuid REFERENCES users (id);

ALTER TABLE sessions DROP CONSTRAINT sessions_revoked_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_revoked_reason_check
  CHECK (revoked_reason IN ('logout', 'global_logout', 'reuse_detected', 'expired', 'password_changed', 'disabled'));

-- An invitation to join a merchant. The key (256 random bits, base64url) is sent only in the email; only its SHA-256
-- is kept. 'expired' is what a pending invitation past `expires_at` reads as; inviting the same address again marks
-- the old row so (server/team/invitations.ts), so the state column may lag behind the clock but never the answers.
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
  last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
  role text NOT NULL CHECK (role IN ('admin', 'employee', 'viewer')),
  access_level text NOT NULL CHECK (access_level IN ('own', 'company')),
  -- The language of the invitation email (the inviter's), which the new user keeps.
  locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'el')),
  key_hash text NOT NULL UNIQUE,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'cancelled', 'expired')),
  expires_at timestamptz NOT NULL,
  created_by uuid NOT NULL REFERENCES users (id),
  accepted_user_id uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  accepted_at timestamptz,
  cancelled_at timestamptz,
  CHECK ((state = 'accepted') = (accepted_user_id IS NOT NULL AND accepted_at IS NOT NULL)),
  CHECK ((state = 'cancelled') = (cancelled_at IS NOT NULL))
);
CREATE INDEX invitations_merchant_idx ON invitations (merchant_id, created_at);
-- One pending invitation per address and merchant: a second invite of the same address is a 409, also under a race.
CREATE UNIQUE INDEX invitations_pending_key ON invitations (merchant_id, email) WHERE state = 'pending';
