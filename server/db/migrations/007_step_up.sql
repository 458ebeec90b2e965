-- Step-up grants: proof of a fresh one-time code, good once for one action (card reveal, identity verification…).

-- Only the SHA-256 of the grant token is stored; the token itself goes to the browser once.
CREATE TABLE step_up_grants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  purpose text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX step_up_grants_user_idx ON step_up_grants (user_id, created_at);
