-- Plans (SPEC §1 "Plans and pricing", §3 "Plan: name, monthly or yearly price, perks"; docs/plans.md). Cards need them
-- (migration 018), and plan checkout builds on this table (migration 020): a card's price and the cashback rate depend
-- on the merchant's plan. Prices are integer minor units of `currency`; `cashback_rate_bp` is basis points of a card
-- purchase (100 bp = 1 %); `perks` are keys the app translates (lang/), in the order shown.

CREATE TABLE plans (
  id text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9_]*$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  monthly_price_minor bigint NOT NULL CHECK (monthly_price_minor >= 0),
  yearly_price_minor bigint NOT NULL CHECK (yearly_price_minor >= 0),
  currency text NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
  cashback_rate_bp integer NOT NULL CHECK (cashback_rate_bp BETWEEN 0 AND 10000),
  physical_card_price_minor bigint NOT NULL CHECK (physical_card_price_minor >= 0),
  virtual_card_price_minor bigint NOT NULL CHECK (virtual_card_price_minor >= 0),
  perks text[] NOT NULL DEFAULT '{}',
  sort_order integer NOT NULL UNIQUE
);

INSERT INTO plans (
  id, name, monthly_price_minor, yearly_price_minor, currency, cashback_rate_bp, physical_card_price_minor,
  virtual_card_price_minor, perks, sort_order
) VALUES
  ('free', 'Free', 0, 0, 'EUR', 25, 1490, 200,
    ARRAY['wallet', 'virtual_cards', 'physical_cards', 'cashback'], 1),
  ('business', 'Business', 1900, 19000, 'EUR', 50, 490, 0,
    ARRAY['wallet', 'free_virtual_cards', 'discounted_physical_cards', 'cashback', 'employees', 'analytics'], 2),
  ('premium', 'Premium', 4900, 49000, 'EUR', 100, 0, 0,
    ARRAY['wallet', 'free_virtual_cards', 'free_physical_cards', 'cashback', 'employees', 'analytics',
      'priority_support'], 3);

-- Every merchant starts on Free (SPEC §4: cancelling a subscription downgrades to Free).
ALTER TABLE merchants ADD COLUMN plan_id text NOT NULL DEFAULT 'free' REFERENCES plans (id);
