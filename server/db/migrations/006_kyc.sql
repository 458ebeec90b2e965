-- Identity verification (KYC) of the merchant's representative.

-- One row per attempt: what the representative typed from the document, and the last evaluation.
CREATE TABLE kyc_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  document_type text NOT NULL CHECK (document_type IN ('passport', 'id_card', 'driving_licence')),
  document_number text NOT NULL,
  -- YYYY-MM-DD, kept as text so both drivers read it back the same way.
  expiry_date text NOT NULL CHECK (expiry_date ~ '^\d{4}-\d{2}-\d{2}$'),
  first_name text NOT NULL,
  last_name text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'passed', 'failed')),
  -- [{criterion, passed}] from the last evaluation, NULL before one.
  checks jsonb,
  evaluated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX kyc_verifications_merchant_idx ON kyc_verifications (merchant_id, created_at);

-- The captured images, one per side; a new capture of a side replaces the old one.
CREATE TABLE kyc_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  verification_id uuid NOT NULL REFERENCES kyc_verifications (id),
  side text NOT NULL CHECK (side IN ('front', 'back', 'selfie')),
  -- From the file's content, never from its name or the browser's header.
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png')),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (verification_id, side)
);
