-- Settings: the language on the user (users.locale, migration 001), the second-factor methods a user signs in
-- with, an authenticator app (TOTP), and the device of each session for the list of active sessions.

-- Email and SMS are on by default (SMS only counts when the user has a phone); a user may turn one off as long as another
-- method stays on (server/settings/security.ts). The default method is offered first at sign-in; null: the first one.
ALTER TABLE users ADD COLUMN mfa_email_enabled boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN mfa_sms_enabled boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN mfa_default text CHECK (mfa_default IN ('email', 'sms', 'totp'));

-- One authenticator app per user. The RFC 6238 secret is sealed with AES-256-GCM (server/settings/totp.ts, the card
-- vault's scheme under a key derived for TOTP, bound to the user); it is shown once, when enrolling. Pending until the
-- first code confirms it (confirmed_at); `attempts` counts wrong confirmation codes. `last_time_step` is the time step
-- of the last accepted code, so a code is never accepted twice.
CREATE TABLE totp_credentials (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  secret_sealed text NOT NULL,
  confirmed_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_time_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Wrong authenticator codes at sign-in, per login ticket (no code is issued, so otp_codes does not count them).
ALTER TABLE login_tickets ADD COLUMN totp_attempts integer NOT NULL DEFAULT 0;

-- Where a session was started, for the list of active sessions.
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN ip text;
