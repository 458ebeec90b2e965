-- The bank's request for more information reaches the owner as a notification too (issue 21), so
-- /information-submitted and the bell follow it live as they follow an approval or a rejection (migration 022).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
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
  'onboarding_rejected',
  'onboarding_information_requested',
  'campaign_approved',
  'campaign_rejected',
  'sponsored_campaign'
));
