import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StepUpMethodsResponse,
  StepUpStartBody,
  StepUpStartResponse,
  StepUpVerifyBody,
  StepUpVerifyResponse,
} from '../../schemas/stepUp.schema';
import { authOf } from '../auth/authenticate';
import { startStepUp, stepUpMethods, verifyStepUp } from '../auth/stepUp';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { deliverMessages } from '../notify/outbox';
import { errorResponses } from './apiErrors';

/** A fresh one-time code before a sensitive action (server/auth/stepUp.ts). */
export const stepUpRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const secured = { tags: ['step-up'], security: [{ bearerAuth: [] }] };
  const limited = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } };
  const delivery = { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl };

  app.get(
    '/api/merchants/step-up/methods/',
    {
      schema: {
        ...secured,
        operationId: 'stepUpMethods',
        summary: 'Where a one-time code can be sent (masked).',
        response: { 200: StepUpMethodsResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ available_methods: await stepUpMethods(db, authOf(request).userId) }),
  );

  app.post(
    '/api/merchants/step-up/',
    {
      config: limited,
      schema: {
        ...secured,
        operationId: 'stepUpStart',
        summary: 'Send a one-time code for one sensitive action by the chosen method.',
        body: StepUpStartBody,
        response: { 200: StepUpStartResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const sent = await startStepUp(db, config, authOf(request).userId, request.body);
      void deliverMessages(db, sent.outboxId ? [sent.outboxId] : [], delivery, request.log).catch(
        (error: unknown) => request.log.warn({ err: error }, 'outbox delivery failed'),
      );
      return sent.response;
    },
  );

  app.post(
    '/api/merchants/step-up/verify/',
    {
      config: limited,
      schema: {
        ...secured,
        operationId: 'stepUpVerify',
        summary: 'Check the code; returns a single-use grant to send as the X-Step-Up-Token header.',
        body: StepUpVerifyBody,
        response: { 200: StepUpVerifyResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => verifyStepUp(db, config, authOf(request).userId, request.body),
  );
};
