-- Single-use links that reset a password or set the first one. Only the SHA-256 of the 256-bit token is
-- kept; a token is bound to one user and one purpose, so a reset link cannot set a first password or vice versa.

CREATE TABLE password_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  purpose text NOT NULL CHECK (purpose IN ('reset', 'create')),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_tokens_user_idx ON password_tokens (user_id, purpose, created_at);

-- A changed password ends every session of the user; say so in the session's revoked reason.
ALTER TABLE sessions DROP CONSTRAINT sessions_revoked_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_revoked_reason_check
  CHECK (revoked_reason IN ('logout', 'global_logout', 'reuse_detected', 'expired', 'password_changed'));
