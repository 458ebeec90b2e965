import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import {
  demoOwner,
  expectAccessible,
  expectAccessibleInBothLanguages,
  minorOf,
  signInWithEmailCode,
  watchForBrowserErrors,
} from './pageChecks';

// Plans and billing: the demo owner (Demo Coffee, on Free) upgrades to Premium, yearly, with the POS terminal
// shipped to the registered address, pays €639.00 from the wallet (the balance drops by exactly that), finds the
// invoice in the billing history and reads its PDF back (number, merchant, VAT line, total), cancels through the
// questionnaire and sees the date the plan becomes Free, then undoes it. The billing job, run with a clock past the
// period's end after a second cancellation, moves the merchant to Free. Real server, built app, Chromium, axe on each
// step in English and Greek.

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
  context = await browser.newContext({ locale: 'en-GB' });
  page = await context.newPage();
  browserErrors = watchForBrowserErrors(page);
  const running = server;
  onTestFailed(() => console.error(`server output:\n${running.output()}`));
});

afterEach(async () => {
  await context?.close();
  await server?.stop();
});

const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name, exact: true });
const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

/** The EUR account's balance on /my-wallet, in minor units. */
async function eurBalance(): Promise<number> {
  await page.getByRole('link', { name: 'Wallet' }).first().click();
  const card = page.getByRole('region', { name: 'EUR account' });
  await card.waitFor();
  return minorOf((await card.locator('dt:text-is("Balance") + dd').textContent()) ?? '');
}

/** A day on the bank's calendar as the app writes it in English ("November 24, 2027"). */
const bankDay = (instant: Date) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'Europe/Athens' }).format(instant);

