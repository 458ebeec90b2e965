import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gifSearchDefaultLimit, GifSearchQuery, GifSearchResponse } from '../../schemas/gifs.schema';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { gifSettings, searchGifs } from '../gifs';
import { errorResponses } from './apiErrors';

/** GIF searches one user may make per minute: each may cost a call to the provider on our key. */
export const gifSearchesPerMinute = 60;

/** GIF search for a payment's note (schemas/gifs.schema.ts); the domain is server/gifs.ts. */
export const gifsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { config },
) => {
  const settings = gifSettings(config);
  app.get(
    '/api/merchants/gifs/',
    {
      config: {
        rateLimit: {
          max: gifSearchesPerMinute,
          timeWindow: 60_000,
          hook: 'onRequest',
          keyGenerator: (request) => request.auth?.userId ?? request.ip,
        },
      },
      schema: {
        tags: ['send money'],
        security: [{ bearerAuth: [] }],
        operationId: 'gifSearch',
        summary:
          'GIFs for a payment note: from Giphy or Tenor when the server is configured with one, else from the ' +
          'bundled set (searched by English and Greek keywords; an empty query lists it). A provider that fails or ' +
          'takes over 2 s leaves the bundled set with `fallback: true`. Each item `id` is a valid sendMoney `gif`.',
        querystring: GifSearchQuery,
        response: { 200: GifSearchResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const limit = request.query.limit ? Number(request.query.limit) : gifSearchDefaultLimit;
      const { failure, ...result } = await searchGifs(settings, { q: request.query.q, limit });
      if (failure) request.log.warn({ provider: settings?.provider, failure }, 'GIF provider failed');
      return result;
    },
  );
};
