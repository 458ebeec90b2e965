import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { buyAdvertisingPlan } from './advertisingJourney';
import {
  chooseLanguage,
  collectAccessTokens,
  demoOwner,
  expectAccessible,
  signInWithEmailCode,
  watchForBrowserErrors,
  type SeenTokens,
} from './pageChecks';
import { dataTemplateWithStaff, signInWithCode, type StaffMember } from './staffBrowser';

/*
 * Advertising delivered (issue 21's proof), in Chromium against the real server and the demo data: Demo Coffee buys
 * City Spotlight (the dashboard and the wallet directory) through the real screens and reads "being reviewed"; a
 * reviewer made by `npm run staff -- add` signs in to the back office (password and authenticator code) and approves
 * it; Demo Bakery sees the sponsored card on its dashboard, never Demo Coffee on its own; Demo Coffee's campaign shows
 * the impression, then the click when Demo Bakery opens the advertiser's link. The reach (25,000) is no browser's to
 * reach: the sandbox stands for the other viewers up to one short of it, Demo Bakery's wallet page (a placement whose
 * hourly cap is still fresh) shows the last impression, and the campaign stops: its figures say reach reached, and
 * nobody is shown it or counted for it any more.
 */

const bakery = { email: 'bakery@tameio.test', password: demoOwner.password, merchant: 'Demo Bakery' };
const ad = {
  plan: 'city_spotlight',
  headline: 'Fresh coffee on Ermou street',
  link: 'https://demo-coffee.example.com/menu',
};

type Money = { amount_minor: string; currency: string };
type Plan = { id: string; name: string; reach: number; price: Money; placements: string[] };
type Campaign = {
  id: string;
  headline: string;
  status: string;
  delivery: {
    reach: number;
    impressions: number;
    clicks: number;
    placements: { placement: string; impressions: number; clicks: number }[];
  };
};

let browser: Browser;
let server: LiveServer;
let dataTemplate: string;
let staff: StaffMember;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async ({ onTestFailed }) => {
  // A reviewer made with `npm run staff -- add` before the server opens the data folder (tests/e2e/staffBrowser.ts).
  const made = dataTemplateWithStaff([{ email: 'rita@bank.test', role: 'reviewer', name: 'Rita Reviewer' }]);
  dataTemplate = made.dir;
  staff = made.staff[0]!;
  server = await startLiveServer({ template: dataTemplate });
  const running = server;
  onTestFailed(() => console.error(`server output:\n${running.output()}`));
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await server?.stop();
  rmSync(dataTemplate, { recursive: true, force: true });
});

/** A browser of its own for each person: their own cookies, session and tokens. */
async function personBrowser(): Promise<{
  context: BrowserContext;
  page: Page;
  errors: string[];
  tokens: SeenTokens;
}> {
  const context = await browser.newContext({ locale: 'en-GB' });
  contexts.push(context);
  const page = await context.newPage();
  return { context, page, errors: watchForBrowserErrors(page), tokens: collectAccessTokens(page) };
}

/** The API as the person signed in on that page (the newest access token it received). */
async function apiAs<T>(tokens: SeenTokens, route: string): Promise<T> {
  const token = [...tokens.access].at(-1);
  if (!token) throw new Error('no access token seen yet');
  const response = await fetch(`${server.baseUrl}${route}`, {
    headers: { authorization: `Bearer ${token}`, 'x-merchant-mode': 'true' },
  });
  expect(response.status, `${route}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

const sandboxImpressions = (campaignId: string, count: number) =>
  fetch(`${server.baseUrl}/api/sandbox/advertising/campaigns/${campaignId}/impressions/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count }),
  });

const spaces = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const sponsoredCard = (page: Page, label = 'Sponsored') => page.getByRole('complementary', { name: label });

/**
 * The in-app placement's answer for a page's visit: waits for the app's request for `placement` (started by `visit`)
 * and answers the campaign the server picked, or null. Whether the card shows is then decided, not a matter of time.
 */
async function placementServed(
  page: Page,
  placement: 'dashboard' | 'wallet_directory',
  visit: () => Promise<unknown>,
): Promise<{ id: string; headline: string } | null> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) =>
        r.url().includes('/api/merchants/advertising/placements/') &&
        new URL(r.url()).searchParams.get('placement') === placement,
    ),
    visit(),
  ]);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { campaign: { id: string; headline: string } | null }).campaign;
}

