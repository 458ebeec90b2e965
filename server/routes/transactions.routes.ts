import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Transaction,
  TransactionIdParams,
  TransactionsPage,
  TransactionsQuery,
} from '../../schemas/transactions.schema';
import { authenticate, authOf, requireApprovedMerchant, requireArea } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { getTransaction, listTransactions } from '../transactions';
import { errorResponses } from './apiErrors';

/** The merchant's transactions (schemas/transactions.schema.ts). */
export const transactionsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const guarded = {
    onRequest: [
      authenticate(db, config.secrets.jwtSecret),
      requireArea('transactions'),
      requireApprovedMerchant(db),
    ],
  };
  const secured = { tags: ['transactions'], security: [{ bearerAuth: [] }] };

  app.get(
    '/api/merchants/transactions/',
    {
      ...guarded,
      schema: {
        ...secured,
        operationId: 'transactions',
        summary: 'Transactions newest first, filtered, a page at a time (`next_cursor`).',
        querystring: TransactionsQuery,
        response: { 200: TransactionsPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listTransactions(db, authOf(request).merchantId, request.query),
  );

  app.get(
    '/api/merchants/transactions/:id/',
    {
      ...guarded,
      schema: {
        ...secured,
        operationId: 'transaction',
        summary: "One transaction with both currencies, fee, total and rate; another merchant's is a 404.",
        params: TransactionIdParams,
        response: { 200: Transaction, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getTransaction(db, authOf(request).merchantId, request.params.id),
  );
};
