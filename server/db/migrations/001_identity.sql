-- Identity, sessions, second factor, outbox and sign-in audit.

CREATE TABLE merchants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_review', 'approved', 'rejected', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  phone text CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  password_hash text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  is_owner boolean NOT NULL DEFAULT false,
  employee_type text CHECK (employee_type IN ('admin', 'employee', 'viewer')),
  locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'el')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (is_owner OR employee_type IS NOT NULL)
);
CREATE INDEX users_merchant_id_idx ON users (merchant_id);

-- One row per sign-in: the refresh-token family (RFC 9700) that rotation and reuse detection act on.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  absolute_expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('logout', 'global_logout', 'reuse_detected', 'expired'))
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL REFERENCES sessions (id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);

-- Proof that the password step passed; good only for the second-factor step.
CREATE TABLE login_tickets (
  ticket_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX login_tickets_user_id_idx ON login_tickets (user_id);

CREATE TABLE otp_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  purpose text NOT NULL,
  -- What the code is bound to: the login ticket hash for purpose 'login'.
  binding text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  destination text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  superseded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_codes_binding_idx ON otp_codes (purpose, binding, created_at);

CREATE TABLE outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  subject text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  sent_at timestamptz,
  error text
);
CREATE INDEX outbox_to_address_idx ON outbox (to_address, created_at);

CREATE TABLE sign_in_audit (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id),
  email text NOT NULL,
  ip text,
  user_agent text,
  event text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX sign_in_audit_email_idx ON sign_in_audit (email, created_at);

-- Spent ALTCHA solutions, kept until their challenge expires, so one solution cannot be replayed.
CREATE TABLE altcha_used (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
