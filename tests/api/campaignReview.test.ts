import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignReviewQueue, decideCampaign } from '../../server/advertising/campaignReview';
import { servePlacement } from '../../server/advertising/delivery';
import { verifyAuditChain } from '../../server/audit/auditTrail';
import { AppError } from '../../server/errors';
import { api, apiWithBadInput, expectStatus } from './client';
import { startTestServer, type TestServer } from './harness';
import {
  expectHealthy,
  fund,
  ledgerSnapshot,
  merchantWithAccount,
  newKey,
  type MoneyMerchant,
} from './money';
import { insertStaff, signInStaff } from './staffHelpers';
import { databaseDigest } from './tableDigest';

/**
 * The bank's review of advertising campaigns (issue 21): a bought campaign waits in review and is shown to nobody;
 * approved it runs, rejected it is refunded in full through the ledger, once, with the merchant told the reason and
 * the decision on the audit trail.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const body = { headline: 'Fresh coffee every morning', link: 'https://coffee.example.com/menu' };

async function buy(merchant: MoneyMerchant, plan = 'local_boost') {
  const bought = await api(server.app, 'POST', '/api/merchants/advertising/plans/{id}/purchase/', {
    params: { id: plan },
    token: merchant.token,
    body,
    headers: { 'idempotency-key': newKey('ad') },
  });
  expectStatus(bought, 201);
  return bought.body;
}

async function balanceOf(accountId: string): Promise<bigint> {
  const row = await server.db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_minor;
}

async function campaignOf(merchant: MoneyMerchant, id: string) {
  const one = await api(server.app, 'GET', '/api/merchants/advertising/campaigns/{id}/', {
    params: { id },
    token: merchant.token,
  });
  expectStatus(one, 200);
  return one.body;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('campaign review', () => {
  let advertiser: MoneyMerchant;
  let other: MoneyMerchant;
  let reviewer: { staffId: string };
  beforeAll(async () => {
    advertiser = await merchantWithAccount(server);
    other = await merchantWithAccount(server);
    await fund(server.db, advertiser.accountId, 100_000n);
    reviewer = await insertStaff(server, 'reviewer', { name: 'Rita Reviewer' });
  });

  it('a bought campaign is in review, queued for the bank and shown to nobody', async () => {
    const campaign = await buy(advertiser);
    expect(campaign).toMatchObject({
      status: 'in_review',
      rejection_reason: null,
      refund_transaction_id: null,
      delivery: {
        reach: 5000,
        impressions: 0,
        clicks: 0,
        placements: [{ placement: 'dashboard', impressions: 0, clicks: 0 }],
      },
    });
    const list = await campaignReviewQueue(server.db);
    const queued = list.queue.find((c) => c.id === campaign.id);
    expect(queued).toMatchObject({
      merchant: { id: advertiser.merchantId },
      plan: { id: 'local_boost', reach: 5000 },
      placements: ['dashboard'],
      headline: body.headline,
      review_status: 'in_review',
      reviewed_by: null,
    });
    const otherOwner = await server.db
      .selectFrom('users')
      .select('id')
      .where('merchant_id', '=', other.merchantId)
      .executeTakeFirstOrThrow();
    expect(
      await servePlacement(server.db, { merchantId: other.merchantId, userId: otherOwner.id }, 'dashboard'),
    ).toBeNull();
  });

  it('rejecting refunds the price exactly, once, tells the merchant the reason and is on the audit trail', async () => {
    const before = await balanceOf(advertiser.accountId);
    const campaign = await buy(advertiser, 'city_spotlight');
    expect(await balanceOf(advertiser.accountId)).toBe(before - 9900n);

    const decided = await decideCampaign(
      server.db,
      campaign.id,
      { decision: 'reject', reason: 'The link leads to a page that does not load.' },
      reviewer,
      { ip: '203.0.113.7', userAgent: 'Back office test' },
    );
    expect(decided).toMatchObject({
      review_status: 'rejected',
      rejection_reason: 'The link leads to a page that does not load.',
      reviewed_by: { id: reviewer.staffId, name: 'Rita Reviewer' },
    });
    expect(await balanceOf(advertiser.accountId)).toBe(before);
    const snapshot = await ledgerSnapshot(server.db);
    expectHealthy(snapshot.invariants);

    // The merchant reads the reason on its campaign, and the refund among its transactions.
    const read = await campaignOf(advertiser, campaign.id);
    expect(read).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The link leads to a page that does not load.',
    });
    expect(read.refund_transaction_id).toBeTruthy();
    const refund = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: read.refund_transaction_id ?? '' },
      token: advertiser.token,
    });
    expect(refund.body).toMatchObject({
      type: 'advertising',
      direction: 'in',
      total: { amount_minor: '9900' },
    });

    const notifications = await server.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('merchant_id', '=', advertiser.merchantId)
      .where('kind', '=', 'campaign_rejected')
      .execute();
    expect(notifications).toEqual([
      {
        kind: 'campaign_rejected',
        params: {
          amount_minor: '9900',
          currency: 'EUR',
          campaign_id: campaign.id,
          headline: body.headline,
          reason: 'The link leads to a page that does not load.',
        },
      },
    ]);
    const audit = await server.db
      .selectFrom('audit_trail')
      .selectAll()
      .where('subject', '=', `campaign:${campaign.id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      realm: 'staff',
      actor_user_id: reviewer.staffId,
      merchant_id: advertiser.merchantId,
      action: 'campaign.rejected',
      ip: '203.0.113.7',
      details: {
        plan: 'City Spotlight',
        reason: 'The link leads to a page that does not load.',
        refund_minor: '9900',
      },
    });
    expect((await verifyAuditChain(server.db)).ok).toBe(true);

    // A second decision, either way: 409, nothing changed anywhere.
    const digest = await databaseDigest(server.db);
    for (const decision of ['reject', 'approve'] as const) {
      const error = await refusal(
        decideCampaign(server.db, campaign.id, { decision, reason: 'Again' }, reviewer),
      );
      expect(error).toMatchObject({ statusCode: 409, code: 'conflict' });
    }
    expect(await databaseDigest(server.db)).toEqual(digest);
  });

  it('two decisions at once: one wins, the other is 409, the refund is paid at most once', async () => {
    const before = await balanceOf(advertiser.accountId);
    const campaign = await buy(advertiser);
    const second = await insertStaff(server, 'operations');
    const results = await Promise.allSettled([
      decideCampaign(
        server.db,
        campaign.id,
        { decision: 'reject', reason: 'Misleading headline.' },
        reviewer,
      ),
      decideCampaign(server.db, campaign.id, { decision: 'reject', reason: 'Misleading headline.' }, second),
      decideCampaign(server.db, campaign.id, { decision: 'approve' }, second),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ statusCode: 409 });
    }
    const read = await campaignOf(advertiser, campaign.id);
    const refunds = await server.db
      .selectFrom('transfers')
      .select('id')
      .where('idempotency_key', 'like', `%advertising-refund:${campaign.id}`)
      .execute();
    expect(refunds).toHaveLength(read.status === 'rejected' ? 1 : 0);
    expect(await balanceOf(advertiser.accountId)).toBe(read.status === 'rejected' ? before : before - 2900n);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
    const entries = await server.db
      .selectFrom('audit_trail')
      .select('action')
      .where('subject', '=', `campaign:${campaign.id}`)
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('approving runs the campaign from its start date and tells the merchant', async () => {
    const campaign = await buy(advertiser);
    const decided = await decideCampaign(server.db, campaign.id, { decision: 'approve' }, reviewer);
    expect(decided).toMatchObject({ review_status: 'approved', rejection_reason: null });
    expect((await campaignOf(advertiser, campaign.id)).status).toBe('active');
    const told = await server.db
      .selectFrom('notifications')
      .select('kind')
      .where('merchant_id', '=', advertiser.merchantId)
      .where('kind', '=', 'campaign_approved')
      .where('event_key', '=', `campaign:${campaign.id}`)
      .execute();
    expect(told).toHaveLength(1);
    const entry = await server.db
      .selectFrom('audit_trail')
      .select(['action', 'realm', 'actor_user_id'])
      .where('subject', '=', `campaign:${campaign.id}`)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ action: 'campaign.approved', realm: 'staff', actor_user_id: reviewer.staffId });
    // Decided: out of the queue, first among the recent decisions.
    const list = await campaignReviewQueue(server.db);
    expect(list.queue.some((c) => c.id === campaign.id)).toBe(false);
    expect(list.recent[0]?.id).toBe(campaign.id);
  });

  it('bad input is refused and leaves no trace: no reason to reject, unknown or malformed ids', async () => {
    const campaign = await buy(advertiser);
    const digest = await databaseDigest(server.db);
    const noReason = await refusal(decideCampaign(server.db, campaign.id, { decision: 'reject' }, reviewer));
    expect(noReason).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(noReason.fields).toMatchObject({ reason: expect.any(String) });
    const blank = await refusal(
      decideCampaign(server.db, campaign.id, { decision: 'reject', reason: '   ' }, reviewer),
    );
    expect(blank).toMatchObject({ statusCode: 400 });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await refusal(decideCampaign(server.db, id, { decision: 'approve' }, reviewer));
      expect(missing).toMatchObject({ statusCode: 404, code: 'not_found' });
    }
    expect(await databaseDigest(server.db)).toEqual(digest);
    expect((await campaignOf(advertiser, campaign.id)).status).toBe('in_review');
  });
});

describe('the back office', () => {
  let advertiser: MoneyMerchant;
  beforeAll(async () => {
    advertiser = await merchantWithAccount(server);
    await fund(server.db, advertiser.accountId, 100_000n);
  });

  it('lists the queue, shows one campaign, and decides once through the staff endpoints', async () => {
    const reviewer = await signInStaff(server, 'reviewer', 'Rita Reviewer');
    const before = await balanceOf(advertiser.accountId);
    const campaign = await buy(advertiser, 'city_spotlight');

    const list = await api(server.app, 'GET', '/api/back-office/campaigns/', { token: reviewer.token });
    expectStatus(list, 200);
    expect(list.body.queue.find((c) => c.id === campaign.id)).toMatchObject({
      merchant: { id: advertiser.merchantId },
      plan: { id: 'city_spotlight', name: 'City Spotlight', reach: 25000, duration_days: 14 },
      placements: ['dashboard', 'wallet_directory'],
      price: { amount_minor: '9900', currency: 'EUR' },
      review_status: 'in_review',
    });
    const one = await api(server.app, 'GET', '/api/back-office/campaigns/{id}/', {
      params: { id: campaign.id },
      token: reviewer.token,
    });
    expectStatus(one, 200);
    expect(one.body.headline).toBe(body.headline);
    expectStatus(
      await api(server.app, 'GET', '/api/back-office/campaigns/{id}/', {
        params: { id: '00000000-0000-4000-8000-000000000000' },
        token: reviewer.token,
      }),
      404,
    );

    // Bad input: refused with the field named, nothing written anywhere.
    const digest = await databaseDigest(server.db);
    const decide = (payload: unknown) =>
      apiWithBadInput(server.app, 'POST', '/api/back-office/campaigns/{id}/decision/', {
        params: { id: campaign.id },
        token: reviewer.token,
        body: payload,
      });
    for (const payload of [
      { decision: 'reject' },
      { decision: 'reject', reason: '' },
      { decision: 'maybe' },
      { decision: 'reject', reason: '<script>alert(1)</script>' },
      { decision: 'reject', reason: 'x'.repeat(501) },
      { decision: 'approve', extra: true },
    ]) {
      const refused = await decide(payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
    }
    expect(await databaseDigest(server.db)).toEqual(digest);

    const rejected = await api(server.app, 'POST', '/api/back-office/campaigns/{id}/decision/', {
      params: { id: campaign.id },
      token: reviewer.token,
      body: { decision: 'reject', reason: 'The headline promises what the link does not show.' },
      headers: { 'user-agent': 'Back office test browser' },
    });
    expectStatus(rejected, 200);
    expect(rejected.body).toMatchObject({
      review_status: 'rejected',
      rejection_reason: 'The headline promises what the link does not show.',
      reviewed_by: { id: reviewer.staffId, name: 'Rita Reviewer' },
    });
    expect(await balanceOf(advertiser.accountId)).toBe(before);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
    const entry = await server.db
      .selectFrom('audit_trail')
      .select(['realm', 'actor_user_id', 'action', 'user_agent'])
      .where('subject', '=', `campaign:${campaign.id}`)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      realm: 'staff',
      actor_user_id: reviewer.staffId,
      action: 'campaign.rejected',
      user_agent: 'Back office test browser',
    });

    // Decided: a second decision by anyone is 409 and changes nothing.
    const operations = await signInStaff(server, 'operations');
    const after = await databaseDigest(server.db);
    const again = await api(server.app, 'POST', '/api/back-office/campaigns/{id}/decision/', {
      params: { id: campaign.id },
      token: operations.token,
      body: { decision: 'approve' },
    });
    expectStatus(again, 409);
    expect(again.body.error.code).toBe('conflict');
    expect(await databaseDigest(server.db)).toEqual(after);
    const recent = await api(server.app, 'GET', '/api/back-office/campaigns/', { token: operations.token });
    expectStatus(recent, 200);
    expect(recent.body.queue.some((c) => c.id === campaign.id)).toBe(false);
    expect(recent.body.recent[0]).toMatchObject({ id: campaign.id, review_status: 'rejected' });
  });

  it('a merchant token never opens the review', async () => {
    const refused = await apiWithBadInput(server.app, 'GET', '/api/back-office/campaigns/', {
      token: advertiser.token,
    });
    expect(refused.status).toBe(401);
  });
});
