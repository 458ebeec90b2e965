import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { demoExternalAccounts } from '../../server/payee/externalAccounts';
import {
  atOnboardingStep,
  continueButton,
  fillCompany,
  fillDirector,
  fillFunding,
  fillRepresentative,
  fillSoleShareholder,
  registerMerchant,
  requiredDocuments,
  sampleFile,
  uploadDocuments,
  uploadedName,
  verifyIdentityFromOnboarding,
  type MerchantDetails,
} from './merchantJourney';
import {
  expectAccessible,
  expectAccessibleInBothLanguages,
  watchForBrowserErrors,
  codeFromOutbox as codeFromOutboxPage,
} from './pageChecks';

// A merchant's first week, on a 390 px phone (issue 20): a visitor registers a merchant from nothing with a mobile
// typed as it is dialled (both codes from the outbox), completes every onboarding step with real uploads (with their
// progress bar) starting from what registration collected, verifies the representative's identity as one of the
// steps, submits, is approved through the sandbox review while the page is open, sees the account's IBAN, gets a
// first top-up, saves a supplier company by its legal name, finds it by name in send money, reloads mid-payment,
// goes Back from the review, pays it and downloads the proof of payment.
// Real server, built app, Chromium; axe on every step in English and Greek.

const olympus = demoExternalAccounts.find((account) => account.key === 'cypriotCompany')!;
/** An iPhone 12-class phone, the narrow width the first week was tried at. */
const phone = { width: 390, height: 844 };

let browser: Browser;
let server: LiveServer;
let context: BrowserContext;
let page: Page;
let browserErrors: string[];
let filesDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  filesDir = mkdtempSync(path.join(tmpdir(), 'tameio-e2e-files-'));
});

