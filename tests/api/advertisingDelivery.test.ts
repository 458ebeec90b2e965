import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decideCampaign } from '../../server/advertising/campaignReview';
import { impressionFrequencyCapMs, servePlacement } from '../../server/advertising/delivery';
import { api, apiWithBadInput, callUntyped, errorOf, expectStatus } from './client';
import { readOutbox, startTestServer, type TestServer } from './harness';
import { employeeToken, fund, merchantWithAccount, newKey, type MoneyMerchant } from './money';
import { insertStaff } from './staffHelpers';
import { databaseDigest } from './tableDigest';

/**
 * Advertising delivered (issue 21): an approved, running campaign is shown to the other approved merchants in the
 * placements its plan sold, counted, never past its reach nor its end, and never to its own merchant; clicks are
 * recorded; the newsletter and the push reach each other merchant once; the advertiser reads the figures. The sandbox
 * stands for other viewers (POST /api/sandbox/advertising/campaigns/{id}/impressions/) through the same count.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let staffId: string;
let advertiser: MoneyMerchant;
let viewer: MoneyMerchant;
beforeAll(async () => {
  staffId = (await insertStaff(server, 'reviewer', { name: 'Rita Reviewer' })).staffId;
  advertiser = await merchantWithAccount(server);
  viewer = await merchantWithAccount(server);
  await fund(server.db, advertiser.accountId, 1_000_000n);
});

// Each test starts with no campaign running: the ones before it ended yesterday.
beforeEach(async () => {
  await sql`UPDATE advertising_campaigns SET starts_at = now() - interval '2 days', ends_at = now() - interval '1 day'
    WHERE ends_at > now()`.execute(server.db);
});

/** A campaign bought by `merchant`, approved by the bank; its reach set to `reach` when given (a small test reach). */
async function approvedCampaign(
  merchant: MoneyMerchant,
  plan: 'local_boost' | 'city_spotlight' | 'national_reach',
  reach?: number,
  headline = 'Fresh coffee every morning',
) {
  const bought = await api(server.app, 'POST', '/api/merchants/advertising/plans/{id}/purchase/', {
    params: { id: plan },
    token: merchant.token,
    body: { headline, link: 'https://coffee.example.com/menu' },
    headers: { 'idempotency-key': newKey('ad') },
  });
  expectStatus(bought, 201);
  await decideCampaign(server.db, bought.body.id, { decision: 'approve' }, { staffId });
  if (reach !== undefined) {
    await server.db
      .updateTable('advertising_campaigns')
      .set({ reach })
      .where('id', '=', bought.body.id)
      .execute();
  }
  return bought.body;
}

/** The advertiser's campaigns nobody may be shown, by id: one in review, one rejected, one from tomorrow, one ended. */
async function campaignsNotShown() {
  const buy = async (headline: string) => {
    const bought = await api(server.app, 'POST', '/api/merchants/advertising/plans/{id}/purchase/', {
      params: { id: 'local_boost' },
      token: advertiser.token,
      body: { headline, link: 'https://coffee.example.com/' },
      headers: { 'idempotency-key': newKey('ad') },
    });
    expectStatus(bought, 201);
    return bought.body.id;
  };
  const inReview = await buy('Waiting for the bank');
  const rejected = await buy('Refused by the bank');
  await decideCampaign(server.db, rejected, { decision: 'reject', reason: 'Not allowed.' }, { staffId });
  const later = (await approvedCampaign(advertiser, 'local_boost')).id;
  await sql`UPDATE advertising_campaigns SET starts_at = now() + interval '1 day', ends_at = now() + interval '8 days'
    WHERE id = ${later}`.execute(server.db);
  const ended = (await approvedCampaign(advertiser, 'local_boost')).id;
  await sql`UPDATE advertising_campaigns SET ends_at = now() - interval '1 second' WHERE id = ${ended}`.execute(
    server.db,
  );
  return { inReview, rejected, later, ended };
}

