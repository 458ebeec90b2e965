import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MoneyRequest,
  MoneyRequestBody,
  MoneyRequestParams,
  MoneyRequestsQuery,
  MoneyRequestsResponse,
} from '../../schemas/moneyRequests.schema';
import { stepUpHeader } from '../../schemas/stepUp.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  acceptMoneyRequest,
  declineMoneyRequest,
  listMoneyRequests,
  requestMoney,
} from '../payments/moneyRequests';
import { paymentSettings, type PaymentSettings } from '../payments/settings';
import { errorResponses } from './apiErrors';

const RequestMoneyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200) });
/** The grant only when the amount is at or above the send-money threshold. */
const AcceptHeaders = z.object({ [stepUpHeader]: z.string().min(1).max(200).optional() });

/** Request money (schemas/moneyRequests.schema.ts); the domain is server/payments/moneyRequests.ts. */
export const moneyRequestsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  payments?: PaymentSettings;
}> = async (app, { db, payments }) => {
  const settings = payments ?? paymentSettings();
  const secured = { tags: ['request money'], security: [{ bearerAuth: [] }] };
  const actorOf = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { merchantId: auth.merchantId, userId: auth.userId };
  };

  app.post(
    '/api/merchants/request_money/',
    {
      schema: {
        ...secured,
        operationId: 'requestMoney',
        summary:
          'Ask another approved merchant (by wallet tag) for an amount in one of your account currencies. ' +
          'Idempotency-Key required: the same key and body answer the first result (header Idempotent-Replayed: ' +
          'true), another body 409.',
        headers: RequestMoneyHeaders,
        body: MoneyRequestBody,
        response: { 201: MoneyRequest, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { request: created, replayed } = await requestMoney(
        db,
        actorOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/merchants/received_requests/',
    {
      schema: {
        ...secured,
        operationId: 'receivedRequests',
        summary: 'Requests other merchants sent to this one, newest first; `status` keeps one status.',
        querystring: MoneyRequestsQuery,
        response: { 200: MoneyRequestsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMoneyRequests(db, authOf(request).merchantId, 'received', request.query),
  );

  app.get(
    '/api/merchants/sent_requests/',
    {
      schema: {
        ...secured,
        operationId: 'sentRequests',
        summary: 'Requests this merchant sent, newest first; `status` keeps one status.',
        querystring: MoneyRequestsQuery,
        response: { 200: MoneyRequestsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMoneyRequests(db, authOf(request).merchantId, 'sent', request.query),
  );

  app.post(
    '/api/merchants/received_requests/:id/accept/',
    {
      schema: {
        ...secured,
        operationId: 'acceptMoneyRequest',
        summary:
          "Pays a pending request from this merchant's account of its currency and marks it accepted, in one " +
          'transaction: paid at most once (another accept 409). From the send-money threshold on, a step-up grant ' +
          'for `send_money` in X-Step-Up-Token (403 step_up_required otherwise). Insufficient funds 422, the ' +
          "request stays pending. 404 for a request that is not this merchant's to pay.",
        headers: AcceptHeaders,
        params: MoneyRequestParams,
        response: { 200: MoneyRequest, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      acceptMoneyRequest(db, actorOf(request), request.params.id, {
        stepUpToken: request.headers[stepUpHeader],
        settings,
      }),
  );

  app.post(
    '/api/merchants/received_requests/:id/decline/',
    {
      schema: {
        ...secured,
        operationId: 'declineMoneyRequest',
        summary:
          "Declines a pending request (another decision 409; 404 for a request that is not this merchant's to pay).",
        params: MoneyRequestParams,
        response: { 200: MoneyRequest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => declineMoneyRequest(db, actorOf(request), request.params.id),
  );
};
