import { expect } from 'vitest';
import type { PlanCartBody } from '../../schemas/plans.schema';
import { call, type TestServer } from './harness';
import { newKey } from './money';

/** Shared by the plans, billing and account-deletion tests: the plan endpoints through the real API. */

export const plansUrl = '/api/merchants/plans/';
export const planCartUrl = '/api/merchants/plans/cart/';
export const planPayUrl = (id: string) => `/api/merchants/plans/cart/${id}/pay/`;
export const cancelUrl = '/api/merchants/plans/cancel/';
export const undoCancelUrl = '/api/merchants/plans/cancel/undo/';
export const questionsUrl = '/api/merchants/profile/cancellation_questions/';
export const billingHistoryUrl = '/api/merchants/profile/billing_history/';
export const invoicePdfUrl = (id: string, lang?: string) =>
  `/api/merchants/profile/billing_history/${id}/pdf/${lang ? `?lang=${lang}` : ''}`;
export const deleteRequestUrl = '/api/merchants/accounts/delete_request/';
export const billingRunUrl = '/api/sandbox/billing/run/';
export const tasksUrl = '/api/sandbox/representative_tasks/';

export const insufficientMessage = 'Payment failed, possibly from insufficient balance; try again later.';
export const validAnswers = { answers: [{ question_id: 'reason', options: ['too_expensive'] }] };

/** Prices and pays a plan change; fails the test unless both succeed. */
export async function buyPlan(server: TestServer, token: string, body: PlanCartBody) {
  const quote = await call(server.app, 'POST', planCartUrl, { token, body });
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);
  const paid = await call(server.app, 'POST', planPayUrl(quote.body.id), {
    token,
    headers: { 'idempotency-key': newKey('plan') },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return { quote: quote.body, order: paid.body };
}

/** The billing job at a chosen clock, through the sandbox. */
export async function runBillingAt(server: TestServer, now: Date | string) {
  const response = await call(server.app, 'POST', billingRunUrl, {
    body: { now: typeof now === 'string' ? now : now.toISOString() },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as {
    renewed: number;
    renewal_failed: number;
    downgraded: number;
    changed: number;
    deletions_completed: number;
    deletions_blocked: number;
  };
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
