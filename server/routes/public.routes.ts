import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AltchaChallenge, ClientConfig } from '../../schemas/auth.schema';
import { newChallenge } from '../auth/altcha';
import type { Config } from '../config';

export const publicRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/api/altcha/challenge/',
    {
      schema: {
        operationId: 'altchaChallenge',
        tags: ['public'],
        summary: 'A signed proof-of-work challenge for the ALTCHA widget.',
        response: { 200: AltchaChallenge },
      },
    },
    async (_request, reply) => {
      // Each challenge is single-use: a cached one would be a replay.
      reply.header('cache-control', 'no-store');
      return newChallenge({
        hmacKey: config.secrets.altchaHmacKey,
        maxNumber: config.altchaMaxNumber,
        ttlSeconds: config.altchaTtlSeconds,
      });
    },
  );

  app.get(
    '/api/config/',
    {
      schema: {
        operationId: 'getConfig',
        tags: ['public'],
        summary: 'Settings the web app needs before sign-in.',
        response: { 200: ClientConfig },
      },
    },
    async () => ({
      environment: config.environment,
      idle_timeout_seconds: config.idleTimeoutSeconds,
      idle_warning_seconds: config.idleWarningSeconds,
      otp_ttl_seconds: config.otpTtlSeconds,
      sandbox: config.environment !== 'production',
      map: {
        tile_url: config.mapTileUrl ?? null,
        tile_attribution: config.mapTileAttribution ?? null,
      },
    }),
  );
};
