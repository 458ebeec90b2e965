import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountDeleteBody,
  AccountDeletion,
  CancellationQuestionsResponse,
  CancelPlanBody,
  CartIdParams,
  InvoiceParams,
  InvoicePdf,
  InvoicePdfQuery,
  InvoicesResponse,
  PlanCartBody,
  PlanOrderResult,
  PlanQuote,
  PlansResponse,
  Subscription,
} from '../../schemas/plans.schema';
import { StepUpHeaders, stepUpHeader } from '../../schemas/stepUp.schema';
import { IdempotencyHeaders } from '../../schemas/transactions.schema';
import { authOf } from '../auth/authenticate';
import { cancelPlan, questionsView, undoCancelPlan } from '../billing/cancellation';
import { planCartInitialize, planCartPay } from '../billing/cart';
import { accountDeletion, requestAccountDeletion, withdrawAccountDeletion } from '../billing/deletion';
import { invoiceDocument, listInvoices } from '../billing/invoices';
import { renderInvoicePdf } from '../billing/invoicePdf';
import { loadPlans, plansView, type BillingActor } from '../billing/subscriptions';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { deliverMessages } from '../notify/outbox';
import { errorResponses } from './apiErrors';
import { fileReply } from './fileReply';

/**
 * Plans, billing history and leaving (schemas/plans.schema.ts); the domain is server/billing/. Buying, cancelling and
 * the questionnaire are the plans area, billing history, invoices and account deletion the profile: SPEC §6 keeps both
 * from employees and viewers (schemas/permissions.ts), so in practice the owner.
 */
