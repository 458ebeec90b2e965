import { sql, type Transaction } from 'kysely';
import type {
  AdvertisingPlacement,
  AdvertisingRunResult,
  CampaignStatus,
  InAppPlacement,
  SandboxImpressionsBody,
  SandboxImpressionsResult,
  SponsoredCampaign,
  SponsoredClick,
} from '../../schemas/advertising.schema';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { enqueueMessage } from '../notify/outbox';
import { sponsoredCampaign } from '../notifications/events';
import { campaignState } from './advertising';
import { newsletterClickUrl, type NewsletterLinks } from './newsletterClicks';
import { uuidPattern } from '../db/ids';

/**
 * Advertising delivered (issue 21): an approved campaign, between its start and its end, is shown to the OTHER
 * approved merchants in the placements its plan sold, until it was shown as many times as its reach.
 *
 * - In the app (dashboard, wallet_directory): `servePlacement` picks one campaign for the asking user, the one shown
 *   least so far (then the oldest), and counts the impression in the same statement that picks it.
 * - By message (newsletter, push_notification): `runAdvertisingMessages` (a job; the sandbox can trigger it) sends each
 *   running campaign once to each other approved merchant's owners, one impression per merchant.
 * - In the sandbox only: `countSandboxImpressions` stands for many other viewers at once (a test or a demo reaching a
 *   reach of 5,000 and more), through the same count.
 *
 * The count never passes the reach, whatever runs at once: every impression is a conditional UPDATE (`impressions <
 * reach`) of the campaign's row, which PostgreSQL re-checks on the newest row version after waiting for another
 * writer's lock; the table's CHECK (impressions <= reach) is the last line.
 */

export type Viewer = { merchantId: string; userId: string };

/**
 * A user counts once per campaign and placement in this time: the same card seen again on every visit to the home is
 * not another person reached, and a merchant reloading its home in a loop cannot spend a competitor's reach (the plan
 * sells reach as impressions to distinct users, schemas/advertising.schema.ts). A user who saw every running campaign
 * lately is shown none.
 */
export const impressionFrequencyCapMs = 60 * 60 * 1000;

const notFound = () => new AppError('not_found', 404, 'Nothing here.');
const noSuchCampaign = () => new AppError('not_found', 404, 'No such campaign.');

/** The conditions under which a campaign may be shown at `now`, on the campaign `c` and its advertiser `m`. */
const runnable = (now: Date) => sql<boolean>`
  c.review_status = 'approved' AND c.impressions < c.reach
  AND c.starts_at <= ${now} AND c.ends_at > ${now} AND m.status = 'approved'`;

/**
 * Counts up to `wanted` impressions of a campaign while it can be shown at `now`, never past its reach: one
 * conditional UPDATE of the campaign's row (its lock taken first, so a concurrent count is waited for and re-read),
 * bounded by `LEAST(reach, …)`, with the table's CHECK (impressions <= reach) behind it. Answers how many were
 * counted: 0 when the campaign cannot be shown (not approved, not running, reach spent, advertiser not approved).
 * The caller records one impression row per impression counted, in the same transaction.
 */
async function countImpressions(
  trx: Transaction<DB>,
  campaignId: string,
  wanted: number,
  now: Date,
): Promise<number> {
  const counted = await sql<{ counted: number }>`
    WITH target AS (
      SELECT c.id, c.impressions AS before FROM advertising_campaigns c
      JOIN merchants m ON m.id = c.merchant_id
      WHERE c.id = ${campaignId} AND ${runnable(now)}
      FOR UPDATE OF c
    )
    UPDATE advertising_campaigns c SET impressions = LEAST(c.reach, c.impressions + ${wanted}::integer)
    FROM target
    WHERE c.id = target.id AND c.impressions < c.reach
    RETURNING c.impressions - target.before AS counted`.execute(trx);
  return Number(counted.rows[0]?.counted ?? 0);
}

/**
 * servePlacement: one campaign to show the viewer in an in-app placement, or null when none runs (or the viewer saw
 * each running one there within `impressionFrequencyCapMs`). Never one of the viewer's own merchant. Picking, counting and recording the impression are one transaction: the row is locked
 * while picked (FOR UPDATE, re-checked after a wait, so a campaign that reached its reach meanwhile is skipped and
 * the next one taken) and the UPDATE counts only while `impressions < reach`.
 */
