import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { pngImage } from '../api/kycImages';
import { fillRepresentative, registerMerchant, type MerchantDetails } from './merchantJourney';
import {
  expectAccessibleInBothLanguages,
  watchForBrowserErrors,
  codeFromOutbox as codeFromOutboxPage,
} from './pageChecks';

// Identity verification: the representative of a merchant in onboarding confirms it is them with a
// fresh one-time code (/otp-authentication/:method), photographs a document and a selfie, and the server's checks
// decide. Real server, built app, Chromium; axe on every KYC page in English
// and Greek.

let browser: Browser;
let server: LiveServer;
let context: BrowserContext;
let page: Page;
let browserErrors: string[];
let filesDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  filesDir = mkdtempSync(path.join(tmpdir(), 'tameio-e2e-kyc-'));
});

afterAll(async () => {
  await browser?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

beforeEach(async ({ onTestFailed }) => {
  // A second verification asks for a second code: a short resend cooldown keeps the test from waiting 30 s.
  server = await startLiveServer({ env: { OTP_RESEND_COOLDOWN_SECONDS: '2' } });
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

const codeFromOutbox = (address: string) => codeFromOutboxPage(browser, server.baseUrl, address);

/** Writes a real PNG of width × height pixels, for page.setInputFiles. */
function photo(name: string, width = 800, height = 600): string {
  const file = path.join(filesDir, name);
  writeFileSync(file, pngImage(width, height));
  return file;
}

const heading = (name: string) => page.getByRole('heading', { level: 1, name });
const pathname = () => new URL(page.url()).pathname;
const continueButton = () => page.getByRole('button', { name: 'Continue', exact: true });

/** A date a year from now, as an <input type="date"> takes it. */
function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** Registers a merchant (both codes from the outbox) and saves the onboarding representative, signed in. */
async function registerWithRepresentative(
  first: string,
  last: string,
): Promise<{ email: string; phone: string }> {
  const merchant: MerchantDetails = {
    email: `kyc-${Date.now()}@example.test`,
    national: `69${String(Date.now()).slice(-8)}`,
    first,
    last,
    company: 'Aegean Olive Press IKE',
    password: 'Quiet-Harbour-Lantern-57',
    dateOfBirth: '1981-03-14',
  };
  await registerMerchant(page, server.baseUrl, codeFromOutbox, merchant);
  await heading('Representative').waitFor();
  await fillRepresentative(page, merchant);
  await continueButton().click();
  // The next step only shows once the representative is saved.
  await heading('Company information').waitFor();
  return { email: merchant.email, phone: `+30${merchant.national}` };
}

/**
 * "Confirm it is you": a code by the chosen method, read from the outbox; optionally a wrong code first, which shows
 * the tries left. Ends on the details form.
 */
async function confirmWithCode(method: 'email' | 'sms', address: string, wrongFirst = false): Promise<void> {
  await heading('Confirm it is you').waitFor({ timeout: 15_000 });
  await expect.poll(pathname).toBe('/identity-verification/');
  await expectAccessibleInBothLanguages(page, '/identity-verification/ confirm it is you');
  const label = method === 'email' ? /^Send a code by email to / : /^Send a code by SMS to /;
  await page.getByRole('button', { name: label }).click();

  await heading('Enter the one-time code').waitFor({ timeout: 15_000 });
  await expect.poll(pathname).toBe(`/otp-authentication/${method}`);
  await expectAccessibleInBothLanguages(page, `/otp-authentication/${method}`);
  const code = await codeFromOutbox(address);
  if (wrongFirst) {
    await page.getByLabel('One-time code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right. 4 tries left.' }).waitFor();
    await expectAccessibleInBothLanguages(page, `/otp-authentication/${method} wrong code`);
  }
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The start page: the document's details, then on to the photos. */
async function startVerification(details: {
  type: string;
  number: string;
  first: string;
  last: string;
}): Promise<void> {
  await heading('Verify your identity').waitFor();
  await expect.poll(pathname).toBe('/identity-verification/');
  await page.getByText(/Photos: JPEG or PNG, at least 600 × 400 pixels/).waitFor();
  await expectAccessibleInBothLanguages(page, '/identity-verification/');
  await page.getByLabel('Document type').selectOption({ label: details.type });
  await page.getByLabel('Document number').fill(details.number);
  await page.getByLabel('Expiry date').fill(nextYear());
  await page.getByLabel('First name (as on the document)').fill(details.first);
  await page.getByLabel('Last name (as on the document)').fill(details.last);
  await page.getByRole('button', { name: 'Continue to photos' }).click();
}

/** One capture page: its heading and address, a photo with its preview, axe, then "Use this photo". */
async function capture(title: string, method: string, file: string): Promise<void> {
  await heading(title).waitFor({ timeout: 15_000 });
  await expect.poll(pathname).toBe(`/verification/${method}`);
  await expectAccessibleInBothLanguages(page, `/verification/${method}`);
  await page.getByLabel('Take or choose a photo').setInputFiles(file);
  const preview = page.getByRole('img', { name: `Preview of ${title}` });
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  await expectAccessibleInBothLanguages(page, `/verification/${method} with a photo`);
  await page.getByRole('button', { name: 'Use this photo' }).click();
}

/** The review of the photos: each side listed with its retake button, axe, then the evaluation. */
async function reviewAndEvaluate(sides: string[]): Promise<void> {
  await heading('Your photos are ready').waitFor({ timeout: 15_000 });
  await expect.poll(pathname).toBe('/identity-verification/');
  for (const side of sides) await page.getByRole('button', { name: `Retake ${side}` }).waitFor();
  expect(await page.getByRole('button', { name: /^Retake / }).count()).toBe(sides.length);
  await expectAccessibleInBothLanguages(page, '/identity-verification/ photos ready');
  await page.getByRole('button', { name: 'Verify my identity' }).click();
}

const checkTexts = [
  'Every photo is there.',
  'The photos are JPEG or PNG images.',
  'The photos are large enough.',
  'The document has not expired.',
  'The name matches the representative in your onboarding.',
];

describe('identity verification', () => {
  it('fails on a name that does not match the representative, then passes with a passport', async () => {
    const owner = await registerWithRepresentative('Nikos', 'Georgiou');

    // ---- A first attempt with an identity card whose name is not the representative's ----
    await page.goto(`${server.baseUrl}/identity-verification/`);
    await confirmWithCode('email', owner.email, true);
    await startVerification({ type: 'Identity card', number: 'AK 123456', first: 'Eleni', last: 'Papadaki' });
    await capture('Front of your document', 'document-front', photo('card-front.png'));
    await capture('Back of your document', 'document-back', photo('card-back.png'));
    await capture('A selfie', 'selfie', photo('selfie.png', 600, 800));
    await reviewAndEvaluate(['Front of your document', 'Back of your document', 'A selfie']);

    await heading('We could not verify your identity').waitFor({ timeout: 15_000 });
    await expect.poll(pathname).toBe('/identity-verification/');
    const failedChecks = page.getByRole('listitem');
    await failedChecks
      .filter({
        hasText:
          'Failed: The name on the document does not match the representative in your onboarding. Check both.',
      })
      .waitFor();
    for (const text of checkTexts.slice(0, 4)) {
      await failedChecks.filter({ hasText: `Passed: ${text}` }).waitFor();
    }
    expect(await failedChecks.count()).toBe(5);
    await expectAccessibleInBothLanguages(page, '/identity-verification/ failed');

    // ---- Try again: a passport (front and selfie) in the representative's name ----
    await page.getByRole('button', { name: 'Try again' }).click();
    // The code's grant was used by the first attempt: a new verification needs a new code.
    await confirmWithCode('sms', owner.phone);
    await startVerification({ type: 'Passport', number: 'AB1234567', first: 'Nikos', last: 'Georgiou' });
    await capture('Front of your document', 'document-front', photo('passport.png', 1200, 800));
    await capture('A selfie', 'selfie', photo('selfie-2.png', 600, 800));
    await reviewAndEvaluate(['Front of your document', 'A selfie']);

    await heading('Photos received: we are checking them').waitFor({ timeout: 15_000 });
    await expect.poll(pathname).toBe('/identity-verification/');
    const checks = page.getByRole('listitem');
    for (const text of checkTexts) await checks.filter({ hasText: `Passed: ${text}` }).waitFor();
    expect(await checks.count()).toBe(checkTexts.length);
    expect(await checks.filter({ hasText: /^Failed:/ }).count()).toBe(0);
    const back = page.getByRole('link', { name: 'Back to onboarding: review and submit' });
    await back.waitFor();
    expect(await back.getAttribute('href')).toMatch(/^\/registration\/review\/[0-9a-f-]{36}$/);
    await expectAccessibleInBothLanguages(page, '/identity-verification/ passed');
    expect(browserErrors).toEqual([]);
  });
});
