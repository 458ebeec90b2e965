import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { buyAdvertisingPlan } from './advertisingJourney';
import {
  collectAccessTokens,
  demoOwner,
  expectAccessible,
  minorOf,
  signInWithEmailCode,
  watchForBrowserErrors,
  type SeenTokens,
} from './pageChecks';

// Analytics, statements in every format, advertising and the public pages, in Chromium against the real
// server and the built app. The demo owner (Demo Coffee) receives a bank transfer (sandbox rail) and pays Demo Bakery,
// buys an advertising plan (the available balance drops by its price, the campaign is listed), then opens analytics
// for each range in English and in Greek: every figure on the page is the API's, and the API's equal what the
// transactions list (the ledger's view) says for the same period. The filtered list and the month are exported as CSV,
// Excel and PDF, in English and in Greek, and each file is read back (exceljs, pdf-parse) and checked against the
// ledger's balance and transactions. Signed out, every public page opens in both languages (the FAQ searched, the
// legal texts' versions, the configurable app links with their QR codes, a not-found path); axe on every page.

const demo = demoOwner;
const topUp = { minor: 40_000n, sender: 'Kappa Olive Oil SA', reference: 'E2E analytics top-up' };
const payment = { minor: 1_234n, tag: '@demo-bakery', note: 'E2E analytics flour' };
const appLinks = {
  appStore: 'https://apps.apple.com/gr/app/tameio-e2e/id1234567890',
  googlePlay: 'https://play.google.com/store/apps/details?id=test.tameio.e2e',
};

let browser: Browser;
let server: LiveServer;
let context: BrowserContext;
let page: Page;
let browserErrors: string[];
let tokens: SeenTokens;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async ({ onTestFailed }) => {
  server = await startLiveServer({
    env: { APP_STORE_URL: appLinks.appStore, PLAY_STORE_URL: appLinks.googlePlay },
  });
  context = await browser.newContext({ locale: 'en-GB' });
  page = await context.newPage();
  browserErrors = watchForBrowserErrors(page);
  tokens = collectAccessTokens(page);
  const running = server;
  onTestFailed(() => console.error(`server output:\n${running.output()}`));
});

afterEach(async () => {
  await context?.close();
  await server?.stop();
});

type Locale = 'en' | 'el';
type Money = { amount_minor: string; currency: string };
type Transaction = {
  id: string;
  created_at: string;
  type: string;
  status: string;
  direction: 'in' | 'out';
  counterparty: { name: string };
  amount: Money;
  fee: Money;
  total: Money;
};
type Bucket = {
  label: string;
  money_in: Money;
  money_out: Money;
  net: Money;
  count_in: number;
  count_out: number;
};
type Period = {
  range: string;
  from: string;
  to: string;
  starts_at: string;
  ends_at: string;
  has_data: boolean;
};
type Amounts = {
  period: Period;
  buckets: Bucket[];
  totals: { money_in: Money; money_out: Money; count_in: number; count_out: number };
};
type Expenses = {
  period: Period;
  categories: { category: string; amount: Money; count: number }[];
  total: Money;
};
type Party = { name: string; amount: Money; count: number };
type Top = { period: Period; money_in: Party[]; money_out: Party[] };
type Monthly = { period: Period; months: Bucket[]; totals: Amounts['totals'] };

const heading = (on: Page, name: string) => on.getByRole('heading', { level: 1, name, exact: true });
const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim();

/** Money as the app and the files write it for a reader of `locale` ("€1,234.56", "1.234,56 €"). */
function moneyText(amount: bigint | string, locale: Locale, signed = false): string {
  return spaces(
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    }).format(Number(amount) / 100),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A label followed by its value in a PDF's text (pdf-parse may break the line between them). */
const labelThenValue = (label: string, value: string) =>
  new RegExp(`${escapeRegExp(label)}\\s+${escapeRegExp(value)}`);

/** The newest access token the page received: the test calls the API as the signed-in user. */
function token(): string {
  const newest = [...tokens.access].at(-1);
  if (!newest) throw new Error('no access token seen yet');
  return newest;
}

