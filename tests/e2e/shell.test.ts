import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../schemas/auth.schema';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { bottomBarSlots, navGroupsFor } from '../../src/app/navGroups';
import {
  collectAccessTokens,
  expectAccessible,
  signInWithEmailCode,
  watchForBrowserErrors,
} from './pageChecks';

// The signed-in shell (issue 19, "A phone-first shell"): from tablet width up the grouped navigation is a sidebar
// beside the page and the header one row; on phones a bottom bar with the four most used destinations and "More",
// which opens the whole menu in a sheet. The header holds the merchant's name and an account switcher in the same
// row. An employee sees no destination the permission table refuses, and no account switcher.
// Real server, built app (WEB_DIR, default dist/web), Chromium, axe.

let browser: Browser;
let server: LiveServer;
let context: BrowserContext;
let page: Page;
let browserErrors: string[];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async ({ onTestFailed }) => {
  server = await startLiveServer();
  context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  browserErrors = watchForBrowserErrors(page);
  const running = server;
  onTestFailed(() => console.error(`server output:\n${running.output()}`));
});

afterEach(async () => {
  await context?.close();
  await server?.stop();
});

// The menu is the banking one once the merchant is approved (src/app/navGroups.ts), as the signed-in users here are.
const approved = { id: '', name: '', status: 'approved' } as const;
const owner = { is_owner: true, employee_type: null, merchant: approved } as UserInfo;
const employee = { is_owner: false, employee_type: 'employee', merchant: approved } as UserInfo;

/** The English names of the links the menu should show this role, group by group, from the permission table. */
const expectedGroups = (user: UserInfo) =>
  navGroupsFor(user).map((group) => ({
    heading: String(group.heading.defaultMessage),
    links: group.destinations.map((destination) => String(destination.label.defaultMessage)),
  }));

const mainNav = () => page.getByRole('navigation', { name: 'Main' });
const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });

