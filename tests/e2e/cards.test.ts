import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import {
  codeFromOutbox,
  demoOwner,
  eurAvailable,
  expectAccessible,
  expectAccessibleInBothLanguages,
  minorOf,
  signInWithEmailCode,
  watchForBrowserErrors,
} from './pageChecks';

// Cards: the demo owner (Demo Coffee, Free plan) orders a virtual card and pays its price from the wallet,
// sets a daily online limit of €50.00, and the sandbox card network authorises €30.00 (approved), then €25.00 (over
// the limit: declined), then €20.00 (exactly up to the limit: approved); the owner freezes the card and the next
// authorisation is declined as frozen; the card details are revealed only after a one-time code from the outbox and
// their number is the one the network used. Declines show in /transactions, cashback in /cashback. Real server,
// built app (WEB_DIR, default dist/web), Chromium, axe on every card page and step, in English and Greek.

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

const heading = (on: Page, name: string) => on.getByRole('heading', { level: 1, name, exact: true });
const toast = (on: Page, text: string) => on.getByRole('status').filter({ hasText: text });

type Authorization = { approved: boolean; decline_reason: string | null; transaction_id: string | null };

/** The sandbox card network asks the bank to approve an online payment of `amountMinor` cents. */
async function authorize(
  card: { card_id: string } | { card_number: string },
  amountMinor: number,
  key: string,
): Promise<Authorization> {
  const response = await fetch(`${server.baseUrl}/api/sandbox/card_authorizations/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      ...card,
      merchant_name: 'Paper & Ink Online',
      amount_minor: String(amountMinor),
      currency: 'EUR',
      category: 'online',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Authorization;
}

describe('cards', () => {
  it('orders a virtual card, limits online spending, is declined over the limit and when frozen, reveals with a code', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    const before = await eurAvailable(page, server.baseUrl);

    // ---- Order a virtual card (the Free plan's price comes from the wallet) ----
    await page.goto(`${server.baseUrl}/cards`);
    await heading(page, 'Cards').waitFor();
    await page.getByText('You have no cards yet.').waitFor();
    await expectAccessible(page, '/cards (empty)');
    await page.getByRole('link', { name: 'Order a card' }).click();
    await page.getByRole('button', { name: /^Virtual card/ }).waitFor();
    await expectAccessibleInBothLanguages(page, 'card order: card type');
    await page.getByRole('button', { name: /^Virtual card/ }).click();
    await page.getByLabel('Name on the card').fill('Online supplies');
    await expectAccessibleInBothLanguages(page, `${new URL(page.url()).pathname} (details)`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Checkout').waitFor();
    const checkout = page.getByRole('main');
    const priceText = (await checkout.locator('dt:text-is("Price") + dd').textContent()) ?? '';
    const price = minorOf(priceText);
    expect(price).toBe(200);
    expect(new URL(page.url()).pathname).toMatch(/^\/plans\/card\/checkout/);
    await expectAccessibleInBothLanguages(page, '/plans/card/checkout');
    await page.getByRole('button', { name: 'Pay with wallet' }).click();
    await toast(page, 'Order placed').waitFor();
    await heading(page, 'Your card is ready').waitFor();
    await expectAccessibleInBothLanguages(page, 'card order: done');
    await page.getByRole('link', { name: 'See the card' }).click();
    await page.getByRole('heading', { name: 'Online supplies' }).first().waitFor();
    const cardId = /\/cards\/([0-9a-f-]{36})/.exec(page.url())?.[1];
    expect(cardId, page.url()).toBeTruthy();
    expect(await eurAvailable(page, server.baseUrl)).toBe(before - price);

    // ---- A daily online limit of €50.00 ----
    await page.goto(`${server.baseUrl}/cards/${cardId}`);
    await page.getByRole('button', { name: 'Limits' }).click();
    await page.getByRole('heading', { name: 'Card limits' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/cards/virtual/${cardId}/card-limit`);
    await page.getByLabel('Limit period').selectOption('daily');
    await page.getByRole('checkbox', { name: 'No limit for Online' }).uncheck();
    await page.getByLabel('Online limit (EUR)').fill('50.00');
    await expectAccessibleInBothLanguages(page, '/cards/:card/:id/card-limit');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await toast(page, 'Limits updated').waitFor();

    // ---- The card network: below the limit, over it, exactly up to it ----
    const byId = { card_id: cardId ?? '' };
    expect(await authorize(byId, 3000, `e2e-card-1-${cardId}`)).toMatchObject({ approved: true });
    expect(await authorize(byId, 2500, `e2e-card-2-${cardId}`)).toMatchObject({
      approved: false,
      decline_reason: 'limit_card_ecommerce',
    });
    expect(await authorize(byId, 2000, `e2e-card-3-${cardId}`)).toMatchObject({ approved: true });
    expect(await eurAvailable(page, server.baseUrl)).toBe(before - price - 5000);

    // ---- Freeze: the next payment is declined as frozen ----
    await page.goto(`${server.baseUrl}/cards/${cardId}`);
    await page.getByRole('button', { name: 'Freeze card' }).click();
    await toast(page, 'Card frozen').waitFor();
    await page.getByRole('button', { name: 'Unfreeze card' }).waitFor();
    await expectAccessibleInBothLanguages(page, '/cards/:card (frozen)');

    // ---- Reveal the details with a one-time code; the number is the card's ----
    await page.getByRole('button', { name: 'Show card details' }).click();
    await heading(page, 'Confirm it is you').waitFor();
    await expectAccessibleInBothLanguages(page, 'card details: code method');
    await page.getByRole('button', { name: /^Send a code by email/ }).click();
    await page.getByLabel('One-time code').waitFor();
    await expectAccessibleInBothLanguages(page, 'card details: code');
    await page
      .getByLabel('One-time code')
      .fill(await codeFromOutbox(browser, server.baseUrl, demoOwner.email));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const details = page.getByRole('region', { name: 'Card details', exact: true });
    await details.waitFor();
    await expectAccessibleInBothLanguages(page, '/cards/:card (details shown)');
    const number = ((await details.locator('dt:text-is("Card number") + dd').textContent()) ?? '').replace(
      /\D/g,
      '',
    );
    expect(number).toMatch(/^\d{16}$/);
    expect(luhnValid(number)).toBe(true);
    expect(await details.locator('dt:text-is("CVV") + dd').textContent()).toMatch(/^\d{3}$/);
    await page.getByRole('button', { name: 'Hide' }).click();
    await details.waitFor({ state: 'detached' });
    expect(await page.getByText(number).count()).toBe(0);

    // The network knows the card by its number: frozen, declined, nothing moved.
    expect(await authorize({ card_number: number }, 100, `e2e-card-4-${cardId}`)).toMatchObject({
      approved: false,
      decline_reason: 'card_frozen',
    });
    expect(await eurAvailable(page, server.baseUrl)).toBe(before - price - 5000);

    // ---- The merchant sees the declines and the cashback of the two purchases ----
    await page.goto(`${server.baseUrl}/transactions?status=declined`);
    const declined = page.getByRole('row').filter({ hasText: 'Paper & Ink Online' });
    await expect.poll(() => declined.count(), { timeout: 15_000 }).toBe(2);
    await page.goto(`${server.baseUrl}/cashback`);
    await heading(page, 'Cashback').waitFor();
    // Free plan: 0.25 % of €30.00 and of €20.00, rounded down: 7 + 5 cents, waiting for next month's payout.
    const history = page.getByRole('table', { name: 'Cashback from card purchases' });
    await history.getByRole('row').filter({ hasText: 'Paper & Ink Online' }).first().waitFor();
    expect(await history.getByRole('row').filter({ hasText: 'Paper & Ink Online' }).count()).toBe(2);
    await expectAccessibleInBothLanguages(page, '/cashback');
    expect(browserErrors).toEqual([]);
  });
});

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
