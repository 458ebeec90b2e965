import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BillingRunBody,
  BillingRunResult,
  RepresentativeTasksQuery,
  RepresentativeTasksResponse,
} from '../../schemas/plans.schema';
import { runBilling } from '../billing/renewals';
import { listRepresentativeTasks } from '../billing/tasks';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { deliverMessages } from '../notify/outbox';
import { errorResponses } from '../routes/apiErrors';

/** Sandbox control of the billing job and the representative's tasks (never in production, app.ts). */
export const sandboxBillingRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const delivery = { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl };

  app.post(
    '/api/sandbox/billing/run/',
    {
      schema: {
        operationId: 'sandboxRunBilling',
        tags: ['sandbox'],
        summary:
          'Runs the billing job now (never in production), optionally at another clock (`now`): every period that ' +
          'ended by then is renewed (or moved to Free when cancelled, or changed when a downgrade waits), every due ' +
          'retry of a failed renewal tried again, every due account deletion completed when nothing blocks it. ' +
          'Running it again at the same clock charges nothing twice.',
        body: BillingRunBody,
        response: { 200: BillingRunResult, ...errorResponses(400) },
      },
    },
    async (request) =>
      runBilling(db, request.body.now ? new Date(request.body.now) : new Date(), {
        onMessages: (ids) =>
          void deliverMessages(db, ids, delivery, request.log).catch((error: unknown) =>
            request.log.warn({ err: error }, 'outbox delivery failed'),
          ),
      }),
  );

  app.get(
    '/api/sandbox/representative_tasks/',
    {
      schema: {
        operationId: 'sandboxRepresentativeTasks',
        tags: ['sandbox'],
        summary:
          'The follow-ups for the bank’s representative (never in production), newest first: today account ' +
          'deletions, with the payout IBAN, the date, what blocks them and, once done, the outcome.',
        querystring: RepresentativeTasksQuery,
        response: { 200: RepresentativeTasksResponse, ...errorResponses(400) },
      },
    },
    async (request) =>
      listRepresentativeTasks(db, { merchantId: request.query.merchant_id, status: request.query.status }),
  );
};