/** The same instant a year later: the end of a yearly period bought at `from`. */
function yearAfter(from: Date): Date {
  const end = new Date(from);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

describe('plans', () => {
  it('upgrades to Premium yearly with the POS terminal, reads the invoice PDF, cancels, undoes, and is downgraded by the job', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    const before = await eurBalance();

    // ---- Choose the plan, the period and the add-on ----
    await page.goto(`${server.baseUrl}/plans`);
    await heading('Plans').waitFor();
    await expectAccessible(page, '/plans');
    const startedAt = new Date();
    await page.getByRole('button', { name: 'Choose Premium' }).click();
    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await page.getByRole('checkbox', { name: /^Add a POS terminal for €149\.00/ }).check();
    await expectAccessibleInBothLanguages(page, '/plans/plan/checkout (options)');
    await page.getByRole('button', { name: 'Continue' }).click();

    // ---- Where the terminal goes: the registered address is already chosen ----
    await heading('Where should we send the POS terminal?').waitFor();
    await expectAccessibleInBothLanguages(page, '/plans/address');
    await page.getByRole('button', { name: 'Continue' }).click();

    // ---- The price, VAT included, then pay from the wallet ----
    await heading('Checkout').waitFor();
    await page.getByText('€639.00').first().waitFor();
    await page.getByText('VAT included (24%)').first().waitFor();
    await expectAccessibleInBothLanguages(page, '/plans/plan/checkout (checkout)');
    await page.getByRole('button', { name: 'Pay with wallet' }).click();
    await heading('You are on the Premium plan').waitFor();
    await toast('Payment successful').waitFor();
    await expectAccessibleInBothLanguages(page, '/plans/plan/checkout (done)');

    // The wallet paid exactly the total, once.
    expect(before - (await eurBalance())).toBe(63_900);

    // ---- The invoice in the billing history, and its PDF ----
    await page.goto(`${server.baseUrl}/profile/billing`);
    await heading('Billing history').waitFor();
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await invoices.waitFor();
    await expect.poll(() => invoices.getByRole('row').count()).toBe(2); // the header and one invoice
    await expectAccessibleInBothLanguages(page, '/profile/billing');
    const pdfButton = invoices.getByRole('button', { name: /^Download PDF of invoice TAM-\d{4}-\d{6}$/ });
    const number = /TAM-\d{4}-\d{6}/.exec((await pdfButton.getAttribute('aria-label')) ?? '')?.[0];
    expect(number).toBeDefined();
    const pdf = await download(pdfButton);
    expect(pdf.name).toContain(number!);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfTextOf(pdf.bytes);
    expect(text).toContain(number!);
    expect(text).toContain(demoOwner.merchant);
    expect(text).toContain('Premium');
    expect(text).toContain('POS terminal');
    expect(text).toMatch(/VAT/);
    expect(text).toContain('639.00');

    // ---- Cancel: the questionnaire, the confirmation, the date it becomes Free ----
    await page.goto(`${server.baseUrl}/account/cancellation`);
    await heading('Cancel subscription').waitFor();
    await page.getByRole('radio', { name: 'It costs too much' }).check();
    await expectAccessibleInBothLanguages(page, '/account/cancellation');
    await page.getByRole('button', { name: 'Cancel my subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your Premium plan?' });
    await dialog.waitFor();
    await expectAccessible(page, '/account/cancellation (confirmation)');
    await dialog.getByRole('button', { name: 'Yes, cancel my plan' }).click();
    await heading('Your subscription is cancelled').waitFor();
    await toast('Subscription cancelled').waitFor();
    // The period ends a year after it was paid: the day shown is that day on the bank's calendar.
    const days = [bankDay(yearAfter(startedAt)), bankDay(yearAfter(new Date()))];
    const stays = page.getByText(/^Your Premium plan stays until .+\. Then it becomes Free\.$/);
    await stays.waitFor();
    const shownDay = /until (.+)\. Then/.exec((await stays.textContent()) ?? '')?.[1];
    expect(days).toContain(shownDay);
    await expectAccessibleInBothLanguages(page, '/account/cancellation (cancelled)');

    // The plans page says it too.
    await page.goto(`${server.baseUrl}/plans`);
    await expect.poll(() => page.locator('dt:text-is("Plan") + dd').textContent()).toMatch(/^Premium, /);
    await page
      .getByText(`Your Premium plan is cancelled: it stays until ${shownDay!}, then you move to Free.`)
      .waitFor();

    // ---- Undo, then cancel again and let the billing job pass the period's end ----
    await page.goto(`${server.baseUrl}/account/cancellation`);
    await heading('Your subscription is cancelled').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await toast('Cancellation undone').waitFor();
    await page.goto(`${server.baseUrl}/plans`);
    await heading('Plans').waitFor();
    await expect(page.getByText(/Your Premium plan is cancelled/).count()).resolves.toBe(0);

    await page.goto(`${server.baseUrl}/account/cancellation`);
    await page.getByRole('radio', { name: 'It costs too much' }).check();
    await page.getByRole('button', { name: 'Cancel my subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel my plan' }).click();
    await heading('Your subscription is cancelled').waitFor();

    const balanceBeforeJob = await eurBalance();
    const run = await fetch(`${server.baseUrl}/api/sandbox/billing/run/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: new Date(yearAfter(new Date()).getTime() + 60 * 60 * 1000).toISOString() }),
    });
    expect(run.status).toBe(200);
    // A cancelled plan is not renewed: nothing charged, and the merchant is on Free.
    expect(await eurBalance()).toBe(balanceBeforeJob);
    await page.goto(`${server.baseUrl}/plans`);
    await heading('Plans').waitFor();
    const planShown = page
      .getByRole('region', { name: 'Your subscription' })
      .locator('dt:text-is("Plan") + dd');
    await expect.poll(() => planShown.textContent()).toBe('Free');
    await page.getByRole('button', { name: 'Choose Premium' }).waitFor();

    expect(browserErrors).toEqual([]);
  });
});

/** Clicks a download button and returns the downloaded file's suggested name and bytes. */
async function download(button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([button.page().waitForEvent('download'), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

async function pdfTextOf(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