async function linkNames(within: Locator): Promise<string[]> {
  return (await within.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

async function groupsIn(nav: Locator) {
  return nav.getByRole('group').evaluateAll((groups) =>
    groups.map((group) => ({
      heading: document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
      links: [...group.querySelectorAll('a')].map((link) => link.textContent.trim()),
    })),
  );
}

async function expectNoHorizontalScroll(where: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `page wider than the screen on ${where}`).toBeLessThanOrEqual(widths.client);
}

/** What the header's controls are called in each language. */
const headerWords = {
  en: {
    switcher: 'EUR account, switch account',
    accounts: 'Your accounts',
    account: 'EUR account',
    bell: /^Notifications/,
    signOut: 'Sign out',
    nav: 'Main',
    more: 'More',
    accountPage: 'Top-up details',
  },
  el: {
    switcher: 'Λογαριασμός EUR, αλλαγή λογαριασμού',
    accounts: 'Οι λογαριασμοί σας',
    account: 'Λογαριασμός EUR',
    bell: /^Ειδοποιήσεις/,
    signOut: 'Αποσύνδεση',
    nav: 'Κύρια',
    more: 'Μενού',
    accountPage: 'Στοιχεία κατάθεσης',
  },
} as const;
type Language = keyof typeof headerWords;

const merchantName = 'Demo Coffee';

/**
 * The header holds one row (issue 19): the merchant's name, the account switcher, language, bell and sign-out (and the
 * brand from tablet width up) share one horizontal band, side by side without overlapping, inside the screen, the
 * header under 72 px tall and its row not wider than the screen. Every control is a target of at least 44 × 44 px.
 */
async function expectOneRowHeader(where: string, language: Language = 'en', options = { switcher: true }) {
  const words = headerWords[language];
  const header = page.getByRole('banner');
  const box = await header.boundingBox();
  expect(box?.height ?? Infinity, `header height on ${where}`).toBeLessThan(72);
  const wide = (page.viewportSize()?.width ?? 0) >= 640;
  const controls = [
    ...(options.switcher ? [header.getByRole('button', { name: words.switcher, exact: true })] : []),
    header.getByRole('combobox'),
    header.getByRole('link', { name: words.bell }),
    header.getByRole('button', { name: words.signOut, exact: true }),
  ];
  const name = header.getByText(merchantName, { exact: true });
  expect(await name.getAttribute('title'), `the merchant's full name on ${where}`).toBe(merchantName);
  const parts = [...(wide ? [header.getByRole('link', { name: 'Tameio' })] : []), name, ...controls];
  const row = await header.evaluate((element) => {
    const inner = element.firstElementChild;
    return { scroll: inner?.scrollWidth ?? Infinity, client: inner?.clientWidth ?? 0 };
  });
  expect(row.scroll, `header row wider than the screen on ${where}`).toBeLessThanOrEqual(row.client);
  const boxes = [];
  for (const part of parts) {
    const partBox = await part.boundingBox();
    expect(partBox, `a header part is missing on ${where}`).not.toBeNull();
    if (!partBox || !box) continue;
    boxes.push(partBox);
    expect(partBox.y).toBeGreaterThanOrEqual(box.y);
    expect(partBox.y + partBox.height).toBeLessThanOrEqual(box.y + box.height);
    expect(partBox.x, `header part before the screen's edge on ${where}`).toBeGreaterThanOrEqual(0);
    expect(partBox.x + partBox.width, `header part beyond the screen on ${where}`).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
  }
  // One row: a horizontal line crosses every part; and side by side, in order, none over the next.
  const lowestTop = Math.max(...boxes.map((b) => b.y));
  const highestBottom = Math.min(...boxes.map((b) => b.y + b.height));
  expect(lowestTop, `the header's parts share no row on ${where}`).toBeLessThan(highestBottom);
  for (const [index, partBox] of boxes.entries()) {
    const next = boxes[index + 1];
    if (next)
      expect(partBox.x + partBox.width, `header parts overlap on ${where}`).toBeLessThanOrEqual(next.x + 0.5);
  }
  for (const control of controls) {
    const controlBox = await control.boundingBox();
    expect(controlBox?.width ?? 0, `a header control's width on ${where}`).toBeGreaterThanOrEqual(44);
    expect(controlBox?.height ?? 0, `a header control's height on ${where}`).toBeGreaterThanOrEqual(44);
  }
}

/** Bottom bar: the expected links then "More"; each a target of at least 44 × 44 px. */
async function expectBottomBar(links: string[], where: string) {
  const bar = mainNav();
  expect(await linkNames(bar), `bottom bar on ${where}`).toEqual(links);
  const more = bar.getByRole('button', { name: 'More' });
  const widths = await bar.getByRole('list').evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
  }));
  expect(widths.scroll, `bottom bar wider than the screen on ${where}`).toBeLessThanOrEqual(widths.client);
  for (const target of [...(await bar.getByRole('link').all()), more]) {
    const box = await target.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  // The page ends above the bar: scrolled to the bottom, the footer's last link is not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const barBox = await bar.boundingBox();
  const lastFooterLink = page.getByRole('navigation', { name: 'Help and legal' }).getByRole('link').last();
  const footerBox = await lastFooterLink.boundingBox();
  expect((footerBox?.y ?? 0) + (footerBox?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
}

/** "More" opens the menu as a dialog with focus inside; Escape closes it and focus goes back to "More". */
async function openAndCloseSheet(user: UserInfo, where: string) {
  const more = mainNav().getByRole('button', { name: 'More' });
  await more.click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await sheet.waitFor();
  expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  expect(await more.getAttribute('aria-expanded')).toBe('true');
  expect(await groupsIn(sheet.getByRole('navigation', { name: 'Menu' })), `sheet on ${where}`).toEqual(
    expectedGroups(user),
  );
  await expectAccessible(page, `${where} with the menu sheet open`);
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
}

describe('the signed-in shell', () => {
  it('shows the grouped sidebar and a one-row header at 1280 px, marking the current page', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    const sidebar = mainNav();
    expect(await groupsIn(sidebar)).toEqual(expectedGroups(owner));
    await expectOneRowHeader('1280 px');
    // Beside <main>, not above it.
    const sideBox = await sidebar.boundingBox();
    const mainBox = await page.getByRole('main').boundingBox();
    expect((sideBox?.x ?? 0) + (sideBox?.width ?? 0)).toBeLessThanOrEqual(mainBox?.x ?? 0);
    // No bottom bar at this width.
    expect(await page.getByRole('button', { name: 'More' }).count()).toBe(0);

    await sidebar.getByRole('link', { name: 'Transactions' }).click();
    await heading('Transactions').waitFor();
    expect(await sidebar.getByRole('link', { name: 'Transactions' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await sidebar.locator('[aria-current="page"]').count()).toBe(1);
    await expectAccessible(page, '/transactions at 1280 px');
    expect(browserErrors).toEqual([]);
  });

  it('on phones: a bottom bar with four destinations and More, a menu sheet, no sideways scrolling', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    const favourites = ['Dashboard', 'My wallet', 'Transactions', 'Cards'];
    expect(favourites).toHaveLength(bottomBarSlots);
    for (const width of [390, 320]) {
      const where = `${width} px`;
      await page.setViewportSize({ width, height: 800 });
      await mainNav().getByRole('button', { name: 'More' }).waitFor();
      await expectNoHorizontalScroll(where);
      await expectOneRowHeader(where);
      await expectBottomBar(favourites, where);
      await openAndCloseSheet(owner, where);
    }

    // A link in the sheet leads there and closes it; the bar marks its own destinations as current.
    await mainNav().getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Team' }).click();
    await heading('Team').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await mainNav().getByRole('link', { name: 'My wallet' }).click();
    await heading('My wallet').waitFor();
    expect(await mainNav().getByRole('link', { name: 'My wallet' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // The browser's Back closes the sheet, and Forward to the page it was opened on does not open it again.
    await mainNav().getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await page.goBack();
    await heading('Team').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.goForward();
    await heading('My wallet').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoHorizontalScroll('/my-wallet at 320 px');
    await expectAccessible(page, '/my-wallet at 320 px');

    // In Greek the header still holds one row and nothing scrolls sideways.
    await page.getByRole('banner').getByRole('combobox').selectOption('el');
    await page.getByRole('button', { name: 'Μενού' }).waitFor();
    await expectNoHorizontalScroll('/my-wallet in Greek at 320 px');
    for (const part of [
      page.getByRole('banner').locator(':scope > *'),
      page.getByRole('navigation', { name: 'Κύρια' }).getByRole('list'),
    ]) {
      const fits = await part.evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(fits, 'the header row and the bottom bar fit 320 px in Greek').toBe(true);
    }
    const headerBox = await page.getByRole('banner').boundingBox();
    expect(headerBox?.height ?? Infinity).toBeLessThan(72);
    expect(browserErrors).toEqual([]);
  });

  it("holds the merchant's name and account switcher in the one header row from 1024 to 320 px, in English and Greek", async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    for (const language of ['en', 'el'] as const) {
      const words = headerWords[language];
      if (language === 'el') await page.getByRole('banner').getByRole('combobox').selectOption('el');
      // Desktop, the narrowest tablets (where the sidebar takes its share too), then phones.
      for (const width of [1024, 800, 640, 390, 320]) {
        const where = `${width} px in ${language === 'en' ? 'English' : 'Greek'}`;
        await page.setViewportSize({ width, height: 800 });
        const more = page
          .getByRole('navigation', { name: words.nav })
          .getByRole('button', { name: words.more });
        if (width < 640) await more.waitFor();
        else await expect.poll(() => more.count()).toBe(0);
        await expectNoHorizontalScroll(where);
        await expectOneRowHeader(where, language);
      }
    }

    // The keyboard alone (Greek, 320 px): Enter opens the list with focus on the current account, Escape closes it
    // and focus is back on the button; ArrowDown opens it again and Enter opens the account.
    const words = headerWords.el;
    const header = page.getByRole('banner');
    const switcher = header.getByRole('button', { name: words.switcher, exact: true });
    await switcher.focus();
    await page.keyboard.press('Enter');
    const list = header.getByRole('list', { name: words.accounts });
    await list.waitFor();
    expect(await switcher.getAttribute('aria-expanded')).toBe('true');
    const account = list.getByRole('link', { name: new RegExp(`^${words.account}`) });
    expect(await account.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await account.getAttribute('aria-current')).toBe('true');
    // Below the header, inside the screen, and nothing scrolls sideways.
    const listBox = await list.boundingBox();
    expect(listBox?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((listBox?.x ?? 0) + (listBox?.width ?? Infinity)).toBeLessThanOrEqual(320);
    await expectNoHorizontalScroll('the account list open at 320 px');
    await expectAccessible(page, 'the account list open at 320 px in Greek');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await switcher.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await list.waitFor();
    await page.keyboard.press('Enter');
    await heading(words.accountPage).waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-wallet/my-accounts/eur');
    expect(await header.getByRole('list').count()).toBe(0);
    expect(browserErrors).toEqual([]);
  });

  it('shows an employee only the destinations the permission table opens, sidebar and sheet alike', async () => {
    // The owner invites an employee through the API; the employee accepts and signs in through the screens.
    const tokens = collectAccessTokens(page);
    await signInWithEmailCode(page, browser, server.baseUrl);
    const [token] = [...tokens.access];
    if (!token) throw new Error('no access token seen for the owner');
    const email = 'eleni.employee@tameio.test';
    const password = 'Employee-Pass-2026!';
    const invited = await fetch(`${server.baseUrl}/api/merchants/invitations/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-merchant-mode': 'true',
        'idempotency-key': 'e2e-shell-invite',
      },
      body: JSON.stringify({
        email,
        first_name: 'Eleni',
        last_name: 'Georgiou',
        role: 'employee',
        access_level: 'company',
      }),
    });
    expect(invited.status).toBe(201);
    const outbox = await fetch(`${server.baseUrl}/api/sandbox/outbox/?to=${encodeURIComponent(email)}`);
    const { messages } = (await outbox.json()) as { messages: { body: string }[] };
    const key = /\/merchant-invitation\/([A-Za-z0-9_-]{43})\/accept/.exec(messages[0]?.body ?? '')?.[1];
    if (!key) throw new Error(`no invitation link in the outbox of ${email}`);
    const accepted = await fetch(`${server.baseUrl}/api/merchants/invitations/by-key/${key}/accept/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Eleni', last_name: 'Georgiou', password, mfa_method: 'email' }),
    });
    expect(accepted.status).toBe(201);
    await context.clearCookies();

    // An employee lands on Overview (the dashboard is the owner's and admins'), whose heading is "Overview".
    await signInWithEmailCode(page, browser, server.baseUrl, { email, password, merchant: 'Overview' });
    const expected = expectedGroups(employee);
    const allowed = expected.flatMap((group) => group.links);
    // SPEC §6 by hand, so a change in the table is noticed here too.
    for (const refused of [
      'Dashboard',
      'My wallet',
      'Cashback',
      'Team',
      'Addresses',
      'Profile',
      'Plans',
      'Analytics',
    ])
      expect(allowed).not.toContain(refused);
    expect(await groupsIn(mainNav())).toEqual(expected);
    // The merchant's name, but no account switcher: SPEC §6 keeps the accounts from a cardholder.
    await expectOneRowHeader('1280 px as an employee', 'en', { switcher: false });
    expect(
      await page
        .getByRole('banner')
        .getByRole('button', { name: /switch account/ })
        .count(),
    ).toBe(0);
    await expectAccessible(page, '/overview as an employee at 1280 px');

    await page.setViewportSize({ width: 390, height: 800 });
    await mainNav().getByRole('button', { name: 'More' }).waitFor();
    // Dashboard and My wallet are refused: Overview takes the first place and the next allowed destination fills in.
    await expectBottomBar(
      ['Overview', 'Transactions', 'Cards', 'Advertise with us'],
      '390 px as an employee',
    );
    await openAndCloseSheet(employee, '390 px as an employee');
    expect(browserErrors).toEqual([]);
  });
});
