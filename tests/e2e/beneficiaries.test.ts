import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { demoExternalAccounts } from '../../server/payee/externalAccounts';
import {
  expectAccessible,
  expectAccessibleInBothLanguages,
  signInWithEmailCode,
  watchForBrowserErrors,
} from './pageChecks';

// Beneficiaries: the demo owner adds a bank beneficiary whose name is a close match of the holder's (an
// account the sandbox seeds at another bank), takes the suggested name, edits it and saves a close match anyway,
// searches, and deletes it with a confirmation. Real server, built app (WEB_DIR, default dist/web), Chromium, axe
// (the form's steps in English and Greek).

const maria = demoExternalAccounts.find((account) => account.key === 'person')!;
/** Held by "Olympus Flour Mills Ltd" at a Cypriot bank of the sandbox. */
const olympus = demoExternalAccounts.find((account) => account.key === 'cypriotCompany')!;

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

const signIn = () => signInWithEmailCode(page, browser, server.baseUrl);

const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

describe('beneficiaries', () => {
  it('creates a bank beneficiary through a close match, edits, finds and deletes it', async () => {
    await signIn();
    await page.goto(`${server.baseUrl}/my-beneficiaries`);
    await heading('Beneficiaries').waitFor();
    await page.getByText('You have no beneficiaries yet.').waitFor();
    await expectAccessible(page, '/my-beneficiaries (empty)');

    // Create, with a typo in the last name: the bank knows the holder as "Maria Papadopoulou".
    await page.getByRole('link', { name: 'Add beneficiary' }).click();
    await heading('New beneficiary').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-beneficiaries/create-beneficiary');
    await expectAccessibleInBothLanguages(page, '/my-beneficiaries/create-beneficiary');
    // The shared schema answers before anything is sent.
    await page.getByLabel('First name').fill('Μαρία');
    await page.getByLabel('IBAN').fill('GR00 1234');
    await page.getByRole('button', { name: 'Save beneficiary' }).click();
    await page.getByText('Only Latin characters allowed').waitFor();
    await page.getByText('Invalid IBAN.').waitFor();
    await expectAccessibleInBothLanguages(page, 'create form with field errors');

    await page.getByLabel('First name').fill('Maria');
    await page.getByLabel('Last name').fill('Papadopolou');
    await page.getByLabel('Country of the recipient’s bank').selectOption('GR');
    await page.getByLabel('IBAN').fill(maria.iban.replace(/(.{4})/g, '$1 ').trim());
    await page.getByRole('button', { name: 'Save beneficiary' }).click();
    await page.getByRole('heading', { name: 'Did you mean Maria Papadopoulou?' }).waitFor();
    await expectAccessibleInBothLanguages(page, 'close match');
    await page.getByRole('button', { name: 'Use Maria Papadopoulou' }).click();

    await toast('Beneficiary created').waitFor();
    await heading('Beneficiaries').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-beneficiaries');
    const row = page.getByRole('listitem').filter({ hasText: 'Maria Papadopoulou' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(maria.iban);
    await expect.poll(() => row.textContent()).not.toContain('Saved without a confirmed name');
    await expectAccessibleInBothLanguages(page, '/my-beneficiaries (one beneficiary)');

    // Edit: another first name is checked again; a close match saved anyway is marked in the list.
    await page.getByRole('link', { name: 'Edit Maria Papadopoulou' }).click();
    await heading('Edit beneficiary').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/my-beneficiaries\/edit-beneficiary\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByLabel('Last name').inputValue()).toBe('Papadopoulou');
    await expectAccessibleInBothLanguages(page, '/my-beneficiaries/edit-beneficiary/:id');
    await page.getByLabel('First name').fill('Mariah');
    await page.getByRole('button', { name: 'Save beneficiary' }).click();
    await page.getByRole('heading', { name: 'Did you mean Maria Papadopoulou?' }).waitFor();
    await page.getByRole('button', { name: 'Save anyway' }).click();
    await toast('Beneficiary updated').waitFor();
    const edited = page.getByRole('listitem').filter({ hasText: 'Mariah Papadopoulou' });
    await edited.waitFor();
    await expect.poll(() => edited.textContent()).toContain('Saved without a confirmed name');

    // Search.
    const search = page.getByRole('searchbox', { name: 'Search by name, wallet tag or IBAN' });
    await search.fill('zzz');
    await page.getByText('No beneficiary matches your search.').waitFor();
    await search.fill('papado');
    await edited.waitFor();

    // Delete, with a confirmation.
    await page.getByRole('button', { name: 'Delete Mariah Papadopoulou' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this beneficiary?' });
    await dialog.waitFor();
    await expectAccessible(page, 'delete confirmation');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast('Beneficiary deleted').waitFor();
    await search.fill('');
    await page.getByText('You have no beneficiaries yet.').waitFor();

    // The deleted beneficiary is gone for good.
    await page.reload();
    await heading('Beneficiaries').waitFor();
    await page.getByText('You have no beneficiaries yet.').waitFor();
    expect(browserErrors).toEqual([]);
  });

  it('saves a company beneficiary by its legal name and finds it in send money by its name', async () => {
    await signIn();
    await page.goto(`${server.baseUrl}/my-beneficiaries/create-beneficiary`);
    await heading('New beneficiary').waitFor();
    await page.getByRole('radio', { name: 'A company' }).check();
    await expectAccessibleInBothLanguages(page, 'create form, a company');
    await page.getByLabel('Company’s legal name').fill('Olympus Flour Mills Ltd');
    await page.getByLabel('Country of the recipient’s bank').selectOption('CY');
    await page.getByLabel('IBAN').fill(olympus.iban);
    await page.getByRole('button', { name: 'Save beneficiary' }).click();
    await toast('Beneficiary created').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Olympus Flour Mills Ltd' }).waitFor();

    // Send money: one search finds the saved company by a word of its name, and says what it is.
    await page.goto(`${server.baseUrl}/my-wallet/eur/send-money`);
    await heading('Who are you paying?').waitFor();
    await page.getByRole('link', { name: 'Manage beneficiaries' }).waitFor();
    await page.getByLabel('Wallet tag or IBAN').fill('olympus fl');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('region', { name: 'Search results' });
    const found = results.getByRole('listitem').filter({ hasText: 'Saved beneficiary' });
    await found.waitFor();
    await expectAccessibleInBothLanguages(page, 'send money: the search found a saved company');
    await found.getByRole('button', { name: `Choose Olympus Flour Mills Ltd (${olympus.iban})` }).click();
    await heading('How much?').waitFor();
    expect(browserErrors).toEqual([]);
  });
});
