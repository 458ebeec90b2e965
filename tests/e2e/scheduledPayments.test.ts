import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { occurrenceDate } from '../../server/payments/scheduledPayments';
import {
  codeFromOutbox,
  demoOwner,
  eurAvailable,
  expectAccessible,
  expectAccessibleInBothLanguages,
  signInWithEmailCode,
  watchForBrowserErrors,
} from './pageChecks';

// Scheduled payments: the demo merchant schedules a monthly payment to the other demo merchant's tag
// (@demo-bakery) starting today, runs the scheduled-payments job through the sandbox, sees the payment in its
// transactions and the next run a month on; cancels it and sees the job pay nothing more. Real server, built app
// (WEB_DIR, default dist/web), Chromium, axe on the new pages (the steps and pages in English and Greek).

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

const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

/** A calendar date as the app shows it (English, UTC: src/i18n/scheduleText.ts). */
const shown = (date: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The sandbox's scheduled-payments job at a chosen clock (server/sandbox/scheduledPayments.routes.ts). */
async function runJob(now: string): Promise<{ paid: number; failed: number }> {
  const response = await fetch(`${server.baseUrl}/api/sandbox/scheduled_payments/run/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { paid: number; failed: number };
}

describe('scheduled payments', () => {
  it('schedule a monthly payment and run the job', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    const before = await eurAvailable(page, server.baseUrl);
    const today = new Date().toISOString().slice(0, 10);
    const nextMonth = occurrenceDate(today, 'monthly', 1);

    // The wallet links to the (empty) list.
    await page.getByRole('link', { name: 'Scheduled payments', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/my-wallet/scheduled-payments');
    await heading('Scheduled payments').waitFor();
    await page.getByText('You have no scheduled payments.').waitFor();
    await expectAccessible(page, '/my-wallet/scheduled-payments (empty)');

    // 1. Schedule €15.00 to @demo-bakery every month from today.
    await page.goto(`${server.baseUrl}/my-wallet/eur/send-money/-/@demo-bakery`);
    await heading('How much?').waitFor();
    await page.getByLabel('Amount (EUR)').fill('15.00');
    await page.getByLabel('Note (optional)').fill('Monthly bread');
    await page.getByRole('radio', { name: 'Schedule' }).check();
    await page.getByLabel('How often').selectOption('monthly');
    await page.getByLabel('Start date').fill(today);
    await expectAccessibleInBothLanguages(page, 'send money: amount with a schedule');
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading('Confirm the scheduled payment').waitFor();
    const review = page.locator('dl');
    await expect
      .poll(() => review.textContent())
      .toContain(`Every month from ${shown(today)} until you cancel`);
    expect(await review.textContent()).toContain('€15.00');
    // Below the payment threshold, but it repeats: the review says a code will be asked for.
    await page.getByText('We will ask for a one-time code to confirm this payment.').waitFor();
    await expectAccessibleInBothLanguages(page, 'send money: review (schedule)');
    await page.getByRole('button', { name: 'Confirm and schedule' }).click();
    // A repeating schedule always needs a one-time code, however small one run is (scheduleNeedsCode).
    await heading('Confirm it is you').waitFor();
    await page.getByRole('button', { name: /^Send a code by email/ }).click();
    await heading('Enter the one-time code').waitFor();
    await page
      .getByLabel('One-time code')
      .fill(await codeFromOutbox(browser, server.baseUrl, demoOwner.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await toast('Payment scheduled').waitFor();
    await heading('Your payment is scheduled').waitFor();
    await expectAccessibleInBothLanguages(page, 'send money: scheduled');
    await page.getByRole('link', { name: 'See your scheduled payments' }).click();
    await page.waitForURL((url) => url.pathname === '/my-wallet/scheduled-payments');
    const row = page.getByRole('row').filter({ hasText: 'Demo Bakery (@demo-bakery)' });
    await row.waitFor();
    const listed = (await row.textContent()) ?? '';
    expect(listed).toContain('€15.00');
    expect(listed).toContain('Every month');
    expect(listed).toContain('Active');
    await expectAccessibleInBothLanguages(page, '/my-wallet/scheduled-payments');

    // 2. The job pays today's occurrence (the server's own minute job may have been first: each occurrence is paid
    // once either way) and moves the next run a month on.
    await runJob(`${today}T12:00:00.000Z`);
    await page.reload();
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain(shown(nextMonth));
    await row.getByRole('link', { name: 'Details of the payment to Demo Bakery (@demo-bakery)' }).click();
    await heading('Scheduled payment').waitFor();
    const runs = page.getByRole('region', { name: 'Payments so far' });
    await runs.getByText('Paid').waitFor();
    expect(await runs.getByRole('listitem').count()).toBe(1);
    await expectAccessibleInBothLanguages(page, '/my-wallet/scheduled-payments/:id');
    const detailPath = new URL(page.url()).pathname;

    // …and the payment is in the transactions.
    await runs.getByRole('link', { name: 'See the transaction' }).click();
    await page.waitForURL((url) => /^\/transactions\/[0-9a-f-]{36}$/.test(url.pathname));
    const panel = page.getByRole('region', { name: 'Transaction details' });
    await panel.getByText('@demo-bakery').waitFor();
    const transaction = (await panel.textContent()) ?? '';
    expect(transaction).toContain('Completed');
    expect(transaction).toContain('€15.00');
    const afterRun = await eurAvailable(page, server.baseUrl);
    expect(before - afterRun).toBe(1500);

    // 3. Cancel it, with the confirmation dialog.
    await page.goto(`${server.baseUrl}${detailPath}`);
    await heading('Scheduled payment').waitFor();
    await page.getByRole('button', { name: 'Cancel this payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this scheduled payment?' });
    await dialog.waitFor();
    await expectAccessible(page, 'scheduled payment: cancel dialog');
    await dialog.getByRole('button', { name: 'Cancel the payment' }).click();
    await toast('Payment cancelled').waitFor();
    await expect.poll(() => page.locator('dl').textContent()).toContain('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel this payment' }).count()).resolves.toBe(0);
    await expectAccessibleInBothLanguages(page, 'scheduled payment: cancelled');

    // 4. A month on, the job pays nothing more.
    const later = await runJob(`${nextMonth}T12:00:00.000Z`);
    expect(later.paid).toBe(0);
    await page.goto(`${server.baseUrl}${detailPath}`);
    await heading('Scheduled payment').waitFor();
    await runs.getByText('Paid').waitFor();
    expect(await runs.getByRole('listitem').count()).toBe(1);
    expect(await eurAvailable(page, server.baseUrl)).toBe(afterRun);
    expect(browserErrors).toEqual([]);
  });
});
