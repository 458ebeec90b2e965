import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CampaignDecisionBody,
  CampaignParams,
  CampaignReviewItem,
  CampaignReviewList,
} from '../../schemas/advertising.schema';
import { campaignForReview, campaignReviewQueue, decideCampaign } from '../advertising/campaignReview';
import type { Database } from '../db/database';
import { staffOf } from '../staff/authenticateStaff';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';

/**
 * The back office's review of advertising campaigns (staff area `campaigns`, schemas/advertising.schema.ts); the
 * domain is server/advertising/campaignReview.ts. Authentication and the role check come from the operation guard.
 */
export const campaignReviewRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const secured = { tags: ['back office'], security: [{ staffBearer: [] }] };

  app.get(
    '/api/back-office/campaigns/',
    {
      schema: {
        ...secured,
        operationId: 'campaignReviews',
        summary:
          'The campaigns waiting for the bank’s decision, oldest first, each with its merchant, plan, placements, ' +
          'headline, link, dates and price; and the latest decided, newest decision first.',
        response: { 200: CampaignReviewList, ...errorResponses(401, 403) },
      },
    },
    async () => campaignReviewQueue(db),
  );

  app.get(
    '/api/back-office/campaigns/:id/',
    {
      schema: {
        ...secured,
        operationId: 'campaignReview',
        summary: 'One campaign as the reviewer sees it; 404 for no such campaign.',
        params: CampaignParams,
        response: { 200: CampaignReviewItem, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => campaignForReview(db, request.params.id),
  );

  app.post(
    '/api/back-office/campaigns/:id/decision/',
    {
      schema: {
        ...secured,
        operationId: 'decideCampaignReview',
        summary:
          'Approve (the campaign runs from its start date) or reject with a `reason` the merchant reads (its price ' +
          'refunded in full through the ledger), in one transaction with the merchant’s notification and the audit ' +
          'entry. 400 without a reason to reject; 409 for a campaign already decided; nothing changes on a refusal.',
        params: CampaignParams,
        body: CampaignDecisionBody,
        response: { 200: CampaignReviewItem, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      decideCampaign(
        db,
        request.params.id,
        request.body,
        { staffId: staffOf(request).staffId },
        originOf(request),
      ),
  );
};
