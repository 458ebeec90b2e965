-- Verification of Payee (schemas/payee.schema.ts, server/payee/).

-- Sandbox only (docs/engineering.md "Sandbox rails"): accounts at other banks and the names they are held in, standing in for
-- the other banks' answers to a name check. Filled by POST /api/sandbox/external-accounts/ and the demo seed;
-- empty in production, where an IBAN outside this bank is "verification not possible".
CREATE TABLE sandbox_external_accounts (
  iban text PRIMARY KEY CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 1 AND 140),
  bank_name text NOT NULL CHECK (length(bank_name) BETWEEN 1 AND 140),
  -- false: that bank does not answer name checks.
  reachable boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every name check, so a transfer can refer to the check its payer saw and record that they proceeded anyway.
-- registered_name is the holder's name as we found it; it stays on the server (shown only on a close match).
CREATE TABLE payee_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  iban text NOT NULL,
  entered_name text NOT NULL,
  result text NOT NULL CHECK (result IN ('match', 'close_match', 'no_match', 'not_possible')),
  registered_name text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX payee_checks_merchant_idx ON payee_checks (merchant_id, created_at);
CREATE INDEX payee_checks_user_idx ON payee_checks (user_id, created_at);
