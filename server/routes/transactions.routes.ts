import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Transaction,
  TransactionIdParams,
  TransactionsPage,
  TransactionsQuery,
} from '../../schemas/transactions.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { getTransaction, listTransactions, transactionScopeOf } from '../transactions';
import { errorResponses } from './apiErrors';

/** The merchant's transactions (schemas/transactions.schema.ts). */
export const transactionsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db },
) => {
  const secured = { tags: ['transactions'], security: [{ bearerAuth: [] }] };

  app.get(
    '/api/merchants/transactions/',
    {
      schema: {
        ...secured,
        operationId: 'transactions',
        summary:
          'Transactions newest first, filtered, a page at a time (`next_cursor`). An employee whose access level is ' +
          '`own` sees only the payments of the cards assigned to them.',
        querystring: TransactionsQuery,
        response: { 200: TransactionsPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return listTransactions(db, auth.merchantId, request.query, transactionScopeOf(auth));
    },
  );

  app.get(
    '/api/merchants/transactions/:id/',
    {
      schema: {
        ...secured,
        operationId: 'transaction',
        summary: "One transaction with both currencies, fee, total and rate; another merchant's is a 404.",
        params: TransactionIdParams,
        response: { 200: Transaction, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return getTransaction(db, auth.merchantId, request.params.id, transactionScopeOf(auth));
    },
  );
};
