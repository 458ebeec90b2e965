import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HomeOverviewResponse } from '../../schemas/home.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { homeOverview } from '../overview';
import { errorResponses } from './apiErrors';

export const homeRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db }) => {
  app.get(
    '/api/merchants/home/overview/',
    {
      schema: {
        operationId: 'homeOverview',
        tags: ['home'],
        security: [{ bearerAuth: [] }],
        response: { 200: HomeOverviewResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return homeOverview(db, auth);
    },
  );
};
