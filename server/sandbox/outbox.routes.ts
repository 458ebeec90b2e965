import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxQuery, OutboxResponse } from '../../schemas/overview.schema';
import type { Database } from '../db/database';
import { listOutbox } from '../notify/outbox';
import { errorResponses } from '../routes/apiErrors';

/** Test rails: registered only outside production (app.ts), so production has no such route at all. */
export const sandboxOutboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/sandbox/outbox/',
    {
      schema: {
        operationId: 'sandboxOutbox',
        tags: ['sandbox'],
        summary: 'Messages sent to one address, newest first (never in production).',
        querystring: OutboxQuery,
        response: { 200: OutboxResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      // Emails are stored lower-cased; phone numbers have no letters, so lower-casing suits both.
      const rows = await listOutbox(db, request.query.to.trim().toLowerCase());
      return {
        messages: rows.map((row) => ({
          id: row.id,
          to: row.to_address,
          channel: row.channel,
          subject: row.subject,
          body: row.body,
          created_at: row.created_at.toISOString(),
        })),
      };
    },
  );
};
