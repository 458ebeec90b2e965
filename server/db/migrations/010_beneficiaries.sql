-- Beneficiaries (schemas/beneficiaries.schema.ts, server/beneficiaries.ts): the merchant's saved recipients,
-- either another merchant's wallet (by its tag) or an account at a bank (by IBAN, name-checked).

CREATE TABLE beneficiaries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  kind text NOT NULL CHECK (kind IN ('wallet', 'bank')),
  -- wallet: the recipient merchant, and its tag as it was entered ("@demo-bakery").
  recipient_merchant_id uuid REFERENCES merchants (id),
  wallet_tag text,
  -- bank: the holder's name as the user typed it, the country of the bank and the IBAN (compact, upper case).
  first_name text CHECK (length(first_name) BETWEEN 1 AND 50),
  last_name text CHECK (length(last_name) BETWEEN 1 AND 50),
  bank_country text CHECK (bank_country ~ '^[A-Z]{2}$'),
  iban text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  -- The latest name check of a bank beneficiary (Verification of Payee) and whether the user saved it anyway.
  name_check_id uuid REFERENCES payee_checks (id),
  name_check_result text CHECK (name_check_result IN ('match', 'close_match', 'no_match', 'not_possible')),
  name_mismatch_accepted boolean NOT NULL DEFAULT false,
  created_by uuid NOT NULL REFERENCES users (id),
  updated_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- Soft delete: a deleted beneficiary is never listed again, yet a transfer that named it can still be explained.
  deleted_at timestamptz,
  CHECK (
    (kind = 'wallet' AND recipient_merchant_id IS NOT NULL AND wallet_tag IS NOT NULL
      AND first_name IS NULL AND last_name IS NULL AND bank_country IS NULL AND iban IS NULL
      AND name_check_id IS NULL AND name_check_result IS NULL)
    OR
    (kind = 'bank' AND recipient_merchant_id IS NULL AND wallet_tag IS NULL
      AND first_name IS NOT NULL AND last_name IS NOT NULL AND bank_country IS NOT NULL AND iban IS NOT NULL
      AND substr(iban, 1, 2) = bank_country AND name_check_id IS NOT NULL AND name_check_result IS NOT NULL
      AND (name_check_result = 'match' OR name_mismatch_accepted))
  ),
  CHECK (recipient_merchant_id IS DISTINCT FROM merchant_id)
);

-- One live beneficiary per IBAN and per recipient wallet for each merchant (a duplicate is 409).
CREATE UNIQUE INDEX beneficiaries_bank_unique ON beneficiaries (merchant_id, iban)
  WHERE deleted_at IS NULL AND kind = 'bank';
CREATE UNIQUE INDEX beneficiaries_wallet_unique ON beneficiaries (merchant_id, recipient_merchant_id)
  WHERE deleted_at IS NULL AND kind = 'wallet';
CREATE INDEX beneficiaries_merchant_idx ON beneficiaries (merchant_id, created_at) WHERE deleted_at IS NULL;