export async function servePlacement(
  db: Database,
  viewer: Viewer,
  placement: InAppPlacement,
  now: Date = new Date(),
): Promise<SponsoredCampaign | null> {
  return db.transaction().execute(async (trx) => {
    const served = await sql<{ id: string; headline: string; link: string; advertiser: string }>`
      WITH pick AS (
        SELECT c.id FROM advertising_campaigns c
        JOIN advertising_plans p ON p.id = c.plan_id
        JOIN merchants m ON m.id = c.merchant_id
        WHERE ${runnable(now)} AND c.merchant_id <> ${viewer.merchantId} AND ${placement} = ANY (p.placements)
          AND NOT EXISTS (
            SELECT 1 FROM advertising_impressions i
            WHERE i.user_id = ${viewer.userId} AND i.campaign_id = c.id AND i.placement = ${placement}
              AND i.created_at > ${new Date(now.getTime() - impressionFrequencyCapMs)})
        ORDER BY c.impressions, c.created_at, c.id
        LIMIT 1
        FOR UPDATE OF c
      )
      UPDATE advertising_campaigns c SET impressions = c.impressions + 1
      FROM pick, merchants m
      WHERE c.id = pick.id AND m.id = c.merchant_id AND c.impressions < c.reach
      RETURNING c.id, c.headline, c.link, m.name AS advertiser`.execute(trx);
    const campaign = served.rows[0];
    if (!campaign) return null;
    await trx
      .insertInto('advertising_impressions')
      .values({
        campaign_id: campaign.id,
        placement,
        merchant_id: viewer.merchantId,
        user_id: viewer.userId,
      })
      .execute();
    return {
      id: campaign.id,
      placement,
      advertiser: campaign.advertiser,
      headline: campaign.headline,
      link: campaign.link,
    };
  });
}

/**
 * recordClick: the viewer clicked a campaign shown to their merchant in that placement; answers the link the app then
 * opens. A campaign never shown there to this merchant (or no such id) is 404, and nothing is recorded.
 */
export async function recordClick(
  db: Database,
  viewer: Viewer,
  campaignId: string,
  placement: AdvertisingPlacement,
): Promise<SponsoredClick> {
  if (!uuidPattern.test(campaignId)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const shown = await trx
      .selectFrom('advertising_impressions')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('placement', '=', placement)
      .where('merchant_id', '=', viewer.merchantId)
      .limit(1)
      .executeTakeFirst();
    if (!shown) throw notFound();
    await trx
      .insertInto('advertising_clicks')
      .values({ campaign_id: campaignId, placement, merchant_id: viewer.merchantId, user_id: viewer.userId })
      .execute();
    const campaign = await trx
      .updateTable('advertising_campaigns')
      .set((eb) => ({ clicks: eb('clicks', '+', 1) }))
      .where('id', '=', campaignId)
      .returning('link')
      .executeTakeFirstOrThrow();
    return { link: campaign.link };
  });
}

type Locale = 'en' | 'el';

/**
 * The newsletter's email about one campaign, in the owner's language. `clickUrl` is the owner's own signed address
 * (newsletterClicks.ts), which counts the click and leads on to the campaign's link.
 */
export function newsletterEmail(
  locale: Locale,
  campaign: { advertiser: string; headline: string },
  clickUrl: string,
): { subject: string; body: string } {
  if (locale === 'el') {
    return {
      subject: `Χορηγούμενο: ${campaign.headline}`,
      body:
        `Η εταιρεία ${campaign.advertiser}, πελάτης του Tameio, σας προτείνει: ${campaign.headline}\n` +
        `${clickUrl}\n\nΛαμβάνετε αυτό το χορηγούμενο μήνυμα ως πελάτης του Tameio.`,
    };
  }
  return {
    subject: `Sponsored: ${campaign.headline}`,
    body:
      `${campaign.advertiser}, a Tameio business customer, suggests: ${campaign.headline}\n` +
      `${clickUrl}\n\nYou receive this sponsored message as a Tameio business customer.`,
  };
}

/** Thrown inside a merchant's transaction to roll it back when the campaign can no longer be shown. */
class ReachSpent extends Error {}

