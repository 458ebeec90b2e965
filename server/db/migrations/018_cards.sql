-- Cards (SPEC §2 cards and plans routes, §3 Card, §4 card states, §9; docs/product.md "Cards"; server/cards/,
-- docs/decisions/010-cards-declines-windows-plans.md).

-- The bank's cashback account per currency (server/ledger.ts `systemAccount`): it pays the monthly cashback
-- payouts, so it goes negative by what the bank has paid back.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_system_role_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_system_role_check
  CHECK (system_role IN ('external', 'clearing', 'fees', 'fx', 'cashback'));

-- Saved addresses. `registered` and `trading` are copied from the company step of onboarding when the merchant is
-- approved (onboarding is closed from then on); `shipping` ones are saved when a card order says `save`. /my-addresses
-- manages them (migration 025); deleting is soft, so a card keeps where it was shipped.
CREATE TABLE merchant_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  kind text NOT NULL CHECK (kind IN ('registered', 'trading', 'shipping')),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  postal_code text NOT NULL CHECK (length(postal_code) BETWEEN 1 AND 10),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 60),
  line1 text NOT NULL CHECK (length(line1) BETWEEN 1 AND 100),
  line2 text CHECK (length(line2) BETWEEN 1 AND 100),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  deleted_at timestamptz
);
CREATE INDEX merchant_addresses_merchant_idx ON merchant_addresses (merchant_id, created_at) WHERE deleted_at IS NULL;
-- One live registered and one live trading address per merchant.
CREATE UNIQUE INDEX merchant_addresses_company_key ON merchant_addresses (merchant_id, kind)
  WHERE kind IN ('registered', 'trading') AND deleted_at IS NULL;

-- Merchants approved before this migration: their onboarding addresses, as approval copies them from now on.
INSERT INTO merchant_addresses (merchant_id, kind, country, postal_code, city, line1, line2)
SELECT o.merchant_id, k.kind, a->>'country', a->>'postal_code', a->>'city', a->>'line1', NULLIF(a->>'line2', '')
FROM merchant_onboarding o
JOIN merchants m ON m.id = o.merchant_id AND m.status = 'approved'
CROSS JOIN LATERAL (VALUES ('registered', o.company->'registered_address'), ('trading', o.company->'trading_address'))
  AS k (kind, a)
WHERE jsonb_typeof(a) = 'object';

