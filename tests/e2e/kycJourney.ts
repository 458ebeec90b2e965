import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pngImage } from '../api/kycImages';
import { expectAccessible } from './pageChecks';

/*
 * Identity verification in the browser (the steps tests/e2e/kyc.test.ts takes), for journeys that need it done:
 * the onboarding e2e passes it before submitting. Starts on /identity-verification/ (already open, or opened
 * here) and ends on "Photos received: we are checking them".
 */

export type IdentityVerificationOptions = {
  /** The representative's names as saved in onboarding; the document is typed with them, so it passes. */
  first: string;
  last: string;
  /**
   * The one-time code step before the document's details ("Confirm it is you", /otp-authentication/:method):
   * the signed-in user's email and a way to read its code from the outbox. Without it, no code step is expected.
   */
  otp?: { email: string; codeFromOutbox: (address: string) => Promise<string> };
  /** Run axe on each page (the KYC e2e does that in detail already). */
  checkAccessibility?: boolean;
};

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const pathname = (page: Page) => new URL(page.url()).pathname;

/** A year from now, as an <input type="date"> takes it. */
function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** Real PNGs big enough for the criteria (600 × 400 either way). */
function photos(): { dir: string; front: string; selfie: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tameio-e2e-kyc-journey-'));
  const front = path.join(dir, 'passport.png');
  const selfie = path.join(dir, 'selfie.png');
  writeFileSync(front, pngImage(1200, 800));
  writeFileSync(selfie, pngImage(600, 800));
  return { dir, front, selfie };
}

/** "Confirm it is you": a code by email, read from the outbox (when the journey asks for one). */
async function confirmWithCode(page: Page, otp: NonNullable<IdentityVerificationOptions['otp']>) {
  await page.getByRole('button', { name: /^Send a code by email/ }).click();
  await heading(page, 'Enter the one-time code').waitFor({ timeout: 15_000 });
  await page.getByLabel('One-time code').fill(await otp.codeFromOutbox(otp.email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

async function capture(page: Page, title: string, file: string, check: boolean) {
  await heading(page, title).waitFor({ timeout: 15_000 });
  await page.getByLabel('Take or choose a photo').setInputFiles(file);
  const preview = page.getByRole('img', { name: `Preview of ${title}` });
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  if (check) await expectAccessible(page, `${pathname(page)} with a photo`);
  await page.getByRole('button', { name: 'Use this photo' }).click();
}

/**
 * Passes the representative's identity verification with a passport (front and selfie) in the representative's
 * name. Opens /identity-verification/ from `baseUrl` unless the page is already there.
 */
export async function passIdentityVerification(
  page: Page,
  baseUrl: string,
  options: IdentityVerificationOptions,
): Promise<void> {
  const check = options.checkAccessibility ?? false;
  if (pathname(page) !== '/identity-verification/') await page.goto(`${baseUrl}/identity-verification/`);

  const details = heading(page, 'Verify your identity');
  const confirm = heading(page, 'Confirm it is you');
  await details.or(confirm).first().waitFor({ timeout: 15_000 });
  if (await confirm.isVisible()) {
    if (!options.otp) throw new Error('identity verification asks for a one-time code: pass `otp`');
    await confirmWithCode(page, options.otp);
    await details.waitFor({ timeout: 15_000 });
  }

  await page.getByText(/Photos: JPEG or PNG, at least 600 × 400 pixels/).waitFor();
  if (check) await expectAccessible(page, '/identity-verification/');
  await page.getByLabel('Document type').selectOption({ label: 'Passport' });
  await page.getByLabel('Document number').fill('AB1234567');
  await page.getByLabel('Expiry date').fill(nextYear());
  await page.getByLabel('First name (as on the document)').fill(options.first);
  await page.getByLabel('Last name (as on the document)').fill(options.last);
  await page.getByRole('button', { name: 'Continue to photos' }).click();

  // The browser reads a chosen file from disk while it uploads it: the files stay until every upload has answered
  // (removing them at once made the last upload fail now and then, "A network error has occurred").
  const files = photos();
  try {
    await capture(page, 'Front of your document', files.front, check);
    await capture(page, 'A selfie', files.selfie, check);
    // An upload the server refused sends the journey back to the photo with an alert: report that, not a timeout.
    const ready = heading(page, 'Your photos are ready');
    const refused = page.getByRole('alert');
    await ready.or(refused).first().waitFor({ timeout: 30_000 });
    if (!(await ready.isVisible()))
      throw new Error(`a photo was refused: ${await refused.first().textContent()}`);
  } finally {
    rmSync(files.dir, { recursive: true, force: true });
  }
  await page.getByRole('button', { name: 'Verify my identity' }).click();
  await heading(page, 'Photos received: we are checking them').waitFor({ timeout: 15_000 });
  if (check) await expectAccessible(page, '/identity-verification/ passed');
}
