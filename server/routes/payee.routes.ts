import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PayeeVerifyBody, PayeeVerifyResponse } from '../../schemas/payee.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { verifyPayee } from '../payee/verifyPayee';
import { errorResponses } from './apiErrors';

/**
 * Name checks one user may ask for per minute. A name check tells whether a name fits an IBAN, so without a cap it
 * would be an oracle for finding out who holds accounts; 30 a minute is far above what a person types.
 */
export const payeeChecksPerMinute = 30;

/** Counted per signed-in user (the limiter runs after `authenticate`), not per address. */
const perUser = (request: FastifyRequest) => request.auth?.userId ?? request.ip;

export const payeeRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db }) => {
  app.post(
    '/api/merchants/payees/verify/',
    {
      config: {
        rateLimit: {
          max: payeeChecksPerMinute,
          timeWindow: 60_000,
          hook: 'onRequest',
          keyGenerator: perUser,
        },
      },
      schema: {
        operationId: 'verifyPayee',
        tags: ['payees'],
        summary:
          "Verification of Payee: compare a name with an IBAN's holder (match, close_match with the holder's " +
          'name, no_match, not_possible) and record the check.',
        security: [{ bearerAuth: [] }],
        body: PayeeVerifyBody,
        response: { 200: PayeeVerifyResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const outcome = await verifyPayee(db, {
        merchantId: auth.merchantId,
        userId: auth.userId,
        iban: request.body.iban,
        name: request.body.name,
      });
      return {
        result: outcome.result,
        ...(outcome.suggestedName !== undefined ? { suggested_name: outcome.suggestedName } : {}),
        check_id: outcome.checkId,
      };
    },
  );
};
