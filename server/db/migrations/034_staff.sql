-- The bank's staff (issue 21, docs/decisions/023-staff-realm.md): a realm of its own, sharing no row with the
-- merchants' users. A staff member signs in with a password and a mandatory second factor: a passkey (WebAuthn,
-- server/staff/passkeys.ts) or, as the fallback, an authenticator app whose secret is sealed like the merchants'
-- (server/settings/totp.ts, bound to `staff:<id>`). Staff access tokens carry another audience and are signed with
-- another key than the merchants' (server/staff/staffTokens.ts), and their sessions live here, not in `sessions`.

CREATE TABLE staff_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  role text NOT NULL CHECK (role IN ('reviewer', 'operations', 'admin')),
  password_hash text NOT NULL,
  -- AES-256-GCM sealed RFC 6238 secret; every staff member has one from creation (the second factor is mandatory).
  totp_secret text NOT NULL,
  -- The time step of the last code accepted: a code works once.
  totp_last_step bigint,
  status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The admin who created the account; null when it was made by `npm run staff -- add` on the server.
  created_by uuid REFERENCES staff_users (id)
);

-- A WebAuthn credential: its id (base64url), COSE public key and signature counter, as @simplewebauthn returns them.
CREATE TABLE staff_passkeys (
  credential_id text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff_users (id),
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX staff_passkeys_staff_idx ON staff_passkeys (staff_id);

-- Proof that the password step passed: good for one second-factor step, a few minutes. The WebAuthn challenge of
-- that step is kept with it, so a passkey answer is bound to this sign-in.
CREATE TABLE staff_login_tickets (
  ticket_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff_users (id),
  challenge text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_login_tickets_staff_idx ON staff_login_tickets (staff_id);

CREATE TABLE staff_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff_users (id),
  -- The refresh token's hash, rotated on every refresh.
  refresh_hash text NOT NULL UNIQUE,
  second_factor text NOT NULL CHECK (second_factor IN ('passkey', 'totp')),
  created_at timestamptz NOT NULL DEFAULT now(),
  absolute_expires_at timestamptz NOT NULL,
  idle_expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- A passkey being added by a signed-in staff member: the challenge the browser must sign, once, for a few minutes.
CREATE TABLE staff_passkey_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff_users (id),
  challenge text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
