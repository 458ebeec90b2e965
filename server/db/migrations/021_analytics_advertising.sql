-- Analytics, advertising (schemas/analytics.schema.ts, schemas/advertising.schema.ts;
-- docs/decisions/014-analytics-advertising-statements.md).

-- Analytics reads a merchant account's booked movements (status completed or paid) in a period by the transfer's time,
-- on each side. These partial indexes hold exactly those rows and carry what the amount buckets need, so a year of a
-- busy account is read from the index alone (the counterparty and category queries visit the rows they group).
CREATE INDEX transfers_debit_booked_idx ON transfers (debit_account_id, created_at)
  INCLUDE (amount_minor, fee_minor, type, id) WHERE status IN ('completed', 'paid');
CREATE INDEX transfers_credit_booked_idx ON transfers (credit_account_id, created_at)
  INCLUDE (credit_amount_minor, type) WHERE status IN ('completed', 'paid');
-- A card payment's merchant category (pos, online, atm), found from its transfer: one by one for a short range, or
-- all of the account's approved ones at once (a hash join) for a long one.
CREATE INDEX card_authorizations_transfer_idx ON card_authorizations (transfer_id) INCLUDE (category);
CREATE INDEX card_authorizations_account_idx ON card_authorizations (account_id, transfer_id) INCLUDE (category)
  WHERE approved;

-- Advertising is a charge of the bank to the merchant, a transaction type of its own (beside 020's `subscription`).
ALTER TABLE transfers DROP CONSTRAINT transfers_type_check;
ALTER TABLE transfers ADD CONSTRAINT transfers_type_check CHECK (
  type IN ('face_to_face', 'account_to_account', 'incoming_bank_transfer', 'card_transaction', 'bank_transfer', 'cashback',
    'subscription', 'advertising')
);

-- The advertising plans on sale (SPEC §7 "advertising plans": name, reach, duration, price). Prices include VAT, in
-- integer minor units of `currency`; `placements` are keys the app translates. A plan taken off sale stays for the
-- campaigns that bought it (`on_sale` false).
CREATE TABLE advertising_plans (
  id text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9_]*$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  reach integer NOT NULL CHECK (reach > 0),
  duration_days integer NOT NULL CHECK (duration_days BETWEEN 1 AND 366),
  price_minor bigint NOT NULL CHECK (price_minor > 0),
  currency text NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
  placements text[] NOT NULL DEFAULT '{}',
  on_sale boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL UNIQUE
);

INSERT INTO advertising_plans (id, name, reach, duration_days, price_minor, currency, placements, sort_order) VALUES
  ('local_boost', 'Local Boost', 5000, 7, 2900, 'EUR', ARRAY['dashboard'], 1),
  ('city_spotlight', 'City Spotlight', 25000, 14, 9900, 'EUR', ARRAY['dashboard', 'wallet_directory'], 2),
  ('national_reach', 'National Reach', 120000, 30, 34900, 'EUR',
    ARRAY['dashboard', 'wallet_directory', 'newsletter', 'push_notification'], 3);

-- A campaign bought by a merchant: paid by one `advertising` transfer, bought once per Idempotency-Key. It runs from
-- Athens midnight of `start_date` for the plan's duration: [starts_at, ends_at); `end_date` is its last day. The status
-- (scheduled, active, ended) is computed from these when read.
CREATE TABLE advertising_campaigns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  plan_id text NOT NULL REFERENCES advertising_plans (id),
  headline text NOT NULL CHECK (length(headline) BETWEEN 5 AND 60),
  link text NOT NULL CHECK (link ~ '^https://' AND length(link) <= 200),
  start_date date NOT NULL,
  end_date date NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  price_minor bigint NOT NULL CHECK (price_minor > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  transfer_id uuid NOT NULL UNIQUE REFERENCES transfers (id),
  purchased_by uuid NOT NULL REFERENCES users (id),
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (merchant_id, idempotency_key),
  CHECK (end_date >= start_date),
  CHECK (ends_at > starts_at)
);
CREATE INDEX advertising_campaigns_merchant_idx ON advertising_campaigns (merchant_id, created_at DESC, id DESC);
