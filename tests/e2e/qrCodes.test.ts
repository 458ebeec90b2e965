import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import {
  codeFromOutbox,
  demoOwner,
  eurAvailable,
  expectAccessible,
  signInWithEmailCode,
  watchForBrowserErrors,
} from './pageChecks';

// QR codes: the demo owner (Demo Coffee) generates a QR code for 8.00 EUR from the wallet, copies its link,
// generates another and deletes it (toast); the second demo merchant (Demo Bakery) opens the link in a fresh browser
// context, signs in, lands on the pay page, and continues to send money to @demo-coffee. Real server, built app
// (WEB_DIR, default dist/web), Chromium, axe on both pages.

const bakery = { email: 'bakery@tameio.test', password: demoOwner.password, merchant: 'Demo Bakery' };

let browser: Browser;
let server: LiveServer;
let context: BrowserContext;
let page: Page;
let browserErrors: string[];
const extraContexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async ({ onTestFailed }) => {
  server = await startLiveServer();
  context = await browser.newContext({ locale: 'en-GB' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  page = await context.newPage();
  browserErrors = watchForBrowserErrors(page);
  const running = server;
  onTestFailed(() => console.error(`server output:\n${running.output()}`));
});

afterEach(async () => {
  for (const extra of extraContexts.splice(0)) await extra.close();
  await context?.close();
  await server?.stop();
});

const heading = (on: Page, name: string) => on.getByRole('heading', { level: 1, name, exact: true });
const toast = (on: Page, text: string) => on.getByRole('status').filter({ hasText: text });

describe('QR codes', () => {
  it('one merchant generates, copies and deletes QR codes; another opens the link, signs in and pays it', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    const coffeeBefore = await eurAvailable(page, server.baseUrl);
    await page.getByRole('link', { name: 'Get paid with a QR code' }).click();
    await page.waitForURL((url) => url.pathname === '/my-wallet/qr-codes');
    await heading(page, 'QR codes').waitFor();
    await page.getByText('You have no QR codes yet.').waitFor();
    await expectAccessible(page, '/my-wallet/qr-codes (empty)');

    // A code for 8.00 EUR with a note.
    await page.getByLabel('Amount in EUR (optional)').fill('8');
    await page.getByLabel('Note (optional)').fill('Flat white');
    await page.getByRole('button', { name: 'Generate QR code' }).click();
    await toast(page, 'QR code generated').waitFor();
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '€8.00' }) });
    await item.waitFor();
    await item.getByText('Flat white').waitFor();
    await item.getByText(/^Created /).waitFor();
    const shownLink = (await item.getByText(/\/pay\//).textContent()) ?? '';
    expect(shownLink).toMatch(new RegExp(`^${server.baseUrl}/pay/[A-Za-z0-9_-]{22}$`));
    const image = item.getByRole('img', { name: `QR code of the link ${shownLink}` });
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await item.getByRole('button', { name: 'Copy link of the QR code for €8.00' }).click();
    await toast(page, 'Copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shownLink);

    // A second one, for any amount, deleted after the confirmation.
    await page.getByRole('button', { name: 'Generate QR code' }).click();
    const open = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Any amount in EUR' }) });
    await open.waitFor();
    await expectAccessible(page, '/my-wallet/qr-codes (two codes)');
    const deletedLink = (await open.getByText(/\/pay\//).textContent()) ?? '';
    await open.getByRole('button', { name: 'Delete the QR code for Any amount in EUR' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this QR code?' });
    await dialog.waitFor();
    await expectAccessible(page, 'delete QR code dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'QR code deleted').waitFor();
    await open.waitFor({ state: 'detached' });
    expect(await page.getByRole('listitem').count()).toBe(1);
    expect(browserErrors).toEqual([]);

    // Demo Bakery opens the link in a browser of its own: sign in first, then back to the link.
    const payerContext = await browser.newContext({ locale: 'en-GB' });
    extraContexts.push(payerContext);
    const payer = await payerContext.newPage();
    const payerErrors = watchForBrowserErrors(payer);
    await payer.goto(copied);
    await heading(payer, 'Sign in to Tameio').waitFor();
    expect(new URL(payer.url()).pathname).toBe('/login');
    await payer.getByLabel('Email', { exact: true }).fill(bakery.email);
    await payer.getByLabel('Password', { exact: true }).fill(bakery.password);
    await expect
      .poll(() => payer.getByRole('button', { name: 'Continue' }).isEnabled(), { timeout: 30_000 })
      .toBe(true);
    await payer.getByRole('button', { name: 'Continue' }).click();
    await payer.getByRole('button', { name: /^Email/ }).click();
    await payer.getByLabel('One-time code').fill(await codeFromOutbox(browser, server.baseUrl, bakery.email));
    await payer.getByRole('button', { name: 'Verify' }).click();

    await heading(payer, 'Pay Demo Coffee').waitFor();
    expect(payer.url()).toBe(copied);
    const figures = payer.locator('dl');
    await expect.poll(() => figures.textContent()).toContain('Demo Coffee (@demo-coffee)');
    expect(await figures.textContent()).toContain('€8.00');
    expect(await figures.textContent()).toContain('Flat white');
    await expectAccessible(payer, '/pay/:code');

    await payer.getByRole('link', { name: 'Pay' }).click();
    await payer.waitForURL((url) => url.pathname === '/my-wallet/eur/send-money/-/@demo-coffee');
    const target = new URL(payer.url());
    expect(target.searchParams.get('amount')).toBe('800');
    expect(target.searchParams.get('note')).toBe('Flat white');
    await heading(payer, 'How much?').waitFor();
    // The step names the recipient ("To @demo-coffee"); the frame's summary above it may be folded on a phone.
    await payer.getByText(/^To (.* \()?@demo-coffee\)?$/).waitFor();
    // The send-money journey may prefill the amount from ?amount=; either way the payment is 8.00.
    const amount = payer.getByLabel('Amount (EUR)');
    if ((await amount.inputValue()) === '') await amount.fill('8.00');
    expect(await amount.inputValue()).toBe('8.00');
    await payer.getByRole('button', { name: 'Continue' }).click();
    await heading(payer, 'Confirm the payment').waitFor();
    await payer.getByRole('button', { name: 'Confirm and send' }).click();
    await toast(payer, 'Amount sent').waitFor();
    expect(payerErrors).toEqual([]);

    // The money reached Demo Coffee.
    expect((await eurAvailable(page, server.baseUrl)) - coffeeBefore).toBe(800);

    // A deleted code's link no longer works, and one's own code cannot be paid.
    await page.goto(deletedLink);
    await heading(page, 'This QR code does not work').waitFor();
    await page.goto(copied);
    await heading(page, 'This is your own QR code').waitFor();
    await expectAccessible(page, '/pay/:code (own code)');
  });
});
