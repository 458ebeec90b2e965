import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import {
  demoOwner,
  expectAccessible,
  minorOf,
  signInWithEmailCode,
  watchForBrowserErrors,
} from './pageChecks';

// Wallet and transactions: the demo merchant sees its accounts, copies the IBAN from the top-up details,
// receives a bank transfer through the sandbox rail, finds it in /transactions with filters that survive a reload,
// opens its details, and reads the list in Greek. Real server, built app (WEB_DIR, default dist/web), Chromium, axe.

const demo = demoOwner;
const topUp = { minor: 25_000, sender: 'Zeta Imports Ltd', reference: 'E2E top-up 4711' };

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
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
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

async function eurFigures(): Promise<{ balance: number; available: number }> {
  const card = page.getByRole('region', { name: 'EUR account' });
  await card.waitFor();
  const balance = await card.locator('dt:text-is("Balance") + dd').textContent();
  const available = await card.locator('dt:text-is("Available balance") + dd').textContent();
  return { balance: minorOf(balance ?? ''), available: minorOf(available ?? '') };
}

async function sandboxTopUp(iban: string, key: string) {
  return fetch(`${server.baseUrl}/api/sandbox/incoming-transfers/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      iban,
      amount_minor: String(topUp.minor),
      currency: 'EUR',
      sender_name: topUp.sender,
      reference: topUp.reference,
    }),
  });
}

const rowHeaders = () => page.getByRole('table').getByRole('rowheader');

describe('wallet and transactions', () => {
  it('shows accounts and top-up details, receives a bank transfer and finds it in the filtered list', async () => {
    await signIn();

    // /my-wallet: the wallet tag with a copy button and the EUR account's balances.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My wallet' }).click();
    await page.getByRole('heading', { level: 1, name: 'My wallet' }).waitFor();
    await page.getByText('@demo-coffee', { exact: true }).waitFor();
    const before = await eurFigures();
    expect(before.balance).toBeGreaterThan(0);
    await expectAccessible(page, '/my-wallet');
    await page.getByRole('button', { name: 'Copy wallet tag' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('@demo-coffee');

    // Top-up details, every field with a copy button; the IBAN is shown in groups of four, copied without spaces.
    await page.getByRole('link', { name: 'Top-up details of the EUR account' }).click();
    await page.waitForURL((url) => url.pathname === '/my-wallet/my-accounts/eur');
    await page.getByRole('heading', { level: 1, name: 'Top-up details' }).waitFor();
    const ibanShown = (await page.locator('dt:text-is("IBAN") + dd').textContent()) ?? '';
    expect(ibanShown).toMatch(/^GR\d{2}( [\dA-Z]{4})+/);
    for (const field of [
      'Account name',
      'Account holder',
      'IBAN',
      'Sort code',
      'Account number',
      'Swift/BIC',
    ]) {
      await page.getByRole('button', { name: `Copy ${field}`, exact: true }).waitFor();
    }
    await expectAccessible(page, '/my-wallet/my-accounts/eur');
    await page.getByRole('button', { name: 'Copy IBAN', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const iban = await page.evaluate(() => navigator.clipboard.readText());
    expect(iban).toBe(ibanShown.replace(/Copy.*$/, '').replace(/\s+/g, ''));

    // Without an account type the first account is shown; an unknown one says so.
    await page.goto(`${server.baseUrl}/my-wallet/my-accounts`);
    await page.waitForURL((url) => url.pathname === '/my-wallet/my-accounts/eur');
    await page.goto(`${server.baseUrl}/my-wallet/my-accounts/jpy`);
    await page.getByRole('alert').filter({ hasText: 'No data found for this currency.' }).waitFor();
    await expectAccessible(page, '/my-wallet/my-accounts/jpy');

    // Another bank sends money to the copied IBAN (sandbox rail); a retry with the same key moves it once.
    const key = `e2e-wallet-${Date.now()}`;
    const first = await sandboxTopUp(iban, key);
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: string; type: string };
    expect(created.type).toBe('incoming_bank_transfer');
    const replay = await sandboxTopUp(iban, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    await page.goto(`${server.baseUrl}/my-wallet`);
    const after = await eurFigures();
    expect(after.balance - before.balance).toBe(topUp.minor);
    expect(after.available - before.available).toBe(topUp.minor);

    // The EUR account's transactions: the new incoming bank transfer is the newest row.
    await page.getByRole('link', { name: 'Transactions of the EUR account' }).click();
    await page.waitForURL((url) => url.pathname === '/transactions' && url.search === '?account=eur');
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await expect.poll(() => rowHeaders().first().textContent()).toBe(topUp.sender);
    const newest = page.getByRole('row').filter({ hasText: topUp.sender });
    expect(await newest.textContent()).toContain('Incoming bank transfer');
    expect(await newest.textContent()).toContain('+€250.00');
    await expectAccessible(page, '/transactions');

    // Filter by type and text: the address carries the filters and a reload keeps them.
    await page.getByLabel('Type', { exact: true }).selectOption('incoming_bank_transfer');
    await page.getByLabel('Search', { exact: true }).fill('Zeta');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'incoming_bank_transfer');
    expect(new URL(page.url()).searchParams.get('q')).toBe('Zeta');
    await expect.poll(() => rowHeaders().allTextContents()).toEqual([topUp.sender]);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await expect.poll(() => rowHeaders().allTextContents()).toEqual([topUp.sender]);
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('Zeta');
    expect(await page.getByLabel('Type', { exact: true }).inputValue()).toBe('incoming_bank_transfer');

    // The filtered list as files: the CSV holds exactly the row shown, the PDF is a statement of the account.
    const csv = await download(page.getByRole('button', { name: 'Export CSV' }));
    expect(csv.name).toMatch(/^tameio-statement-eur-.*\.csv$/);
    const csvLines = csv.bytes.toString('utf8').trim().split(/\r?\n/);
    expect(csvLines).toHaveLength(2);
    expect(csvLines[1]).toContain(topUp.sender);
    expect(csvLines[1]).toContain('250.00');
    const pdf = await download(page.getByRole('button', { name: 'Export PDF statement' }));
    expect(pdf.name).toMatch(/^tameio-statement-eur-.*\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfText = await pdfTextOf(pdf.bytes);
    expect(pdfText).toContain(demo.merchant);
    expect(pdfText).toContain(topUp.sender);
    expect(pdfText.replace(/\s/g, '')).toContain(iban.replace(/\s/g, ''));

    // Text that matches nothing: an empty list that says so.
    await page.getByLabel('Search', { exact: true }).fill('no such counterparty');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No transactions match these filters.').waitFor();
    await page.goBack();
    await expect.poll(() => rowHeaders().allTextContents()).toEqual([topUp.sender]);

    // An end before the start is refused in the form, before any request.
    await page.getByLabel('From date', { exact: true }).fill('2026-02-01');
    await page.getByLabel('To date', { exact: true }).fill('2026-01-01');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('The end date is before the start date.').waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBeNull();
    await page.getByLabel('From date', { exact: true }).fill('');
    await page.getByLabel('To date', { exact: true }).fill('');

    // An account the merchant does not hold (SPEC §8).
    await page.goto(`${server.baseUrl}/transactions?account=usd`);
    await page.getByText('No data found for this currency.').waitFor();
    await page.goBack();
    await expect.poll(() => rowHeaders().allTextContents()).toEqual([topUp.sender]);

    // Its details beside the list, focus on the panel, the filters kept in the address.
    await rowHeaders().getByRole('link', { name: topUp.sender }).click();
    await page.waitForURL((url) => url.pathname === `/transactions/${created.id}`);
    expect(new URL(page.url()).searchParams.get('q')).toBe('Zeta');
    const panel = page.getByRole('region', { name: 'Transaction details' });
    await panel.getByText(topUp.reference).waitFor();
    const details = (await panel.textContent()) ?? '';
    for (const text of ['Incoming bank transfer', 'Completed', '€250.00', '€0.00', 'None (same currency)']) {
      expect(details).toContain(text);
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Transaction details');
    await expectAccessible(page, `/transactions/${created.id}`);

    // An id that is not ours: a clear message, the list still there.
    await page.goto(`${server.baseUrl}/transactions/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('alert').filter({ hasText: 'This transaction was not found.' }).waitFor();
    await expectAccessible(page, '/transactions (unknown id)');

    // In Greek: headings, types and statuses translated.
    await page.goto(`${server.baseUrl}/transactions?type=incoming_bank_transfer&q=Zeta`);
    await page.getByLabel('Language').selectOption('el');
    await page.getByRole('heading', { level: 1, name: 'Συναλλαγές' }).waitFor();
    const greekRow = page.getByRole('row').filter({ hasText: topUp.sender });
    await greekRow.waitFor();
    expect(await greekRow.textContent()).toContain('Εισερχόμενη τραπεζική μεταφορά');
    expect(await greekRow.textContent()).toContain('Ολοκληρώθηκε');
    await page.getByRole('button', { name: 'Εφαρμογή φίλτρων' }).waitFor();
    await expectAccessible(page, '/transactions in Greek');
    await page.goto(`${server.baseUrl}/my-wallet`);
    await page.getByRole('heading', { level: 1, name: 'Το πορτοφόλι μου' }).waitFor();
    await expectAccessible(page, '/my-wallet in Greek');

    expect(browserErrors).toEqual([]);
  });
});

/** Clicks an export button and returns the downloaded file's suggested name and bytes. */
async function download(button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([button.page().waitForEvent('download'), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

async function pdfTextOf(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
