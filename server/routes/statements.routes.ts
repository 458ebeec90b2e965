import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StatementExportQuery, StatementFile } from '../../schemas/statements.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { exportStatement } from '../statements/export';
import { errorResponses } from './apiErrors';

/** Statements: the filtered transaction list as a file (schemas/statements.schema.ts). */
export const statementsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db },
) => {
  app.get(
    '/api/merchants/transactions/export/',
    {
      schema: {
        tags: ['transactions'],
        security: [{ bearerAuth: [] }],
        operationId: 'exportTransactions',
        summary:
          'The filtered transactions of one account as a CSV or a paginated PDF statement with opening and closing balances; streamed, as an attachment. Over 100 000 transactions: 422.',
        querystring: StatementExportQuery,
        response: { 200: StatementFile, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const file = await exportStatement(db, authOf(request).merchantId, request.query);
      file.stream.on('error', (error) => request.log.error({ err: error }, 'statement export failed'));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-statement-rows', String(file.rows))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