async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token()}`, 'x-merchant-mode': 'true' },
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Every transaction of the EUR account, through the transactions list (the ledger's view), newest first. */
async function ledgerTransactions(): Promise<Transaction[]> {
  const all: Transaction[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ account_type: 'eur', limit: '100', ...(cursor ? { cursor } : {}) });
    const listed: { items: Transaction[]; next_cursor: string | null } = await apiGet(
      `/api/merchants/transactions/?${query}`,
    );
    all.push(...listed.items);
    cursor = listed.next_cursor;
  } while (cursor);
  return all;
}

type Account = { account_type: string; iban: string; balance: Money; available_balance: Money };

async function eurAccount(): Promise<Account> {
  const { accounts } = await apiGet<{ accounts: Account[] }>('/api/merchants/core_banking_accounts/');
  const eur = accounts.find((account) => account.account_type === 'eur');
  if (!eur) throw new Error('no EUR account');
  return eur;
}

const booked = (t: Transaction) => t.status === 'completed' || t.status === 'paid';

/** What a transaction did to the account: + the credited amount, − (amount + fee). */
const effectOf = (t: Transaction): bigint =>
  t.direction === 'in'
    ? BigInt(t.amount.amount_minor)
    : -(BigInt(t.amount.amount_minor) + BigInt(t.fee.amount_minor));

/** The analytics figures of a period, computed by the test from the transactions list. */
function ledgerFigures(transactions: Transaction[], period: Period) {
  const starts = Date.parse(period.starts_at);
  const ends = Date.parse(period.ends_at);
  const inPeriod = transactions.filter((t) => {
    const at = Date.parse(t.created_at);
    return booked(t) && at >= starts && at < ends;
  });
  const figures = {
    moneyIn: 0n,
    moneyOut: 0n,
    countIn: 0,
    countOut: 0,
    categories: new Map<string, bigint>(),
    partiesIn: new Map<string, bigint>(),
    partiesOut: new Map<string, bigint>(),
  };
  const add = (map: Map<string, bigint>, key: string, amount: bigint) => {
    if (amount !== 0n) map.set(key, (map.get(key) ?? 0n) + amount);
  };
  for (const t of inPeriod) {
    const effect = effectOf(t);
    if (effect > 0n) {
      figures.moneyIn += effect;
      figures.countIn += 1;
      add(figures.partiesIn, t.counterparty.name, effect);
    } else {
      figures.moneyOut -= effect;
      figures.countOut += 1;
      add(figures.partiesOut, t.counterparty.name, -effect);
      // No card payments here, so each payment's category is its type; fees are a category of their own.
      add(figures.categories, t.type, BigInt(t.amount.amount_minor));
      add(figures.categories, 'fees', BigInt(t.fee.amount_minor));
    }
  }
  return figures;
}

const asMap = (entries: { key: string; amount: Money }[]) =>
  new Map(entries.map((entry) => [entry.key, BigInt(entry.amount.amount_minor)]));

/** The text of every cell of a table's body, row by row. */
function bodyCells(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.children, (cell) => (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim()),
      ),
    );
}

/** Clicks a download button and returns the file's suggested name and bytes. */
async function download(button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([button.page().waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

async function pdfTextOf(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return spaces((await parser.getText()).text);
  } finally {
    await parser.destroy();
  }
}

async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet in the xlsx file');
  return sheet;
}

/** The xlsx statement: its labelled header cells, its column titles and its transaction rows. */
function readStatementSheet(sheet: ExcelJS.Worksheet, firstColumn: string) {
  const labelled = new Map<string, ExcelJS.CellValue>();
  let headerRow = 0;
  sheet.eachRow((row, number) => {
    if (headerRow) return;
    if (row.getCell(1).value === firstColumn) headerRow = number;
    else labelled.set(String(row.getCell(1).value ?? ''), row.getCell(2).value);
  });
  expect(headerRow, 'the column titles').toBeGreaterThan(0);
  const titles = (sheet.getRow(headerRow).values as ExcelJS.CellValue[]).map((value) => String(value ?? ''));
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, number) => {
    if (number > headerRow) rows.push(row);
  });
  return { labelled, titles, rows };
}

/** RFC 4180, enough for the statement's CSV (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** "1234.56" / "-1234,56" → minor units. */
const decimalMinor = (text: string) => BigInt(text.replace(',', '.').replace('.', ''));

async function seedMovements(iban: string): Promise<void> {
  const incoming = await fetch(`${server.baseUrl}/api/sandbox/incoming-transfers/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-analytics-topup-${Date.now()}` },
    body: JSON.stringify({
      iban,
      amount_minor: String(topUp.minor),
      currency: 'EUR',
      sender_name: topUp.sender,
      reference: topUp.reference,
    }),
  });
  expect(incoming.status).toBe(201);
  const sent = await fetch(`${server.baseUrl}/api/merchants/send_money/`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token()}`,
      'content-type': 'application/json',
      'x-merchant-mode': 'true',
      'idempotency-key': `e2e-analytics-pay-${Date.now()}`,
    },
    body: JSON.stringify({
      account_type: 'eur',
      amount_minor: String(payment.minor),
      recipient: { wallet_tag: payment.tag },
      note: payment.note,
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
}

const rangeNames: Record<Locale, Record<'week' | 'month' | 'year', { label: string; hint: string }>> = {
  en: {
    week: { label: 'Week', hint: 'the last 7 days' },
    month: { label: 'Month', hint: 'the last 30 days' },
    year: { label: 'Year', hint: 'the last 12 months' },
  },
  el: {
    week: { label: 'Εβδομάδα', hint: 'οι τελευταίες 7 ημέρες' },
    month: { label: 'Μήνας', hint: 'οι τελευταίες 30 ημέρες' },
    year: { label: 'Έτος', hint: 'οι τελευταίοι 12 μήνες' },
  },
};

const analyticsWords = {
  en: {
    title: 'Analytics',
    totals: 'Totals',
    moneyIn: 'Money in',
    moneyOut: 'Money out',
    overTime: 'Money in and out over time',
    expenses: 'Expenses per category',
    monthly: 'Monthly amounts',
    top: 'Top counterparties',
    asTable: 'Show as table',
  },
  el: {
    title: 'Στατιστικά',
    totals: 'Σύνολα',
    moneyIn: 'Εισερχόμενα',
    moneyOut: 'Εξερχόμενα',
    overTime: 'Εισερχόμενα και εξερχόμενα στον χρόνο',
    expenses: 'Έξοδα ανά κατηγορία',
    monthly: 'Μηνιαία ποσά',
    top: 'Κύριοι αντισυμβαλλόμενοι',
    asTable: 'Εμφάνιση ως πίνακα',
  },
} as const;

/** One chart card switched to its table, and the table's body cells. */
async function chartTable(name: string, asTable: string): Promise<string[][]> {
  const card = page.getByRole('region', { name, exact: true });
  await card.getByRole('button', { name: asTable }).click();
  const table = card.getByRole('table');
  await table.waitFor();
  return bodyCells(table);
}

/**
 * The analytics page for one range in one language: the API's figures for that range are checked against the
 * transactions list, and the page's totals, buckets, categories and counterparties against the API's.
 */
async function checkAnalytics(range: 'week' | 'month' | 'year', locale: Locale, transactions: Transaction[]) {
  const words = analyticsWords[locale];
  const { label, hint } = rangeNames[locale][range];
  await page.getByRole('radio', { name: label, exact: true }).check();
  await page.waitForURL((url) => url.searchParams.get('range') === range);
  await page.getByRole('status').filter({ hasText: hint }).waitFor();
  await heading(page, words.title).waitFor();

  const query = new URLSearchParams({ range, currency: 'EUR' });
  const amounts = await apiGet<Amounts>(`/api/merchants/analytics/amounts/?${query}`);
  const expenses = await apiGet<Expenses>(`/api/merchants/analytics/expenses_per_category/?${query}`);
  const top = await apiGet<Top>(`/api/merchants/analytics/top_counterparties/?${query}`);
  const monthly = await apiGet<Monthly>(`/api/merchants/analytics/monthly_amounts/?currency=EUR`);

  // The API against the ledger's view of the same period.
  expect(amounts.buckets).toHaveLength({ week: 7, month: 30, year: 12 }[range]);
  const ledger = ledgerFigures(transactions, amounts.period);
  expect(amounts.totals.money_in.amount_minor).toBe(String(ledger.moneyIn));
  expect(amounts.totals.money_out.amount_minor).toBe(String(ledger.moneyOut));
  expect([amounts.totals.count_in, amounts.totals.count_out]).toEqual([ledger.countIn, ledger.countOut]);
  expect(ledger.moneyIn).toBeGreaterThan(0n);
  expect(ledger.moneyOut).toBeGreaterThan(0n);
  const bucketSum = amounts.buckets.reduce(
    (sum, bucket) => sum + BigInt(bucket.money_in.amount_minor) - BigInt(bucket.money_out.amount_minor),
    0n,
  );
  expect(bucketSum).toBe(ledger.moneyIn - ledger.moneyOut);
  expect(asMap(expenses.categories.map((entry) => ({ key: entry.category, amount: entry.amount })))).toEqual(
    ledger.categories,
  );
  expect(expenses.total.amount_minor).toBe(String(ledger.moneyOut));
  const parties = (list: Party[]) => asMap(list.map((party) => ({ key: party.name, amount: party.amount })));
  expect(parties(top.money_in)).toEqual(ledger.partiesIn);
  expect(parties(top.money_out)).toEqual(ledger.partiesOut);
  const monthlyLedger = ledgerFigures(transactions, monthly.period);
  expect(monthly.months).toHaveLength(12);
  expect(monthly.totals.money_in.amount_minor).toBe(String(monthlyLedger.moneyIn));
  expect(monthly.totals.money_out.amount_minor).toBe(String(monthlyLedger.moneyOut));

  // The page against the API, in the reader's language.
  const totals = page.getByRole('region', { name: words.totals, exact: true });
  const figure = async (term: string) =>
    spaces((await totals.locator(`dt:text-is("${term}") + dd`).textContent()) ?? '');
  expect(await figure(words.moneyIn)).toMatch(
    new RegExp(`^${escapeRegExp(moneyText(ledger.moneyIn, locale))}`),
  );
  expect(await figure(words.moneyOut)).toMatch(
    new RegExp(`^${escapeRegExp(moneyText(ledger.moneyOut, locale))}`),
  );

  const overTime = await chartTable(words.overTime, words.asTable);
  expect(overTime.map((cells) => cells.slice(1))).toEqual(
    amounts.buckets.map((bucket) => [
      moneyText(bucket.money_in.amount_minor, locale),
      moneyText(bucket.money_out.amount_minor, locale),
      moneyText(bucket.net.amount_minor, locale),
    ]),
  );
  const categories = await chartTable(words.expenses, words.asTable);
  expect(categories.map((cells) => cells[1])).toEqual(
    expenses.categories.map((entry) => moneyText(entry.amount.amount_minor, locale)),
  );
  const months = await chartTable(words.monthly, words.asTable);
  expect(months.map((cells) => cells[1])).toEqual(
    monthly.months.map((bucket) => moneyText(bucket.money_in.amount_minor, locale)),
  );
  const counterparties = await chartTable(words.top, words.asTable);
  expect(counterparties.map((cells) => cells[2])).toEqual(
    [...top.money_in, ...top.money_out].map((party) => moneyText(party.amount.amount_minor, locale)),
  );
  await expectAccessible(page, `/analytics?range=${range} (${locale})`);
}

/** Today's month on the bank's calendar (Europe/Athens), YYYY-MM. */
const athensMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .slice(0, 7);

describe('advertising, analytics, statements and the public pages', () => {
  it('buys an advertising plan, then analytics for each range in English and Greek equal the API and the ledger', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    const account = await eurAccount();
    await seedMovements(account.iban);

    // ---- Advertising: plans from their endpoint, paid from the wallet through the ledger ----
    type Plan = { id: string; name: string; reach: number; duration_days: number; price: Money };
    const { items: plans } = await apiGet<{ items: Plan[] }>('/api/merchants/advertising/plans/');
    const plan = plans[0];
    if (!plan) throw new Error('no advertising plan on sale');
    const before = await eurAccount();

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Advertise with us' })
      .click();
    await heading(page, 'Advertise with us').waitFor();
    await page.getByText('You have no campaigns yet.').waitFor();
    const availableText = async () =>
      minorOf((await page.locator('dt:text-is("Available balance") + dd').first().textContent()) ?? '');
    expect(await availableText()).toBe(Number(before.available_balance.amount_minor));
    for (const each of plans) {
      const card = page.getByRole('region', { name: each.name, exact: true });
      const text = spaces((await card.textContent()) ?? '');
      expect(text).toContain(moneyText(each.price.amount_minor, 'en'));
      expect(text).toContain(`${each.duration_days} days`);
      expect(text).toContain(`About ${new Intl.NumberFormat('en').format(each.reach)} people`);
    }
    await expectAccessible(page, '/advertise-with-us');

    const headline = 'Fresh coffee on Ermou street';
    await buyAdvertisingPlan(
      page,
      {
        plan: plan.name,
        price: moneyText(plan.price.amount_minor, 'en'),
        headline,
        link: 'https://demo-coffee.example.com/',
      },
      (step) => expectAccessible(page, `/advertise-with-us (${step})`),
    );

    const campaigns = page.getByRole('region', { name: 'Your campaigns' });
    const listed = campaigns.getByRole('listitem').filter({ hasText: headline });
    await listed.waitFor();
    const campaignText = spaces((await listed.textContent()) ?? '');
    // A bought campaign waits for the bank's review before other merchants see it (issue 21).
    expect(campaignText).toContain('Being reviewed by the bank');
    expect(campaignText).toContain('The bank checks this advertisement before other merchants see it.');
    expect(campaignText).toContain(`${plan.name} · ${moneyText(plan.price.amount_minor, 'en')}`);
    const after = await eurAccount();
    const price = BigInt(plan.price.amount_minor);
    expect(BigInt(after.available_balance.amount_minor)).toBe(
      BigInt(before.available_balance.amount_minor) - price,
    );
    expect(BigInt(after.balance.amount_minor)).toBe(BigInt(before.balance.amount_minor) - price);
    await expect.poll(availableText).toBe(Number(after.available_balance.amount_minor));
    const { items: campaignItems } = await apiGet<{
      items: { headline: string; status: string; price: Money }[];
    }>('/api/merchants/advertising/campaigns/');
    expect(campaignItems).toEqual([
      expect.objectContaining({ headline, status: 'in_review', price: plan.price }),
    ]);
    await expectAccessible(page, '/advertise-with-us (with a campaign)');

    // ---- Analytics, every range, in English then Greek ----
    const transactions = await ledgerTransactions();
    expect(transactions.some((t) => t.type === 'advertising' && booked(t))).toBe(true);
    expect(transactions.reduce((sum, t) => sum + (booked(t) ? effectOf(t) : 0n), 0n)).toBe(
      BigInt(after.balance.amount_minor),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    await heading(page, 'Analytics').waitFor();
    for (const range of ['week', 'month', 'year'] as const) await checkAnalytics(range, 'en', transactions);
    // The advertising purchase is a category of its own.
    expect(
      await page
        .getByRole('region', { name: 'Expenses per category', exact: true })
        .getByRole('rowheader', { name: 'Advertising' })
        .count(),
    ).toBe(1);

    await page.getByLabel('Language').selectOption('el');
    await heading(page, 'Στατιστικά').waitFor();
    for (const range of ['week', 'month', 'year'] as const) await checkAnalytics(range, 'el', transactions);

    // A currency the merchant holds no account in: SPEC §8's text.
    await page.getByLabel('Νόμισμα', { exact: true }).selectOption('USD');
    await page.getByRole('alert').filter({ hasText: 'Δεν βρέθηκαν δεδομένα για αυτό το νόμισμα.' }).waitFor();
    await expectAccessible(page, '/analytics (no data, el)');

    expect(browserErrors).toEqual([]);
  });

  it('exports the list and the month as CSV, Excel and PDF, in English and Greek, as the ledger says; accepts the terms', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    const account = await eurAccount();
    await seedMovements(account.iban);
    const transactions = await ledgerTransactions();
    const closing = BigInt((await eurAccount()).balance.amount_minor);
    expect(transactions.reduce((sum, t) => sum + (booked(t) ? effectOf(t) : 0n), 0n)).toBe(closing);
    const byId = new Map(transactions.map((t) => [t.id, t]));
    const signedTotal = (t: Transaction) => (t.direction === 'in' ? 1n : -1n) * BigInt(t.total.amount_minor);

    await page.goto(`${server.baseUrl}/transactions?account=eur`);
    await heading(page, 'Transactions').waitFor();
    await page.getByRole('row').filter({ hasText: topUp.sender }).waitFor();
    await expectAccessible(page, '/transactions');

    // CSV: one row per transaction of the list, the totals as the ledger moved them.
    const csv = await download(page.getByRole('button', { name: 'Export CSV', exact: true }));
    expect(csv.name).toMatch(/^tameio-statement-eur-.*\.csv$/);
    const [csvHeader, ...csvRows] = parseCsv(csv.bytes.toString('utf8').replace(/^\uFEFF/, ''));
    expect(csvHeader?.[0]).toBe('Date');
    expect(csvHeader?.[7]).toBe('Total');
    expect(csvHeader?.[12]).toBe('Transaction ID');
    expect(new Set(csvRows.map((row) => row[12]))).toEqual(new Set(byId.keys()));
    for (const row of csvRows) {
      const t = byId.get(row[12] ?? '')!;
      expect(row[1]).toBe(t.counterparty.name);
      expect(decimalMinor(row[7] ?? ''), t.id).toBe(signedTotal(t));
    }

    // Excel: the holder, the balances from the ledger as numbers, one row per transaction with its balance after.
    const xlsx = await download(page.getByRole('button', { name: 'Export Excel', exact: true }));
    expect(xlsx.name).toMatch(/^tameio-statement-eur-.*\.xlsx$/);
    const sheet = readStatementSheet(await sheetOf(xlsx.bytes), 'Date');
    expect(sheet.labelled.get('IBAN')).toBe(account.iban);
    expect(sheet.labelled.get('Opening balance')).toBe(0);
    expect(sheet.labelled.get('Closing balance')).toBe(Number(closing) / 100);
    expect(sheet.labelled.get('Transactions')).toBe(transactions.length);
    const idColumn = sheet.titles.indexOf('Transaction ID');
    const totalColumn = sheet.titles.indexOf('Total');
    const balanceColumn = sheet.titles.indexOf('Balance');
    expect(Math.min(idColumn, totalColumn, balanceColumn)).toBeGreaterThan(0);
    expect(sheet.rows).toHaveLength(transactions.length);
    let running = closing;
    for (const row of sheet.rows) {
      const t = byId.get(String(row.getCell(idColumn).value))!;
      expect(t).toBeDefined();
      expect(row.getCell(1).value).toBeInstanceOf(Date);
      expect(row.getCell(totalColumn).value).toBe(Number(signedTotal(t)) / 100);
      expect(row.getCell(balanceColumn).value).toBe(Number(running) / 100);
      running -= booked(t) ? effectOf(t) : 0n;
    }
    expect(running).toBe(0n);

    // PDF: the holder, the IBAN, the balances and every counterparty.
    const pdf = await download(page.getByRole('button', { name: 'Export PDF statement', exact: true }));
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfText = await pdfTextOf(pdf.bytes);
    for (const text of ['Account statement', demo.merchant, topUp.sender, 'Demo Bakery']) {
      expect(pdfText).toContain(text);
    }
    expect(pdfText).toMatch(labelThenValue('Opening balance', moneyText(0n, 'en')));
    expect(pdfText).toMatch(labelThenValue('Closing balance', moneyText(closing, 'en')));
    expect(pdfText.replace(/\s/g, '')).toContain(account.iban);
    await page.getByRole('status').filter({ hasText: 'The file is downloaded.' }).waitFor();
    await expectAccessible(page, '/transactions (after the exports)');

    // The month's statement, Excel: the transactions of this Athens month.
    const month = athensMonth();
    await page.getByLabel('Statement month', { exact: true }).selectOption(month);
    const monthly = await download(page.getByRole('button', { name: 'Monthly statement as Excel' }));
    expect(monthly.name).toMatch(new RegExp(`^tameio-statement-eur-${month}-01_.*\\.xlsx$`));
    const monthSheet = readStatementSheet(await sheetOf(monthly.bytes), 'Date');
    expect(monthSheet.labelled.get('Closing balance')).toBe(Number(closing) / 100);
    expect(new Set(monthSheet.rows.map((row) => String(row.getCell(idColumn).value)))).toEqual(
      new Set(byId.keys()),
    );

    // In Greek: labels, comma decimals and Greek money in every format.
    await page.getByLabel('Language').selectOption('el');
    await heading(page, 'Συναλλαγές').waitFor();
    await expectAccessible(page, '/transactions in Greek');
    const greekCsv = await download(page.getByRole('button', { name: 'Εξαγωγή CSV', exact: true }));
    const [greekHeader, ...greekRows] = parseCsv(greekCsv.bytes.toString('utf8').replace(/^\uFEFF/, ''));
    expect(greekHeader?.[0]).toBe('Ημερομηνία');
    const greekTopUp = greekRows.find((row) => row[1] === topUp.sender);
    expect(greekTopUp?.[7]).toBe(`${topUp.minor / 100n},${String(topUp.minor % 100n).padStart(2, '0')}`);
    expect(greekTopUp?.[2]).toBe('Εισερχόμενη τραπεζική μεταφορά');
    const greekXlsx = await download(page.getByRole('button', { name: 'Εξαγωγή Excel', exact: true }));
    const greekSheet = readStatementSheet(await sheetOf(greekXlsx.bytes), 'Ημερομηνία');
    expect(greekSheet.labelled.get('Υπόλοιπο λήξης')).toBe(Number(closing) / 100);
    expect(greekSheet.rows).toHaveLength(transactions.length);
    const greekPdf = await pdfTextOf(
      (await download(page.getByRole('button', { name: 'Εξαγωγή κίνησης σε PDF', exact: true }))).bytes,
    );
    expect(greekPdf).toContain('Κίνηση λογαριασμού');
    expect(greekPdf).toMatch(labelThenValue('Υπόλοιπο λήξης', moneyText(closing, 'el')));
    expect(greekPdf).toContain(moneyText(topUp.minor, 'el', true));
    const greekMonthly = await pdfTextOf(
      (await download(page.getByRole('button', { name: 'Μηνιαία κίνηση σε PDF' }))).bytes,
    );
    expect(greekMonthly).toContain('ώρα Ελλάδας');
    expect(greekMonthly).toMatch(labelThenValue('Υπόλοιπο λήξης', moneyText(closing, 'el')));

    // ---- Accepting the terms (SPEC §7): the current version, recorded on the server ----
    await page.getByLabel('Γλώσσα').selectOption('en');
    type Documents = { documents: { document: string; version: string }[] };
    type Acceptances = {
      documents: { document: string; pending: boolean; accepted_version: string | null }[];
    };
    const versions = await apiGet<Documents>('/api/legal_documents/');
    const terms = versions.documents.find((entry) => entry.document === 'terms_of_use')!;
    await page.goto(`${server.baseUrl}/terms-of-use`);
    await heading(page, 'Terms of use').waitFor();
    const status = () => apiGet<Acceptances>('/api/merchants/accounts/accept_terms/');
    const termsStatus = async () =>
      (await status()).documents.find((entry) => entry.document === 'terms_of_use');
    // The demo users never accepted anything (server/seed.ts): the current version is pending.
    expect(await termsStatus()).toMatchObject({ pending: true, accepted_version: null });
    const accept = page.getByRole('button', { name: 'Accept the terms of use' });
    await accept.waitFor();
    await expectAccessible(page, '/terms-of-use (to accept)');
    await accept.click();
    await toast('Thank you: your acceptance is recorded.').waitFor();
    await page.getByText(`You accepted version ${terms.version} on`).waitFor();
    expect(await termsStatus()).toMatchObject({
      pending: false,
      accepted_version: terms.version,
    });
    await expectAccessible(page, '/terms-of-use (accepted)');

    expect(browserErrors).toEqual([]);
  });

  it('opens every public page signed out, in English and Greek: FAQ search, legal versions, app links, not found', async () => {
    type Faq = {
      categories: { id: string; title: Record<Locale, string> }[];
      items: {
        id: string;
        category: string;
        question: Record<Locale, string>;
        answer: Record<Locale, string>;
      }[];
    };
    const faq = (await (await fetch(`${server.baseUrl}/api/faq/`)).json()) as Faq;
    const legal = (await (await fetch(`${server.baseUrl}/api/legal_documents/`)).json()) as {
      documents: { document: string; version: string }[];
    };
    const folded = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toLocaleLowerCase()
        .replace(/ς/g, 'σ');
    const matching = (locale: Locale, word: string) =>
      faq.items.filter((item) =>
        folded(`${item.question[locale]} ${item.answer[locale]}`).includes(folded(word)),
      );

    const pages: Record<Locale, Record<string, string>> = {
      en: {
        faq: 'Frequently asked questions',
        search: 'Search the questions',
        terms: 'Terms of use',
        privacy: 'Privacy policy',
        app: 'Get the Tameio app',
        notFound: 'Page not found',
        language: 'Language',
        version: 'Version',
        appStoreQr: 'QR code that opens Tameio in the App Store',
        playQr: 'QR code that opens Tameio on Google Play',
      },
      el: {
        faq: 'Συχνές ερωτήσεις',
        search: 'Αναζήτηση στις ερωτήσεις',
        terms: 'Όροι χρήσης',
        privacy: 'Πολιτική απορρήτου',
        app: 'Κατεβάστε την εφαρμογή Tameio',
        notFound: 'Η σελίδα δεν βρέθηκε',
        language: 'Γλώσσα',
        version: 'Έκδοση',
        appStoreQr: 'Κωδικός QR που ανοίγει το Tameio στο App Store',
        playQr: 'Κωδικός QR που ανοίγει το Tameio στο Google Play',
      },
    };
    const searches: Record<Locale, { word: string; typed: string }> = {
      en: { word: 'IBAN', typed: 'iban' },
      // Typed without accents: the search folds them ("καρτα" finds "κάρτα").
      el: { word: 'κάρτα', typed: 'καρτα' },
    };

    for (const locale of ['en', 'el'] as const) {
      const words = pages[locale];
      await page.goto(`${server.baseUrl}/faq`);
      if (locale === 'el') await page.getByLabel('Language').selectOption('el');
      await heading(page, words.faq!).waitFor();
      const questions = page.locator('details > summary');
      await expect.poll(() => questions.count()).toBe(faq.items.length);
      for (const category of faq.categories) {
        await page.getByRole('heading', { level: 2, name: category.title[locale], exact: true }).waitFor();
      }
      await expectAccessible(page, `/faq (${locale})`);
      const { word, typed } = searches[locale];
      const expected = matching(locale, word);
      expect(expected.length, `FAQ entries with "${word}"`).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(faq.items.length);
      await page.getByRole('searchbox', { name: words.search }).fill(typed);
      await expect
        .poll(() => questions.allTextContents())
        .toEqual(
          faq.categories.flatMap((category) =>
            expected.filter((item) => item.category === category.id).map((item) => item.question[locale]),
          ),
        );
      // The matching answers are shown open while searching.
      expect(await page.locator('details[open]').count()).toBe(expected.length);
      await expectAccessible(page, `/faq searched (${locale})`);
      await page.getByRole('searchbox', { name: words.search }).fill('zzzz no such words');
      await page
        .getByRole('button', { name: locale === 'en' ? 'Clear the search' : 'Καθαρισμός αναζήτησης' })
        .waitFor();

      for (const [path, title, document] of [
        ['/terms-of-use', words.terms, 'terms_of_use'],
        ['/privacy-policy', words.privacy, 'privacy_policy'],
      ] as const) {
        await page.goto(`${server.baseUrl}${path}`);
        await heading(page, title!).waitFor();
        const version = legal.documents.find((entry) => entry.document === document)!.version;
        await page.getByText(`${words.version} ${version}`).waitFor();
        expect(await page.locator('article h2').count()).toBeGreaterThan(3);
        expect(await page.getByRole('button', { name: /Accept|Αποδοχή/ }).count()).toBe(0);
        await expectAccessible(page, `${path} (${locale})`);
      }

      await page.goto(`${server.baseUrl}/download-app`);
      await heading(page, words.app!).waitFor();
      for (const [alt, link] of [
        [words.appStoreQr!, appLinks.appStore],
        [words.playQr!, appLinks.googlePlay],
      ] as const) {
        const image = page.getByRole('img', { name: alt });
        await image.waitFor();
        // The QR code encodes the configured link: the same SVG as the qrcode library draws for it.
        const source = (await image.getAttribute('src')) ?? '';
        const svg = decodeURIComponent(source.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
        expect(svg).toBe(await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
        expect(await page.locator(`a[href="${link}"]`).count()).toBe(1);
      }
      await expectAccessible(page, `/download-app (${locale})`);

      await page.goto(`${server.baseUrl}/no/such/page-${locale}`);
      await heading(page, words.notFound!).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/no/such/page-${locale}`);
      await expectAccessible(page, `not found (${locale})`);
    }
    // Nobody signed in all along: the pages asked no session of their own.
    expect(tokens.access.size).toBe(0);
    expect(browserErrors).toEqual([]);
  });
});