type MessageCampaign = {
  id: string;
  merchant_id: string;
  headline: string;
  link: string;
  advertiser: string;
};

/**
 * One merchant's newsletter or push for one campaign, in its own transaction: the impression row first (the unique
 * index makes it once per campaign, placement and merchant, even with two runs at once), then the count (only while
 * the campaign can still be shown; otherwise everything rolls back), then the messages. True when it was sent.
 */
async function sendTo(
  db: Database,
  campaign: MessageCampaign,
  placement: 'newsletter' | 'push_notification',
  merchantId: string,
  now: Date,
  links: NewsletterLinks,
): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx: Transaction<DB>) => {
      const inserted = await sql<{ id: string }>`
        INSERT INTO advertising_impressions (campaign_id, placement, merchant_id)
        VALUES (${campaign.id}, ${placement}, ${merchantId})
        ON CONFLICT (campaign_id, placement, merchant_id) WHERE placement IN ('newsletter', 'push_notification')
        DO NOTHING RETURNING id`.execute(trx);
      if (inserted.rows.length === 0) return false;
      if ((await countImpressions(trx, campaign.id, 1, now)) === 0) throw new ReachSpent();
      if (placement === 'push_notification') {
        await sponsoredCampaign(trx, {
          merchantId,
          campaignId: campaign.id,
          advertiser: campaign.advertiser,
          headline: campaign.headline,
          link: campaign.link,
        });
        return true;
      }
      const owners = await trx
        .selectFrom('users')
        .select(['id', 'email', 'locale'])
        .where('merchant_id', '=', merchantId)
        .where('is_owner', '=', true)
        .where('status', '=', 'enabled')
        .orderBy('created_at')
        .execute();
      for (const owner of owners) {
        const { subject, body } = newsletterEmail(
          owner.locale === 'el' ? 'el' : 'en',
          campaign,
          newsletterClickUrl(links, campaign.id, owner.id),
        );
        await enqueueMessage(trx, { to: owner.email, channel: 'email', subject, body });
      }
      return true;
    });
  } catch (error) {
    if (error instanceof ReachSpent) return false;
    throw error;
  }
}

/**
 * runAdvertisingMessages (the `advertisingMessages` job; POST /api/sandbox/advertising/run/): for every campaign
 * running at `now` whose plan sold the newsletter or push placements, each other approved merchant not sent it yet
 * gets it (the newsletter's email to each owner through the outbox, with the owner's own link that counts the click;
 * a notification to the owners), until the reach is spent. Running it again sends nobody anything twice.
 */
export async function runAdvertisingMessages(
  db: Database,
  links: NewsletterLinks,
  now: Date = new Date(),
): Promise<AdvertisingRunResult> {
  const result: AdvertisingRunResult = { newsletters: 0, pushes: 0 };
  const campaigns = await sql<MessageCampaign & { placements: string[] }>`
    SELECT c.id, c.merchant_id, c.headline, c.link, m.name AS advertiser, p.placements
    FROM advertising_campaigns c
    JOIN advertising_plans p ON p.id = c.plan_id
    JOIN merchants m ON m.id = c.merchant_id
    WHERE ${runnable(now)} AND p.placements && ARRAY['newsletter', 'push_notification']
    ORDER BY c.impressions, c.created_at, c.id`.execute(db);
  for (const campaign of campaigns.rows) {
    for (const placement of ['newsletter', 'push_notification'] as const) {
      if (!campaign.placements.includes(placement)) continue;
      const recipients = await db
        .selectFrom('merchants as r')
        .select('r.id')
        .where('r.status', '=', 'approved')
        .where('r.id', '<>', campaign.merchant_id)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('advertising_impressions as i')
                .select('i.id')
                .whereRef('i.merchant_id', '=', 'r.id')
                .where('i.campaign_id', '=', campaign.id)
                .where('i.placement', '=', placement),
            ),
          ),
        )
        .orderBy('r.created_at')
        .orderBy('r.id')
        .execute();
      for (const recipient of recipients) {
        const sent = await sendTo(db, campaign, placement, recipient.id, now, links);
        if (!sent) {
          // Either sent meanwhile by another run (go on) or the campaign can no longer be shown (stop).
          const still = await sql<{ ok: boolean }>`
            SELECT ${runnable(now)} AS ok FROM advertising_campaigns c JOIN merchants m ON m.id = c.merchant_id
            WHERE c.id = ${campaign.id}`.execute(db);
          if (!still.rows[0]?.ok) break;
          continue;
        }
        if (placement === 'newsletter') result.newsletters += 1;
        else result.pushes += 1;
      }
    }
  }
  return result;
}

