import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { atOnboardingStep, fillDirector, registerAndSubmit, type MerchantDetails } from './merchantJourney';
import {
  codeFromOutbox as codeFromOutboxPage,
  expectAccessibleInBothLanguages,
  watchForBrowserErrors,
} from './pageChecks';
import {
  addPasskey,
  addVirtualAuthenticator,
  dataTemplateWithStaff,
  signInWithCode,
  signInWithPasskey,
  type StaffMember,
} from './staffBrowser';

/*
 * The bank's whole review of a merchant (issue 21's proof), in Chromium against the real server: a merchant registers
 * and submits; a reviewer signs in with a passkey (Chromium's virtual authenticator) and asks for more information on
 * the directors step; the merchant fixes it and resubmits; the merchant carries a risk flag (its VAT number was not
 * confirmed by a registry: none is set up here), so the first reviewer's approval does not open the account and a
 * second reviewer must approve; approval opens the account; the audit trail shows each step and its chain verifies.
 * Three browser contexts on one server: the merchant and the two reviewers, each with its own session.
 */

const merchant: MerchantDetails = {
  email: `review-${Date.now()}@example.test`,
  national: `69${String(Date.now()).slice(-8)}`,
  first: 'Maria',
  last: 'Papadopoulou',
  company: 'Cycladic Honey IKE',
  password: 'Amber-Meadow-Keeper-84',
  dateOfBirth: '1984-05-22',
};
const note = 'Please add the second director named in the articles of association, with the date of birth.';
const vatFlag = 'The VAT registry has not confirmed the VAT number.';

let browser: Browser;
let server: LiveServer;
let dataTemplate: string;
let filesDir: string;
let rita: StaffMember;
let stavros: StaffMember;
const contexts: BrowserContext[] = [];
const browserErrors: Record<string, string[]> = {};

beforeAll(async () => {
  // Two reviewers, made with `scripts/staff.ts add` before the server opens the data folder.
  const made = dataTemplateWithStaff([
    { email: 'rita@bank.test', role: 'reviewer', name: 'Rita Reviewer' },
    { email: 'stavros@bank.test', role: 'reviewer', name: 'Stavros Second' },
  ]);
  dataTemplate = made.dir;
  [rita, stavros] = made.staff as [StaffMember, StaffMember];
  filesDir = mkdtempSync(path.join(tmpdir(), 'tameio-e2e-review-files-'));
  browser = await launchChromium();
  server = await startLiveServer({ template: dataTemplate });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  if (dataTemplate) rmSync(dataTemplate, { recursive: true, force: true });
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

/** A browser context of its own (its own cookies and session), watched for errors under `who`. */
async function open(who: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-GB' });
  contexts.push(context);
  const page = await context.newPage();
  browserErrors[who] = watchForBrowserErrors(page);
  return { context, page };
}

const codeFromOutbox = (address: string) => codeFromOutboxPage(browser, server.baseUrl, address);
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** The merchant's file in the back office, from the queue. */
async function openFile(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'Merchant reviews' }).click();
  await heading(page, 'Merchant reviews').waitFor();
  await page.getByRole('link', { name: merchant.company }).click();
  await heading(page, merchant.company).waitFor();
}

/** "Approve" and "Yes, approve" in the dialog, which first says what this approval does. */
async function approve(page: Page, dialogSays: string): Promise<void> {
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this merchant?' });
  await dialog.getByText(dialogSays).waitFor();
  await dialog.getByRole('button', { name: 'Yes, approve' }).click();
}

/** The list the file's "Risk flags" heading introduces (the queue's list has the same name). */
const riskFlags = (page: Page): Locator => page.getByRole('list', { name: 'Risk flags' });

