-- The ledger beyond migration 002's minimal one (docs/engineering.md principle 7, docs/product.md "Money").
--
-- Balances. `ledger_accounts.balance_minor` is the AVAILABLE balance: what the account can spend now. A pending
-- outgoing payment (to an IBAN outside the bank) takes its amount and fee out at once, the amount into the clearing
-- account of its currency and the fee into the fee account, so the same money can never be spent twice. The BALANCE
-- shown beside it (SPEC §3) is available + the pending outgoing holds, i.e. the amount + fee of this account's own
-- transfers still `pending`: money that is still the merchant's until the payment settles (`settleTransfer`: clearing
-- → external rails, status completed; the balance drops to the available balance) or fails (`failTransfer`: the
-- transfer's entries are reversed, status failed; the available balance rises back to the balance).
--
-- Every currency has up to four system accounts of the bank (kind 'system', may go negative): `external` (the rails
-- to other banks: incoming transfers are debited to it, settled outgoing payments credited), `clearing` (pending
-- outgoing payments), `fees` (fee income) and `fx` (the bank's position in a cross-currency transfer: the debit
-- currency's fx account receives, the credit currency's one pays). Per currency the sum of all balances is zero.

ALTER TABLE ledger_accounts ADD COLUMN system_role text CHECK (system_role IN ('external', 'clearing', 'fees', 'fx'));
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_role_is_system CHECK (system_role IS NULL OR kind = 'system');

-- The seed's account before this migration ("External settlement EUR") becomes the external rails of its currency.
UPDATE ledger_accounts SET system_role = 'external'
WHERE id IN (
  SELECT DISTINCT ON (currency) id FROM ledger_accounts
  WHERE kind = 'system' AND name = 'External settlement ' || currency
  ORDER BY currency, created_at, id
);

CREATE UNIQUE INDEX ledger_accounts_system_role_key ON ledger_accounts (currency, system_role)
  WHERE system_role IS NOT NULL;
-- One account per merchant per currency.
CREATE UNIQUE INDEX ledger_accounts_merchant_currency_key ON ledger_accounts (merchant_id, currency)
  WHERE kind = 'merchant';

-- SPEC §3's transaction fields. `amount_minor`/`currency` stay the DEBIT side (what leaves the payer's account, fee
-- excluded); `credit_amount_minor`/`credit_currency` are what the credit account receives: the same unless the
-- transfer crosses currencies through the fx accounts at `exchange_rate` (credit units per debit unit). Seen from a
-- merchant, its own side is the "account" amount and currency and the other side the "original" ones.
ALTER TABLE transfers
  ADD COLUMN credit_amount_minor bigint CHECK (credit_amount_minor > 0),
  ADD COLUMN credit_currency char(3) CHECK (credit_currency ~ '^[A-Z]{3}$'),
  ADD COLUMN exchange_rate numeric(24, 12) CHECK (exchange_rate > 0),
  ADD COLUMN counterparty_iban text,
  ADD COLUMN counterparty_wallet_tag text,
  ADD COLUMN note text,
  ADD COLUMN initiated_by uuid REFERENCES users (id),
  ADD COLUMN failure_reason text,
  ADD COLUMN updated_at timestamptz;
UPDATE transfers SET credit_amount_minor = amount_minor, credit_currency = currency;
ALTER TABLE transfers ALTER COLUMN credit_amount_minor SET NOT NULL;
ALTER TABLE transfers ALTER COLUMN credit_currency SET NOT NULL;
ALTER TABLE transfers ADD CONSTRAINT transfers_same_currency_same_amount CHECK (
  (credit_currency = currency AND credit_amount_minor = amount_minor AND exchange_rate IS NULL)
  OR (credit_currency <> currency AND exchange_rate IS NOT NULL)
);

-- Paging a merchant's transactions newest first by (created_at, id).
DROP INDEX transfers_debit_idx;
DROP INDEX transfers_credit_idx;
CREATE INDEX transfers_debit_page_idx ON transfers (debit_account_id, created_at DESC, id DESC);
CREATE INDEX transfers_credit_page_idx ON transfers (credit_account_id, created_at DESC, id DESC);
-- The holds of pending outgoing payments.
CREATE INDEX transfers_pending_idx ON transfers (debit_account_id) WHERE status = 'pending';

-- Which movement of its transfer an entry belongs to: the posting, the settlement of a pending payment (clearing →
-- external rails), or the reversal of a failed one.
ALTER TABLE ledger_entries ADD COLUMN phase text NOT NULL DEFAULT 'post' CHECK (phase IN ('post', 'settle', 'reverse'));

-- The wallet tag other merchants send money to ("@demo-coffee"): given on approval, unique, lowercase.
ALTER TABLE merchants ADD COLUMN wallet_tag text UNIQUE CHECK (wallet_tag ~ '^@[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$');

-- Merchants approved before this migration get theirs here (the server derives new ones, transliterating Greek).
WITH base AS (
  SELECT id, created_at,
    COALESCE(
      NULLIF(trim(BOTH '-' FROM left(trim(BOTH '-' FROM regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 28)), ''),
      'merchant'
    ) AS tag
  FROM merchants
  WHERE status = 'approved' AND wallet_tag IS NULL
), numbered AS (
  SELECT id, tag, row_number() OVER (PARTITION BY tag ORDER BY created_at, id) AS n FROM base
)
UPDATE merchants m
SET wallet_tag = '@' || numbered.tag || CASE WHEN numbered.n > 1 THEN '-' || numbered.n::text ELSE '' END
FROM numbered
WHERE numbered.id = m.id;