/** Users of the merchant who never signed in: an audience the domain function serves directly. */
async function audience(merchantId: string, size: number): Promise<string[]> {
  const rows = await server.db
    .insertInto('users')
    .values(
      Array.from({ length: size }, (_, i) => ({
        merchant_id: merchantId,
        email: `audience-${randomBytes(4).toString('hex')}-${i}@example.test`,
        phone: null,
        password_hash: null,
        first_name: 'Ada',
        last_name: `Audience ${i}`,
        is_owner: false,
        employee_type: 'employee' as const,
        access_level: 'company' as const,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

function serve(token: string, placement: 'dashboard' | 'wallet_directory') {
  return api(server.app, 'GET', '/api/merchants/advertising/placements/', { token, query: { placement } });
}

function click(token: string, id: string, placement: 'dashboard' | 'wallet_directory' | 'newsletter') {
  return api(server.app, 'POST', '/api/merchants/advertising/placements/{id}/click/', {
    params: { id },
    token,
    body: { placement },
  });
}

/** The campaign shown to the caller in `placement` (200 expected), or null. */
async function shownTo(token: string, placement: 'dashboard' | 'wallet_directory') {
  const response = await serve(token, placement);
  expectStatus(response, 200);
  return response.body.campaign;
}

async function campaignOf(merchant: MoneyMerchant, id: string) {
  const one = await api(server.app, 'GET', '/api/merchants/advertising/campaigns/{id}/', {
    params: { id },
    token: merchant.token,
  });
  expectStatus(one, 200);
  return one.body;
}

describe('in-app placements', () => {
  it('shows an approved campaign to another merchant, never to its own, counted each time', async () => {
    const campaign = await approvedCampaign(advertiser, 'city_spotlight');
    const own = await serve(advertiser.token, 'dashboard');
    expectStatus(own, 200);
    expect(own.body.campaign).toBeNull();

    const shown = await serve(viewer.token, 'dashboard');
    expectStatus(shown, 200);
    expect(shown.body.campaign).toEqual({
      id: campaign.id,
      placement: 'dashboard',
      advertiser: expect.any(String),
      headline: 'Fresh coffee every morning',
      link: 'https://coffee.example.com/menu',
    });
    expectStatus(await serve(viewer.token, 'wallet_directory'), 200);
    // An employee and a viewer of the other merchant see it too (area overview: everybody's).
    for (const role of ['employee', 'viewer'] as const) {
      const token = await employeeToken(server, viewer.merchantId, role);
      const seen = await serve(token, 'dashboard');
      expectStatus(seen, 200);
      expect(seen.body.campaign?.id).toBe(campaign.id);
    }
    // The same user again within the hour: nothing shown, nothing counted.
    expect(await shownTo(viewer.token, 'dashboard')).toBeNull();
    const figures = await campaignOf(advertiser, campaign.id);
    expect(figures.delivery).toEqual({
      reach: 25000,
      impressions: 4,
      clicks: 0,
      placements: [
        { placement: 'dashboard', impressions: 3, clicks: 0 },
        { placement: 'wallet_directory', impressions: 1, clicks: 0 },
      ],
    });
    expect(figures.status).toBe('active');
  });

  it('only in the placements the plan sold; not while in review, rejected, scheduled or ended', async () => {
    const dashboardOnly = await approvedCampaign(advertiser, 'local_boost');
    const none = await serve(viewer.token, 'wallet_directory');
    expectStatus(none, 200);
    expect(none.body.campaign).toBeNull();

    // Bought but not decided, rejected, booked ahead: nobody sees them.
    await sql`UPDATE advertising_campaigns SET ends_at = now() - interval '1 hour' WHERE id = ${dashboardOnly.id}`.execute(
      server.db,
    );
    const { inReview, rejected, later, ended } = await campaignsNotShown();

    const nothing = await serve(viewer.token, 'dashboard');
    expectStatus(nothing, 200);
    expect(nothing.body.campaign).toBeNull();
    expect((await campaignOf(advertiser, dashboardOnly.id)).status).toBe('ended');
    expect((await campaignOf(advertiser, inReview)).status).toBe('in_review');
    expect((await campaignOf(advertiser, rejected)).status).toBe('rejected');
    expect((await campaignOf(advertiser, later)).status).toBe('scheduled');
    expect((await campaignOf(advertiser, ended)).status).toBe('ended');
  });

  it('stops at the reach, even with many requests at once: the count is exactly the reach', async () => {
    const campaign = await approvedCampaign(advertiser, 'local_boost', 5);
    const users = await audience(viewer.merchantId, 20);
    const results = await Promise.all(
      users.map((userId) =>
        servePlacement(server.db, { merchantId: viewer.merchantId, userId }, 'dashboard'),
      ),
    );
    expect(results.filter((shown) => shown?.id === campaign.id)).toHaveLength(5);
    const row = await server.db
      .selectFrom('advertising_campaigns')
      .select(['impressions', 'reach'])
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ impressions: 5, reach: 5 });
    const rows = await server.db
      .selectFrom('advertising_impressions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaign_id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(5);
    expect(await shownTo(viewer.token, 'dashboard')).toBeNull();
    expect(await campaignOf(advertiser, campaign.id)).toMatchObject({
      status: 'stopped_at_reach',
      delivery: { reach: 5, impressions: 5 },
    });
  });

  it('stops at the end date', async () => {
    const campaign = await approvedCampaign(advertiser, 'local_boost');
    expect((await shownTo(viewer.token, 'dashboard'))?.id).toBe(campaign.id);
    await sql`UPDATE advertising_campaigns SET ends_at = now() - interval '1 second' WHERE id = ${campaign.id}`.execute(
      server.db,
    );
    const [someoneElse = ''] = await audience(viewer.merchantId, 1);
    expect(
      await servePlacement(server.db, { merchantId: viewer.merchantId, userId: someoneElse }, 'dashboard'),
    ).toBeNull();
    expect((await campaignOf(advertiser, campaign.id)).status).toBe('ended');
  });

  it('serves fairly: the campaign shown least goes first', async () => {
    const second = await merchantWithAccount(server);
    await fund(server.db, second.accountId, 100_000n);
    const first = await approvedCampaign(advertiser, 'local_boost');
    const other = await approvedCampaign(second, 'local_boost', undefined, 'Bakery open on Sundays');
    const ids: string[] = [];
    for (const userId of await audience(viewer.merchantId, 6)) {
      ids.push(
        (await servePlacement(server.db, { merchantId: viewer.merchantId, userId }, 'dashboard'))?.id ?? '',
      );
    }
    expect(ids.filter((id) => id === first.id)).toHaveLength(3);
    expect(ids.filter((id) => id === other.id)).toHaveLength(3);
  });

  it('counts a user once an hour per campaign and placement: reloading cannot spend the reach', async () => {
    const campaign = await approvedCampaign(advertiser, 'city_spotlight');
    const [userId = ''] = await audience(viewer.merchantId, 1);
    const viewerUser = { merchantId: viewer.merchantId, userId };
    expect((await servePlacement(server.db, viewerUser, 'dashboard'))?.id).toBe(campaign.id);
    for (let i = 0; i < 5; i += 1)
      expect(await servePlacement(server.db, viewerUser, 'dashboard')).toBeNull();
    // Another placement is another impression; an hour later the same one counts again.
    expect((await servePlacement(server.db, viewerUser, 'wallet_directory'))?.id).toBe(campaign.id);
    const later = new Date(Date.now() + impressionFrequencyCapMs + 60_000);
    expect((await servePlacement(server.db, viewerUser, 'dashboard', later))?.id).toBe(campaign.id);
    expect((await campaignOf(advertiser, campaign.id)).delivery.impressions).toBe(3);
  });

  it('records clicks on a campaign shown, answers the link; refuses others with no trace', async () => {
    const campaign = await approvedCampaign(advertiser, 'city_spotlight');
    const shown = await shownTo(viewer.token, 'wallet_directory');
    expect(shown?.id).toBe(campaign.id);
    const clicked = await click(viewer.token, campaign.id, 'wallet_directory');
    expectStatus(clicked, 200);
    expect(clicked.body).toEqual({ link: 'https://coffee.example.com/menu' });
    const viewerRole = await employeeToken(server, viewer.merchantId, 'viewer');
    expectStatus(await click(viewerRole, campaign.id, 'wallet_directory'), 200);

    const digest = await databaseDigest(server.db);
    // Never shown on this merchant's dashboard, nor to the advertiser itself; no such campaign; a malformed id.
    expectStatus(await click(viewer.token, campaign.id, 'dashboard'), 404);
    expectStatus(await click(advertiser.token, campaign.id, 'wallet_directory'), 404);
    expectStatus(await click(viewer.token, '00000000-0000-4000-8000-000000000000', 'wallet_directory'), 404);
    expectStatus(await click(viewer.token, 'nope', 'wallet_directory'), 404);
    const badPlacement = await apiWithBadInput(
      server.app,
      'POST',
      '/api/merchants/advertising/placements/{id}/click/',
      { params: { id: campaign.id }, token: viewer.token, body: { placement: 'billboard' } },
    );
    expect(badPlacement.status).toBe(400);
    const badQuery = await apiWithBadInput(server.app, 'GET', '/api/merchants/advertising/placements/', {
      token: viewer.token,
      query: { placement: 'newsletter' },
    });
    expect(badQuery.status).toBe(400);
    const noQuery = await apiWithBadInput(server.app, 'GET', '/api/merchants/advertising/placements/', {
      token: viewer.token,
    });
    expect(noQuery.status).toBe(400);
    expect(await databaseDigest(server.db)).toEqual(digest);

    expect((await campaignOf(advertiser, campaign.id)).delivery).toMatchObject({
      impressions: 1,
      clicks: 2,
      placements: [
        { placement: 'dashboard', impressions: 0, clicks: 0 },
        { placement: 'wallet_directory', impressions: 1, clicks: 2 },
      ],
    });
  });

  it('a merchant not approved yet sees no placement (403) and leaves no trace', async () => {
    await approvedCampaign(advertiser, 'local_boost');
    const pending = await merchantWithAccount(server, { status: 'in_review' });
    const digest = await databaseDigest(server.db);
    const refused = await serve(pending.token, 'dashboard');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'merchant_not_approved' } });
    expect(await databaseDigest(server.db)).toEqual(digest);
  });
});

describe('newsletter and push placements', () => {
  async function approvedOthers(merchantId: string) {
    return server.db
      .selectFrom('merchants')
      .select('id')
      .where('status', '=', 'approved')
      .where('id', '<>', merchantId)
      .execute();
  }

  function runJob() {
    return api(server.app, 'POST', '/api/sandbox/advertising/run/', { body: {} });
  }

  it('each other approved merchant gets the newsletter email and the push once; the advertiser and pending ones none', async () => {
    const pending = await merchantWithAccount(server, { status: 'in_review' });
    const campaign = await approvedCampaign(advertiser, 'national_reach', undefined, 'Winter blend is here');
    const others = await approvedOthers(advertiser.merchantId);

    const first = await runJob();
    expectStatus(first, 200);
    expect(first.body).toEqual({ newsletters: others.length, pushes: others.length });
    const again = await runJob();
    expect(again.body).toEqual({ newsletters: 0, pushes: 0 });

    const mail = await readOutbox(server.app, viewer.email);
    const newsletters = mail.filter((m) => m.subject === 'Sponsored: Winter blend is here');
    expect(newsletters).toHaveLength(1);
    // The link goes through the reader's own counting address (next test), then on to the advertiser.
    expect(newsletters[0]?.body).toContain(`/api/advertising/newsletter/${campaign.id}/`);
    expect(
      (await readOutbox(server.app, advertiser.email)).filter((m) => m.subject?.startsWith('Sponsored')),
    ).toEqual([]);
    expect(
      (await readOutbox(server.app, pending.email)).filter((m) => m.subject?.startsWith('Sponsored')),
    ).toEqual([]);

    const pushes = await server.db
      .selectFrom('notifications')
      .select(['merchant_id', 'params'])
      .where('kind', '=', 'sponsored_campaign')
      .where('event_key', '=', `campaign:${campaign.id}`)
      .execute();
    expect(new Set(pushes.map((p) => p.merchant_id))).toEqual(new Set(others.map((o) => o.id)));
    expect(pushes.find((p) => p.merchant_id === viewer.merchantId)?.params).toMatchObject({
      campaign_id: campaign.id,
      headline: 'Winter blend is here',
      link: 'https://coffee.example.com/menu',
    });

    expect((await campaignOf(advertiser, campaign.id)).delivery).toMatchObject({
      impressions: others.length * 2,
      placements: [
        { placement: 'dashboard', impressions: 0 },
        { placement: 'wallet_directory', impressions: 0 },
        { placement: 'newsletter', impressions: others.length },
        { placement: 'push_notification', impressions: others.length },
      ],
    });
    // A newsletter reader's click counts on the newsletter.
    expectStatus(await click(viewer.token, campaign.id, 'newsletter'), 200);
  });

  it("the newsletter's link is the reader's own: it redirects to the advertiser and counts once; forged ones count nothing", async () => {
    const campaign = await approvedCampaign(advertiser, 'national_reach', undefined, 'Spring roast');
    const userOf = async (merchant: MoneyMerchant) =>
      (
        await server.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', merchant.email)
          .executeTakeFirstOrThrow()
      ).id;
    expectStatus(await runJob(), 200);
    const [mail] = (await readOutbox(server.app, viewer.email)).filter(
      (m) => m.subject === 'Sponsored: Spring roast',
    );
    const address = /(\S+\/api\/advertising\/newsletter\/\S+)/.exec(mail?.body ?? '')?.[1];
    expect(address).toBeDefined();
    const url = new URL(address ?? '');
    expect(url.pathname).toContain(`/${campaign.id}/${await userOf(viewer)}/`);
    expect(mail?.body).not.toContain('https://coffee.example.com/menu');

    const clicks = async () =>
      (await campaignOf(advertiser, campaign.id)).delivery.placements.find(
        (p) => p.placement === 'newsletter',
      )?.clicks;
    const open = (path: string) => server.app.inject({ method: 'GET', url: path });
    const first = await open(url.pathname);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://coffee.example.com/menu');
    expect(await clicks()).toBe(1);
    // A second open (the reader again, or a mail scanner) still leads on, and is not another click.
    expect((await open(url.pathname)).statusCode).toBe(302);
    expect(await clicks()).toBe(1);

    // Another signature, another reader under this signature, another campaign: 404, nothing written.
    const other = await userOf(await merchantWithAccount(server));
    const digest = await databaseDigest(server.db);
    const [, , , , campaignId, userId, signature] = url.pathname.split('/');
    for (const forged of [
      `/api/advertising/newsletter/${campaignId}/${userId}/${(signature ?? '').slice(1)}x/`,
      `/api/advertising/newsletter/${campaignId}/${other}/${signature}/`,
      `/api/advertising/newsletter/${randomUUID()}/${userId}/${signature}/`,
      `/api/advertising/newsletter/not-a-campaign/${userId}/${signature}/`,
    ]) {
      const refused = await open(forged);
      expect(refused.statusCode, forged).toBe(404);
      expect(refused.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect(await databaseDigest(server.db)).toEqual(digest);
  });

  it('stops at the reach: two runs at once send exactly the reach', async () => {
    const campaign = await approvedCampaign(advertiser, 'national_reach', 3, 'Only three merchants');
    expect((await approvedOthers(advertiser.merchantId)).length).toBeGreaterThan(3);
    const runs = await Promise.all([runJob(), runJob()]);
    const sent = runs.reduce(
      (sum, r) => sum + (r.status === 200 ? r.body.newsletters + r.body.pushes : 0),
      0,
    );
    expect(sent).toBe(3);
    const row = await server.db
      .selectFrom('advertising_campaigns')
      .select('impressions')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row.impressions).toBe(3);
    expect((await campaignOf(advertiser, campaign.id)).status).toBe('stopped_at_reach');
    expect((await runJob()).body).toEqual({ newsletters: 0, pushes: 0 });
  });

  it('a bad clock for the run is 400 and sends nothing', async () => {
    await approvedCampaign(advertiser, 'national_reach');
    const digest = await databaseDigest(server.db);
    const bad = await apiWithBadInput(server.app, 'POST', '/api/sandbox/advertising/run/', {
      body: { now: 'yesterday' },
    });
    expect(bad.status).toBe(400);
    expect(await databaseDigest(server.db)).toEqual(digest);
  });
});

describe('the sandbox standing for other viewers', () => {
  function countImpressions(
    id: string,
    body: { count: number; placement?: 'dashboard' | 'wallet_directory' },
  ) {
    return api(server.app, 'POST', '/api/sandbox/advertising/campaigns/{id}/impressions/', {
      params: { id },
      body,
    });
  }

  async function impressionRows(campaignId: string) {
    return server.db
      .selectFrom('advertising_impressions')
      .select(['placement', 'merchant_id', 'user_id'])
      .where('campaign_id', '=', campaignId)
      .execute();
  }

  it('counts impressions of other merchants through the same count, up to the reach and never past it', async () => {
    const campaign = await approvedCampaign(advertiser, 'city_spotlight', 10);
    const counted = await countImpressions(campaign.id, { count: 4 });
    expectStatus(counted, 200);
    expect(counted.body).toEqual({ counted: 4, impressions: 4, reach: 10 });
    const inWallet = await countImpressions(campaign.id, { count: 3, placement: 'wallet_directory' });
    expectStatus(inWallet, 200);
    expect(inWallet.body).toEqual({ counted: 3, impressions: 7, reach: 10 });
    // Seen by people of the other approved merchants, never the advertiser's, none of them a signed-in user here.
    const rows = await impressionRows(campaign.id);
    expect(rows).toHaveLength(7);
    const approved = await server.db
      .selectFrom('merchants')
      .select('id')
      .where('status', '=', 'approved')
      .execute();
    const approvedIds = new Set(approved.map((row) => row.id));
    for (const row of rows) {
      expect(row.merchant_id).not.toBe(advertiser.merchantId);
      expect(approvedIds.has(row.merchant_id)).toBe(true);
      expect(row.user_id).toBeNull();
    }
    // A real viewer still counts (their hourly cap is theirs), then more than is left counts only what is left.
    expect((await shownTo(viewer.token, 'dashboard'))?.id).toBe(campaign.id);
    const rest = await countImpressions(campaign.id, { count: 50 });
    expectStatus(rest, 200);
    expect(rest.body).toEqual({ counted: 2, impressions: 10, reach: 10 });
    expect(await impressionRows(campaign.id)).toHaveLength(10);
    expect(await campaignOf(advertiser, campaign.id)).toMatchObject({
      status: 'stopped_at_reach',
      delivery: {
        reach: 10,
        impressions: 10,
        placements: [
          { placement: 'dashboard', impressions: 7 },
          { placement: 'wallet_directory', impressions: 3 },
        ],
      },
    });

    // At its reach it is no longer shown, to anyone: nobody new is served it, and the sandbox counts no more.
    const [freshUser = ''] = await audience(viewer.merchantId, 1);
    expect(
      await servePlacement(
        server.db,
        { merchantId: viewer.merchantId, userId: freshUser },
        'wallet_directory',
      ),
    ).toBeNull();
    const digest = await databaseDigest(server.db);
    const more = await countImpressions(campaign.id, { count: 1 });
    expectStatus(more, 409);
    expect(errorOf(more)).toMatchObject({
      code: 'conflict',
      message: 'This campaign is not being shown: it was shown as many times as its reach.',
    });
    expect(await databaseDigest(server.db)).toEqual(digest);
  });

  it('never passes the reach with many counts at once: exactly the reach is counted', async () => {
    const campaign = await approvedCampaign(advertiser, 'local_boost', 25);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => countImpressions(campaign.id, { count: 4 })),
    );
    let total = 0;
    for (const answer of answers) {
      // Each is counted in full, in part, or refused once the reach is spent (409), never more.
      if (answer.status === 200) total += answer.body.counted;
      else expect(answer.status).toBe(409);
    }
    expect(total).toBe(25);
    const row = await server.db
      .selectFrom('advertising_campaigns')
      .select(['impressions', 'reach'])
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ impressions: 25, reach: 25 });
    expect(await impressionRows(campaign.id)).toHaveLength(25);
  });

  it('refuses bad input, unknown campaigns and campaigns not being shown, with nothing written', async () => {
    const running = await approvedCampaign(advertiser, 'local_boost', 100);
    const { inReview, rejected, later, ended } = await campaignsNotShown();

    const digest = await databaseDigest(server.db);
    const path = '/api/sandbox/advertising/campaigns/{id}/impressions/' as const;
    for (const body of [
      { count: 0 },
      { count: -3 },
      { count: 1.5 },
      { count: '3' },
      { count: 200_001 },
      {},
      { count: 1, placement: 'newsletter' },
      { count: 1, extra: true },
    ]) {
      const bad = await apiWithBadInput(server.app, 'POST', path, { params: { id: running.id }, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(bad).code).toBe('validation_failed');
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-campaign']) {
      const unknown = await countImpressions(id, { count: 1 });
      expectStatus(unknown, 404);
      expect(errorOf(unknown).message).toBe('No such campaign.');
    }
    const refusals: [string, string][] = [
      [inReview, 'This campaign is not being shown: it waits for the bank’s review.'],
      [rejected, 'This campaign is not being shown: the bank rejected it.'],
      [later, 'This campaign is not being shown: it has not started yet.'],
      [ended, 'This campaign is not being shown: it has ended.'],
    ];
    for (const [id, message] of refusals) {
      const refused = await countImpressions(id, { count: 1 });
      expectStatus(refused, 409);
      expect(errorOf(refused).message).toBe(message);
    }
    // Local Boost sells the dashboard only.
    const notSold = await countImpressions(running.id, { count: 1, placement: 'wallet_directory' });
    expectStatus(notSold, 409);
    expect(errorOf(notSold).message).toBe(
      'This campaign’s plan did not sell the wallet_directory placement.',
    );
    expect(await databaseDigest(server.db)).toEqual(digest);
  });

  it('does not exist in production', async () => {
    const campaign = await approvedCampaign(advertiser, 'local_boost', 100);
    const production = await server.buildVariant({ environment: 'production' });
    const digest = await databaseDigest(server.db);
    // Outside the production app's contract: the sandbox rails are not registered there at all.
    const response = await callUntyped(
      production,
      'POST',
      `/api/sandbox/advertising/campaigns/${campaign.id}/impressions/`,
      { body: { count: 1 } },
    );
    expect(response.status).toBe(404);
    expect(await databaseDigest(server.db)).toEqual(digest);
  });
});
