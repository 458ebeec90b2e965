-- QR codes for receiving a payment (SPEC §2 /my-wallet/qr-codes, §3 "QR code: date created, shareable
-- link"; schemas/qrCodes.schema.ts, server/payments/qrCodes.ts). A code names one of the merchant's accounts (so its
-- currency), optionally an amount and a note; whoever opens its link (/pay/<code>), signed in, pays the merchant's
-- wallet tag through send money. The code is 128 random bits in base64url: the link is shareable, never guessable.

CREATE TABLE qr_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  amount_minor bigint CHECK (amount_minor > 0),
  note text CHECK (length(note) BETWEEN 1 AND 140),
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9_-]{22}$'),
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- Soft delete: a deleted code no longer resolves and is never listed, but is never handed out again either.
  deleted_at timestamptz,
  deleted_by uuid REFERENCES users (id),
  CHECK ((deleted_at IS NULL) = (deleted_by IS NULL))
);
CREATE INDEX qr_codes_merchant_idx ON qr_codes (merchant_id, created_at) WHERE deleted_at IS NULL;
