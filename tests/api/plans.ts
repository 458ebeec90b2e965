import { api, bodyOf, type JsonBodyOf } from './client';
import type { TestServer } from './harness';
import { newKey } from './money';

/** Shared by the plans, billing and account-deletion tests: the plan endpoints through the real API. */

export const planCartUrl = '/api/merchants/plans/cart/';
export const cancelUrl = '/api/merchants/plans/cancel/';
export const deleteRequestUrl = '/api/merchants/accounts/delete_request/';

export const insufficientMessage = 'Payment failed, possibly from insufficient balance; try again later.';
export const validAnswers = {
  answers: [{ question_id: 'reason', options: ['too_expensive'] }],
} satisfies JsonBodyOf<'POST', typeof cancelUrl>;

/** Prices and pays a plan change; fails the test unless both succeed. */
export async function buyPlan(
  server: TestServer,
  token: string,
  body: JsonBodyOf<'POST', typeof planCartUrl>,
) {
  const quote = bodyOf(
    await api(server.app, 'POST', planCartUrl, { token, body }),
    201,
    'planCartInitialize',
  );
  const order = bodyOf(
    await api(server.app, 'POST', '/api/merchants/plans/cart/{id}/pay/', {
      params: { id: quote.id },
      token,
      headers: { 'idempotency-key': newKey('plan') },
    }),
    201,
    'planCartPay',
  );
  return { quote, order };
}

/** The billing job at a chosen clock, through the sandbox. */
export async function runBillingAt(server: TestServer, now: Date | string) {
  const response = await api(server.app, 'POST', '/api/sandbox/billing/run/', {
    body: { now: typeof now === 'string' ? now : now.toISOString() },
  });
  return bodyOf(response, 200, 'billing run');
}

/** The end of the period a paid plan change started (the contract allows none: a free plan has no period). */
export function periodEndOf(order: { subscription: { current_period_end: string | null } }): string {
  const end = order.subscription.current_period_end;
  if (end === null) throw new Error('a paid plan has a period end');
  return end;
}

/**
 * An invoice as a PDF, in the account's language or the one asked for. `id` is an order's `invoice_id`: null for a
 * change that cost nothing, which has no invoice to fetch.
 */
export function invoicePdf(server: TestServer, token: string, id: string | null, lang?: 'en' | 'el') {
  return api(server.app, 'GET', '/api/merchants/profile/billing_history/{id}/pdf/', {
    params: { id: String(id) },
    ...(lang ? { query: { lang } } : {}),
    token,
  });
}

export const plusMs = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms);
export const dayMs = 24 * 60 * 60 * 1000;

export async function merchantPlan(server: TestServer, merchantId: string): Promise<string> {
  const row = await server.db
    .selectFrom('merchants')
    .select('plan_id')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return row.plan_id;
}

export async function subscriptionTransfers(server: TestServer, accountId: string) {
  return server.db
    .selectFrom('transfers')
    .select(['id', 'amount_minor', 'status', 'reference', 'idempotency_key'])
    .where('debit_account_id', '=', accountId)
    .where('type', '=', 'subscription')
    .orderBy('created_at')
    .execute();
}

export async function invoicesOf(server: TestServer, merchantId: string) {
  return server.db
    .selectFrom('invoices')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('year')
    .orderBy('sequence')
    .execute();
}
