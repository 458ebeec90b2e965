import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  campaignMaxLeadDays,
  type AdvertisingPlan,
  type AdvertisingPlansResponse,
  type AdvertisingPurchaseBody,
  type Campaign,
  type CampaignStatus,
  type CampaignsResponse,
} from '../../schemas/advertising.schema';
import { moneyOf } from '../../schemas/money';
import { athensDay, athensMidnights, parseDay } from '../analytics/period';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { postTransfer, systemAccount, type Db } from '../ledger';
import { insufficientFundsMessage } from '../payments/sendMoney';
import { uuidPattern } from '../db/ids';

/**
 * Advertising (schemas/advertising.schema.ts; docs/decisions/014-analytics-advertising-statements.md): plans on sale
 * (migration 021), a purchase paid from the merchant's account through the ledger in the same transaction that makes
 * the campaign, and the merchant's campaigns with their status computed from the clock.
 */

export type AdvertisingActor = { merchantId: string; userId: string };

const notFound = () => new AppError('not_found', 404, 'Nothing here.');
const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });
const keyConflict = () =>
  new AppError('conflict', 409, 'This idempotency key was already used for a different request.');

type PlanRow = {
  id: string;
  name: string;
  reach: number;
  duration_days: number;
  price_minor: bigint;
  currency: string;
  placements: string[];
  on_sale: boolean;
};

const placements = ['dashboard', 'wallet_directory', 'newsletter', 'push_notification'] as const;
type Placement = (typeof placements)[number];
const isPlacement = (value: string): value is Placement => (placements as readonly string[]).includes(value);

function planView(row: PlanRow): AdvertisingPlan {
  return {
    id: row.id,
    name: row.name,
    reach: row.reach,
    duration_days: row.duration_days,
    price: moneyOf(row.price_minor, row.currency),
    placements: row.placements.filter(isPlacement),
  };
}

function plansQuery(db: Db) {
  return db
    .selectFrom('advertising_plans')
    .select(['id', 'name', 'reach', 'duration_days', 'price_minor', 'currency', 'placements', 'on_sale']);
}