afterAll(async () => {
  await browser?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

beforeEach(async ({ onTestFailed }) => {
  server = await startLiveServer();
  context = await browser.newContext({ locale: 'en-GB', viewport: phone, hasTouch: true });
  page = await context.newPage();
  browserErrors = watchForBrowserErrors(page);
  const running = server;
  onTestFailed(() => console.error(`server output:\n${running.output()}`));
});

afterEach(async () => {
  await context?.close();
  await server?.stop();
});

const codeFromOutbox = (address: string) => codeFromOutboxPage(browser, server.baseUrl, address);

const heading = (name: string) => page.getByRole('heading', { level: 1, name });
const pathname = () => new URL(page.url()).pathname;

/** An onboarding step: its heading, its address (/registration/:step/:merchant_id) and axe in both languages. */
async function atStep(title: string, step: string, merchantId: string): Promise<void> {
  await atOnboardingStep(page, title, step, merchantId);
  await expectAccessibleInBothLanguages(page, `/registration/${step}`);
}

describe('onboarding', () => {
  it('a first week at 390 px: registers, onboards with identity among the steps, is approved, pays a supplier company found by name and downloads the proof', async () => {
    const merchant: MerchantDetails = {
      email: `onboard-${Date.now()}@example.test`,
      national: `69${String(Date.now()).slice(-8)}`,
      first: 'Nikos',
      last: 'Georgiou',
      company: 'Aegean Olive Press IKE',
      password: 'Quiet-Harbour-Lantern-57',
      dateOfBirth: '1981-03-14',
    };
    const { email, national } = merchant;

    // ---- Registration: contact, both codes, details, password, terms and the bot check ----
    const merchantId = await registerMerchant(page, server.baseUrl, codeFromOutbox, merchant);

    // ---- 1. Representative ----
    await atStep('Representative', 'representative', merchantId);
    // Nothing asked twice: the name and the mobile typed at sign-up are there already.
    expect(await page.getByLabel('First name').inputValue()).toBe('Nikos');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Georgiou');
    expect((await page.getByLabel('Phone number').inputValue()).replace(/\D/g, '')).toContain(national);
    await fillRepresentative(page, merchant);
    await continueButton(page).click();

    // ---- 2. Company, with the VAT check and a logo ----
    await atStep('Company information', 'company', merchantId);
    await fillCompany(page, merchant, { logo: sampleFile(filesDir, 'logo.png') });
    await continueButton(page).click();

    // ---- 3. Directors ----
    await atStep('Directors', 'directors', merchantId);
    await fillDirector(page, 1, {
      first: 'Nikos',
      last: 'Georgiou',
      dateOfBirth: '1981-03-14',
      legalRepresentative: true,
      line1: 'Vasilissis Sofias 40',
    });
    await continueButton(page).click();

    // ---- 4. Shareholders ----
    await atStep('Shareholders', 'shareholders', merchantId);
    await fillSoleShareholder(page, merchant);
    // More than 100 % in all: a warning (a status, announced politely) until the second holder goes again.
    const overWarning = page
      .getByRole('status')
      .filter({ hasText: 'The declared ownership adds up to more than 100 %.' });
    await page.getByRole('button', { name: 'Add a shareholder' }).click();
    await page.getByRole('group', { name: 'Shareholder 2' }).getByLabel('Ownership (%)').fill('20');
    await overWarning.waitFor();
    await expectAccessibleInBothLanguages(page, '/registration/shareholders with the ownership warning');
    await page.getByRole('button', { name: 'Remove shareholder 2' }).click();
    await overWarning.waitFor({ state: 'detached' });
    expect(
      await page.getByRole('checkbox', { name: 'We know the ultimate beneficial owners' }).isChecked(),
    ).toBe(true);
    await continueButton(page).click();

    // ---- 5. Documents: exactly the set the chosen legal form requires, PDFs and a PNG ----
    await atStep('Documents', 'documents', merchantId);
    const required = await requiredDocuments(server.baseUrl);
    // Every state of the upload progress bar, as the page renders it (an upload is over in a blink locally).
    await page.evaluate(() => {
      const seen: Array<{ label: string; value: number; max: number; text: string | null }> = [];
      (window as unknown as { uploadProgress: typeof seen }).uploadProgress = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('progress')) {
          seen.push({
            label: bar.labels[0]?.textContent ?? '',
            value: bar.value,
            max: bar.max,
            text: bar.getAttribute('aria-valuetext'),
          });
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await uploadDocuments(page, required, filesDir);
    const progress = await page.evaluate(
      () =>
        (window as unknown as { uploadProgress: Array<{ label: string; value: number; max: number }> })
          .uploadProgress,
    );
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((bar) => bar.max === 100 && bar.value >= 0 && bar.value <= 100)).toBe(true);
    const uploaded = required.map(uploadedName);
    expect(progress.every((bar) => uploaded.some((name) => bar.label === `Uploading ${name}`))).toBe(true);
    // Gone once the uploads are stored.
    expect(await page.locator('progress').count()).toBe(0);
    await expectAccessibleInBothLanguages(page, '/registration/documents with uploads');
    await continueButton(page).click();

    // ---- 6. Funding and activity ----
    await atStep('Funding and activity', 'funding', merchantId);
    await fillFunding(page);
    await continueButton(page).click();

    // ---- 7. Identity verification, in its order among the steps: no "Continue" until it passed ----
    await atStep('Identity verification', 'identity', merchantId);
    const status = page.getByRole('definition').filter({ hasText: 'Not started' });
    await status.waitFor();
    expect(await continueButton(page).count()).toBe(0);
    await verifyIdentityFromOnboarding(page, server.baseUrl, codeFromOutbox, merchant);

    // ---- 8. Review and submit ----
    await atStep('Review and submit', 'review', merchantId);
    for (const section of [
      'Representative',
      'Company information',
      'Directors',
      'Shareholders',
      'Documents',
    ]) {
      await page.getByRole('button', { name: `Edit ${section}` }).waitFor();
    }
    const company = page.getByRole('region', { name: 'Company information' });
    await company.getByText('Private company (IKE)').waitFor();
    await company.getByText('094014201').waitFor();
    await page.getByRole('region', { name: 'Shareholders' }).getByText('Nikos Georgiou (100 %)').waitFor();
    const documents = page.getByRole('region', { name: 'Documents' });
    for (const [index, type] of required.entries()) {
      await documents.getByText(uploadedName(type, index), { exact: true }).waitFor();
    }
    const identity = page.getByRole('region', { name: "Representative's identity verification" });
    // Through the automatic checks: a person at the bank looks at the photos during the review.
    await identity.getByText(/^Photos received and checked automatically/).waitFor();
    expect(await identity.getByRole('link').count()).toBe(0);
    await page.getByRole('button', { name: 'Submit for review' }).click();

    await heading('Thank you, your information has been submitted').waitFor({ timeout: 15_000 });
    await expect.poll(pathname).toBe('/information-submitted');
    await page.getByRole('status').filter({ hasText: 'Status: in review' }).waitFor();
    await expectAccessibleInBothLanguages(page, '/information-submitted');

    // ---- Review: the sandbox reviewer approves; approval opens the EUR account ----
    const review = await fetch(`${server.baseUrl}/api/sandbox/reviews/${merchantId}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approve' }),
    });
    expect(review.status).toBe(200);
    expect(((await review.json()) as { merchant: { status: string } }).merchant.status).toBe('approved');

    // The page follows the review live (the notification stream): no reload.
    await page.getByRole('status').filter({ hasText: 'Status: approved' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Go to your dashboard' }).waitFor();

    // ---- The account and its IBAN on /overview ----
    await page.goto(`${server.baseUrl}/overview`);
    const ibanLine = page.getByText(/^IBAN [A-Z]{2}\d{2}[\dA-Z ]+$/).first();
    await ibanLine.waitFor({ timeout: 15_000 });
    expect(pathname()).toBe('/overview');
    const iban = electronicFormatIBAN(((await ibanLine.textContent()) ?? '').replace(/^IBAN /, '')) ?? '';
    expect(iban).toMatch(/^GR\d{25}$/);
    expect(isValidIBAN(iban)).toBe(true);
    await expectAccessible(page, '/overview after approval');

    // ---- The dashboard's welcome checklist ticks itself once money arrives from another bank ----
    await page.goto(`${server.baseUrl}/dashboard`);
    const checklist = page.getByRole('region', { name: 'Get started' });
    await checklist.getByText('0 of 3 done').waitFor({ timeout: 15_000 });
    await checklist.getByRole('link', { name: 'Top up your account' }).waitFor();
    expect(await page.getByRole('region', { name: 'Cashback earned' }).textContent()).toContain('€0.00');
    const topUp = await fetch(`${server.baseUrl}/api/sandbox/incoming-transfers/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-top-up-${merchantId}` },
      body: JSON.stringify({ iban, amount_minor: '10000', currency: 'EUR', sender_name: 'Alpha Foods SA' }),
    });
    expect(topUp.status).toBe(201);
    await page.reload();
    await checklist.getByText('1 of 3 done').waitFor({ timeout: 15_000 });
    expect(await checklist.locator('[data-item="top_up"]').getAttribute('data-done')).toBe('true');
    expect(await checklist.getByRole('link', { name: 'Top up your account' }).count()).toBe(0);
    await expectAccessible(page, '/dashboard after the first top-up');

    // ---- A supplier company saved by its legal name (checked by the payee check) ----
    await page.goto(`${server.baseUrl}/my-beneficiaries/create-beneficiary`);
    await heading('New beneficiary').waitFor();
    await page.getByRole('radio', { name: 'A company' }).check();
    await page.getByLabel('Company’s legal name').fill(olympus.holder_name);
    await page.getByLabel('Country of the recipient’s bank').selectOption('CY');
    await page.getByLabel('IBAN').fill(olympus.iban);
    await page.getByRole('button', { name: 'Save beneficiary' }).click();
    await page.getByRole('listitem').filter({ hasText: olympus.holder_name }).waitFor();

    // ---- Paying it: found by a word of its name; a reload and the browser's Back lose nothing ----
    await page.goto(`${server.baseUrl}/my-wallet/eur/send-money`);
    await heading('Who are you paying?').waitFor();
    await page.getByLabel('Wallet tag or IBAN').fill('olympus');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('region', { name: 'Search results' })
      .getByRole('listitem')
      .filter({ hasText: 'Saved beneficiary' })
      .getByRole('button', { name: `Choose ${olympus.holder_name} (${olympus.iban})` })
      .click();
    await heading('How much?').waitFor();
    await page.getByLabel('Amount (EUR)').fill('25');
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading('Confirm the payment').waitFor();
    const figures = page.locator('dl');
    await expect.poll(() => figures.textContent()).toContain(olympus.holder_name);
    await expectAccessible(page, 'send money: review at 390 px');
    // The browser's Back from the review: the amount step with its amount.
    await page.goBack();
    await heading('How much?').waitFor();
    await expect.poll(() => page.getByLabel('Amount (EUR)').inputValue()).toMatch(/^25(\.00?)?$/);
    // A reload mid-payment: the same step, payee and amount.
    await page.reload();
    await heading('How much?').waitFor();
    await expect.poll(() => page.getByLabel('Amount (EUR)').inputValue()).toMatch(/^25(\.00?)?$/);
    await page.getByText(olympus.holder_name).first().waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading('Confirm the payment').waitFor();
    await expect.poll(() => figures.textContent()).toContain('€25.00');
    await page.getByRole('button', { name: 'Confirm and send' }).click();
    await heading('Confirm it is you').waitFor();
    await page.getByRole('button', { name: /^Send a code by email/ }).click();
    await heading('Enter the one-time code').waitFor();
    await page.getByLabel('One-time code').fill(await codeFromOutbox(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await heading('Payment on its way').waitFor({ timeout: 15_000 });

    // ---- The proof of payment, to send to the supplier ----
    await page.getByRole('link', { name: 'See the transaction' }).click();
    await page.waitForURL((url) => /^\/transactions\/[0-9a-f-]{36}$/.test(url.pathname));
    const panel = page.getByRole('region', { name: 'Transaction details' });
    await panel.getByText(olympus.holder_name).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download proof of payment' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tameio-proof-of-payment-.*\.pdf$/);
    const saved = path.join(filesDir, 'proof.pdf');
    await download.saveAs(saved);
    expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectAccessible(page, '/transactions/:id at 390 px');
    expect(browserErrors).toEqual([]);
  });
});
