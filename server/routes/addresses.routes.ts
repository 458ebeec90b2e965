import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddressesResponse } from '../../schemas/cards.schema';
import { authOf } from '../auth/authenticate';
import { listAddresses } from '../cards/addresses';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from './apiErrors';

/**
 * Saved addresses (SPEC §7 "merchant addresses"), read by the card order's address step (the owner's). They are the
 * company's addresses, SPEC §6's "my addresses" area (schemas/permissions.ts). Issue 8 adds managing them there.
 */
export const addressesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db },
) => {
  app.get(
    '/api/merchants/addresses/',
    {
      schema: {
        tags: ['cards'],
        security: [{ bearerAuth: [] }],
        operationId: 'merchantAddresses',
        summary:
          'Saved addresses: the registered and trading addresses given in onboarding, then the shipping addresses ' +
          'saved with a card order (`save: true`), oldest first.',
        response: { 200: AddressesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listAddresses(db, authOf(request).merchantId),
  );
};
