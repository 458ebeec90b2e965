import { rmSync } from 'node:fs';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { expectAccessibleInBothLanguages, watchForBrowserErrors } from './pageChecks';
import {
  addPasskey,
  addVirtualAuthenticator,
  dataTemplateWithStaff,
  enterAuthenticatorCode,
  signedIn,
  signInWithPasskey,
  signInWithPassword,
  type StaffMember,
} from './staffBrowser';

/*
 * The bank staff's back office (issue 21, docs/decisions/023-staff-realm.md), in Chromium against the real server:
 * an admin made by `npm run staff -- add` signs in at /back-office with the password and the authenticator code, adds
 * a passkey (Chromium's virtual authenticator stands in for the device), signs out and signs in again with the
 * passkey. The merchants' app never loads the back office's code, and a merchant's session opens nothing there.
 */

let browser: Browser;
let server: LiveServer;
let context: BrowserContext;
let page: Page;
let browserErrors: string[];
let dataTemplate: string;
let staff: StaffMember;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async ({ onTestFailed }) => {
  // The staff member is made on the data folder before the server opens it (the embedded database is one process's).
  const made = dataTemplateWithStaff([{ email: 'ana@bank.test', role: 'admin', name: 'Ana Admin' }]);
  dataTemplate = made.dir;
  staff = made.staff[0]!;
  server = await startLiveServer({ template: dataTemplate });
  context = await browser.newContext({ locale: 'en-GB' });
  page = await context.newPage();
  browserErrors = watchForBrowserErrors(page);
  const running = server;
  onTestFailed(() => console.error(`server output:\n${running.output()}`));
});

afterEach(async () => {
  await context?.close();
  await server?.stop();
  rmSync(dataTemplate, { recursive: true, force: true });
});

describe('the back office', () => {
  it('an admin signs in with the authenticator code, adds a passkey, and signs in with it next time', async () => {
    // The merchants' sign-in page never downloads the back office's code.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to Tameio' }).waitFor();
    expect(scripts.some((url) => /backOffice/i.test(url))).toBe(false);

    await signInWithPassword(page, server.baseUrl, staff);
    await page.getByRole('heading', { name: 'Enter the code of your authenticator app' }).waitFor();
    await page
      .getByLabel('6-digit code')
      .fill('000000' === (await generate({ secret: staff.secret })) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByText(/This code is not right.*4 tries left/).count()).toBe(1);
    await expectAccessibleInBothLanguages(page, 'back office code step');
    await enterAuthenticatorCode(page, staff);
    await signedIn(page, staff);
    await expect.poll(() => page.getByText('Ana Admin, admin').count()).toBe(1);
    await expectAccessibleInBothLanguages(page, 'back office home');

    // A passkey, with Chromium's virtual authenticator as the device (it verifies the user at once).
    await addVirtualAuthenticator(context, page);
    await addPasskey(page, 'Work laptop');

    // Reload: the session comes back from the staff cookie, not from anything a script could read.
    await page.reload();
    await page.getByRole('heading', { name: 'My passkeys' }).waitFor();
    expect(await page.evaluate(() => document.cookie)).toBe('');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Work email').waitFor();
    await signInWithPasskey(page, server.baseUrl, staff);

    // The audit trail names each step, and its chain verifies.
    await page.getByRole('navigation').getByRole('link', { name: 'Audit trail' }).click();
    await page.getByText('The chain verifies: no entry was changed or removed.').waitFor();
    const rows = page.getByRole('row');
    await expect.poll(() => rows.filter({ hasText: 'Staff passkey added' }).count()).toBe(1);
    await expect.poll(() => rows.filter({ hasText: 'Staff sign-in refused' }).count()).toBe(1);
    await expect.poll(() => rows.filter({ hasText: 'Staff member signed in' }).count()).toBe(2);
    expect(await rows.filter({ hasText: 'Ana Admin (bank staff)' }).count()).toBeGreaterThanOrEqual(4);
    await expectAccessibleInBothLanguages(page, 'back office audit trail');
    expect(browserErrors).toEqual([]);
  });

  it('a merchant signed in to the app is still asked to sign in at /back-office, and its token opens nothing there', async () => {
    const login = await fetch(`${server.baseUrl}/api/back-office/me/`, {
      headers: { authorization: 'Bearer not-a-staff-token' },
    });
    expect(login.status).toBe(401);
    await page.goto(`${server.baseUrl}/back-office/staff`);
    await page.getByLabel('Work email').waitFor();
    expect(browserErrors).toEqual([]);
  });
});
