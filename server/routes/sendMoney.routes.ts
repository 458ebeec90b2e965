import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AmountVerification,
  AmountVerificationQuery,
  ContactSearchQuery,
  contactSearchesPerMinute,
  ContactSearchResponse,
  PredefinedAmounts,
  PredefinedAmountsQuery,
  SendMoneyBody,
  TransferQuote,
  TransferQuoteQuery,
} from '../../schemas/sendMoney.schema';
import { stepUpHeader } from '../../schemas/stepUp.schema';
import { Transaction } from '../../schemas/transactions.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  amountRequiresVerification,
  predefinedSendAmounts,
  searchContacts,
  sendMoney,
  transferQuote,
} from '../payments/sendMoney';
import { paymentSettings, type PaymentSettings } from '../payments/settings';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';

/** Contact searches one user may make per minute (the constant lives with the schemas, which the QA plan reads). */
export { contactSearchesPerMinute };

const perUser = (request: FastifyRequest) => request.auth?.userId ?? request.ip;

/** Money-moving POST: the key is required; the grant only when the amount or the rail needs a code. */
const SendMoneyHeaders = z.object({
  'idempotency-key': z.string().min(1).max(200),
  [stepUpHeader]: z.string().min(1).max(200).optional(),
});

/** Send money (schemas/sendMoney.schema.ts); the domain is server/payments/sendMoney.ts. */
export const sendMoneyRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  payments?: PaymentSettings;
}> = async (app, { db, payments }) => {
  const settings = payments ?? paymentSettings();
  const secured = { tags: ['send money'], security: [{ bearerAuth: [] }] };
  const payerOf = (request: FastifyRequest) => {
    const auth = authOf(request);
    return {
      merchantId: auth.merchantId,
      userId: auth.userId,
      name: { first: auth.firstName, last: auth.lastName },
    };
  };

  app.post(
    '/api/merchants/send_money/',
    {
      schema: {
        ...secured,
        operationId: 'sendMoney',
        summary:
          'Send money to a wallet tag or an IBAN. Idempotency-Key required: the same key and body answer the first ' +
          'result (header Idempotent-Replayed: true), another body 409. A payment to an IBAN needs a name check ' +
          '(`payee_check_id`, and `proceed_anyway` unless it matched); when amountRequiresVerification says so, a ' +
          'step-up grant for `send_money` in X-Step-Up-Token (403 step_up_required otherwise).',
        headers: SendMoneyHeaders,
        body: SendMoneyBody,
        response: { 201: Transaction, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { transaction, replayed } = await sendMoney(db, payerOf(request), {
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        stepUpToken: request.headers[stepUpHeader],
        settings,
        origin: originOf(request),
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(transaction);
    },
  );

  app.get(
    '/api/merchants/amount_requires_verification/',
    {
      schema: {
        ...secured,
        operationId: 'amountRequiresVerification',
        summary:
          'Whether a payment of this amount needs a one-time code (always to an IBAN; to a wallet tag from the ' +
          'threshold on). The server decides again when the payment is made.',
        querystring: AmountVerificationQuery,
        response: { 200: AmountVerification, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => amountRequiresVerification(db, authOf(request).merchantId, request.query, settings),
  );

  app.get(
    '/api/merchants/predefined_send_amounts/',
    {
      schema: {
        ...secured,
        operationId: 'predefinedSendAmount',
        summary: 'Suggested amounts for the amount step, per currency (or for one account type).',
        querystring: PredefinedAmountsQuery,
        response: { 200: PredefinedAmounts, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => predefinedSendAmounts(request.query.account_type),
  );

  app.get(
    '/api/merchants/contacts/search/',
    {
      config: {
        rateLimit: {
          max: contactSearchesPerMinute,
          timeWindow: 60_000,
          hook: 'onRequest',
          keyGenerator: perUser,
        },
      },
      schema: {
        ...secured,
        operationId: 'searchContacts',
        summary:
          'One ranked search for a recipient: approved merchants by wallet tag prefix or a word of their business ' +
          "name, the merchant's saved beneficiaries and recent payees, or a whole IBAN (valid, and whether it is this " +
          "bank's; never the holder's name). Never oneself. Rate limited per user.",
        querystring: ContactSearchQuery,
        response: { 200: ContactSearchResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({ items: await searchContacts(db, authOf(request).merchantId, request.query.q) }),
  );

  app.get(
    '/api/merchants/transfer_quote/',
    {
      schema: {
        ...secured,
        operationId: 'transferConfirmation',
        summary:
          'Before confirming: amount, fee, total, exchange rate and credited amount of a payment, the figures the ' +
          'payment then records, and whether it needs a one-time code.',
        querystring: TransferQuoteQuery,
        response: { 200: TransferQuote, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => transferQuote(db, payerOf(request), request.query, settings),
  );
};