export const plansRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const plans = { tags: ['plans'], security: [{ bearerAuth: [] }] };
  const profile = { tags: ['profile'], security: [{ bearerAuth: [] }] };
  const actorOf = (request: FastifyRequest): BillingActor => {
    const auth = authOf(request);
    return { merchantId: auth.merchantId, userId: auth.userId };
  };
  const delivery = { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl };

  app.get(
    '/api/merchants/plans/',
    {
      schema: {
        ...plans,
        operationId: 'plans',
        summary:
          'Every plan with its monthly and yearly price (VAT included), the yearly saving, cashback rate, card prices ' +
          'and perks; the POS terminal add-on; the merchant’s subscription (plan, period, next billing date, a ' +
          'cancellation or downgrade waiting, a failed renewal’s next try).',
        response: { 200: PlansResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => plansView(db, actorOf(request).merchantId),
  );

  app.post(
    '/api/merchants/plans/cart/',
    {
      schema: {
        ...plans,
        operationId: 'planCartInitialize',
        summary:
          'Prices a change of plan or period (and the POS terminal) and keeps the quote 30 minutes; charges nothing. ' +
          'An upgrade (a dearer plan, or monthly → yearly) or a first paid plan starts a new period now, with the ' +
          'unused part of the running paid period credited pro rata by the second; a downgrade takes effect at the ' +
          'period’s end and charges nothing now but a POS terminal. 400 with `fields` for an unknown plan, a POS ' +
          'terminal without a shipping address (or an address without one), a terminal the plan does not offer or ' +
          'the merchant has already; 404 for an address_id not the merchant’s; 409 plan_unchanged.',
        body: PlanCartBody,
        response: { 201: PlanQuote, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const quote = await planCartInitialize(db, actorOf(request), request.body);
      return reply.status(201).send(quote);
    },
  );

  app.post(
    '/api/merchants/plans/cart/:id/pay/',
    {
      schema: {
        ...plans,
        operationId: 'planCartPay',
        summary:
          'Pays a quote in one transaction: the total from the merchant’s account through the ledger (a ' +
          '`subscription` transaction, status paid; nothing when the total is zero), the invoice, the new plan or the ' +
          'scheduled change. Idempotency-Key required: the same key answers the first result (header ' +
          'Idempotent-Replayed: true). 409 cart_paid (paid with another key), 409 conflict (key used on another ' +
          'order), 409 quote_changed (the subscription or a price changed since the quote), 410 cart_expired (after ' +
          '30 minutes), 422 insufficient_funds "Payment failed, possibly from insufficient balance; try again later."; ' +
          'on every refusal nothing changes. 404 for an order that is not the merchant’s.',
        headers: IdempotencyHeaders,
        params: CartIdParams,
        response: { 201: PlanOrderResult, ...errorResponses(400, 401, 403, 404, 409, 410, 422) },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await planCartPay(
        db,
        actorOf(request),
        request.params.id,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(order);
    },
  );

  app.post(
    '/api/merchants/plans/cancel/',
    {
      schema: {
        ...plans,
        operationId: 'cancelPlan',
        summary:
          'Cancels the paid plan with the questionnaire’s answers (kept): it stays until the current period’s end ' +
          '(`current_period_end`), then becomes Free; a downgrade that was waiting is dropped. With no running paid ' +
          'period (a renewal that lapsed) the plan becomes Free at once. 400 for answers that do not fit the ' +
          'questions; 409 subscription_state on Free or when cancelled already.',
        body: CancelPlanBody,
        response: { 200: Subscription, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => cancelPlan(db, actorOf(request), request.body),
  );

  app.post(
    '/api/merchants/plans/cancel/undo/',
    {
      schema: {
        ...plans,
        operationId: 'undoCancelPlan',
        summary:
          'Keeps a cancelled plan: possible until its period ends. 409 subscription_state when it is not cancelled ' +
          'or the period has ended.',
        response: { 200: Subscription, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => undoCancelPlan(db, actorOf(request)),
  );

  app.get(
    '/api/merchants/profile/cancellation_questions/',
    {
      schema: {
        ...plans,
        operationId: 'cancellationQuestions',
        summary:
          'The cancellation questionnaire: question ids and option ids the app translates ' +
          '(`cancellation.question.<id>`, `cancellation.option.<id>`), their type and whether they are required.',
        response: { 200: CancellationQuestionsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => questionsView(),
  );

  app.get(
    '/api/merchants/profile/billing_history/',
    {
      schema: {
        ...profile,
        operationId: 'billingHistory',
        summary:
          'Every invoice, newest first: plans bought and renewals, paid or failed, with the lines, the net amount, ' +
          'the VAT and the total.',
        response: { 200: InvoicesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listInvoices(db, actorOf(request).merchantId),
  );

  app.get(
    '/api/merchants/profile/billing_history/:id/pdf/',
    {
      schema: {
        ...profile,
        operationId: 'invoicePdf',
        summary:
          'The invoice as a PDF: the merchant’s details as invoiced (name, address, VAT number), number, date, ' +
          'status, lines, net amount, VAT line and total; in `lang` (en or el), else the user’s language. 404 for an ' +
          'invoice that is not the merchant’s.',
        params: InvoiceParams,
        querystring: InvoicePdfQuery,
        response: { 200: InvoicePdf, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const invoice = await invoiceDocument(db, actor.merchantId, request.params.id);
      let locale = request.query.lang;
      if (!locale) {
        const user = await db
          .selectFrom('users')
          .select('locale')
          .where('id', '=', actor.userId)
          .executeTakeFirstOrThrow();
        locale = user.locale === 'el' ? 'el' : 'en';
      }
      const names = new Map([...(await loadPlans(db)).values()].map((plan) => [plan.id, plan.name]));
      const pdf = await renderInvoicePdf(invoice, locale, names);
      return fileReply(reply, {
        contentType: 'application/pdf',
        disposition: { as: 'inline', fileName: `${invoice.number}.pdf`, encoding: 'quoted' },
      }).send(pdf);
    },
  );

  app.get(
    '/api/merchants/accounts/delete_request/',
    {
      schema: {
        ...profile,
        operationId: 'accountDeletion',
        summary:
          'The scheduled account deletion, with what blocks it now (money left, a pending payment, a card not ' +
          'destroyed, a paid plan not cancelled); 404 when none is scheduled.',
        response: { 200: AccountDeletion, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => accountDeletion(db, actorOf(request).merchantId),
  );

  app.post(
    '/api/merchants/accounts/delete_request/',
    {
      schema: {
        ...profile,
        operationId: 'accountDeleteRequest',
        summary:
          'Asks to delete the account, spending a fresh step-up grant for `account_deletion` (X-Step-Up-Token; ' +
          'missing, used or another purpose’s: 403 step_up_required). Effective at the end of the running paid ' +
          'period (now on Free); a representative follows up (a task); money left is paid out to `payout_iban`. The ' +
          'answer lists what must be settled first; the billing job completes it only then. 400 for an IBAN that is ' +
          'not valid or is one of the merchant’s own; 409 deletion_state when one is scheduled already.',
        headers: StepUpHeaders,
        body: AccountDeleteBody,
        response: { 201: AccountDeletion, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { deletion, outboxIds } = await requestAccountDeletion(
        db,
        actorOf(request),
        request.body,
        request.headers[stepUpHeader],
      );
      void deliverMessages(db, outboxIds, delivery, request.log).catch((error: unknown) =>
        request.log.warn({ err: error }, 'outbox delivery failed'),
      );
      return reply.status(201).send(deletion);
    },
  );

  app.delete(
    '/api/merchants/accounts/delete_request/',
    {
      schema: {
        ...profile,
        operationId: 'withdrawAccountDeletion',
        summary:
          'Withdraws the scheduled account deletion (possible until it completes); 404 when none is scheduled.',
        response: { 200: AccountDeletion, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => withdrawAccountDeletion(db, actorOf(request)),
  );
};
