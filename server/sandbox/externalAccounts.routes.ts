import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ExternalAccount, ExternalAccountBody } from '../../schemas/payee.schema';
import type { Database } from '../db/database';
import { upsertExternalAccount } from '../payee/externalAccounts';
import { errorResponses } from '../routes/apiErrors';

/**
 * Test rail standing in for other banks' name checks: registered only outside production (app.ts), so production
 * has no such route and every IBAN outside this bank is "verification not possible" there.
 */
export const sandboxExternalAccountRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/sandbox/external-accounts/',
    {
      schema: {
        operationId: 'sandboxUpsertExternalAccount',
        tags: ['sandbox'],
        summary:
          'Create or replace an account at another bank with its holder name, for name checks (never in production).',
        body: ExternalAccountBody,
        response: { 200: ExternalAccount, ...errorResponses(400, 409) },
      },
    },
    async (request) => upsertExternalAccount(db, request.body),
  );
};
