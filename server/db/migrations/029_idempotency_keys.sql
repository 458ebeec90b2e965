-- Creates that a retry could duplicate (a schedule, a QR code, a beneficiary, an invitation) take an Idempotency-Key
-- like send money. One row per merchant, operation and key, written in the same transaction as the row it created:
-- a rolled-back create keeps no key, and a concurrent request with the same key waits on the primary key until the
-- first commits, then answers its stored result. The request hash tells a replay (same body) from a reuse of the key
-- for another request (409). Payments, money requests and the wallet checkouts keep their keys on their own rows.
CREATE TABLE idempotency_keys (
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  operation text NOT NULL,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  request_hash text NOT NULL,
  -- The answer the create gave (its API shape), answered again to a replay; NULL only inside the creating transaction.
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, operation, key)
);
