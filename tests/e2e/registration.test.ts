import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import {
  expectAccessible,
  expectAccessibleInBothLanguages,
  refreshCookie,
  watchForBrowserErrors,
  codeFromOutbox as codeFromOutboxPage,
} from './pageChecks';

// A visitor registers a merchant from nothing, verifying the email and the phone with codes read
// from the outbox, resumes after a reload, and ends signed in. Real server, built app, Chromium, axe on every step
// in English and Greek.

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

const codeFromOutbox = (address: string) => codeFromOutboxPage(browser, server.baseUrl, address);

const heading = (name: string) => page.getByRole('heading', { level: 1, name });

describe('registration', () => {
  it('registers a new merchant: contact, both codes, a reload, names, password and acceptances', async () => {
    const email = `new-${Date.now()}@example.test`;
    const national = `69${String(Date.now()).slice(-8)}`;

    await page.goto(`${server.baseUrl}/registration`);
    await heading('Create your Tameio account').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/registration/contact');
    await expectAccessibleInBothLanguages(page, '/registration/contact');

    // Prevalidation as the field is left: the demo owner's email is taken.
    await page.getByLabel('Email', { exact: true }).fill('demo@tameio.test');
    await page.getByLabel('Mobile phone').focus();
    await page.getByText('An account already uses this email. Sign in instead, or use another.').waitFor();
    await expectAccessibleInBothLanguages(page, '/registration/contact (email taken)');

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Mobile phone').fill(national);
    await page.getByRole('button', { name: 'Continue' }).click();

    await heading('Confirm your email').waitFor();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toMatch(/^\/registration\/verify-email\/[0-9a-f-]{36}$/);
    await expectAccessibleInBothLanguages(page, '/registration/verify-email');
    await page.getByLabel('Verification code').fill(await codeFromOutbox(email));
    await page.getByRole('button', { name: 'Verify' }).click();

    await heading('Confirm your mobile number').waitFor();
    // A reload resumes at the step reached (a fresh code is on its way or the last one still works).
    await page.reload();
    await heading('Confirm your mobile number').waitFor();
    await expectAccessibleInBothLanguages(page, '/registration/verify-phone');
    await page.getByLabel('Verification code').fill(await codeFromOutbox(`+30${national}`));
    await page.getByRole('button', { name: 'Verify' }).click();

    await heading('About you and your company').waitFor();
    await expectAccessibleInBothLanguages(page, '/registration/details');
    await page.getByLabel('First name').fill('Ελένη');
    await page.getByLabel('Last name').focus();
    await page.getByText('Only Latin characters allowed; special characters not allowed.').waitFor();
    await expectAccessibleInBothLanguages(page, '/registration/details (a field in error)');
    await page.getByLabel('First name').fill('Eleni');
    await page.getByLabel('Last name').fill('Papadopoulou');
    await page.getByLabel('Company name').fill('Olive Grove Trading IKE');
    await page.getByRole('button', { name: 'Continue' }).click();

    await heading('Choose a password').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Blue-Harbour-Lantern-42');
    await page.getByLabel('Confirm new password').fill('Blue-Harbour-Lantern-4');
    await page.getByLabel('New password', { exact: true }).focus();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('Blue-Harbour-Lantern-42');
    await page.getByRole('checkbox', { name: /terms of use/ }).check();
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await expectAccessibleInBothLanguages(page, '/registration/password');
    await expect
      .poll(() => page.getByRole('button', { name: 'Create account' }).isEnabled(), { timeout: 30_000 })
      .toBe(true);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Signed in: the onboarding phase of the same route takes over.
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
      .toMatch(/^\/registration\/representative\/[0-9a-f-]{36}$/);
    expect(await refreshCookie(context)).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });
    expect(browserErrors).toEqual([]);
  });

  it('shows the terms of use and the privacy policy, in English and Greek', async () => {
    await page.goto(`${server.baseUrl}/terms-of-use`);
    await heading('Terms of use').waitFor();
    await page.getByRole('heading', { level: 2, name: '5. Acceptable use' }).waitFor();
    await expectAccessible(page, '/terms-of-use');
    await page.goto(`${server.baseUrl}/privacy-policy`);
    await heading('Privacy policy').waitFor();
    await page.getByRole('heading', { level: 2, name: '6. Your rights' }).waitFor();
    await expectAccessible(page, '/privacy-policy');
    await page.getByLabel('Language').selectOption('el');
    await heading('Πολιτική απορρήτου').waitFor();
    await page.getByRole('heading', { level: 2, name: '6. Τα δικαιώματά σας' }).waitFor();
    expect(browserErrors).toEqual([]);
  });
});
