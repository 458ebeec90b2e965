import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { expectAccessible, signInWithEmailCode, watchForBrowserErrors } from './pageChecks';

// The profile: the demo owner (Demo Coffee, approved with the onboarding server/seed.ts writes) finds the
// seeded directors and shareholders in the company structure tree, adds a director and sends the change for review
// ("Pending review", no more "Edit directors"); the sandbox review desk approves it and, after a reload, the tree shows
// the new director. On company information the owner changes the registered address's street and sends it for review.
// Real server, built app, Chromium, axe in English and in Greek, no browser errors.

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
const region = (name: string) => page.getByRole('region', { name, exact: true });

/** The id of the change the page sends next (POST /api/merchants/profile/changes/ answers it). */
function nextChangeId(): Promise<string> {
  return page
    .waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/merchants/profile/changes/',
    )
    .then(async (response) => {
      expect(response.status()).toBe(201);
      const change = (await response.json()) as { id: string; status: string };
      expect(change.status).toBe('pending_review');
      return change.id;
    });
}

/** The bank's review desk approves a profile change (server/sandbox/profileReview.routes.ts). */
async function approveChange(id: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}/api/sandbox/reviews/profile_changes/${id}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ decision: 'approve' }),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { status: string }).status).toBe('approved');
}

describe('profile', () => {
  it('adds a director through review, approved by the bank, and sends a new registered street for review', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);

    // ---- The company structure as onboarding left it (server/seed.ts) ----
    await page.goto(`${server.baseUrl}/profile/company-structure`);
    await heading('Company structure').waitFor();
    const tree = page.getByRole('list', { name: 'Demo Coffee', exact: true });
    await tree.waitFor();
    const treeItem = (text: string | RegExp) => tree.getByRole('listitem').filter({ hasText: text });
    await treeItem(/^Daphne Demou\s*Legal representative$/).waitFor();
    await treeItem(/^Nikos Kafetzis$/).waitFor();
    await treeItem(/^Daphne Demou: owns 60\s?%/).waitFor();
    await treeItem(/^Nikos Kafetzis: owns 40\s?%/).waitFor();
    await page.getByText('Ultimate beneficial owners are known.').waitFor();
    expect(await page.getByText('Nothing here yet', { exact: false }).count()).toBe(0);
    await expectAccessible(page, '/profile/company-structure');

    // ---- Add a director and send the change for review ----
    const directors = region('Directors');
    await directors.getByRole('button', { name: 'Edit directors' }).click();
    await directors.getByRole('group', { name: 'Director 2', exact: true }).waitFor();
    await directors.getByRole('button', { name: 'Add a director' }).click();
    const added = directors.getByRole('group', { name: 'Director 3', exact: true });
    await added.waitFor();
    await added.getByLabel('First name').fill('Eleni');
    await added.getByLabel('Last name').fill('Mavrou');
    await added.getByLabel('Date of birth').fill('1990-06-15');
    const home = added.getByRole('group', { name: 'Home address', exact: true });
    await home.getByLabel('Country').selectOption('GR');
    await home.getByLabel('Postal code').fill('10557');
    await home.getByLabel('City').fill('Athens');
    await home.getByLabel('Address line 1').fill('Athinas 20');
    await expectAccessible(page, '/profile/company-structure (editing directors)');
    const directorsChange = nextChangeId();
    await directors.getByRole('button', { name: 'Send for review' }).click();
    const directorsChangeId = await directorsChange;
    await directors.getByText('Pending review', { exact: true }).waitFor();
    expect(await directors.getByRole('button', { name: 'Edit directors' }).count()).toBe(0);
    // Nothing applies before the bank approves.
    expect(await treeItem(/^Eleni Mavrou/).count()).toBe(0);
    await expectAccessible(page, '/profile/company-structure (directors pending review)');

    // A reload reads the waiting change back from the server.
    await page.reload();
    await heading('Company structure').waitFor();
    await region('Directors').getByText('Pending review', { exact: true }).waitFor();
    expect(await region('Directors').getByRole('button', { name: 'Edit directors' }).count()).toBe(0);

    // ---- The bank approves; the tree shows the new director ----
    await approveChange(directorsChangeId);
    await page.reload();
    await heading('Company structure').waitFor();
    await treeItem(/^Eleni Mavrou$/).waitFor();
    await treeItem(/^Daphne Demou\s*Legal representative$/).waitFor();
    await treeItem(/^Nikos Kafetzis$/).waitFor();
    await region('Directors').getByRole('button', { name: 'Edit directors' }).waitFor();
    expect(await region('Directors').getByText('Pending review', { exact: true }).count()).toBe(0);
    await expectAccessible(page, '/profile/company-structure (after approval)');

    // ---- Company information: a new street for the registered address, sent for review ----
    await page.goto(`${server.baseUrl}/profile/company-information`);
    await heading('Company information').waitFor();
    await page.getByText('Ermou 10, 10563 Athens, Greece').waitFor();
    // The VAT number and the TIC are the same 9 digits, as a Greek AFM is both.
    expect(await page.locator('dt:text-is("VAT number") + dd').textContent()).toBe('802345675');
    expect(await page.locator('dt:text-is("Tax identification number") + dd').textContent()).toBe(
      '802345675',
    );
    await expectAccessible(page, '/profile/company-information');
    await page.getByRole('button', { name: 'Edit legal details' }).click();
    const registered = page.getByRole('group', { name: 'Registered address', exact: true });
    await registered.getByLabel('Address line 1').fill('Ermou 24');
    await expectAccessible(page, '/profile/company-information (editing)');
    const companyChange = nextChangeId();
    await page.getByRole('button', { name: 'Send for review' }).click();
    await companyChange;
    await page.getByText('Pending review', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit legal details' }).count()).toBe(0);
    // The registered address stays as it was until the bank decides.
    await page.getByText('Ermou 10, 10563 Athens, Greece').waitFor();
    await expectAccessible(page, '/profile/company-information (pending review)');

    // ---- The same page in Greek ----
    await page.getByLabel('Language').selectOption('el');
    await heading('Πληροφορίες εταιρείας').waitFor();
    await page.getByText('Σε έλεγχο', { exact: true }).waitFor();
    await expectAccessible(page, '/profile/company-information (pending review, el)');

    expect(browserErrors).toEqual([]);
  });
});
