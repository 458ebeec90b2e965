import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateScheduledPaymentBody,
  ScheduledPayment,
  ScheduledPaymentIdParams,
  ScheduledPaymentsList,
} from '../../schemas/scheduledPayments.schema';
import { stepUpHeader } from '../../schemas/stepUp.schema';
import { IdempotencyHeaders } from '../../schemas/transactions.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  cancelScheduledPayment,
  createScheduledPayment,
  getScheduledPayment,
  listScheduledPayments,
} from '../payments/scheduledPayments';
import { paymentSettings, type PaymentSettings } from '../payments/settings';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';

/**
 * A create whose answer was lost is retried with the same key (required, as for send money); from the send-money
 * threshold on, a new schedule also needs a step-up grant for `send_money` (ADR 006).
 */
const CreateHeaders = IdempotencyHeaders.extend({ [stepUpHeader]: z.string().min(1).max(200).optional() });

/**
 * Scheduled and recurring payments (schemas/scheduledPayments.schema.ts); the domain and the job are
 * server/payments/scheduledPayments.ts. Creating and cancelling need the send-money area (viewers may not), reading
 * the scheduled-payments area.
 */
export const scheduledPaymentsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  payments?: PaymentSettings;
}> = async (app, { db, payments }) => {
  const settings = payments ?? paymentSettings();
  const secured = { tags: ['scheduled payments'], security: [{ bearerAuth: [] }] };

  app.post(
    '/api/merchants/scheduled_payments/',
    {
      schema: {
        ...secured,
        operationId: 'createScheduledPayment',
        summary:
          'Schedule a payment to a wallet tag, once or repeating (daily, weekly, monthly, yearly) from a start date ' +
          '(today or later, UTC) up to an optional end date. Monthly on the 31st runs on the last day of shorter ' +
          'months. Moves no money now; the scheduled-payments job pays each occurrence. Idempotency-Key required: ' +
          'the same key and body answer the first result (header Idempotent-Replayed: true), another body 409.',
        headers: CreateHeaders,
        body: CreateScheduledPaymentBody,
        response: { 201: ScheduledPayment, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { result, replayed } = await createScheduledPayment(
        db,
        { merchantId: auth.merchantId, userId: auth.userId, origin: originOf(request) },
        request.body,
        request.headers['idempotency-key'],
        new Date(),
        { stepUpToken: request.headers[stepUpHeader], settings },
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/merchants/scheduled_payments/',
    {
      schema: {
        ...secured,
        operationId: 'scheduledPayments',
        summary: "The merchant's scheduled payments: status, next run date and how many runs so far.",
        response: { 200: ScheduledPaymentsList, ...errorResponses(401, 403) },
      },
    },
    async (request) => listScheduledPayments(db, authOf(request).merchantId),
  );

  app.get(
    '/api/merchants/scheduled_payments/:id/',
    {
      schema: {
        ...secured,
        operationId: 'scheduledPayment',
        summary: 'One scheduled payment with its runs (occurrence date, outcome, transfer id).',
        params: ScheduledPaymentIdParams,
        response: { 200: ScheduledPayment, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getScheduledPayment(db, authOf(request).merchantId, request.params.id),
  );

  app.post(
    '/api/merchants/scheduled_payments/:id/cancel/',
    {
      schema: {
        ...secured,
        operationId: 'cancelScheduledPayment',
        summary: 'Cancel an active scheduled payment: no further runs. 409 if it has already ended.',
        params: ScheduledPaymentIdParams,
        response: { 200: ScheduledPayment, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return cancelScheduledPayment(
        db,
        { merchantId: auth.merchantId, userId: auth.userId, origin: originOf(request) },
        request.params.id,
      );
    },
  );
};
