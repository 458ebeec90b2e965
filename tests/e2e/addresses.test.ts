import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { expectAccessible, signInWithEmailCode, watchForBrowserErrors } from './pageChecks';

// Addresses: the demo owner adds a shipping address in Thessaloniki, finds it on the offline map (the bundled
// gazetteer pins the city), drags the pin east with the mouse, sees the nearest place named, saves, makes it the
// default, and finds the dragged pin again after a reload; the registered address only offers its pin. Real server,
// built app, Chromium, axe on every state.

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
const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

/** The pin's position as its accessible name says it ("Map pin at latitude 40.64, longitude 22.94"). */
async function pinPosition(): Promise<{ latitude: number; longitude: number }> {
  const label = (await page.getByTestId('map-pin').getAttribute('aria-label')) ?? '';
  const match = /latitude (-?[\d.]+), longitude (-?[\d.]+)/.exec(label);
  if (!match) throw new Error(`no position in the pin's name "${label}"`);
  return { latitude: Number(match[1]), longitude: Number(match[2]) };
}

describe('addresses', () => {
  it('adds a shipping address by finding it on the map and dragging the pin, and makes it the default', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    await page.getByRole('link', { name: 'Addresses' }).first().click();
    await heading('My addresses').waitFor();
    await expectAccessible(page, '/my-addresses');
    // The registered address (from onboarding) is legal data: here only its pin moves.
    await page
      .getByRole('button', { name: /^Move the pin of / })
      .first()
      .waitFor();

    // ---- A new shipping address, found on the map by its city ----
    await page.getByRole('button', { name: 'Add a shipping address' }).click();
    await page.getByRole('heading', { level: 2, name: 'New shipping address', exact: true }).waitFor();
    await page.getByLabel('Country').selectOption('GR');
    await page.getByLabel('Address line 1').fill('Tsimiski 10');
    await page.getByLabel('Postal code').fill('546 24');
    await page.getByLabel('City').fill('Thessaloniki');
    await page.getByRole('button', { name: 'Find on map' }).click();
    await page.getByText(/^Pinned to the city Thessaloníki, GR/).waitFor();
    await expectAccessible(page, '/my-addresses (new address, found)');
    const found = await pinPosition();
    expect(found.latitude).toBeCloseTo(40.64, 1);
    expect(found.longitude).toBeCloseTo(22.94, 1);

    // ---- Drag the pin east with the mouse ----
    const pin = page.getByTestId('map-pin');
    // As a user would: the map may sit below the fold (the mouse drags only what is on screen).
    await pin.scrollIntoViewIfNeeded();
    const box = await pin.boundingBox();
    if (!box) throw new Error('the pin is not on screen');
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 30, start.y, { steps: 6 });
    await page.mouse.move(start.x + 60, start.y, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => (await pinPosition()).longitude).toBeGreaterThan(found.longitude + 0.01);
    const dragged = await pinPosition();
    expect(Math.abs(dragged.latitude - found.latitude)).toBeLessThan(0.5);
    // The nearest known place to the new pin is named (offline gazetteer).
    await page.getByText(/^Nearest place: /).waitFor();

    await page.getByRole('button', { name: 'Save address' }).click();
    await toast('Address saved').waitFor();
    await heading('My addresses').waitFor();

    // ---- The list shows the dragged pin; make it the default ----
    const item = page.getByRole('listitem').filter({ hasText: 'Tsimiski 10' });
    await item.waitFor();
    // The pin saved is the pin dropped (both written to 5 decimals).
    const pinText = `Pin at ${dragged.latitude.toFixed(5)}, ${dragged.longitude.toFixed(5)}`;
    await expect.poll(() => item.locator('dd').first().textContent()).toBe(pinText);
    await item.getByRole('button', { name: /^Make default: / }).click();
    await toast('Default address changed').waitFor();
    await expect.poll(() => item.getByText('Default', { exact: true }).count()).toBe(1);
    await expectAccessible(page, '/my-addresses (with the new default)');

    // ---- A reload reads it back from the server ----
    await page.reload();
    await heading('My addresses').waitFor();
    const again = page.getByRole('listitem').filter({ hasText: 'Tsimiski 10' });
    await again.getByText('Default', { exact: true }).waitFor();
    expect((await again.locator('dd').first().textContent()) ?? '').toBe(pinText);

    expect(browserErrors).toEqual([]);
  });
});