/** A campaign's status in the words of a refusal: why it cannot be counted. */
const notDeliveringWords: Record<Exclude<CampaignStatus, 'active'>, string> = {
  in_review: 'it waits for the bank’s review',
  rejected: 'the bank rejected it',
  scheduled: 'it has not started yet',
  stopped_at_reach: 'it was shown as many times as its reach',
  ended: 'it has ended',
};

/**
 * countSandboxImpressions (sandbox only: POST /api/sandbox/advertising/campaigns/{id}/impressions/): stands for
 * `count` more people, none of them signed in here, of the other approved merchants (in turn, oldest first) seeing the
 * campaign in one of its in-app placements, so that a test or a demo can bring a campaign near its reach (5,000 and
 * more) without as many browsers. The count goes through countImpressions like every impression, so it stops at the
 * reach (`counted` says how many were counted) and the impression rows it records make the advertiser's figures per
 * placement add up. In one transaction; refused with nothing written: no such campaign 404, a campaign not being
 * shown (in review, rejected, scheduled, ended, reach spent, advertiser not approved), a placement its plan did not
 * sell, or no other approved merchant to stand for: 409.
 */
export async function countSandboxImpressions(
  db: Database,
  campaignId: string,
  { count, placement }: SandboxImpressionsBody,
  now: Date = new Date(),
): Promise<SandboxImpressionsResult> {
  if (!uuidPattern.test(campaignId)) throw noSuchCampaign();
  return db.transaction().execute(async (trx) => {
    const campaign = await trx
      .selectFrom('advertising_campaigns as c')
      .innerJoin('advertising_plans as p', 'p.id', 'c.plan_id')
      .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
      .select([
        'c.merchant_id',
        'c.review_status',
        'c.impressions',
        'c.reach',
        'c.starts_at',
        'c.ends_at',
        'p.placements',
        'm.status as advertiser_status',
      ])
      .where('c.id', '=', campaignId)
      .forUpdate('c')
      .executeTakeFirst();
    if (!campaign) throw noSuchCampaign();
    const status = campaignState(campaign, new Date(campaign.starts_at), new Date(campaign.ends_at), now);
    if (status !== 'active') {
      throw new AppError(
        'conflict',
        409,
        `This campaign is not being shown: ${notDeliveringWords[status]}.`,
        {
          details: { status },
        },
      );
    }
    if (campaign.advertiser_status !== 'approved') {
      throw new AppError('conflict', 409, 'This campaign is not being shown: its merchant is not approved.');
    }
    if (!campaign.placements.includes(placement)) {
      throw new AppError('conflict', 409, `This campaign’s plan did not sell the ${placement} placement.`);
    }
    const others = await trx
      .selectFrom('merchants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'approved')
      .where('id', '<>', campaign.merchant_id)
      .executeTakeFirstOrThrow();
    const viewers = Number(others.n);
    if (viewers === 0) {
      throw new AppError('conflict', 409, 'There is no other approved merchant to show this campaign to.');
    }
    const counted = await countImpressions(trx, campaignId, count, now);
    if (counted > 0) {
      await sql`
        WITH viewers AS (
          SELECT id, row_number() OVER (ORDER BY created_at, id) - 1 AS n FROM merchants
          WHERE status = 'approved' AND id <> ${campaign.merchant_id}
        )
        INSERT INTO advertising_impressions (campaign_id, placement, merchant_id)
        SELECT ${campaignId}, ${placement}, v.id
        FROM generate_series(0, ${counted - 1}::integer) AS g (i)
        JOIN viewers v ON v.n = g.i % ${viewers}::integer`.execute(trx);
    }
    const after = await trx
      .selectFrom('advertising_campaigns')
      .select(['impressions', 'reach'])
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    return { counted, impressions: after.impressions, reach: after.reach };
  });
}