/** One term's value in a description list ("Times shown" → "1 of 25,000"). */
const described = async (within: Locator, term: string) =>
  spaces(await within.locator(`dt:text-is("${term}") + dd`).first().textContent());

describe('an advertising campaign delivered', () => {
  it('is bought by Demo Coffee, approved by a reviewer, shown to Demo Bakery, counted, and stopped at its reach', async () => {
    const coffee = await personBrowser();
    const baker = await personBrowser();
    const desk = await personBrowser();

    // ---- Demo Coffee buys City Spotlight; the campaign waits for the bank ----
    await signInWithEmailCode(coffee.page, browser, server.baseUrl);
    const { items: plans } = await apiAs<{ items: Plan[] }>(
      coffee.tokens,
      '/api/merchants/advertising/plans/',
    );
    const plan = plans.find((each) => each.id === ad.plan);
    if (!plan) throw new Error(`${ad.plan} is not on sale`);
    expect(plan.placements).toEqual(['dashboard', 'wallet_directory']);
    await coffee.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Advertise with us' })
      .click();
    await heading(coffee.page, 'Advertise with us').waitFor();
    const price = spaces(
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: plan.price.currency }).format(
        Number(plan.price.amount_minor) / 100,
      ),
    );
    await buyAdvertisingPlan(coffee.page, {
      plan: plan.name,
      price,
      headline: ad.headline,
      link: ad.link,
    });
    const listed = coffee.page
      .getByRole('region', { name: 'Your campaigns' })
      .getByRole('listitem')
      .filter({ hasText: ad.headline });
    await listed.getByText('Being reviewed by the bank').waitFor();
    const campaigns = async () =>
      (await apiAs<{ items: Campaign[] }>(coffee.tokens, '/api/merchants/advertising/campaigns/')).items;
    const [bought] = await campaigns();
    expect(bought).toMatchObject({ headline: ad.headline, status: 'in_review' });
    const campaignId = bought!.id;
    const campaign = async () => (await campaigns()).find((each) => each.id === campaignId)!;

    // In review, nobody is shown it: Demo Bakery's dashboard has no sponsored card.
    expect(
      await placementServed(baker.page, 'dashboard', () =>
        signInWithEmailCode(baker.page, browser, server.baseUrl, bakery),
      ),
    ).toBeNull();
    expect(await sponsoredCard(baker.page).count()).toBe(0);

    // ---- A reviewer approves it in the back office ----
    await signInWithCode(desk.page, server.baseUrl, staff);
    await desk.page.getByRole('navigation').getByRole('link', { name: 'Campaigns to review' }).click();
    await heading(desk.page, 'Campaigns to review').waitFor();
    await desk.page.getByRole('link', { name: ad.headline }).click();
    await heading(desk.page, 'Review the campaign').waitFor();
    expect(await described(desk.page.locator('body'), 'Advertiser')).toBe(demoOwner.merchant);
    await desk.page.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = desk.page.getByRole('dialog', { name: 'Approve this campaign?' });
    await confirm.getByRole('button', { name: 'Yes, approve' }).click();
    await heading(desk.page, 'Campaign approved').waitFor();
    await desk.page.getByText(`Approved by ${staff.name} on`).waitFor();
    await expect.poll(async () => (await campaign()).status).toBe('active');

    // ---- Demo Coffee's own dashboard never shows it; Demo Bakery's does ----
    expect(
      await placementServed(coffee.page, 'dashboard', () => coffee.page.goto(`${server.baseUrl}/`)),
    ).toBeNull();
    await heading(coffee.page, demoOwner.merchant).waitFor();
    expect(await sponsoredCard(coffee.page).count()).toBe(0);

    const shown = await placementServed(baker.page, 'dashboard', () => baker.page.reload());
    expect(shown).toMatchObject({ id: campaignId, headline: ad.headline });
    const card = sponsoredCard(baker.page);
    await card.waitFor();
    expect(spaces(await card.textContent())).toContain(
      `An advertisement of ${demoOwner.merchant}, a Tameio merchant`,
    );
    await expectAccessible(baker.page, 'dashboard with a sponsored card');

    // ---- Counted: Demo Coffee reads one impression, on its screen and from the API ----
    const figuresOnScreen = async () => {
      await coffee.page.goto(`${server.baseUrl}/advertise-with-us`);
      await listed.waitFor();
      const delivery = listed.locator('dl[aria-label="Delivery"]');
      const row = (name: string) =>
        listed.getByRole('row').filter({ has: coffee.page.getByRole('rowheader', { name }) });
      const cells = async (name: string) => (await row(name).locator('td').allTextContents()).map(spaces);
      return {
        status: spaces(await listed.locator('strong + span').textContent()),
        shown: await described(delivery, 'Times shown'),
        clicks: await described(delivery, 'Clicks'),
        // Times shown and clicks in each placement the plan sold.
        dashboard: await cells('Other merchants’ dashboards'),
        wallet: await cells('The wallet directory'),
      };
    };
    expect(await figuresOnScreen()).toEqual({
      status: 'Active',
      shown: '1 of 25,000',
      clicks: '0',
      dashboard: ['1', '0'],
      wallet: ['0', '0'],
    });
    expect((await campaign()).delivery).toEqual({
      reach: 25_000,
      impressions: 1,
      clicks: 0,
      placements: [
        { placement: 'dashboard', impressions: 1, clicks: 0 },
        { placement: 'wallet_directory', impressions: 0, clicks: 0 },
      ],
    });

    // ---- Demo Bakery clicks: the advertiser's page opens in a new tab, and Demo Coffee reads one click ----
    await baker.context.route(`${new URL(ad.link).origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Demo Coffee menu</title><h1>Menu</h1>' }),
    );
    const [advertiserPage] = await Promise.all([
      baker.context.waitForEvent('page'),
      card.getByRole('link', { name: ad.headline }).click(),
    ]);
    await advertiserPage.waitForURL(ad.link);
    await advertiserPage.close();
    await expect.poll(async () => (await campaign()).delivery.clicks).toBe(1);
    expect(await figuresOnScreen()).toEqual({
      status: 'Active',
      shown: '1 of 25,000',
      clicks: '1',
      dashboard: ['1', '1'],
      wallet: ['0', '0'],
    });

    // ---- Stopped at its reach: the sandbox stands for the other viewers, up to one short of it ----
    const short = await sandboxImpressions(campaignId, 25_000 - 2);
    expect(short.status, await short.clone().text()).toBe(200);
    expect(await short.json()).toEqual({ counted: 24_998, impressions: 24_999, reach: 25_000 });
    expect(await figuresOnScreen()).toMatchObject({ status: 'Active', shown: '24,999 of 25,000' });

    // Demo Bakery's wallet page (the wallet directory: a placement it has not been shown it in) shows the last one.
    const last = await placementServed(baker.page, 'wallet_directory', () =>
      baker.page.goto(`${server.baseUrl}/my-wallet`),
    );
    expect(last).toMatchObject({ id: campaignId, headline: ad.headline });
    await sponsoredCard(baker.page).getByRole('link', { name: ad.headline }).waitFor();
    await expectAccessible(baker.page, 'wallet with a sponsored entry');

    expect(await figuresOnScreen()).toEqual({
      status: 'Reach reached, stopped',
      shown: '25,000 of 25,000',
      clicks: '1',
      dashboard: ['24,999', '1'],
      wallet: ['1', '0'],
    });
    expect(await campaign()).toMatchObject({
      status: 'stopped_at_reach',
      delivery: {
        reach: 25_000,
        impressions: 25_000,
        clicks: 1,
        placements: [
          { placement: 'dashboard', impressions: 24_999, clicks: 1 },
          { placement: 'wallet_directory', impressions: 1, clicks: 0 },
        ],
      },
    });
    // In Greek too.
    await chooseLanguage(coffee.page, 'el');
    const listedInGreek = coffee.page
      .getByRole('region', { name: 'Οι καμπάνιες σας' })
      .getByRole('listitem')
      .filter({ hasText: ad.headline });
    await listedInGreek.getByText('Έφτασε την εμβέλεια, σταμάτησε').waitFor();
    expect(spaces(await listedInGreek.textContent())).toContain('25.000 από 25.000');
    await chooseLanguage(coffee.page, 'en');

    // Nobody is shown it any more: not Demo Bakery after a reload, and no other viewer is counted.
    expect(
      await placementServed(baker.page, 'dashboard', () => baker.page.goto(`${server.baseUrl}/`)),
    ).toBeNull();
    await heading(baker.page, bakery.merchant).waitFor();
    expect(await sponsoredCard(baker.page).count()).toBe(0);
    const over = await sandboxImpressions(campaignId, 1);
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: { message: string } }).error.message).toBe(
      'This campaign is not being shown: it was shown as many times as its reach.',
    );
    expect((await campaign()).delivery.impressions).toBe(25_000);

    expect([...coffee.errors, ...baker.errors, ...desk.errors]).toEqual([]);
  });
});
