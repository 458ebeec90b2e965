import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import {
  collectAccessTokens,
  expectAccessible,
  expectAccessibleInBothLanguages,
  signInWithEmailCode,
  watchForBrowserErrors,
} from './pageChecks';

// Team and permissions: the demo owner (Demo Coffee) invites a viewer; the invitation link is read from the
// outbox and opened in a fresh browser context, where the invitee chooses email codes and a password and joins. The
// viewer signs in, sees the dashboard, is sent to Overview from send money, and the server refuses send money called
// directly with the viewer's own token (403, no money moved). The owner then disables the viewer, whose session stops
// working at once. Real server, built app, Chromium, axe on every new page (the form and the invitation's steps in
// English and Greek).

let browser: Browser;
let server: LiveServer;
let context: BrowserContext;
let page: Page;
let inviteeContext: BrowserContext | undefined;
let browserErrors: string[];

const invitee = {
  email: 'nikos.viewer@tameio.test',
  first: 'Nikos',
  last: 'Pappas',
  password: 'Viewer-Pass-2026!',
};

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
  await inviteeContext?.close();
  inviteeContext = undefined;
  await context?.close();
  await server?.stop();
});

const heading = (on: Page, name: string) => on.getByRole('heading', { level: 1, name, exact: true });
const toast = (on: Page, text: string) => on.getByRole('status').filter({ hasText: text });

/** The newest invitation link the outbox holds for `address`. */
async function invitationLink(address: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/sandbox/outbox/?to=${encodeURIComponent(address)}`);
  const { messages } = (await response.json()) as { messages: { body: string }[] };
  const link = /https?:\/\/\S+\/merchant-invitation\/[A-Za-z0-9_-]{43}\/accept/.exec(
    messages[0]?.body ?? '',
  )?.[0];
  if (!link) throw new Error(`no invitation link in the outbox of ${address}`);
  return link;
}

describe('team', () => {
  it('invites a viewer who joins, sees the dashboard, is kept from send money by the guard and the server', async () => {
    // ---- The owner invites a viewer ----
    await signInWithEmailCode(page, browser, server.baseUrl);
    await page.getByRole('link', { name: 'Team' }).first().click();
    await heading(page, 'Team').waitFor();
    await expectAccessible(page, '/my-employees');
    await page.getByRole('link', { name: 'Invite employees' }).click();
    await heading(page, 'Invite employees').waitFor();
    await page.getByLabel('Email').fill(invitee.email);
    await page.getByLabel('First name').fill(invitee.first);
    await page.getByLabel('Last name').fill(invitee.last);
    await page.getByLabel('Role').selectOption({ label: 'Viewer' });
    await page.getByRole('radio', { name: 'Company balances and transactions' }).check();
    await expectAccessibleInBothLanguages(page, '/my-employees/add-employees');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page, 'Invitation sent').waitFor();
    await page
      .getByRole('region', { name: 'Pending invitations' })
      .getByText(`${invitee.first} ${invitee.last}`)
      .first()
      .waitFor();

    // ---- The invitee accepts in a browser of their own ----
    const link = await invitationLink(invitee.email);
    expect(new URL(link).origin).toBe(server.baseUrl);
    inviteeContext = await browser.newContext({ locale: 'en-GB' });
    const guest = await inviteeContext.newPage();
    const guestErrors = watchForBrowserErrors(guest);
    await guest.goto(link);
    await heading(guest, 'Join Demo Coffee on Tameio').waitFor();
    expect(await guest.getByLabel('First name').inputValue()).toBe(invitee.first);
    await expectAccessibleInBothLanguages(guest, '/merchant-invitation/:key/accept');
    await guest.getByRole('button', { name: 'Continue' }).click();
    await heading(guest, 'Where should we send your sign-in codes?').waitFor();
    await expectAccessibleInBothLanguages(guest, 'invitation: code method');
    await guest.getByRole('button', { name: `Email to ${invitee.email}` }).click();
    await heading(guest, 'Choose a password').waitFor();
    await expectAccessibleInBothLanguages(guest, 'invitation: password');
    await guest.getByLabel('New password', { exact: true }).fill(invitee.password);
    await guest.getByLabel('Confirm new password').fill(invitee.password);
    await guest.getByRole('button', { name: 'Accept invitation' }).click();
    await heading(guest, 'Welcome to Demo Coffee').waitFor();
    expect(new URL(guest.url()).pathname).toBe('/invitation/success');
    await expectAccessibleInBothLanguages(guest, '/invitation/success');

    // The link is single use.
    await guest.goto(link);
    await heading(guest, 'Invitation already accepted').waitFor();

    // ---- The viewer signs in and sees the dashboard ----
    const tokens = collectAccessTokens(guest);
    await signInWithEmailCode(guest, browser, server.baseUrl, {
      email: invitee.email,
      password: invitee.password,
      merchant: 'Demo Coffee',
    });
    expect(new URL(guest.url()).pathname).toMatch(/^\/(dashboard)?$/);
    await expectAccessible(guest, '/dashboard as a viewer');

    // ---- The guard sends a viewer from send money to Overview ----
    await guest.goto(`${server.baseUrl}/my-wallet/eur/send-money`);
    await heading(guest, 'Overview').waitFor();
    expect(new URL(guest.url()).pathname).toBe('/overview');

    // ---- The server refuses it too, with the viewer's own token ----
    const [token] = [...tokens.access];
    expect(token, 'the viewer’s access token').toBeTruthy();
    const sent = await fetch(`${server.baseUrl}/api/merchants/send_money/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-merchant-mode': 'true',
        'idempotency-key': 'e2e-viewer-send-money',
      },
      body: JSON.stringify({
        account_type: 'eur',
        amount_minor: '100',
        recipient: { wallet_tag: '@demo-bakery' },
      }),
    });
    expect(sent.status).toBe(403);
    expect(((await sent.json()) as { error: { code: string } }).error.code).toBe('forbidden');

    // ---- The owner disables the viewer: the viewer's token stops working at once ----
    await page.goto(`${server.baseUrl}/my-employees`);
    await page.getByRole('button', { name: `Disable ${invitee.first} ${invitee.last}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${invitee.first} ${invitee.last}?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await toast(page, 'Status updated').waitFor();
    const after = await fetch(`${server.baseUrl}/api/merchants/home/overview/`, {
      headers: { authorization: `Bearer ${token}`, 'x-merchant-mode': 'true' },
    });
    expect(after.status).toBe(401);

    expect(browserErrors).toEqual([]);
    expect(guestErrors).toEqual([]);
  });
});
