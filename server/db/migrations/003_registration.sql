-- Registration of a new merchant: a half-finished sign-up, its verified contacts, and the record of which
-- terms and privacy notice the new owner accepted.

-- The onboarding life cycle: onboarding -> in_review -> approved | rejected (rejected reopens the steps).
ALTER TABLE merchants DROP CONSTRAINT IF EXISTS merchants_status_check;
ALTER TABLE merchants ADD CONSTRAINT merchants_status_check
  CHECK (status IN ('pending', 'onboarding', 'in_review', 'approved', 'rejected', 'closed'));

-- One-time codes may verify an address before any user exists (purpose 'registration_email' / 'registration_sms',
-- bound to the registration id).
ALTER TABLE otp_codes ALTER COLUMN user_id DROP NOT NULL;

CREATE TABLE registrations (
  -- Random (uuid v4, 122 random bits): the id in /registration/:step/:id is the only key to a half-done sign-up.
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(email)),
  phone text NOT NULL CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  email_verified_at timestamptz,
  phone_verified_at timestamptz,
  first_name text,
  last_name text,
  company_name text,
  locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'el')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  -- The user the registration became.
  user_id uuid REFERENCES users (id)
);
CREATE INDEX registrations_email_idx ON registrations (email);

-- Which version of each legal text a user accepted, and when (GDPR art. 7(1): the controller must be able to show it).
CREATE TABLE legal_acceptances (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  document text NOT NULL CHECK (document IN ('terms_of_use', 'privacy_policy')),
  version text NOT NULL,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  ip text,
  user_agent text
);
CREATE INDEX legal_acceptances_user_id_idx ON legal_acceptances (user_id);
