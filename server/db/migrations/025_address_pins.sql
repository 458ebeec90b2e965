-- /my-addresses (schemas/addresses.schema.ts, server/addresses/): each saved address may carry a map pin
-- (WGS 84 degrees; both or neither) and one live address of a merchant is the default (offered first).
ALTER TABLE merchant_addresses
  ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  ADD COLUMN is_default boolean NOT NULL DEFAULT false,
  ADD COLUMN updated_at timestamptz,
  ADD CONSTRAINT merchant_addresses_pin_check CHECK ((latitude IS NULL) = (longitude IS NULL)),
  ADD CONSTRAINT merchant_addresses_default_live_check CHECK (NOT (is_default AND deleted_at IS NOT NULL));

-- At most one default per merchant.
CREATE UNIQUE INDEX merchant_addresses_default_key ON merchant_addresses (merchant_id) WHERE is_default;
