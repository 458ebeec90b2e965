import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { demoMerchants } from '../../server/seed';
import {
  codeFromOutbox,
  demoOwner,
  eurAvailable,
  expectAccessible,
  expectAccessibleInBothLanguages,
  signInWithEmailCode,
  watchForBrowserErrors,
} from './pageChecks';

// Request money: the demo owner (Demo Coffee) asks Demo Bakery by wallet tag for €150.00 (at or above the
// one-time code threshold, server/payments/settings.ts) and for €12.50; Demo Bakery's owner signs in in a fresh
// browser context, finds both under pending requests, accepts the first with a one-time code from the outbox (her
// balance drops by €150.00) and declines the second; Demo Coffee then sees both decisions. Real server, built app
// (WEB_DIR, default dist/web), Chromium, axe on every step in English and Greek (the decline dialog in English).

const bakeryOwner = {
  email: demoMerchants[1].owner.email,
  password: demoOwner.password,
  merchant: demoMerchants[1].name,
};

let browser: Browser;
let server: LiveServer;
let context: BrowserContext;
let page: Page;
let bakeryContext: BrowserContext | undefined;
let browserErrors: string[];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async ({ onTestFailed }) => {
  server = await startLiveServer();
  context = await browser.newContext({ locale: 'en-GB' });
  page = await context.newPage();
  browserErrors = watchForBrowserErrors(page);
  const running = server;
  onTestFailed(() => console.error(`server output:\n${running.output()}`));
});

afterEach(async () => {
  await bakeryContext?.close();
  bakeryContext = undefined;
  await context?.close();
  await server?.stop();
});

const heading = (on: Page, name: string) => on.getByRole('heading', { level: 1, name, exact: true });
const toast = (on: Page, text: string) => on.getByRole('status').filter({ hasText: text });

/** On /my-wallet/request-money: asks Demo Bakery for `amount` with `note`, up to "Request sent". */
/** Asks Demo Bakery for `amount`; `check` runs axe on the search's results and on the amount step. */
async function requestFromBakery(amount: string, note: string, check = false) {
  await heading(page, 'Who should pay you?').waitFor();
  await page.getByLabel('Wallet tag', { exact: true }).fill('@demo-b');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const bakery = page.getByRole('button', { name: 'Choose Demo Bakery (@demo-bakery)' });
  await bakery.waitFor();
  if (check) await expectAccessibleInBothLanguages(page, 'request money: search results');
  await bakery.click();
  await heading(page, 'How much are you asking for?').waitFor();
  if (check) await expectAccessibleInBothLanguages(page, 'request money: amount');
  await page.getByLabel('Amount (EUR)').fill(amount);
  await page.getByLabel('Note (optional)').fill(note);
  await page.getByRole('button', { name: 'Send request' }).click();
  await toast(page, 'Request sent').waitFor();
  await heading(page, 'Request sent').waitFor();
}

