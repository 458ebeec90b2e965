import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CashbackResponse } from '../../schemas/cards.schema';
import { authOf } from '../auth/authenticate';
import { cashbackView } from '../cards/cashback';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from './apiErrors';

/** Cashback (SPEC §2 /cashback; schemas/cards.schema.ts); the domain is server/cards/cashback.ts. */
export const cashbackRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db },
) => {
  app.get(
    '/api/merchants/cashback/',
    {
      schema: {
        tags: ['cards'],
        security: [{ bearerAuth: [] }],
        operationId: 'cashback',
        summary:
          "The plan's cashback rate; per currency what card purchases earned, what was paid out and what waits for " +
          'the next monthly payout (the 1st, Europe/Athens); the latest accruals, newest first.',
        response: { 200: CashbackResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => cashbackView(db, authOf(request).merchantId),
  );
};
