import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PasswordLinkRequestBody,
  PasswordLinkRequestResponse,
  PasswordResetConfirmBody,
  SetPasswordBody,
} from '../../schemas/passwordJourneys.schema';
import type { RequestOrigin } from '../auth/login';
import { requestPasswordLink, setPasswordWithToken } from '../auth/passwordTokens';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { deliverMessages } from '../notify/outbox';
import { errorResponses } from './apiErrors';

const NoContent = z.null().describe('No content');

function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

/** Password reset ("Forgot your password?") and first-password creation by emailed single-use links. */
export const passwordRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const limit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } };
  const delivery = { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl };
  const deliverLater = (request: FastifyRequest, ids: string[]) => {
    if (ids.length === 0) return;
    void deliverMessages(db, ids, delivery, request.log).catch((error: unknown) =>
      request.log.warn({ err: error }, 'outbox delivery failed'),
    );
  };

  app.post(
    '/api/merchants/accounts/password/reset/',
    {
      config: limit,
      schema: {
        operationId: 'passwordReset',
        tags: ['auth'],
        summary: 'Email a reset link if the account exists; the same 202 answer either way.',
        body: PasswordLinkRequestBody,
        response: { 202: PasswordLinkRequestResponse, ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      const sent = await requestPasswordLink(
        db,
        config,
        { ...request.body, purpose: 'reset' },
        originOf(request),
      );
      deliverLater(request, sent.outboxIds);
      return reply.code(202).send({ expires_in: sent.expiresIn });
    },
  );

  app.post(
    '/api/merchants/accounts/password/reset/confirm/',
    {
      config: limit,
      schema: {
        operationId: 'passwordResetConfirm',
        tags: ['auth'],
        summary: 'Set a new password with a reset link; signs the user out everywhere.',
        body: PasswordResetConfirmBody,
        response: { 204: NoContent, ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      const done = await setPasswordWithToken(
        db,
        config,
        {
          uid: request.body.uid,
          token: request.body.token,
          password: request.body.password,
          purpose: 'reset',
        },
        originOf(request),
      );
      deliverLater(request, [done.outboxId]);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/merchants/accounts/set_password/request/',
    {
      config: limit,
      schema: {
        operationId: 'setPasswordRequest',
        tags: ['auth'],
        summary:
          'Email a create-password link if the account exists without a password; the same 202 either way.',
        body: PasswordLinkRequestBody,
        response: { 202: PasswordLinkRequestResponse, ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      const sent = await requestPasswordLink(
        db,
        config,
        { ...request.body, purpose: 'create' },
        originOf(request),
      );
      deliverLater(request, sent.outboxIds);
      return reply.code(202).send({ expires_in: sent.expiresIn });
    },
  );

  app.post(
    '/api/merchants/accounts/set_password/',
    {
      config: limit,
      schema: {
        operationId: 'setPassword',
        tags: ['auth'],
        summary: 'Create the first password of an account with a create-password link.',
        body: SetPasswordBody,
        response: { 204: NoContent, ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      const done = await setPasswordWithToken(
        db,
        config,
        {
          uid: request.body.uid,
          token: request.body.token,
          password: request.body.password,
          purpose: 'create',
        },
        originOf(request),
      );
      deliverLater(request, [done.outboxId]);
      return reply.code(204).send(null);
    },
  );
};
