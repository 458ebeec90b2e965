import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { demoExternalAccounts } from '../../server/payee/externalAccounts';
import { passIdentityVerification } from './kycJourney';
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

/** The smallest well-formed PDF: one empty page, with a cross-reference table whose offsets are right. */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1×1 greyscale PNG (signature, IHDR, IDAT, IEND with their CRCs). */
const minimalPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

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

/** Writes a small real file of the kind its extension names, for page.setInputFiles. */
function sampleFile(name: string): string {
  const file = path.join(filesDir, name);
  writeFileSync(file, name.endsWith('.png') ? minimalPng : minimalPdf());
  return file;
}

const heading = (name: string) => page.getByRole('heading', { level: 1, name });
const pathname = () => new URL(page.url()).pathname;
const continueButton = () => page.getByRole('button', { name: 'Continue', exact: true });

/** An onboarding step: its heading, its address (/registration/:step/:merchant_id) and axe in both languages. */
async function atStep(title: string, step: string, merchantId: string): Promise<void> {
  await heading(title).waitFor();
  await expect.poll(pathname).toBe(`/registration/${step}/${merchantId}`);
  await expectAccessibleInBothLanguages(page, `/registration/${step}`);
}

async function fillAddress(scope: Locator, address: { postal: string; city: string; line1: string }) {
  await scope.getByLabel('Country', { exact: true }).selectOption({ label: 'Greece' });
  await scope.getByLabel('Postal code').fill(address.postal);
  await scope.getByLabel('City').fill(address.city);
  await scope.getByLabel('Address line 1').fill(address.line1);
}

/** The English names the documents step gives each document type (lang/en.json). */
const documentNames: Record<string, string> = {
  certificate_of_registration: 'Certificate of registration',
  articles_of_association: 'Articles of association',
  representative_id: "Representative's identity document",
  proof_of_address: 'Proof of address',
  tax_registration: 'Tax registration',
  shareholder_register: 'Shareholder register',
};