describe('request money', () => {
  it('asks another merchant, who accepts one request with a one-time code and declines another', async () => {
    // 1. Demo Coffee asks Demo Bakery twice.
    await signInWithEmailCode(page, browser, server.baseUrl);
    await page.goto(`${server.baseUrl}/my-wallet`);
    await page.getByRole('link', { name: 'Request money', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/my-wallet/request-money');
    await heading(page, 'Who should pay you?').waitFor();
    await expectAccessibleInBothLanguages(page, '/my-wallet/request-money');
    await requestFromBakery('150', 'Invoice 42', true);
    const sent = page.getByRole('region', { name: 'Requests you sent' });
    await sent.getByText('€150.00 from Demo Bakery (@demo-bakery)').waitFor();
    await expectAccessibleInBothLanguages(page, '/my-wallet/request-money (sent)');
    // The second request must announce itself: its toast is told apart from the first one's only once that one has
    // gone (a toast stays 5 s, paused while the pointer rests on it).
    await page.mouse.move(0, 0);
    await toast(page, 'Request sent').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Request money again' }).click();
    await requestFromBakery('12.50', 'Croissants');
    await sent.getByText('€12.50 from Demo Bakery (@demo-bakery)').waitFor();
    expect(await sent.getByText('Pending', { exact: true }).count()).toBe(2);

    // 2. Demo Bakery, in a browser of its own, finds both under pending requests.
    bakeryContext = await browser.newContext({ locale: 'en-GB' });
    const bakery = await bakeryContext.newPage();
    const bakeryErrors = watchForBrowserErrors(bakery);
    await signInWithEmailCode(bakery, browser, server.baseUrl, bakeryOwner);
    const before = await eurAvailable(bakery, server.baseUrl);
    await bakery.getByRole('link', { name: 'Pending requests', exact: true }).click();
    await bakery.waitForURL((url) => url.pathname === '/my-wallet/pending-requests');
    await heading(bakery, 'Pending requests').waitFor();
    const invoice = bakery.getByRole('listitem').filter({ hasText: 'asks for €150.00' });
    const croissants = bakery.getByRole('listitem').filter({ hasText: 'asks for €12.50' });
    await invoice.waitFor();
    await croissants.waitFor();
    await expectAccessibleInBothLanguages(bakery, '/my-wallet/pending-requests');

    // 3. Accepts €150.00: at the threshold, so a one-time code from the outbox.
    await invoice.getByRole('button', { name: 'Accept', exact: true }).click();
    await heading(bakery, 'Accept this request?').waitFor();
    await bakery.getByText('Your available balance', { exact: true }).waitFor();
    await bakery.getByText('We will ask for a one-time code to confirm this payment.').waitFor();
    await expectAccessibleInBothLanguages(bakery, '/my-wallet/pending-requests (review)');
    await bakery.getByRole('button', { name: 'Accept and pay' }).click();
    await heading(bakery, 'Confirm it is you').waitFor();
    await expectAccessibleInBothLanguages(bakery, '/my-wallet/pending-requests (code method)');
    await bakery.getByRole('button', { name: /^Send a code by email/ }).click();
    await heading(bakery, 'Enter the one-time code').waitFor();
    await expectAccessibleInBothLanguages(bakery, '/my-wallet/pending-requests (code)');
    await bakery
      .getByLabel('One-time code')
      .fill(await codeFromOutbox(browser, server.baseUrl, bakeryOwner.email));
    await bakery.getByRole('button', { name: 'Verify' }).click();
    await toast(bakery, 'Request accepted').waitFor();
    await heading(bakery, 'Pending requests').waitFor();
    await expect.poll(() => invoice.textContent()).toContain('Accepted');

    // 4. Declines €12.50 after the confirmation dialog.
    await croissants.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = bakery.getByRole('dialog', { name: 'Decline this request?' });
    await dialog.waitFor();
    await expectAccessible(bakery, '/my-wallet/pending-requests (decline dialog)');
    await dialog.getByRole('button', { name: 'Decline request' }).click();
    await toast(bakery, 'Request declined').waitFor();
    await expect.poll(() => croissants.textContent()).toContain('Declined');
    await expect.poll(() => dialog.count()).toBe(0);

    const after = await eurAvailable(bakery, server.baseUrl);
    expect(before - after).toBe(15000);
    expect(bakeryErrors).toEqual([]);

    // 5. Demo Coffee sees both decisions.
    await page.goto(`${server.baseUrl}/my-wallet/request-money`);
    await sent.getByText('Accepted', { exact: true }).waitFor();
    await sent.getByText('Declined', { exact: true }).waitFor();
    expect(browserErrors).toEqual([]);
  });

  it('a reload on the amount step keeps what was typed; Back returns to the search, Forward to the amount', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    await page.goto(`${server.baseUrl}/my-wallet/request-money`);
    await heading(page, 'Who should pay you?').waitFor();
    await page.getByLabel('Wallet tag', { exact: true }).fill('@demo-b');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: 'Choose Demo Bakery (@demo-bakery)' }).click();
    await heading(page, 'How much are you asking for?').waitFor();
    await page.getByLabel('Amount (EUR)').fill('7.25');
    await page.getByLabel('Note (optional)').fill('Napkins');
    expect(new URL(page.url()).search).toBe('?step=amount');

    // A reload there: the same step, the merchant asked and what was typed.
    await page.reload();
    await heading(page, 'How much are you asking for?').waitFor();
    await expect.poll(() => page.getByLabel('Amount (EUR)').inputValue()).toBe('7.25');
    expect(await page.getByLabel('Note (optional)').inputValue()).toBe('Napkins');
    await page.getByText('Demo Bakery (@demo-bakery)').first().waitFor();

    // The browser's Back: whom to ask, with the search made; Forward: the amount as typed.
    await page.goBack();
    await heading(page, 'Who should pay you?').waitFor();
    expect(new URL(page.url()).search).toBe('?step=recipient');
    expect(await page.getByLabel('Wallet tag', { exact: true }).inputValue()).toBe('@demo-b');
    await page.getByRole('button', { name: 'Choose Demo Bakery (@demo-bakery)' }).waitFor();
    await page.goForward();
    await heading(page, 'How much are you asking for?').waitFor();
    await expect.poll(() => page.getByLabel('Amount (EUR)').inputValue()).toBe('7.25');

    // Sent: Back cannot take the request back to its amount.
    await page.getByRole('button', { name: 'Send request' }).click();
    await heading(page, 'Request sent').waitFor();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe('?step=sent');
    await heading(page, 'Request sent').waitFor();
    expect(browserErrors).toEqual([]);
  });
});
