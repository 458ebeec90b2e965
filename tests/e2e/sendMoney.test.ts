import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { demoExternalAccounts } from '../../server/payee/externalAccounts';
import {
  codeFromOutbox,
  demoOwner,
  eurAvailable,
  expectAccessible,
  expectAccessibleInBothLanguages,
  signInWithEmailCode,
  watchForBrowserErrors,
} from './pageChecks';

// Send money: the demo merchant pays @demo-bakery by tag (below the code threshold: no code) and sees the
// balance drop and the transaction; then meets a bank that cannot check names and a name that does not match (each
// amended), pays an IBAN at another bank (seeded by the sandbox) with a close-match name, takes the suggested name,
// confirms with a one-time code from the outbox, sees it pending, runs the sandbox settlement and finds it completed
// in /transactions. Real server, built app (WEB_DIR, default dist/web), Chromium, axe on each step in English and
// Greek.

const demo = demoOwner;
const maria = demoExternalAccounts.find((account) => account.key === 'person')!;
const vanDijk = demoExternalAccounts.find((account) => account.key === 'unreachable')!;

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

type Messages = Record<string, string>;
const langDir = path.resolve(import.meta.dirname, '../../lang');
const en = JSON.parse(readFileSync(path.join(langDir, 'en.json'), 'utf8')) as Messages;
const el = JSON.parse(readFileSync(path.join(langDir, 'el.json'), 'utf8')) as Messages;

