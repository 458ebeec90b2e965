import type { Page } from 'playwright-core';

/**
 * Buying an advertising plan through the real screens (src/screens/advertising/AdvertisingScreen.tsx), shared by the
 * end-to-end tests that need a bought campaign: from /advertise-with-us showing the plans, choose the plan, write the
 * advertisement, check and pay, and come back to the plans. `atStep` runs on each step's page once it is shown (the
 * analytics test checks each with axe); the caller checks what the purchase did.
 */
export type AdvertisingStep = 'details' | 'review' | 'paid';

export async function buyAdvertisingPlan(
  page: Page,
  order: {
    /** The plan's name, as on its card ("City Spotlight"). */
    plan: string;
    /** The price as the pay button says it ("€99.00"). */
    price: string;
    headline: string;
    link: string;
  },
  atStep: (step: AdvertisingStep) => Promise<void> = async () => undefined,
): Promise<void> {
  const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
  await page.getByRole('button', { name: `Choose ${order.plan}` }).click();
  await heading('Your advertisement').waitFor();
  await page.getByLabel('Headline', { exact: true }).fill(order.headline);
  await page.getByLabel('Link', { exact: true }).fill(order.link);
  await atStep('details');
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading('Check and pay').waitFor();
  await atStep('review');
  await page.getByRole('button', { name: `Pay ${order.price}` }).click();
  await heading('Campaign booked').waitFor();
  await page.getByRole('status').filter({ hasText: 'Payment successful' }).waitFor();
  await atStep('paid');
  await page.getByRole('button', { name: 'Back to the plans' }).click();
  await heading('Advertise with us').waitFor();
}
