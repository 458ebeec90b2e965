import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OnboardingState, ReviewBody, ReviewParams } from '../../schemas/onboarding.schema';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { deliverMessages } from '../notify/outbox';
import { onboardingState } from '../onboarding/onboarding';
import { reviewMerchant } from '../onboarding/review';
import { errorResponses } from '../routes/apiErrors';

/**
 * Test rail standing in for the bank's review desk: registered only outside production (app.ts). `npm run review`
 * does the same through the same domain function. It acts as one sandbox reviewer and bypasses the back office's
 * rules (server/review/merchantReview.ts): one approval opens even a flagged merchant (no four-eyes), and identity
 * photos still awaiting a person are confirmed on the way. Production decides in the back office only.
 */
export const sandboxReviewRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.post(
    '/api/sandbox/reviews/:merchant_id/',
    {
      schema: {
        operationId: 'sandboxReview',
        tags: ['sandbox'],
        summary: 'Approve or reject a merchant in review (never in production).',
        params: ReviewParams,
        body: ReviewBody,
        response: { 200: OnboardingState, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const outcome = await reviewMerchant(db, request.params.merchant_id, request.body, 'sandbox');
      void deliverMessages(
        db,
        outcome.outboxIds,
        { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl },
        request.log,
      ).catch((error: unknown) => request.log.warn({ err: error }, 'outbox delivery failed'));
      return onboardingState(db, outcome.merchantId);
    },
  );
};