describe('the bank reviews a merchant', () => {
  it('asks for more information on the directors, needs two reviewers for a flagged merchant, and opens the account', async ({
    onTestFailed,
  }) => {
    onTestFailed(() => console.error(`server output:\n${server.output()}`));

    // ---- The merchant registers, onboards (identity verification among the steps) and submits ----
    const { page: shop } = await open('merchant');
    const merchantId = await registerAndSubmit(shop, server.baseUrl, codeFromOutbox, merchant, filesDir);

    // ---- The first reviewer: password and code once, adds a passkey, then signs in with the passkey ----
    const { context: ritaContext, page: desk } = await open('first reviewer');
    await addVirtualAuthenticator(ritaContext, desk);
    await signInWithCode(desk, server.baseUrl, rita);
    await addPasskey(desk, 'Rita’s laptop');
    await desk.getByRole('button', { name: 'Sign out' }).click();
    await desk.getByLabel('Work email').waitFor();
    await signInWithPasskey(desk, server.baseUrl, rita);

    // ---- The file: everything onboarding collected, with the risk flag; more information on the directors ----
    await openFile(desk);
    await riskFlags(desk).getByText(vatFlag).waitFor();
    await desk.getByText('2 approvals by different staff members needed.').waitFor();
    await desk.getByText('Waiting for review').waitFor();
    await desk.getByText(`${merchant.first} ${merchant.last}, born ${merchant.dateOfBirth}`).waitFor();
    await expectAccessibleInBothLanguages(desk, 'the merchant review file');
    await desk.getByRole('button', { name: 'Ask for more information' }).click();
    await desk.getByRole('checkbox', { name: 'Directors' }).check();
    await desk.getByLabel('Note for “Directors”').fill(note);
    await desk.getByRole('button', { name: 'Send the request' }).click();
    await status(desk, 'Information requested: only the steps you named open again for the owner.').waitFor();

    // ---- The merchant reads the note beside the directors step; only that step opens ----
    // The page follows the request the moment it is sent (the notification stream): no reload.
    await heading(shop, 'We need more information').waitFor({ timeout: 30_000 });
    await shop.getByText('Status: more information needed').waitFor();
    await shop
      .getByRole('listitem')
      .filter({ hasText: `Directors: ${note}` })
      .waitFor();
    await shop.getByRole('link', { name: 'Change these steps' }).click();
    // The onboarding opens on the step the bank named, with its note.
    await atOnboardingStep(shop, 'Directors', 'directors', merchantId);
    await shop
      .getByRole('note')
      .filter({ hasText: `The bank asks: ${note}` })
      .waitFor();
    await shop.getByRole('button', { name: 'Add a director' }).click();
    await fillDirector(shop, 2, {
      first: 'Yannis',
      last: 'Papadopoulos',
      dateOfBirth: '1979-06-02',
      legalRepresentative: false,
      line1: 'Solonos 8',
    });
    await shop.getByRole('button', { name: 'Save and return to review' }).click();
    // Saved, back to the review: only the directors can be edited, the other steps stay as they are.
    await atOnboardingStep(shop, 'Review and submit', 'review', merchantId);
    await shop
      .getByRole('region', { name: 'Directors' })
      .getByText(/Yannis Papadopoulos/)
      .waitFor();
    await shop.getByRole('button', { name: 'Edit Directors' }).waitFor();
    for (const other of ['Representative', 'Company information', 'Shareholders', 'Documents']) {
      const section = shop.getByRole('region', { name: other, exact: true });
      await section.getByText('The bank did not ask about this step: it stays as it is.').waitFor();
      expect(await shop.getByRole('button', { name: `Edit ${other}` }).count()).toBe(0);
    }
    await shop.getByRole('button', { name: 'Submit for review' }).click();
    await heading(shop, 'Thank you, your information has been submitted').waitFor({ timeout: 15_000 });
    await status(shop, 'Status: in review').waitFor();

    // ---- Back in the reviewer's queue, with the second director and the request in the file's history ----
    await openFile(desk);
    await desk.getByText('Yannis Papadopoulos, born 1979-06-02').waitFor();
    await desk.getByText(note).waitFor();

    // Approval needs the representative's identity confirmed by a person first.
    await approve(desk, 'This merchant has risk flags: yours is the first of two approvals');
    await desk
      .getByRole('alert')
      .filter({ hasText: 'Nobody has confirmed the representative’s identity yet' })
      .waitFor();
    await desk.getByRole('navigation').getByRole('link', { name: 'Identity reviews' }).click();
    await heading(desk, 'Identity reviews').waitFor();
    await desk.getByRole('link', { name: `${merchant.first} ${merchant.last}` }).click();
    await heading(desk, 'Identity review').waitFor();
    await desk.getByText(`Merchant: ${merchant.company}`).waitFor();
    await desk.getByRole('button', { name: 'Confirm the identity' }).click();
    await desk
      .getByRole('dialog', { name: 'Confirm this identity?' })
      .getByRole('button', { name: 'Yes, confirm' })
      .click();
    await status(desk, 'Confirmed: the merchant reads that the identity is verified.').waitFor();

    // ---- Four-eyes: the first approval does not open the account ----
    await openFile(desk);
    await desk.getByText('Identity: confirmed').waitFor();
    await approve(desk, 'This merchant has risk flags: yours is the first of two approvals');
    await status(desk, 'First approval recorded: another staff member must give the second.').waitFor();
    await desk.getByText('Waiting for a second approval').waitFor();
    await desk.getByText(/^First approval by Rita Reviewer/).waitFor();
    await shop.reload();
    await status(shop, 'Status: in review').waitFor({ timeout: 15_000 });
    // The same reviewer approving again reads, in words, that the second approval must come from someone else, and
    // the server refuses it with the same words.
    const ownFirst =
      'You gave the first approval of this merchant: the second must come from another staff member.';
    await desk.reload();
    await heading(desk, merchant.company).waitFor();
    await approve(desk, ownFirst);
    await desk.getByRole('alert').filter({ hasText: ownFirst }).waitFor();
    await desk.getByText('Waiting for a second approval').waitFor();

    // ---- The second reviewer, signed in with the authenticator code, approves: the account opens ----
    const { page: second } = await open('second reviewer');
    await signInWithCode(second, server.baseUrl, stavros);
    await openFile(second);
    await second.getByText(/^First approval by Rita Reviewer/).waitFor();
    await riskFlags(second).getByText(vatFlag).waitFor();
    await approve(second, 'Yours is the second approval: the merchant’s account opens');
    await status(
      second,
      'Approved: the merchant’s account is open and the owner is told by email.',
    ).waitFor();
    await second.getByText('Not in review').waitFor();

    // The merchant's page follows the decision (the notification stream) without a reload.
    await heading(shop, 'Your account is open').waitFor({ timeout: 30_000 });
    await status(shop, 'Status: approved').waitFor();
    await shop.getByRole('link', { name: 'Go to your dashboard' }).click();
    await shop.getByRole('region', { name: 'Get started' }).waitFor({ timeout: 15_000 });

    // ---- The audit trail: each step, by whom, and the chain verifies ----
    await second.getByRole('navigation').getByRole('link', { name: 'Audit trail' }).click();
    await heading(second, 'Audit trail').waitFor();
    await status(second, 'The chain verifies: no entry was changed or removed.').waitFor();
    await second.getByLabel('Who acted').selectOption({ label: 'Bank staff' });
    const rows = second.getByRole('row');
    const row = (action: string, who: StaffMember) =>
      rows
        .filter({ has: second.getByRole('cell', { name: action, exact: true }) })
        .filter({ hasText: `${who.name} (bank staff)` });
    await expect.poll(() => row('Staff member signed in', rita).count()).toBe(2);
    await expect.poll(() => row('Staff passkey added', rita).count()).toBe(1);
    await expect.poll(() => row('Staff member signed in', stavros).count()).toBe(1);
    for (const [action, who] of [
      ['More information requested', rita],
      ['Identity confirmed by the bank', rita],
      ['Application approved by a first reviewer', rita],
      ['Application approved', stavros],
    ] as const) {
      await expect.poll(() => row(action, who).filter({ hasText: merchant.company }).count()).toBe(1);
    }
    await status(second, 'The chain verifies: no entry was changed or removed.').waitFor();

    expect(browserErrors).toEqual({ merchant: [], 'first reviewer': [], 'second reviewer': [] });
  });
});
