-- Advertising that is delivered (issue 21; server/advertising/campaignReview.ts, server/advertising/delivery.ts).

-- A bought campaign waits for the bank's review (`in_review`) before anyone sees it: staff approve it (it runs from its
-- start date) or reject it with a reason the merchant reads, and a rejected campaign's price goes back to the account
-- it was paid from (`refund_transfer_id`, posted in the same transaction as the decision). `reach` is what the plan
-- sold when it was bought (a plan's reach may change later); `impressions` counts each time the campaign was shown
-- (a served placement, a newsletter or push sent) and never passes `reach` (the CHECK is the last line behind the
-- conditional UPDATE that counts); `clicks` each click on a shown campaign.
ALTER TABLE advertising_campaigns
  ADD COLUMN review_status text NOT NULL DEFAULT 'in_review'
    CHECK (review_status IN ('in_review', 'approved', 'rejected')),
  ADD COLUMN reviewed_by uuid REFERENCES staff_users (id),
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN rejection_reason text CHECK (length(rejection_reason) BETWEEN 1 AND 500),
  ADD COLUMN refund_transfer_id uuid UNIQUE REFERENCES transfers (id),
  ADD COLUMN reach integer,
  ADD COLUMN impressions integer NOT NULL DEFAULT 0 CHECK (impressions >= 0),
  ADD COLUMN clicks integer NOT NULL DEFAULT 0 CHECK (clicks >= 0);

-- The campaigns bought before the review existed were paid and have been running: they stay approved.
UPDATE advertising_campaigns AS c SET review_status = 'approved', reviewed_at = c.created_at, reach = p.reach
FROM advertising_plans AS p WHERE p.id = c.plan_id;

ALTER TABLE advertising_campaigns
  ALTER COLUMN reach SET NOT NULL,
  ADD CONSTRAINT advertising_campaigns_reach_check CHECK (reach > 0 AND impressions <= reach),
  ADD CONSTRAINT advertising_campaigns_rejection_check
    CHECK ((review_status = 'rejected') = (rejection_reason IS NOT NULL AND refund_transfer_id IS NOT NULL)),
  ADD CONSTRAINT advertising_campaigns_reviewed_check CHECK ((review_status = 'in_review') = (reviewed_at IS NULL));

-- The review queue, oldest first; and the serving query's candidates (approved ones with reach left).
CREATE INDEX advertising_campaigns_review_idx ON advertising_campaigns (created_at, id) WHERE review_status = 'in_review';
CREATE INDEX advertising_campaigns_serving_idx ON advertising_campaigns (impressions, id)
  WHERE review_status = 'approved' AND impressions < reach;

-- One row per impression: which campaign was shown, where, to which merchant (and user, for the placements shown in
-- the app). A click is accepted only on a campaign shown to the clicking merchant in that placement. A newsletter
-- and a push notification go to a merchant once per campaign (the partial unique index).
CREATE TABLE advertising_impressions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id uuid NOT NULL REFERENCES advertising_campaigns (id),
  placement text NOT NULL CHECK (placement IN ('dashboard', 'wallet_directory', 'newsletter', 'push_notification')),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  user_id uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX advertising_impressions_campaign_idx ON advertising_impressions (campaign_id, placement);
CREATE INDEX advertising_impressions_merchant_idx ON advertising_impressions (merchant_id, campaign_id, placement);
-- What a user was shown lately (the frequency cap of server/advertising/delivery.ts).
CREATE INDEX advertising_impressions_user_idx ON advertising_impressions (user_id, campaign_id, placement, created_at)
  WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX advertising_impressions_once_idx ON advertising_impressions (campaign_id, placement, merchant_id)
  WHERE placement IN ('newsletter', 'push_notification');

CREATE TABLE advertising_clicks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id uuid NOT NULL REFERENCES advertising_campaigns (id),
  placement text NOT NULL CHECK (placement IN ('dashboard', 'wallet_directory', 'newsletter', 'push_notification')),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX advertising_clicks_campaign_idx ON advertising_clicks (campaign_id, placement);

-- The campaign's decision is told to the merchant; a sponsored campaign is pushed to other merchants' owners.
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
  'campaign_approved',
  'campaign_rejected',
  'sponsored_campaign'
));