-- One card. Number, CVV, expiry, PIN and e-PIN are AES-256-GCM ciphertexts (server/cards/secrets.ts: "v1." and
-- base64 of a random 12-byte IV, the 16-byte tag and the ciphertext, bound to the card id and the field); the number
-- is found and kept unique through its HMAC. The id is chosen by the server before the values are sealed.
CREATE TABLE cards (
  id uuid PRIMARY KEY,
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  holder_user_id uuid NOT NULL REFERENCES users (id),
  created_by uuid NOT NULL REFERENCES users (id),
  form text NOT NULL CHECK (form IN ('physical', 'virtual')),
  colour text NOT NULL CHECK (colour IN ('blue', 'midnight', 'graphite', 'emerald', 'coral')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 26),
  alias text CHECK (length(alias) BETWEEN 1 AND 26),
  usage text NOT NULL CHECK (usage IN ('single', 'multiple')),
  status text NOT NULL CHECK (status IN ('active', 'inactive', 'frozen', 'lost', 'destroyed', 'restricted')),
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  number_hmac text NOT NULL UNIQUE,
  number_enc text NOT NULL,
  cvv_enc text NOT NULL,
  expiry_enc text NOT NULL,
  pin_enc text,
  epin_enc text,
  -- The account the card spends from (and its order was paid from).
  account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  -- Where a physical card was shipped, as it was then: {country, postal_code, city, line1, line2}.
  shipping_address jsonb,
  -- One frequency for all four limits (SPEC §9); null is unlimited.
  limit_frequency text NOT NULL DEFAULT 'daily' CHECK (limit_frequency IN ('daily', 'weekly', 'monthly', 'yearly')),
  limit_transaction_minor bigint CHECK (limit_transaction_minor > 0),
  limit_purchase_minor bigint CHECK (limit_purchase_minor > 0),
  limit_ecommerce_minor bigint CHECK (limit_ecommerce_minor > 0),
  limit_cash_minor bigint CHECK (limit_cash_minor > 0),
  -- The price taken through the ledger; null when the plan made the card free.
  order_transfer_id uuid REFERENCES transfers (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  activated_at timestamptz,
  frozen_at timestamptz,
  lost_at timestamptz,
  restricted_at timestamptz,
  destroyed_at timestamptz,
  CHECK ((form = 'physical') = (shipping_address IS NOT NULL)),
  CHECK (form = 'physical' OR pin_enc IS NULL),
  CHECK ((status = 'destroyed') = (destroyed_at IS NOT NULL))
);
CREATE INDEX cards_merchant_idx ON cards (merchant_id, created_at);
-- SPEC §9's 3 physical and 3 virtual per user count the cards not destroyed.
CREATE INDEX cards_holder_idx ON cards (holder_user_id, form) WHERE status <> 'destroyed';

-- A card order priced and waiting to be paid (30 minutes); paid once, by one Idempotency-Key.
CREATE TABLE card_carts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  created_by uuid NOT NULL REFERENCES users (id),
  holder_user_id uuid NOT NULL REFERENCES users (id),
  form text NOT NULL CHECK (form IN ('physical', 'virtual')),
  colour text NOT NULL CHECK (colour IN ('blue', 'midnight', 'graphite', 'emerald', 'coral')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 26),
  usage text NOT NULL CHECK (usage IN ('single', 'multiple')),
  account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  shipping_address jsonb,
  -- A new address to keep as a saved shipping address when the order is paid.
  save_address boolean NOT NULL DEFAULT false,
  plan_id text NOT NULL REFERENCES plans (id),
  price_minor bigint NOT NULL CHECK (price_minor >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  pay_idempotency_key text,
  card_id uuid REFERENCES cards (id),
  transfer_id uuid REFERENCES transfers (id),
  UNIQUE (merchant_id, pay_idempotency_key),
  CHECK ((form = 'physical') = (shipping_address IS NOT NULL)),
  CHECK ((paid_at IS NULL) = (card_id IS NULL)),
  CHECK ((paid_at IS NULL) = (pay_idempotency_key IS NULL))
);
CREATE INDEX card_carts_merchant_idx ON card_carts (merchant_id, created_at);

-- Every authorisation the card network (the sandbox rail) asked for: approved with its card transaction, or declined
-- with the reason (and a declined transfer that moves nothing, so the merchant sees it in its transactions).
CREATE TABLE card_authorizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  card_id uuid NOT NULL REFERENCES cards (id),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  approved boolean NOT NULL,
  decline_reason text CHECK (decline_reason IN (
    'card_frozen', 'card_lost', 'card_destroyed', 'card_inactive', 'card_restricted', 'limit_card_transaction',
    'limit_card_purchase', 'limit_card_ecommerce', 'limit_card_cash', 'insufficient_funds', 'currency_mismatch'
  )),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  category text NOT NULL CHECK (category IN ('pos', 'online', 'atm')),
  merchant_name text NOT NULL CHECK (length(merchant_name) BETWEEN 1 AND 80),
  -- The authorisation's clock: the limit windows are counted on it.
  at timestamptz NOT NULL,
  transfer_id uuid NOT NULL REFERENCES transfers (id),
  idempotency_key text NOT NULL UNIQUE,
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (approved = (decline_reason IS NULL))
);
-- What a card spent in a limit window.
CREATE INDEX card_authorizations_window_idx ON card_authorizations (card_id, at) WHERE approved;

-- Cashback earned by an approved POS or online purchase, paid into the account by the monthly payout.
CREATE TABLE cashback_accruals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  card_id uuid NOT NULL REFERENCES cards (id),
  authorization_id uuid NOT NULL UNIQUE REFERENCES card_authorizations (id),
  purchase_transfer_id uuid NOT NULL REFERENCES transfers (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  purchase_minor bigint NOT NULL CHECK (purchase_minor > 0),
  rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 1 AND 10000),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  accrued_at timestamptz NOT NULL,
  payout_transfer_id uuid REFERENCES transfers (id),
  paid_at timestamptz,
  CHECK ((paid_at IS NULL) = (payout_transfer_id IS NULL))
);
CREATE INDEX cashback_accruals_merchant_idx ON cashback_accruals (merchant_id, accrued_at);
CREATE INDEX cashback_accruals_unpaid_idx ON cashback_accruals (account_id, accrued_at) WHERE paid_at IS NULL;
