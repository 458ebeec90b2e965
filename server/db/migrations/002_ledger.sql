-- A minimal double-entry ledger (docs/product.md "Money"); migration 008 extends it.

CREATE TABLE ledger_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- NULL for the bank's own system accounts.
  merchant_id uuid REFERENCES merchants (id),
  name text NOT NULL,
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  iban text UNIQUE,
  balance_minor bigint NOT NULL DEFAULT 0,
  kind text NOT NULL CHECK (kind IN ('merchant', 'system')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'merchant') = (merchant_id IS NOT NULL)),
  CHECK (kind <> 'merchant' OR balance_minor >= 0)
);
CREATE INDEX ledger_accounts_merchant_id_idx ON ledger_accounts (merchant_id);

CREATE TABLE transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (
    type IN ('face_to_face', 'account_to_account', 'incoming_bank_transfer', 'card_transaction', 'bank_transfer')
  ),
  status text NOT NULL CHECK (
    status IN ('completed', 'declined', 'pending', 'failed', 'cancelled', 'refunded', 'expired', 'paid')
  ),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency char(3) NOT NULL,
  fee_minor bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
  debit_account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  credit_account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  counterparty_name text,
  reference text,
  idempotency_key text NOT NULL UNIQUE,
  -- Fingerprint of the request that created the transfer: same key with another body is a conflict.
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (debit_account_id <> credit_account_id)
);
CREATE INDEX transfers_debit_idx ON transfers (debit_account_id, created_at);
CREATE INDEX transfers_credit_idx ON transfers (credit_account_id, created_at);

CREATE TABLE ledger_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  transfer_id uuid NOT NULL REFERENCES transfers (id),
  account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX ledger_entries_transfer_idx ON ledger_entries (transfer_id);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, created_at);
