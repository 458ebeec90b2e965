-- Notifications (SPEC §2 "notifications (read and unread, mark all as read)", §3 notification, §4
-- "Notification: read or unread"; schemas/notifications.schema.ts; server/notifications/;
-- docs/decisions/015-notifications-live-stream.md).

-- One row per event and recipient: a notification concerns a merchant and is addressed to one of its users, who
-- reads it (read_at) independently of the others. The text is not stored: `kind` and `params` (names, amounts,
-- dates as strings) are what the app formats in the reader's language. `event_key` names what caused it (a transfer,
-- a money request, a scheduled-payment run, ...): the unique index makes a repeated or replayed event notify nobody
-- twice. Rows are written in the transaction of the event itself, so a rolled-back event notifies nobody.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN (
    'money_received',
    'money_request_received',
    'money_request_accepted',
    'money_request_declined',
    'scheduled_payment_paid',
    'scheduled_payment_failed',
    'card_authorization_declined',
    'invitation_accepted',
    'plan_renewed',
    'plan_renewal_failed',
    'onboarding_approved',
    'onboarding_rejected'
  )),
  params jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(params) = 'object'),
  event_key text NOT NULL CHECK (length(event_key) BETWEEN 1 AND 300),
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX notifications_event_key ON notifications (user_id, kind, event_key);
-- The list, newest first, paged on (created_at, id); and the bell's count of unread ones.
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- A ticket to open the live stream (GET .../notifications/stream/?ticket=): EventSource cannot send the bearer token,
-- so an authenticated POST issues a random 256-bit ticket, stored only as its SHA-256, valid 60 seconds and spent by
-- the first stream that presents it. It is bound to the session that asked for it: a stream of a session that has
-- ended is closed.
CREATE TABLE notification_stream_tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id),
  session_id uuid NOT NULL REFERENCES sessions (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX notification_stream_tickets_expiry_idx ON notification_stream_tickets (expires_at);
