/**
 * Advertising (SPEC §1 "advertising", §2 /advertise-with-us, §7 "advertising plans", §8 payment failed).
 *
 * Endpoints (operationId), secured (approved merchant), under /api/merchants/advertising/:
 * - GET  plans/                   advertisingPlans          → AdvertisingPlansResponse: the plans on sale (name, reach,
 *                                                              duration, price) and the account each is paid from
 *                                                                                         (area 'advertise-with-us')
 * - POST plans/{id}/purchase/     purchaseAdvertisingPlan   AdvertisingPurchaseBody + Idempotency-Key → 201 Campaign:
 *                                                              the price taken from the merchant's account through the
 *                                                              ledger (an `advertising` transaction, status completed,
 *                                                              to the bank's fee income) and the campaign made, in one
 *                                                              transaction. The same key and body answer the first
 *                                                              campaign (header Idempotent-Replayed: true); the same key
 *                                                              with another body 409 conflict; 422 insufficient_funds
 *                                                              "Payment failed, possibly from insufficient balance; try
 *                                                              again later." with nothing changed; 404 unknown plan
 *                                                              (area 'send-money': it pays from the wallet)
 * - GET  campaigns/               advertisingCampaigns      → CampaignsResponse, newest first (area 'advertise-with-us',
 *                                                              company data)
 * - GET  campaigns/{id}/          advertisingCampaign       → Campaign; another merchant's id 404
 *                                                              (area 'advertise-with-us', company data)
 *
 * A campaign runs from its start date (an Europe/Athens day: today, or up to 90 days ahead) for the plan's duration;
 * its status is computed when read: `scheduled` before it starts, `active` while it runs, `ended` after. Prices are
 * integer minor units as decimal strings, VAT included. docs/decisions/ (advertising) explains the area choice.
 */
import { z } from 'zod';
import { text } from './text';
import { Money } from './overview.schema';

/** How far ahead a campaign may be booked. */
export const campaignMaxLeadDays = 90;

export const AdvertisingPlan = z
  .object({
    id: text(),
    /** A proper name ("Spotlight"), shown as it is in both languages. */
    name: text(),
    /** The people the campaign is shown to, estimated (impressions to distinct users). */
    reach: z.number().int(),
    duration_days: z.number().int(),
    price: Money,
    /** Where the advertisement appears; keys the app translates. */
    placements: z.array(z.enum(['dashboard', 'wallet_directory', 'newsletter', 'push_notification'])),
  })
  .meta({ id: 'AdvertisingPlan' });
export type AdvertisingPlan = z.infer<typeof AdvertisingPlan>;

export const AdvertisingPlansResponse = z
  .object({
    items: z.array(AdvertisingPlan),
    /** The merchant's available balance in the plans' currency (null without such an account). */
    available_balance: Money.nullable(),
  })
  .meta({ id: 'AdvertisingPlansResponse' });
export type AdvertisingPlansResponse = z.infer<typeof AdvertisingPlansResponse>;

export const AdvertisingPlanParams = z.object({ id: text().max(64) });
export const CampaignParams = z.object({ id: text().max(64) });

/** No control characters and no markup: the headline is shown to other merchants as plain text. */
const plainText = /^[^<>\p{Cc}]*$/u;

/** How long a campaign's headline may be. */
export const campaignHeadlineLength = { min: 5, max: 60 } as const;

/** The longest link an advertisement may lead to. */
export const campaignLinkMaxLength = 200;

export const CampaignHeadline = text()
  .trim()
  .min(campaignHeadlineLength.min, `Min ${campaignHeadlineLength.min} characters.`)
  .max(campaignHeadlineLength.max, `Max ${campaignHeadlineLength.max} characters.`)
  .regex(plainText, 'No < > or control characters.');

