import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddressesResponse } from '../../schemas/cards.schema';
import { authenticate, authOf, requireApprovedMerchant, requireArea } from '../auth/authenticate';
import { listAddresses } from '../cards/addresses';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from './apiErrors';

/**
 * Saved addresses (SPEC §7 "merchant addresses"), read by the card order's address step; the cards area, as the
 * contract says. Issue 8 adds managing them under /my-addresses.
 */
export const addressesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/merchants/addresses/',
    {
      onRequest: [
        authenticate(db, config.secrets.jwtSecret),
        requireArea('cards'),
        requireApprovedMerchant(db),
      ],
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
