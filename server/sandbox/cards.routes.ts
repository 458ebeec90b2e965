import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CardAuthorizationBody,
  CardAuthorizationResult,
  CashbackPayoutBody,
  CashbackPayoutResult,
} from '../../schemas/cards.schema';
import { IdempotencyHeaders } from '../../schemas/transactions.schema';
import { authorizeCard } from '../cards/authorizations';
import { payCashback } from '../cards/cashback';
import { cardVault } from '../cards/secrets';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from '../routes/apiErrors';

/**
 * Test rails standing in for a card network and for the monthly cashback run (docs/engineering.md "Sandbox rails"):
 * registered only outside production (app.ts).
 */
export const sandboxCardRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const vault = cardVault(config.secrets.cardEncryptionKey);

  app.post(
    '/api/sandbox/card_authorizations/',
    {
      schema: {
        operationId: 'sandboxCardAuthorization',
        tags: ['sandbox'],
        summary:
          'A card network asks to authorise a payment (never in production). Declined, with the reason, when the card ' +
          'is frozen, lost, destroyed, inactive or restricted, the currency is not the card’s, the amount would take ' +
          'a limit over in its window (`at`, default now, Europe/Athens calendar windows), or the balance does not ' +
          'cover it; otherwise a completed card transaction, and cashback for POS and online purchases. Both answers ' +
          'are 200 and both are listed in the merchant’s transactions (a decline as `declined`, moving nothing). ' +
          'Idempotency-Key required: the same key and body answer the first result (header Idempotent-Replayed: ' +
          'true), another body 409. 404 for an unknown card.',
        headers: IdempotencyHeaders,
        body: CardAuthorizationBody,
        response: { 200: CardAuthorizationResult, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { result, replayed } = await authorizeCard(
        db,
        vault,
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return result;
    },
  );

  app.post(
    '/api/sandbox/cashback/payout/',
    {
      schema: {
        operationId: 'sandboxCashbackPayout',
        tags: ['sandbox'],
        summary:
          'Runs the monthly cashback payout now (never in production), optionally at another clock (`now`): every ' +
          'unpaid accrual from before the start of that month (Europe/Athens) is paid, one cashback transfer per ' +
          'account. Running it again pays nothing twice.',
        body: CashbackPayoutBody,
        response: { 200: CashbackPayoutResult, ...errorResponses(400) },
      },
    },
    async (request) => payCashback(db, request.body.now ? new Date(request.body.now) : new Date()),
  );
};
