import { sql } from 'kysely';
import type {
  AdvertisingPlacement,
  CampaignDecisionBody,
  CampaignReviewItem,
  CampaignReviewList,
} from '../../schemas/advertising.schema';
import { moneyOf } from '../../schemas/money';
import { recordAudit } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { postTransfer, systemAccount, type Db } from '../ledger';
import { campaignReviewed } from '../notifications/events';
import { uuidPattern } from '../db/ids';

/**
 * The bank's review of advertising campaigns (issue 21): a bought campaign is `in_review` and shown to nobody until a
 * staff member approves it (it then runs from its start date) or rejects it with a reason, which refunds its price in
 * full to the account it was paid from. The decision, the refund, the merchant's notification and the audit entry
 * commit together, once: a second decision on the same campaign is 409.
 */

export type Reviewer = { staffId: string };

/** How many decided campaigns the list shows besides the queue. */
export const recentDecisionsShown = 20;

const notFound = () => new AppError('not_found', 404, 'No such campaign.');
const alreadyDecided = () => new AppError('conflict', 409, 'This campaign was already decided.');

function reviewQuery(db: Db) {
  return db
    .selectFrom('advertising_campaigns as c')
    .innerJoin('advertising_plans as p', 'p.id', 'c.plan_id')
    .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
    .leftJoin('staff_users as s', 's.id', 'c.reviewed_by')
    .select([
      'c.id',
      'c.merchant_id',
      'm.name as merchant_name',
      'c.plan_id',
      'p.name as plan_name',
      'c.reach',
      'p.duration_days',
      'p.placements',
      'c.headline',
      'c.link',
      sql<string>`c.start_date::text`.as('start_date'),
      sql<string>`c.end_date::text`.as('end_date'),
      'c.price_minor',
      'c.currency',
      'c.review_status',
      'c.rejection_reason',
      'c.reviewed_by',
      's.name as reviewer_name',
      'c.reviewed_at',
      'c.created_at',
    ]);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>['executeTakeFirstOrThrow']>>;

const placementSet: ReadonlySet<string> = new Set<AdvertisingPlacement>([
  'dashboard',
  'wallet_directory',
  'newsletter',
  'push_notification',
]);

function reviewView(row: ReviewRow): CampaignReviewItem {
  return {
    id: row.id,
    merchant: { id: row.merchant_id, name: row.merchant_name },
    plan: { id: row.plan_id, name: row.plan_name, reach: row.reach, duration_days: row.duration_days },
    placements: row.placements.filter((p): p is AdvertisingPlacement => placementSet.has(p)),
    headline: row.headline,
    link: row.link,
    start_date: row.start_date,
    end_date: row.end_date,
    price: moneyOf(row.price_minor, row.currency),
    review_status: row.review_status,
    rejection_reason: row.rejection_reason,
    reviewed_by: row.reviewed_by ? { id: row.reviewed_by, name: row.reviewer_name ?? '' } : null,
    reviewed_at: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** campaignReviewQueue: the campaigns waiting for a decision, oldest first, and the latest decided ones. */
export async function campaignReviewQueue(db: Db): Promise<CampaignReviewList> {
  const queue = await reviewQuery(db)
    .where('c.review_status', '=', 'in_review')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  const recent = await reviewQuery(db)
    .where('c.review_status', '<>', 'in_review')
    .where('c.reviewed_by', 'is not', null)
    .orderBy('c.reviewed_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(recentDecisionsShown)
    .execute();
  return { queue: queue.map(reviewView), recent: recent.map(reviewView) };
}

/** campaignForReview: one campaign as the reviewer sees it; 404 for no such id. */
export async function campaignForReview(db: Db, campaignId: string): Promise<CampaignReviewItem> {
  if (!uuidPattern.test(campaignId)) throw notFound();
  const row = await reviewQuery(db).where('c.id', '=', campaignId).executeTakeFirst();
  if (!row) throw notFound();
  return reviewView(row);
}

/**
 * decideCampaign: approve, or reject with a reason (required, 400 without), in ONE transaction holding the campaign's
 * row: the status, for a rejection the refund of the full price (an `advertising` transfer from the bank's fee income
 * back to the account that paid, keyed by the campaign so it can never be paid twice), the merchant's notification
 * and the audit entry. A campaign already decided is 409 with nothing changed.
 */
export async function decideCampaign(
  db: Database,
  campaignId: string,
  body: CampaignDecisionBody,
  reviewer: Reviewer,
  origin: RequestOrigin | null = null,
): Promise<CampaignReviewItem> {
  if (!uuidPattern.test(campaignId)) throw notFound();
  const reason = body.reason?.trim() ?? '';
  if (body.decision === 'reject' && reason === '') {
    throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
      fields: { reason: 'Say why the campaign is rejected: the merchant reads it.' },
    });
  }
  await db.transaction().execute(async (trx) => {
    const campaign = await trx
      .selectFrom('advertising_campaigns as c')
      .innerJoin('advertising_plans as p', 'p.id', 'c.plan_id')
      .select([
        'c.id',
        'c.merchant_id',
        'c.headline',
        'c.price_minor',
        'c.currency',
        'c.account_id',
        'c.review_status',
        'p.name as plan_name',
        sql<string>`c.start_date::text`.as('start_date'),
      ])
      .where('c.id', '=', campaignId)
      .forUpdate('c')
      .executeTakeFirst();
    if (!campaign) throw notFound();
    if (campaign.review_status !== 'in_review') throw alreadyDecided();
    const approved = body.decision === 'approve';
    let refundId: string | null = null;
    if (!approved) {
      const refund = await postTransfer(trx, {
        type: 'advertising',
        status: 'completed',
        amountMinor: campaign.price_minor,
        currency: campaign.currency,
        debitAccountId: await systemAccount(trx, campaign.currency, 'fees'),
        creditAccountId: campaign.account_id,
        counterpartyName: 'Tameio Advertising',
        reference: `Refund: advertising ${campaign.plan_name} from ${campaign.start_date}, not approved`,
        idempotencyKey: `advertising-refund:${campaign.id}`,
      });
      refundId = refund.transfer.id;
    }
    await trx
      .updateTable('advertising_campaigns')
      .set({
        review_status: approved ? 'approved' : 'rejected',
        reviewed_by: reviewer.staffId,
        reviewed_at: new Date(),
        rejection_reason: approved ? null : reason,
        refund_transfer_id: refundId,
      })
      .where('id', '=', campaign.id)
      .execute();
    await campaignReviewed(trx, {
      merchantId: campaign.merchant_id,
      campaignId: campaign.id,
      headline: campaign.headline,
      approved,
      reason: approved ? null : reason,
      refundMinor: campaign.price_minor,
      currency: campaign.currency,
    });
    // Last: the trail's lock is held to the commit.
    await recordAudit(trx, {
      realm: 'staff',
      actorUserId: reviewer.staffId,
      merchantId: campaign.merchant_id,
      action: approved ? 'campaign.approved' : 'campaign.rejected',
      subject: `campaign:${campaign.id}`,
      details: approved
        ? { plan: campaign.plan_name }
        : {
            plan: campaign.plan_name,
            reason,
            refund_minor: campaign.price_minor.toString(),
            currency: campaign.currency,
          },
      origin,
    });
  });
  return campaignForReview(db, campaignId);
}
