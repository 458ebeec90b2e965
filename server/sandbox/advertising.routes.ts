import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdvertisingRunBody, AdvertisingRunResult } from '../../schemas/advertising.schema';
import { runAdvertisingMessages } from '../advertising/delivery';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from '../routes/apiErrors';

/** Sandbox control of the advertising job (never in production, app.ts). */
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
};
