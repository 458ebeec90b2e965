import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ScheduledPaymentsRunBody, ScheduledPaymentsRunResult } from '../../schemas/scheduledPayments.schema';
import type { Database } from '../db/database';
import { runDueScheduledPayments } from '../payments/scheduledPayments';
import { errorResponses } from '../routes/apiErrors';

/** Sandbox control of the scheduled-payments job (never in production, app.ts): run it now, at a chosen clock. */
export const sandboxScheduledPaymentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.post(
    '/api/sandbox/scheduled_payments/run/',
    {
      schema: {
        operationId: 'sandboxRunScheduledPayments',
        tags: ['sandbox'],
        summary:
          'Runs the scheduled-payments job now (never in production), optionally at another clock (`now`): every ' +
          'occurrence due by that date is paid once, or recorded as failed when the balance does not cover it.',
        body: ScheduledPaymentsRunBody,
        response: { 200: ScheduledPaymentsRunResult, ...errorResponses(400) },
      },
    },
    async (request) =>
      runDueScheduledPayments(db, request.body.now ? new Date(request.body.now) : new Date()),
  );
};
