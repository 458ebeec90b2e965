import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Transaction,
  TransactionIdParams,
  TransactionProofPdf,
  TransactionProofQuery,
  TransactionsPage,
  TransactionsQuery,
} from '../../schemas/transactions.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { getTransaction, listTransactions, transactionScopeOf } from '../transactions';
import { proofOfPayment, renderProofPdf } from '../proofOfPayment';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';
import { fileReply } from './fileReply';

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

  app.get(
    '/api/merchants/transactions/:id/proof/',
    {
      schema: {
        ...secured,
        operationId: 'transactionProof',
        summary:
          'The proof of payment of an outgoing payment as a one-page PDF attachment: payer, payee with IBAN or wallet ' +
          'tag, amount, fee, total, date and time, reference, status and the transaction id, in `lang` (en or el), ' +
          'else the caller’s language. Read as the transaction detail is; an incoming transaction, one that moved no ' +
          'money (declined, failed, cancelled, expired) and another merchant’s are 404.',
        params: TransactionIdParams,
        querystring: TransactionProofQuery,
        response: { 200: TransactionProofPdf, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const proof = await proofOfPayment(
        db,
        { merchantId: auth.merchantId, userId: auth.userId, origin: originOf(request) },
        request.params.id,
        transactionScopeOf(auth),
      );
      let locale = request.query.lang;
      if (!locale) {
        const user = await db
          .selectFrom('users')
          .select('locale')
          .where('id', '=', auth.userId)
          .executeTakeFirstOrThrow();
        locale = user.locale === 'el' ? 'el' : 'en';
      }
      const pdf = await renderProofPdf(proof, locale);
      return fileReply(reply, {
        contentType: 'application/pdf',
        disposition: { as: 'attachment', fileName: proof.fileName, encoding: 'quoted' },
      })
        .header('content-length', String(pdf.length))
        .send(pdf);
    },
  );
};