/** advertisingPlans: the plans on sale, cheapest first as sorted, and what the merchant can spend on them. */
export async function advertisingPlans(db: Db, merchantId: string): Promise<AdvertisingPlansResponse> {
  const rows = await plansQuery(db).where('on_sale', '=', true).orderBy('sort_order').execute();
  const currency = rows[0]?.currency ?? 'EUR';
  const account = await db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'merchant')
    .where('currency', '=', currency)
    .executeTakeFirst();
  return {
    items: rows.map(planView),
    available_balance: account ? moneyOf(account.balance_minor, currency) : null,
  };
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The request a key stands for: the same key with another plan, headline, link or start is a conflict. */
function requestHash(planId: string, body: AdvertisingPurchaseBody, startDate: string): string {
  return createHash('sha256')
    .update(JSON.stringify([planId, body.headline, body.link, startDate]))
    .digest('hex');
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export type PurchaseResult = { campaign: Campaign; replayed: boolean };

/**
 * purchaseAdvertisingPlan: in ONE transaction, the price from the merchant's account in the plan's currency to the
 * bank's fee income (an `advertising` transfer, completed) and the campaign. The same key with the same request
 * answers the first campaign; with another request 409. Too little money: 422 with SPEC §8's message, nothing
 * changed. A start date without the key's first request's is today (Athens), so a retry the next day still replays.
 */
export async function purchaseAdvertisingPlan(
  db: Database,
  actor: AdvertisingActor,
  planId: string,
  body: AdvertisingPurchaseBody,
  idempotencyKey: string,
  now: Date = new Date(),
): Promise<PurchaseResult> {
  const plan = await plansQuery(db).where('id', '=', planId).executeTakeFirst();
  if (!plan || !plan.on_sale) throw notFound();

  const today = athensDay(now);
  const prior = await campaignByKey(db, actor.merchantId, idempotencyKey);
  // A retry with no start date means the first request's "today", whatever today is now.
  const startDate = body.start_date ?? prior?.start_date ?? today;
  const hash = requestHash(plan.id, body, startDate);
  if (prior) {
    if (prior.request_hash !== hash) throw keyConflict();
    return { campaign: await campaignById(db, actor.merchantId, prior.id, now), replayed: true };
  }
  if (!parseDay(startDate)) throw badField('start_date', 'Not a real date (YYYY-MM-DD).');
  if (startDate < today) throw badField('start_date', 'The campaign cannot start in the past.');
  if (startDate > addDays(today, campaignMaxLeadDays)) {
    throw badField('start_date', `Book at most ${campaignMaxLeadDays} days ahead.`);
  }
  const endDate = addDays(startDate, plan.duration_days - 1);
  const [startsAt, endsAt] = await athensMidnights(db, [startDate, addDays(startDate, plan.duration_days)]);
  if (!startsAt || !endsAt) throw new Error('no campaign bounds');

  const account = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('merchant_id', '=', actor.merchantId)
    .where('kind', '=', 'merchant')
    .where('currency', '=', plan.currency)
    .executeTakeFirst();
  if (!account) {
    throw new AppError('insufficient_funds', 422, insufficientFundsMessage, {
      details: { currency: plan.currency },
    });
  }

  let campaignId: string;
  try {
    campaignId = await db.transaction().execute(async (trx) => {
      let transferId: string;
      try {
        const posted = await postTransfer(trx, {
          type: 'advertising',
          status: 'completed',
          amountMinor: plan.price_minor,
          currency: plan.currency,
          debitAccountId: account.id,
          creditAccountId: await systemAccount(trx, plan.currency, 'fees'),
          counterpartyName: 'Tameio Advertising',
          reference: `Advertising: ${plan.name}, ${startDate} to ${endDate}`,
          initiatedBy: actor.userId,
          // One payment per merchant and key, whatever else happens.
          idempotencyKey: `advertising:${actor.merchantId}:${idempotencyKey}`,
        });
        transferId = posted.transfer.id;
      } catch (error) {
        if (error instanceof AppError && error.code === 'insufficient_funds') {
          throw new AppError('insufficient_funds', 422, insufficientFundsMessage);
        }
        throw error;
      }
      const inserted = await trx
        .insertInto('advertising_campaigns')
        .values({
          merchant_id: actor.merchantId,
          plan_id: plan.id,
          headline: body.headline,
          link: body.link,
          start_date: startDate,
          end_date: endDate,
          starts_at: startsAt,
          ends_at: endsAt,
          price_minor: plan.price_minor,
          currency: plan.currency,
          // What the plan sells now; the campaign keeps it if the plan changes later.
          reach: plan.reach,
          account_id: account.id,
          transfer_id: transferId,
          purchased_by: actor.userId,
          idempotency_key: idempotencyKey,
          request_hash: hash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
  } catch (error) {
    // The same key twice at once: the other committed first; answer as its replay (or 409 for another request).
    if (isUniqueViolation(error) || (error instanceof AppError && error.code === 'conflict')) {
      const winner = await campaignByKey(db, actor.merchantId, idempotencyKey);
      if (winner && winner.request_hash === hash) {
        return { campaign: await campaignById(db, actor.merchantId, winner.id, now), replayed: true };
      }
      throw keyConflict();
    }
    throw error;
  }
  return { campaign: await campaignById(db, actor.merchantId, campaignId, now), replayed: false };
}

async function campaignByKey(db: Db, merchantId: string, key: string) {
  return db
    .selectFrom('advertising_campaigns')
    .select(['id', 'request_hash', sql<string>`start_date::text`.as('start_date')])
    .where('merchant_id', '=', merchantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

function campaignsQuery(db: Db, merchantId: string) {
  return db
    .selectFrom('advertising_campaigns as c')
    .innerJoin('advertising_plans as p', 'p.id', 'c.plan_id')
    .innerJoin('users as u', 'u.id', 'c.purchased_by')
    .select([
      'c.id',
      'c.plan_id',
      'p.name as plan_name',
      'p.reach as plan_reach',
      'p.duration_days',
      'p.placements',
      'c.headline',
      'c.link',
      sql<string>`c.start_date::text`.as('start_date'),
      sql<string>`c.end_date::text`.as('end_date'),
      'c.starts_at',
      'c.ends_at',
      'c.price_minor',
      'c.currency',
      'c.transfer_id',
      'c.purchased_by',
      'u.first_name',
      'u.last_name',
      'c.created_at',
      'c.review_status',
      'c.rejection_reason',
      'c.refund_transfer_id',
      'c.reach',
      'c.impressions',
      'c.clicks',
    ])
    .where('c.merchant_id', '=', merchantId);
}

type CampaignRow = Awaited<ReturnType<ReturnType<typeof campaignsQuery>['executeTakeFirstOrThrow']>>;

/** By the clock alone: scheduled before its first day, active while it runs, ended after its last. */
export function campaignStatus(startsAt: Date, endsAt: Date, now: Date): CampaignStatus {
  if (now < startsAt) return 'scheduled';
  if (now < endsAt) return 'active';
  return 'ended';
}

/**
 * The status the merchant reads: the bank's review first (in_review, rejected), then the clock, and an approved
 * campaign shown as many times as its reach stopped before its end (server/advertising/delivery.ts stops serving it).
 */
export function campaignState(
  row: { review_status: string; impressions: number; reach: number },
  startsAt: Date,
  endsAt: Date,
  now: Date,
): CampaignStatus {
  if (row.review_status === 'rejected') return 'rejected';
  if (row.review_status !== 'approved') return 'in_review';
  const byClock = campaignStatus(startsAt, endsAt, now);
  if (byClock === 'active' && row.impressions >= row.reach) return 'stopped_at_reach';
  return byClock;
}

type PlacementFigures = Map<string, { impressions: number; clicks: number }>;

/** Impressions and clicks per campaign and placement, for these campaigns. */
async function placementFigures(db: Db, campaignIds: string[]): Promise<Map<string, PlacementFigures>> {
  const figures = new Map<string, PlacementFigures>();
  if (campaignIds.length === 0) return figures;
  const at = (campaignId: string, placement: string) => {
    let byPlacement = figures.get(campaignId);
    if (!byPlacement) figures.set(campaignId, (byPlacement = new Map()));
    let counts = byPlacement.get(placement);
    if (!counts) byPlacement.set(placement, (counts = { impressions: 0, clicks: 0 }));
    return counts;
  };
  const impressions = await db
    .selectFrom('advertising_impressions')
    .select(['campaign_id', 'placement', (eb) => eb.fn.countAll<string>().as('n')])
    .where('campaign_id', 'in', campaignIds)
    .groupBy(['campaign_id', 'placement'])
    .execute();
  for (const row of impressions) at(row.campaign_id, row.placement).impressions = Number(row.n);
  const clicks = await db
    .selectFrom('advertising_clicks')
    .select(['campaign_id', 'placement', (eb) => eb.fn.countAll<string>().as('n')])
    .where('campaign_id', 'in', campaignIds)
    .groupBy(['campaign_id', 'placement'])
    .execute();
  for (const row of clicks) at(row.campaign_id, row.placement).clicks = Number(row.n);
  return figures;
}

function campaignView(row: CampaignRow, figures: PlacementFigures | undefined, now: Date): Campaign {
  const startsAt = new Date(row.starts_at);
  const endsAt = new Date(row.ends_at);
  return {
    id: row.id,
    plan: { id: row.plan_id, name: row.plan_name, reach: row.plan_reach, duration_days: row.duration_days },
    headline: row.headline,
    link: row.link,
    status: campaignState(row, startsAt, endsAt, now),
    start_date: row.start_date,
    end_date: row.end_date,
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    price: moneyOf(row.price_minor, row.currency),
    transaction_id: row.transfer_id,
    purchased_by: { id: row.purchased_by, name: `${row.first_name} ${row.last_name}`.trim() },
    created_at: new Date(row.created_at).toISOString(),
    rejection_reason: row.rejection_reason,
    refund_transaction_id: row.refund_transfer_id,
    delivery: {
      reach: row.reach,
      impressions: row.impressions,
      clicks: row.clicks,
      // Every placement the plan sold, in the plan's order, shown or not yet.
      placements: row.placements.filter(isPlacement).map((placement) => ({
        placement,
        impressions: figures?.get(placement)?.impressions ?? 0,
        clicks: figures?.get(placement)?.clicks ?? 0,
      })),
    },
  };
}

/** advertisingCampaigns: the merchant's campaigns, newest first. */
export async function advertisingCampaigns(
  db: Db,
  merchantId: string,
  now: Date = new Date(),
): Promise<CampaignsResponse> {
  const rows = await campaignsQuery(db, merchantId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  const figures = await placementFigures(
    db,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => campaignView(row, figures.get(row.id), now)) };
}

/** advertisingCampaign: one of the merchant's campaigns; anyone else's (or no such id) is 404. */
export async function campaignById(
  db: Db,
  merchantId: string,
  campaignId: string,
  now: Date = new Date(),
): Promise<Campaign> {
  if (!uuidPattern.test(campaignId)) throw notFound();
  const row = await campaignsQuery(db, merchantId).where('c.id', '=', campaignId).executeTakeFirst();
  if (!row) throw notFound();
  const figures = await placementFigures(db, [row.id]);
  return campaignView(row, figures.get(row.id), now);
}
