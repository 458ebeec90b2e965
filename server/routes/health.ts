import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LiveResponse, ReadyResponse } from '../../schemas/health.schema';
import { databaseRetryAfterSeconds } from '../db/connectionErrors';
import type { Database } from '../db/database';
import { listMigrations } from '../db/migrate';
import { AppError } from '../errors';
import { errorResponses } from './apiErrors';

/**
 * For process supervisors and load balancers: `live` says the process answers (restart it when it does not);
 * `ready` says it can serve (send it traffic), which needs the database and this build's migrations. Neither is cached.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/health/live',
    {
      schema: {
        operationId: 'healthLive',
        tags: ['public'],
        summary: 'The process is up. Never touches the database.',
        response: { 200: LiveResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        operationId: 'healthReady',
        tags: ['public'],
        summary:
          'The database answers and every migration is applied; 503 service_unavailable with Retry-After otherwise.',
        response: { 200: ReadyResponse, ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const expected = listMigrations().map((migration) => migration.name);
      // A connection failure here is answered 503 by the error handler (server/db/connectionErrors.ts).
      const table = await sql<{ found: boolean }>`
        SELECT to_regclass('schema_migrations') IS NOT NULL AS found
      `.execute(db);
      const { rows } = table.rows[0]?.found
        ? await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db)
        : { rows: [] };
      const applied = new Set(rows.map((row) => row.name));
      const pending = expected.filter((name) => !applied.has(name));
      if (pending.length > 0) {
        throw new AppError('service_unavailable', 503, 'The database is not migrated yet.', {
          retryAfter: databaseRetryAfterSeconds,
          details: { pending_migrations: pending.length },
        });
      }
      return { status: 'ready' as const, migrations: expected.length };
    },
  );
};
