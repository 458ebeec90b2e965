import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditTrailCsv,
  AuditTrailExportQuery,
  AuditTrailPage,
  AuditTrailQuery,
} from '../../schemas/auditTrail.schema';
import { authOf } from '../auth/authenticate';
import { exportAuditTrail, readAuditTrail } from '../audit/readAuditTrail';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from './apiErrors';
import { fileReply } from './fileReply';

/** The company's audit trail for its owner (schemas/auditTrail.schema.ts); the area check is at registration. */
export const auditTrailRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db },
) => {
  const secured = { tags: ['audit'], security: [{ bearerAuth: [] }] };

  app.get(
    '/api/merchants/audit-trail/',
    {
      schema: {
        ...secured,
        operationId: 'auditTrail',
        summary:
          'The company’s audit trail newest first (sign-ins and their failures, password and second-factor ' +
          'changes…), filtered by action, dates and the user who acted, a page at a time (`next_cursor`). Owner only.',
        querystring: AuditTrailQuery,
        response: { 200: AuditTrailPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => readAuditTrail(db, authOf(request).merchantId, request.query),
  );

  app.get(
    '/api/merchants/audit-trail/export/',
    {
      schema: {
        ...secured,
        operationId: 'exportAuditTrail',
        summary:
          'The filtered audit trail as a CSV attachment (when, who, email, action, subject, details, ip, device), ' +
          'newest first. X-Audit-Rows gives the row count. Owner only.',
        querystring: AuditTrailExportQuery,
        response: { 200: AuditTrailCsv, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const file = await exportAuditTrail(db, authOf(request).merchantId, request.query);
      const body = Buffer.from(file.body, 'utf8');
      return fileReply(reply, {
        contentType: 'text/csv; charset=utf-8',
        disposition: { as: 'attachment', fileName: file.fileName, encoding: 'quoted' },
      })
        .header('x-audit-rows', String(file.rows))
        .header('content-length', String(body.length))
        .send(body);
    },
  );
};