/** A Greek message with its simple `{name}` arguments filled in. */
function greek(id: string, values: Record<string, string> = {}): string {
  const text = el[id];
  if (text === undefined) throw new Error(`lang/el.json has no ${id}`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The English texts a Greek page must not show: whole one-word messages, and the multi-word parts of the others. */
const englishOnly = Object.entries(en).filter(
  ([id, text]) => el[id] !== text && !/,\s*(plural|select)/.test(text),
);
const englishWords = new Set(
  englishOnly.map(([, text]) => text.trim()).filter((text) => /^[A-Za-z][A-Za-z’'-]+$/.test(text)),
);
const englishPhrases = [
  ...new Set(
    englishOnly.flatMap(([, text]) =>
      text
        .split(/\{[^}]*\}/)
        .map((part) =>
          part
            .trim()
            .replace(/^[,.:;!?()]+|[,.:;!?()]+$/g, '')
            .trim(),
        )
        .filter((part) => /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(part) && part.length >= 8),
    ),
  ),
];

/** No English message text on the page (visible text, accessible names given by aria-label, placeholders). */
async function expectNoEnglish(page: Page, where: string): Promise<void> {
  const seen = await page.evaluate(() => {
    // HTML leaves only: an SVG element (the bell's icon, the map) has no innerText; its name is an attribute below.
    const leaves = [...document.body.querySelectorAll('*')]
      .filter(
        (element): element is HTMLElement =>
          element instanceof HTMLElement && element.children.length === 0 && element.offsetParent !== null,
      )
      .map((element) => element.innerText.trim());
    const attributes = [
      ...document.body.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]'),
    ].flatMap((element) =>
      ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''),
    );
    return { text: document.body.innerText, pieces: [...leaves, ...attributes].filter(Boolean) };
  });
  const words = seen.pieces.filter((piece) => englishWords.has(piece));
  const haystack = [seen.text, ...seen.pieces].join('\n');
  const phrases = englishPhrases.filter((phrase) => haystack.includes(phrase));
  expect([...words, ...phrases], `English texts on the Greek page ${where}`).toEqual([]);
}

describe('send money', () => {
  it('pays a wallet tag without a code, then an IBAN with a close-match name and a one-time code', async () => {
    await signIn();
    const before = await eurAvailable(page, server.baseUrl);
    await expectAccessible(page, '/my-wallet');

    // 1. To @demo-bakery by tag, 12.50 EUR: below the threshold, no code.
    await page.getByRole('link', { name: 'Send money from the EUR account' }).click();
    await page.waitForURL((url) => url.pathname === '/my-wallet/eur/send-money');
    await heading('Who are you paying?').waitFor();
    await expectAccessibleInBothLanguages(page, 'send money: recipient');
    await page.getByLabel('Wallet tag or IBAN').fill('@demo-b');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: 'Choose Demo Bakery (@demo-bakery)' }).click();
    await heading('How much?').waitFor();
    await expectAccessibleInBothLanguages(page, 'send money: amount');
    // The form refuses an amount above the available balance before anything is sent.
    await page.getByLabel('Amount (EUR)').fill('99999999');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/The amount is more than your available balance/).waitFor();
    await page.getByLabel('Amount (EUR)').fill('12.50');
    await page.getByLabel('Note (optional)').fill('Croissants');
    // A GIF with the note: searched in the bundled set (no provider is configured), chosen, shown on review and on the
    // payee's transaction.
    await page.getByRole('button', { name: 'Add a GIF' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a GIF' });
    await picker.getByRole('searchbox', { name: 'Search GIFs' }).fill('coffee');
    await picker.getByRole('searchbox', { name: 'Search GIFs' }).press('Enter');
    await picker.getByRole('group', { name: 'GIFs to choose from' }).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Change GIF' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading('Confirm the payment').waitFor();
    const review = page.locator('dl');
    await expect.poll(() => review.textContent()).toContain('€12.50');
    await review.getByRole('img').waitFor();
    await expectAccessibleInBothLanguages(page, 'send money: review (wallet)');
    await page.getByRole('button', { name: 'Confirm and send' }).click();
    await toast('Amount sent').waitFor();
    await heading('Payment completed').waitFor();
    await expectAccessibleInBothLanguages(page, 'send money: done (wallet)');
    await page.getByRole('link', { name: 'See the transaction' }).click();
    await page.waitForURL((url) => /^\/transactions\/[0-9a-f-]{36}$/.test(url.pathname));
    const panel = page.getByRole('region', { name: 'Transaction details' });
    await panel.getByText('@demo-bakery').waitFor();
    expect(await panel.textContent()).toContain('Completed');
    await panel.getByRole('img').first().waitFor();

    const afterWallet = await eurAvailable(page, server.baseUrl);
    expect(before - afterWallet).toBe(1250);

    // 2. Two name checks that are not a match, each amended: a bank that cannot check names, then a wrong name.
    await page.goto(`${server.baseUrl}/my-wallet/eur/send-money`);
    for (const { iban, name, title } of [
      { iban: vanDijk.iban, name: vanDijk.holder_name, title: 'The name cannot be checked' },
      { iban: maria.iban, name: 'Nikos Georgiou', title: 'The name does not match' },
    ]) {
      await heading('Who are you paying?').waitFor();
      await page.getByLabel('Wallet tag or IBAN').fill(iban);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByLabel('Account holder’s name').fill(name);
      await page.getByRole('button', { name: 'Pay this IBAN' }).click();
      await heading('How much?').waitFor();
      await page.getByLabel('Amount (EUR)').fill('20');
      await page.getByRole('button', { name: 'Continue' }).click();
      await heading(title).waitFor();
      await expectAccessibleInBothLanguages(page, `send money: ${title}`);
      await page.getByRole('button', { name: 'Change the name' }).click();
    }

    // 3. To Maria's IBAN at another bank, with a typo in the name: close match → use the suggested name.
    await heading('Who are you paying?').waitFor();
    await page.getByLabel('Wallet tag or IBAN').fill(maria.iban);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByLabel('Account holder’s name').fill('Maria Papadopolou');
    await expectAccessibleInBothLanguages(page, 'send money: IBAN found');
    await page.getByRole('button', { name: 'Pay this IBAN' }).click();
    await heading('How much?').waitFor();
    await page.getByLabel('Amount (EUR)').fill('20');
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading('Did you mean Maria Papadopoulou?').waitFor();
    await expectAccessibleInBothLanguages(page, 'send money: close match');
    await page.getByRole('button', { name: 'Use Maria Papadopoulou' }).click();
    await heading('Confirm the payment').waitFor();
    await expect.poll(() => review.textContent()).toContain('Maria Papadopoulou');
    const figures = (await review.textContent()) ?? '';
    expect(figures).toContain('€20.00');
    expect(figures).toContain('€0.50');
    expect(figures).toContain('€20.50');
    await expectAccessibleInBothLanguages(page, 'send money: review (IBAN)');
    await page.getByRole('button', { name: 'Confirm and send' }).click();
    await heading('Confirm it is you').waitFor();
    await expectAccessibleInBothLanguages(page, 'send money: code method');
    await page.getByRole('button', { name: /^Send a code by email/ }).click();
    await heading('Enter the one-time code').waitFor();
    await expectAccessibleInBothLanguages(page, 'send money: code');
    await page.getByLabel('One-time code').fill(await codeFromOutbox(browser, server.baseUrl, demo.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await toast('Amount sent').waitFor();
    await heading('Payment on its way').waitFor();
    await expectAccessibleInBothLanguages(page, 'send money: done (pending)');
    await page.getByRole('link', { name: 'See the transaction' }).click();
    await page.waitForURL((url) => /^\/transactions\/[0-9a-f-]{36}$/.test(url.pathname));
    const transactionPath = new URL(page.url()).pathname;
    await panel.getByText('Maria Papadopoulou').waitFor();
    expect(await panel.textContent()).toContain('Pending');

    const afterIban = await eurAvailable(page, server.baseUrl);
    expect(afterWallet - afterIban).toBe(2050);

    // 4. The settlement job completes it.
    const run = await fetch(`${server.baseUrl}/api/sandbox/settlement/run/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(run.status).toBe(200);
    expect(((await run.json()) as { settled: number }).settled).toBeGreaterThanOrEqual(1);
    await page.goto(`${server.baseUrl}${transactionPath}`);
    await panel.getByText('Maria Papadopoulou').waitFor();
    await expect.poll(() => panel.textContent()).toContain('Completed');
    await expectAccessibleInBothLanguages(page, '/transactions/:id (settled)');
    expect(browserErrors).toEqual([]);
  });
  it('pays a wallet tag in Greek, with no English on the way', async () => {
    await signIn();
    // The header's language switcher (src/app/LanguageSwitcher.tsx); the choice is kept for the next pages.
    await page.getByLabel('Language').selectOption('el');
    await page.locator('html[lang="el"]').waitFor();

    await page.goto(`${server.baseUrl}/my-wallet/eur/send-money`);
    await heading(greek('sendMoney.recipient.title')).waitFor();
    await expectNoEnglish(page, 'send money: recipient');
    await page.getByLabel(greek('sendMoney.recipient.search')).fill('@demo-b');
    await page.getByRole('button', { name: greek('sendMoney.recipient.searchButton'), exact: true }).click();
    await page
      .getByRole('button', {
        name: greek('sendMoney.recipient.chooseWallet', { name: 'Demo Bakery', tag: '@demo-bakery' }),
      })
      .click();

    await heading(greek('sendMoney.amount.title')).waitFor();
    await expectNoEnglish(page, 'send money: amount');
    await expectAccessible(page, 'send money in Greek: amount');
    await page.getByLabel(greek('sendMoney.amount.label', { currency: 'EUR' })).fill('7,50');
    await page.getByLabel(greek('sendMoney.amount.note')).fill('Καφές');
    await page.getByRole('radio', { name: greek('sendMoney.schedule.later') }).check();
    await page.getByLabel(greek('sendMoney.schedule.frequency')).waitFor();
    await expectNoEnglish(page, 'send money: amount with the schedule fields');
    await page.getByRole('radio', { name: greek('sendMoney.schedule.now') }).check();
    await page.getByRole('button', { name: greek('sendMoney.amount.continue') }).click();

    await heading(greek('sendMoney.review.title')).waitFor();
    await expect.poll(() => page.locator('dl').textContent()).toContain('7,50');
    await expectNoEnglish(page, 'send money: review');
    await expectAccessible(page, 'send money in Greek: review');
    await page.getByRole('button', { name: greek('sendMoney.review.confirm') }).click();

    await toast(greek('sendMoney.done.toast')).waitFor();
    await heading(greek('sendMoney.done.completedTitle')).waitFor();
    await expectNoEnglish(page, 'send money: done');
    await expectAccessible(page, 'send money in Greek: done');
    expect(browserErrors).toEqual([]);
  });

  it('reload on the amount step keeps the recipient and amount, Back from review goes to the amount step, leaving with an amount asks', async () => {
    await signIn();
    await page.goto(`${server.baseUrl}/my-wallet/eur/send-money`);
    await heading('Who are you paying?').waitFor();
    await page.getByLabel('Wallet tag or IBAN').fill('@demo-b');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: 'Choose Demo Bakery (@demo-bakery)' }).click();
    await heading('How much?').waitFor();
    await page.getByLabel('Amount (EUR)').fill('4.20');
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading('Confirm the payment').waitFor();

    // The browser's Back from the review: the amount step, with its amount; nothing asked.
    await page.goBack();
    await heading('How much?').waitFor();
    await expect.poll(() => page.getByLabel('Amount (EUR)').inputValue()).toMatch(/^4\.20?$/);
    expect(new URL(page.url()).search).toBe('?step=amount');
    // A reload there: the same step, recipient and amount.
    await page.reload();
    await heading('How much?').waitFor();
    await expect.poll(() => page.getByLabel('Amount (EUR)').inputValue()).toMatch(/^4\.20?$/);
    await page.getByText('@demo-bakery').first().waitFor();
    // Forward: the review again, priced afresh.
    await page.goForward();
    await heading('Confirm the payment').waitFor();
    await expect.poll(() => page.locator('dl').textContent()).toContain('€4.20');

    // Leaving by the navigation with an amount on the payment asks first; "Stay" keeps it.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Leave this payment?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await heading('Confirm the payment').waitFor();
    expect(browserErrors).toEqual([]);
  });
});