/** An https address without credentials: where the advertisement leads. */
export const CampaignLink = text()
  .trim()
  .max(campaignLinkMaxLength, `Max ${campaignLinkMaxLength} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        url.protocol === 'https:' &&
        url.username === '' &&
        url.password === '' &&
        /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(url.hostname)
      );
    } catch {
      return false;
    }
  }, 'An https:// web address, e.g. https://example.com.');

export const AdvertisingPurchaseBody = z
  .object({
    headline: CampaignHeadline,
    link: CampaignLink,
    /** The first day (Europe/Athens), today up to 90 days ahead; default today. */
    start_date: text()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.')
      .optional(),
  })
  .meta({ id: 'AdvertisingPurchaseBody' });
export type AdvertisingPurchaseBody = z.infer<typeof AdvertisingPurchaseBody>;

/**
 * `in_review` until the bank decides; `rejected` (refunded) if it refuses; once approved, by the clock and the reach:
 * `scheduled` before its first day, `active` while shown, `stopped_at_reach` when shown as many times as the plan's
 * reach, `ended` after its last day.
 */
export const campaignStatuses = [
  'in_review',
  'rejected',
  'scheduled',
  'active',
  'stopped_at_reach',
  'ended',
] as const;
export const CampaignStatus = z.enum(campaignStatuses);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const advertisingPlacements = [
  'dashboard',
  'wallet_directory',
  'newsletter',
  'push_notification',
] as const;
export const AdvertisingPlacement = z.enum(advertisingPlacements);
export type AdvertisingPlacement = z.infer<typeof AdvertisingPlacement>;

/** How often the campaign was shown and clicked, in total and per placement its plan sold. */
export const CampaignDelivery = z
  .object({
    /** The impressions bought (the plan's reach when the campaign was bought); showing stops there. */
    reach: z.number().int(),
    impressions: z.number().int(),
    clicks: z.number().int(),
    placements: z.array(
      z.object({ placement: AdvertisingPlacement, impressions: z.number().int(), clicks: z.number().int() }),
    ),
  })
  .meta({ id: 'CampaignDelivery' });
export type CampaignDelivery = z.infer<typeof CampaignDelivery>;

export const Campaign = z
  .object({
    id: text(),
    plan: z.object({
      id: text(),
      name: text(),
      reach: z.number().int(),
      duration_days: z.number().int(),
    }),
    headline: text(),
    link: text(),
    status: CampaignStatus,
    /** Europe/Athens days, both inclusive. */
    start_date: text(),
    end_date: text(),
    /** The instants it runs between: [starts_at, ends_at). */
    starts_at: text(),
    ends_at: text(),
    price: Money,
    /** The payment in the transactions list. */
    transaction_id: text(),
    purchased_by: z.object({ id: text(), name: text() }),
    created_at: text(),
    /** Why the bank refused it (status `rejected`), as the reviewer wrote it; null otherwise. */
    rejection_reason: text().nullable(),
    /** The refund of a rejected campaign's price in the transactions list; null otherwise. */
    refund_transaction_id: text().nullable(),
    delivery: CampaignDelivery,
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof Campaign>;

export const CampaignsResponse = z.object({ items: z.array(Campaign) }).meta({ id: 'CampaignsResponse' });
export type CampaignsResponse = z.infer<typeof CampaignsResponse>;

/*
 * Delivery (issue 21): an approved campaign shown to the other approved merchants. The app asks for one campaign to
 * show in a placement of its own (the dashboard's sponsored card, the wallet directory's sponsored entry); each answer
 * that names a campaign counts one impression. A click is recorded before the app opens the link.
 * - GET  placements/?placement=dashboard|wallet_directory   sponsoredPlacement  → SponsoredPlacement (campaign or null)
 * - POST placements/{id}/click/  SponsoredClickBody          sponsoredClick      → SponsoredClick (the link to open);
 *                                                             404 for a campaign not shown to the caller's merchant there
 */
export const inAppPlacements = ['dashboard', 'wallet_directory'] as const;
export const InAppPlacement = z.enum(inAppPlacements);
export type InAppPlacement = z.infer<typeof InAppPlacement>;

export const SponsoredPlacementQuery = z.object({ placement: InAppPlacement }).strict();

export const SponsoredCampaign = z
  .object({
    id: text(),
    placement: InAppPlacement,
    /** The advertiser's name, as registered. */
    advertiser: text(),
    headline: text(),
    /** An https address (CampaignLink); the app opens it after recording the click. */
    link: text(),
  })
  .meta({ id: 'SponsoredCampaign' });
export type SponsoredCampaign = z.infer<typeof SponsoredCampaign>;

export const SponsoredPlacement = z
  .object({ campaign: SponsoredCampaign.nullable() })
  .meta({ id: 'SponsoredPlacement' });
export type SponsoredPlacement = z.infer<typeof SponsoredPlacement>;

export const SponsoredClickParams = z.object({ id: text().max(64) });
export const SponsoredClickBody = z
  .object({ placement: AdvertisingPlacement })
  .strict()
  .meta({ id: 'SponsoredClickBody' });
export const SponsoredClick = z.object({ link: text() }).meta({ id: 'SponsoredClick' });
export type SponsoredClick = z.infer<typeof SponsoredClick>;

/*
 * The newsletter's link (issue 21): each owner's email carries its own signed address,
 * GET /api/advertising/newsletter/{campaign}/{user}/{signature}/ (newsletterClick, no sign-in: it is opened from a
 * mail client), which counts the click once per reader and redirects (302) to the advertiser's link. 404 for a link
 * the server did not sign or a campaign not sent to that reader; nothing is recorded then.
 */
export const NewsletterClickParams = z.object({
  campaign: text().max(64),
  user: text().max(64),
  signature: text().max(128),
});
export type NewsletterClickParams = z.infer<typeof NewsletterClickParams>;

/** The sandbox's run of the job that sends the newsletter and push placements (never in production). */
export const AdvertisingRunBody = z
  .object({ now: z.iso.datetime({ offset: true }).optional() })
  .strict()
  .meta({ id: 'AdvertisingRunBody' });
export const AdvertisingRunResult = z
  .object({ newsletters: z.number().int(), pushes: z.number().int() })
  .meta({ id: 'AdvertisingRunResult' });
export type AdvertisingRunResult = z.infer<typeof AdvertisingRunResult>;

/**
 * The sandbox's stand-in for other viewers (never in production): `count` more people of the other approved
 * merchants saw a running campaign in one of its in-app placements (default the dashboard), counted like every
 * impression and never past the reach. The largest reach sold is 120,000.
 */
export const sandboxImpressionsMax = 200_000;
export const SandboxImpressionsBody = z
  .object({
    count: z
      .number()
      .int('A whole number.')
      .min(1, 'At least 1.')
      .max(sandboxImpressionsMax, `At most ${sandboxImpressionsMax}.`),
    placement: InAppPlacement.default('dashboard'),
  })
  .strict()
  .meta({ id: 'SandboxImpressionsBody' });
export type SandboxImpressionsBody = z.infer<typeof SandboxImpressionsBody>;
export const SandboxImpressionsResult = z
  .object({
    /** How many were counted: fewer than asked when the reach was reached. */
    counted: z.number().int(),
    impressions: z.number().int(),
    reach: z.number().int(),
  })
  .meta({ id: 'SandboxImpressionsResult' });
export type SandboxImpressionsResult = z.infer<typeof SandboxImpressionsResult>;

/*
 * The bank's review of campaigns (staff realm, area `campaigns`), under /api/back-office/campaigns/:
 * - GET  /                  campaignReviews        → CampaignReviewList (the queue, oldest first; the latest decided)
 * - GET  {id}/              campaignReview         → CampaignReviewItem
 * - POST {id}/decision/     decideCampaignReview   CampaignDecisionBody → CampaignReviewItem; a decided one 409
 */
export const campaignReviewReasonMax = 500;

export const CampaignDecisionBody = z
  .object({
    decision: z.enum(['approve', 'reject']),
    /** Required to reject: the merchant reads it on its campaign. */
    reason: text()
      .trim()
      .min(1, 'Say why.')
      .max(campaignReviewReasonMax, `Max ${campaignReviewReasonMax} characters.`)
      .regex(plainText, 'No < > or control characters.')
      .optional(),
  })
  .strict()
  .meta({ id: 'CampaignDecisionBody' });
export type CampaignDecisionBody = z.infer<typeof CampaignDecisionBody>;

export const CampaignReviewItem = z
  .object({
    id: text(),
    merchant: z.object({ id: text(), name: text() }),
    plan: z.object({ id: text(), name: text(), reach: z.number().int(), duration_days: z.number().int() }),
    placements: z.array(AdvertisingPlacement),
    headline: text(),
    link: text(),
    start_date: text(),
    end_date: text(),
    price: Money,
    review_status: z.enum(['in_review', 'approved', 'rejected']),
    rejection_reason: text().nullable(),
    reviewed_by: z.object({ id: text(), name: text() }).nullable(),
    reviewed_at: text().nullable(),
    created_at: text(),
  })
  .meta({ id: 'CampaignReviewItem' });
export type CampaignReviewItem = z.infer<typeof CampaignReviewItem>;

export const CampaignReviewList = z
  .object({
    /** Waiting for a decision, oldest first. */
    queue: z.array(CampaignReviewItem),
    /** The latest decided, newest decision first. */
    recent: z.array(CampaignReviewItem),
  })
  .meta({ id: 'CampaignReviewList' });
export type CampaignReviewList = z.infer<typeof CampaignReviewList>;
