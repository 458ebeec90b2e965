-- Money requests (SPEC §4 "Money request: pending, accepted, declined"; schemas/moneyRequests.schema.ts,
-- server/payments/moneyRequests.ts): one approved merchant asks another (by wallet tag) for an amount in one of the
-- requester's currencies; the payee accepts (pays it through the ledger, in the same transaction that marks the
-- request accepted) or declines it.

CREATE TABLE money_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  requester_merchant_id uuid NOT NULL REFERENCES merchants (id),
  payee_merchant_id uuid NOT NULL REFERENCES merchants (id),
  amount_minor int8 NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  note text CHECK (length(note) <= 140),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  requested_by uuid NOT NULL REFERENCES users (id),
  -- The requester's Idempotency-Key and the SHA-256 of the request as sent: the same key with another body is a 409.
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  -- The payment of an accepted request (exactly one), who decided and when.
  transfer_id uuid REFERENCES transfers (id),
  decided_by uuid REFERENCES users (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (requester_merchant_id, idempotency_key),
  CHECK (requester_merchant_id <> payee_merchant_id),
  CHECK ((status = 'accepted') = (transfer_id IS NOT NULL)),
  CHECK ((status = 'pending') = (decided_at IS NULL))
);

CREATE UNIQUE INDEX money_requests_transfer_key ON money_requests (transfer_id) WHERE transfer_id IS NOT NULL;
CREATE INDEX money_requests_payee_idx ON money_requests (payee_merchant_id, status, created_at);
CREATE INDEX money_requests_requester_idx ON money_requests (requester_merchant_id, created_at);
