import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeaders, IncomingTransferBody, Transaction } from '../../schemas/transactions.schema';
import type { Database } from '../db/database';
import { errorResponses } from '../routes/apiErrors';
import { receiveIncomingTransfer } from '../transactions';

/**
 * Test rail standing in for other banks sending money in (docs/engineering.md "Sandbox rails"): registered only outside
 * production (app.ts).
 */
export const sandboxTransferRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/sandbox/incoming-transfers/',
    {
      schema: {
        operationId: 'sandboxIncomingTransfer',
        tags: ['sandbox'],
        summary:
          'A bank transfer from outside credited to the account with this IBAN (never in production). The same ' +
          'Idempotency-Key and body answer the first result again (header Idempotent-Replayed: true); another body, 409.',
        headers: IdempotencyHeaders,
        body: IncomingTransferBody,
        response: { 201: Transaction, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { transaction, replayed } = await receiveIncomingTransfer(
        db,
        request.body,
        request.headers['idempotency-key'],
      );
      // A replay answers the first result, marked as such (docs/engineering.md "API conventions").
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(transaction);
    },
  );
};
