-- A step-up (a fresh confirmation before a sensitive action) may use the user's authenticator app. The
-- challenge is an otp_codes row like a sent code (expiry, counted tries, single use, superseded by a newer one), but
-- no code is sent and none is stored: the app's code is checked against the user's TOTP secret.
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_channel_check;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_channel_check CHECK (channel IN ('email', 'sms', 'totp'));
