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

export const campaignStatuses = ['scheduled', 'active', 'ended'] as const;
export const CampaignStatus = z.enum(campaignStatuses);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

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
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof Campaign>;

export const CampaignsResponse = z.object({ items: z.array(Campaign) }).meta({ id: 'CampaignsResponse' });
export type CampaignsResponse = z.infer<typeof CampaignsResponse>;