describe('onboarding', () => {
  it('a first week at 390 px: registers, onboards with identity among the steps, is approved, pays a supplier company found by name and downloads the proof', async () => {
    const email = `onboard-${Date.now()}@example.test`;
    const national = `69${String(Date.now()).slice(-8)}`;

    // ---- Registration: contact, both codes, details, password, terms and the bot check ----
    await page.goto(`${server.baseUrl}/registration`);
    await heading('Create your Tameio account').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Mobile phone').fill(national);
    await continueButton().click();

    await heading('Confirm your email').waitFor();
    await page.getByLabel('Verification code').fill(await codeFromOutbox(email));
    await page.getByRole('button', { name: 'Verify' }).click();

    await heading('Confirm your mobile number').waitFor();
    await page.getByLabel('Verification code').fill(await codeFromOutbox(`+30${national}`));
    await page.getByRole('button', { name: 'Verify' }).click();

    await heading('About you and your company').waitFor();
    await page.getByLabel('First name').fill('Nikos');
    await page.getByLabel('Last name').fill('Georgiou');
    await page.getByLabel('Company name').fill('Aegean Olive Press IKE');
    await continueButton().click();

    await heading('Choose a password').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Quiet-Harbour-Lantern-57');
    await page.getByLabel('Confirm new password').fill('Quiet-Harbour-Lantern-57');
    await page.getByRole('checkbox', { name: /terms of use/ }).check();
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await expect
      .poll(() => page.getByRole('button', { name: 'Create account' }).isEnabled(), { timeout: 30_000 })
      .toBe(true);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Signed in: the onboarding phase of the same route takes over, addressed by the merchant's id.
    await expect
      .poll(pathname, { timeout: 15_000 })
      .toMatch(/^\/registration\/representative\/[0-9a-f-]{36}$/);
    const merchantId = pathname().split('/')[3] ?? '';

    // ---- 1. Representative ----
    await atStep('Representative', 'representative', merchantId);
    // Nothing asked twice: the name and the mobile typed at sign-up are there already.
    expect(await page.getByLabel('First name').inputValue()).toBe('Nikos');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Georgiou');
    expect((await page.getByLabel('Phone number').inputValue()).replace(/\D/g, '')).toContain(national);
    await page.getByLabel('Job title').fill('Managing Director');
    await page.getByLabel('Date of birth').fill('1981-03-14');
    // A Greek number as it is dialled, as registration accepted it.
    await page.getByLabel('Phone number').fill(national);
    await page.getByLabel('Citizenship').selectOption({ label: 'Greece' });
    await continueButton().click();

    // ---- 2. Company, with the VAT check and a logo ----
    await atStep('Company information', 'company', merchantId);
    await page.getByLabel('Company name', { exact: true }).fill('Aegean Olive Press IKE');
    await page.getByLabel('Legal form').selectOption({ label: 'Private company (IKE)' });
    await page.getByLabel('Country of registration').selectOption({ label: 'Greece' });
    await page.getByLabel('VAT number').fill('094014201');
    await page.getByRole('button', { name: 'Check VAT number' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'The format is right. The registry was not checked.' })
      .waitFor();
    await page.getByLabel('Registration number').fill('123456701000');
    await page.getByLabel('TIC number').fill('094014201');
    await page.getByLabel('Company phone').fill('+30 2101234568');
    await fillAddress(page.getByRole('group', { name: 'Registered address' }), {
      postal: '10558',
      city: 'Athens',
      line1: 'Adrianou 12',
    });
    await page.getByLabel('Choose a PNG or JPEG file').setInputFiles(sampleFile('logo.png'));
    // The preview really shows the stored image (a blob: URL the CSP must allow), not just an empty <img>.
    const logoPreview = page.getByRole('img', { name: 'logo.png' });
    await expect
      .poll(() => logoPreview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    await page.getByLabel('Industry').selectOption({ label: 'Food and beverage' });
    await page.getByLabel('Company size').selectOption({ label: '2 to 10 people' });
    await page.getByLabel('Annual turnover').selectOption({ label: '€100,000 to €500,000' });
    await continueButton().click();

    // ---- 3. Directors ----
    await atStep('Directors', 'directors', merchantId);
    const director = page.getByRole('group', { name: 'Director 1' });
    await director.getByLabel('First name').fill('Nikos');
    await director.getByLabel('Last name').fill('Georgiou');
    await director.getByLabel('Date of birth').fill('1981-03-14');
    await director.getByRole('checkbox', { name: 'This director is a legal representative' }).check();
    await fillAddress(director.getByRole('group', { name: 'Home address' }), {
      postal: '11521',
      city: 'Athens',
      line1: 'Vasilissis Sofias 40',
    });
    await continueButton().click();

    // ---- 4. Shareholders ----
    await atStep('Shareholders', 'shareholders', merchantId);
    const holder = page.getByRole('group', { name: 'Shareholder 1' });
    await holder.getByLabel('Individual or company').selectOption({ label: 'Individual' });
    await holder.getByLabel('Full name or company name').fill('Nikos Georgiou');
    await holder.getByLabel('Country', { exact: true }).selectOption({ label: 'Greece' });
    await holder.getByLabel('Ownership (%)').fill('100');
    await holder.getByRole('checkbox', { name: /Controls the company/ }).check();
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
    await continueButton().click();

    // ---- 5. Documents: exactly the set the chosen legal form requires, PDFs and a PNG ----
    await atStep('Documents', 'documents', merchantId);
    const legalForms = (await (
      await fetch(`${server.baseUrl}/api/onboarding/legal_entity_types/`)
    ).json()) as {
      items: Array<{ code: string; required_documents: string[] }>;
    };
    const required = legalForms.items.find((form) => form.code === 'ike')?.required_documents ?? [];
    expect(required.length).toBeGreaterThan(0);
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
    for (const [index, type] of required.entries()) {
      const name = documentNames[type];
      if (!name) throw new Error(`no English name for document type ${type}`);
      const fileName = `${type}.${index % 2 === 0 ? 'pdf' : 'png'}`;
      const group = page.getByRole('group', { name, exact: true });
      await group.getByLabel(`Upload ${name} (PDF, JPEG or PNG)`).setInputFiles(sampleFile(fileName));
      // Each upload is its own call; the step is busy (inputs disabled) until it is stored.
      await group.getByRole('button', { name: `Delete ${fileName}` }).waitFor();
      await expect.poll(() => group.getByLabel(`Upload ${name} (PDF, JPEG or PNG)`).isEnabled()).toBe(true);
      if (fileName.endsWith('.pdf')) await group.getByRole('link', { name: `Open ${fileName}` }).waitFor();
    }
    const progress = await page.evaluate(
      () =>
        (window as unknown as { uploadProgress: Array<{ label: string; value: number; max: number }> })
          .uploadProgress,
    );
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((bar) => bar.max === 100 && bar.value >= 0 && bar.value <= 100)).toBe(true);
    const uploaded = required.map((type, index) => `${type}.${index % 2 === 0 ? 'pdf' : 'png'}`);
    expect(progress.every((bar) => uploaded.some((name) => bar.label === `Uploading ${name}`))).toBe(true);
    // Gone once the uploads are stored.
    expect(await page.locator('progress').count()).toBe(0);
    await expectAccessibleInBothLanguages(page, '/registration/documents with uploads');
    await continueButton().click();

    // ---- 6. Funding and activity ----
    await atStep('Funding and activity', 'funding', merchantId);
    const incoming = page.getByRole('group', { name: 'Expected incoming funds per month' });
    await incoming.getByLabel('Amount (whole units)').fill('25000');
    await incoming.getByLabel('Currency').selectOption('EUR');
    await incoming.getByLabel('Source country').selectOption({ label: 'Greece' });
    const spending = page.getByRole('group', { name: 'Expected spending per month' });
    await spending.getByLabel('Amount (whole units)').fill('18000');
    await spending.getByLabel('Currency').selectOption('EUR');
    await spending.getByLabel('Destination country').selectOption({ label: 'Italy' });
    await continueButton().click();

    // ---- 7. Identity verification, in its order among the steps: no "Continue" until it passed ----
    await atStep('Identity verification', 'identity', merchantId);
    const status = page.getByRole('definition').filter({ hasText: 'Not started' });
    await status.waitFor();
    expect(await continueButton().count()).toBe(0);
    await page.getByRole('link', { name: "Verify the representative's identity" }).click();
    await expect.poll(pathname, { timeout: 15_000 }).not.toMatch(/^\/registration\//);
    await passIdentityVerification(page, server.baseUrl, {
      first: 'Nikos',
      last: 'Georgiou',
      otp: { email, codeFromOutbox },
    });
    // The verification leads back into the onboarding, at the review.
    await page.getByRole('link', { name: 'Back to onboarding: review and submit' }).click();

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
      await documents.getByText(`${type}.${index % 2 === 0 ? 'pdf' : 'png'}`, { exact: true }).waitFor();
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
