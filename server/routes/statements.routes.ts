import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MonthlyStatementQuery, StatementExportQuery, StatementFile } from '../../schemas/statements.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  bufferedIfSmall,
  exportMonthlyStatement,
  exportStatement,
  type StatementExport,
} from '../statements/export';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';
import { fileReply } from './fileReply';

/** Statements: the filtered transaction list, or a calendar month, as a file (schemas/statements.schema.ts). */
export const statementsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db },
) => {
  const exporterOf = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { merchantId: auth.merchantId, userId: auth.userId, origin: originOf(request) };
  };
  const send = async (request: FastifyRequest, reply: FastifyReply, file: StatementExport) => {
    file.stream.on('error', (error) => request.log.error({ err: error }, 'statement export failed'));
    const body = await bufferedIfSmall(file);
    fileReply(reply, {
      contentType: file.contentType,
      disposition: { as: 'attachment', fileName: file.fileName, encoding: 'quoted' },
    }).header('x-statement-rows', String(file.rows));
    if (Buffer.isBuffer(body)) reply.header('content-length', String(body.length));
    return reply.send(body);
  };

  app.get(
    '/api/merchants/transactions/export/',
    {
      schema: {
        tags: ['transactions'],
        security: [{ bearerAuth: [] }],
        operationId: 'exportTransactions',
        summary:
          'The filtered transactions of one account as CSV, Excel (xlsx) or a paginated PDF statement with the ' +
          'holder’s details and opening and closing balances, as an attachment. X-Statement-Rows gives the row ' +
          'count; up to 2000 rows the file carries a Content-Length, larger ones stream chunked. Over 100 000 ' +
          'transactions: 422.',
        querystring: StatementExportQuery,
        response: { 200: StatementFile, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      send(request, reply, await exportStatement(db, exporterOf(request), request.query)),
  );

  app.get(
    '/api/merchants/statements/monthly/',
    {
      schema: {
        tags: ['transactions'],
        security: [{ bearerAuth: [] }],
        operationId: 'monthlyStatement',
        summary:
          'The statement of one account for one Europe/Athens calendar month (`month` YYYY-MM; the current month up ' +
          'to now) as CSV, Excel (xlsx) or PDF, dates in Greek time, with the holder’s details and the opening and ' +
          'closing balances. Headers as exportTransactions. 400 for a future month; 404 "No data found for this ' +
          'currency." for an account the merchant does not hold.',
        querystring: MonthlyStatementQuery,
        response: { 200: StatementFile, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      send(request, reply, await exportMonthlyStatement(db, exporterOf(request), request.query)),
  );
};
