import type { Page } from 'playwright-core';

/** The first seeded merchant's owner (server/seed.ts), as the end-to-end tests sign in. */
export const demoOwner = {
  email: 'demo@tameio.test',
  password: 'Demo-Merchant-2026!',
  merchant: 'Demo Coffee',
};

/**
 * Signs the demo owner in through the real screens (password, then an email code read from the sandbox outbox), as a
 * merchant would; resolves once the dashboard's heading shows. The scripts that measure signed-in pages share it.
 */
export async function signInThroughScreens(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(demoOwner.email);
  await page.getByLabel('Password', { exact: true }).fill(demoOwner.password);
  const next = page.getByRole('button', { name: 'Continue' });
  // The bot check solves itself in the background; Continue is enabled once it has.
  await next.and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
  await next.click();
  await page.getByRole('button', { name: /^Email/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
  const outbox = await fetch(`${baseUrl}/api/sandbox/outbox/?to=${encodeURIComponent(demoOwner.email)}`);
  const { messages } = (await outbox.json()) as { messages: Array<{ body: string }> };
  const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
  if (!code) throw new Error('no 6-digit code in the newest outbox message');
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { level: 1, name: demoOwner.merchant }).waitFor();
}
