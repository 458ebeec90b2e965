import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdvertisingRunBody,
  AdvertisingRunResult,
  CampaignParams,
  SandboxImpressionsBody,
  SandboxImpressionsResult,
} from '../../schemas/advertising.schema';
import { countSandboxImpressions, runAdvertisingMessages } from '../advertising/delivery';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from '../routes/apiErrors';

/**
 * Sandbox controls of advertising (never in production, app.ts): run the job of the newsletter and push placements,
 * and stand for other viewers of a campaign, so that reaching its reach (5,000 and more) can be shown and tested.
 */
export const sandboxAdvertisingRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const links = { appUrl: config.appUrl, jwtSecret: config.secrets.jwtSecret };
  app.post(
    '/api/sandbox/advertising/run/',
    {
      schema: {
        operationId: 'sandboxRunAdvertising',
        tags: ['sandbox'],
        summary:
          'Runs the advertising job now (never in production), optionally at another clock (`now`): every running ' +
          'campaign that sold the newsletter or push placements is sent to each other approved merchant not sent ' +
          'it yet (an email to each owner through the outbox, a notification to the owners), until its reach is ' +
          'spent. Running it again sends nothing twice.',
        body: AdvertisingRunBody,
        response: { 200: AdvertisingRunResult, ...errorResponses(400) },
      },
    },
    async (request) =>
      runAdvertisingMessages(db, links, request.body.now ? new Date(request.body.now) : new Date()),
  );

  app.post(
    '/api/sandbox/advertising/campaigns/:id/impressions/',
    {
      schema: {
        operationId: 'sandboxCountImpressions',
        tags: ['sandbox'],
        summary:
          'Counts `count` more impressions of a running campaign (never in production), as if that many people of ' +
          'the other approved merchants saw it in `placement` (default dashboard): counted like every impression, ' +
          'never past the reach (`counted` says how many were). 404 for no such campaign; 409 when it is not being ' +
          'shown (in review, rejected, scheduled, ended, reach reached) or its plan did not sell the placement.',
        params: CampaignParams,
        body: SandboxImpressionsBody,
        response: { 200: SandboxImpressionsResult, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => countSandboxImpressions(db, request.params.id, request.body),
  );
};
