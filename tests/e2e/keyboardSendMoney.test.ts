import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import {
  codeFromOutbox,
  demoOwner,
  eurAvailable,
  signInWithEmailCode,
  watchForBrowserErrors,
} from './pageChecks';

/*
 * Issue 19: send money with a one-time code by keyboard alone, in Chromium against the real server. After signing in
 * (set-up, not under test) not one click: Tab and Shift+Tab move, Enter and Space act, and every stop of the focus is
 * visible and not hidden by anything on top of it (WCAG 2.2 2.1.1 Keyboard, 2.4.3 Focus Order, 2.4.7 Focus Visible,
 * 2.4.11 Focus Not Obscured). A €150 payment to @demo-bakery needs a code (from €100 on).
 */

let browser: Browser;
let server: LiveServer;
let context: BrowserContext;
let page: Page;
let browserErrors: string[];

beforeAll(async () => {
  browser = await launchChromium();
  server = await startLiveServer();
  context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  browserErrors = watchForBrowserErrors(page);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

type Focus = { name: string; visible: boolean; obscuredBy: string | null; outlined: boolean };

/** The focused element's accessible name (its label, text or aria-label), and whether it can be seen. */
function focused(): Promise<Focus> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body)
      return { name: '', visible: false, obscuredBy: null, outlined: false };
    const labelled = active.getAttribute('aria-labelledby');
    const name =
      active.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      ((active as HTMLInputElement).labels?.[0]?.textContent || null) ??
      active.textContent ??
      '';
    const box = active.getBoundingClientRect();
    const visible =
      box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && box.right > 0;
    // What is drawn at the middle of the element: itself (or a part of it), or something covering it.
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const obscuredBy =
      top && !active.contains(top) && !top.contains(active) ? top.outerHTML.slice(0, 60) : null;
    const style = getComputedStyle(active);
    const outlined =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    return { name: name.replace(/\s+/g, ' ').trim(), visible, obscuredBy, outlined };
  });
}

/** Presses Tab (or Shift+Tab) until the focus is on `name`, checking every stop on the way is seen. */
async function tabTo(name: RegExp, backwards = false): Promise<void> {
  const seen: string[] = [];
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused();
    seen.push(now.name);
    if (now.name) {
      expect(now.visible, `focus on "${now.name}" is off screen`).toBe(true);
      expect(now.obscuredBy, `focus on "${now.name}" is covered`).toBeNull();
      expect(now.outlined, `focus on "${now.name}" has no visible indicator`).toBe(true);
    }
    if (name.test(now.name)) return;
  }
  throw new Error(`Tab never reached ${String(name)}; it went through: ${seen.join(' | ')}`);
}

const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('send money by keyboard alone', () => {
  it('pays €150 to @demo-bakery with an emailed code, never touching the mouse', async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    const before = await eurAvailable(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/my-wallet/eur/send-money`);
    await heading('Who are you paying?').waitFor();

    await tabTo(/^Wallet tag or IBAN/);
    await page.keyboard.type('@demo');
    await tabTo(/^Search$/);
    await page.keyboard.press('Enter');
    await tabTo(/^Choose Demo Bakery/);
    await page.keyboard.press('Enter');

    await heading('How much?').waitFor();
    await expect.poll(async () => (await focused()).name).toBe('How much?');
    await tabTo(/^Amount/);
    await page.keyboard.type('150.00');
    await tabTo(/^Continue$/);
    await page.keyboard.press('Enter');

    await heading('Confirm the payment').waitFor();
    await tabTo(/^Confirm and send$/);
    await page.keyboard.press('Enter');

    await heading('Confirm it is you').waitFor();
    // The wizard frame on a phone: which step, described on the heading, and the payment folded above the step;
    // unfolded by keyboard it shows whom and how much before the code is asked for.
    await page.getByText('Step 3 of 3: Review and confirm').waitFor();
    const describedBy = await heading('Confirm it is you').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Step 3 of 3: Review and confirm');
    const fold = page.getByRole('button', { name: /^Your payment: €150\.00 to Demo Bakery/ });
    expect(await fold.getAttribute('aria-expanded')).toBe('false');
    const summary = page.getByRole('complementary', { name: 'Your payment' });
    expect(await summary.getByText(/^Demo Bakery/).isVisible()).toBe(false);
    await tabTo(/^Your payment: /, true);
    await page.keyboard.press('Enter');
    expect(await fold.getAttribute('aria-expanded')).toBe('true');
    await summary.getByText('€150.00', { exact: true }).first().waitFor();
    expect(await summary.getByText(/^Demo Bakery/).isVisible()).toBe(true);
    await tabTo(/^Send a code by email/);
    await page.keyboard.press('Enter');
    await heading('Enter the one-time code').waitFor();
    const code = await codeFromOutbox(browser, server.baseUrl, demoOwner.email);
    await tabTo(/^One-time code/);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');

    await heading('Payment completed').waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await focused()).name).toBe('Payment completed');
    // The toast shows above the phone's bottom navigation, not under it (once it has slid in).
    const bar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    await expect
      .poll(async () => {
        const toast = await page.getByRole('status').filter({ hasText: 'Amount sent' }).boundingBox();
        return toast && bar ? bar.y - (toast.y + toast.height) : null;
      })
      .toBeGreaterThanOrEqual(0);
    expect((await eurAvailable(page, server.baseUrl)) - before).toBe(-15_000);
    expect(browserErrors).toEqual([]);
  }, 120_000);
});
