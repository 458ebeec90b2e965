-- Company onboarding and review: the saved steps, uploaded documents and the review trail.

-- One row per merchant: each step's last saved data (validated by schemas/onboarding.schema.ts), or NULL.
CREATE TABLE merchant_onboarding (
  merchant_id uuid PRIMARY KEY REFERENCES merchants (id),
  representative jsonb,
  company jsonb,
  directors jsonb,
  shareholders jsonb,
  funding jsonb,
  rejection_reason text,
  submitted_at timestamptz,
  reviewed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE merchant_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  type text NOT NULL CHECK (type IN (
    'certificate_of_registration', 'articles_of_association', 'representative_id', 'proof_of_address',
    'tax_registration', 'shareholder_register', 'other', 'company_logo'
  )),
  -- The name the browser sent, for display only; the stored file has a random name.
  file_name text NOT NULL,
  -- From the file's content, never from its name or the browser's header.
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  storage_key text NOT NULL UNIQUE,
  uploaded_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX merchant_documents_merchant_idx ON merchant_documents (merchant_id, created_at);

-- Who did what to a merchant's onboarding: submitted, approved, rejected.
CREATE TABLE merchant_audit (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  user_id uuid REFERENCES users (id),
  event text NOT NULL,
  detail text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX merchant_audit_merchant_idx ON merchant_audit (merchant_id, created_at);

-- Account numbers inside the IBANs of accounts opened at approval (the demo merchants use 1 and 2).
CREATE SEQUENCE merchant_account_number_seq START 1000;
