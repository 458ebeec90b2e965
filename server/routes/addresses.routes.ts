import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddressIdParams,
  AddressUpdateBody,
  GeocodeQuery,
  GeocodeResponse,
  NewAddressBody,
  ReverseGeocodeQuery,
  ReverseGeocodeResponse,
} from '../../schemas/addresses.schema';
import { AddressesResponse, MerchantAddress } from '../../schemas/cards.schema';
import { createAddress, deleteAddress, setDefaultAddress, updateAddress } from '../addresses/myAddresses';
import { authOf } from '../auth/authenticate';
import { listAddresses } from '../cards/addresses';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { geocode, reverseGeocode, type GeocoderSettings } from '../geo/geocoder';
import { errorResponses } from './apiErrors';

/**
 * Saved addresses (SPEC §7 "merchant addresses", "geocode"; schemas/addresses.schema.ts), SPEC §6's "my addresses"
 * area (schemas/permissions.ts): read by the card order's address step, managed on /my-addresses.
 */
export const addressesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const secured = { tags: ['addresses'], security: [{ bearerAuth: [] }] };
  const geocoder: GeocoderSettings = {
    url: config.geocoderUrl,
    timeoutMs: config.geocoderTimeoutMs,
    warn: (message, error) => app.log.warn({ err: error }, message),
  };

  app.get(
    '/api/merchants/addresses/',
    {
      schema: {
        ...secured,
        operationId: 'merchantAddresses',
        summary:
          'Saved addresses: the registered and trading addresses given in onboarding, then the shipping addresses ' +
          '(saved with a card order or added on /my-addresses), oldest first; each with its map pin and whether ' +
          'it is the default.',
        response: { 200: AddressesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listAddresses(db, authOf(request).merchantId),
  );

  app.post(
    '/api/merchants/addresses/',
    {
      schema: {
        ...secured,
        operationId: 'createMerchantAddress',
        summary:
          'Adds a trading or shipping address, optionally with its map pin. The postcode must be one of the ' +
          'country (400 with the expected format); a second live trading address is 409.',
        body: NewAddressBody,
        response: { 201: MerchantAddress, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const created = await createAddress(db, auth.merchantId, auth.userId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/merchants/addresses/:id/',
    {
      schema: {
        ...secured,
        operationId: 'updateMerchantAddress',
        summary:
          'Changes an address or its pin (latitude and longitude together; null removes the pin). Country and ' +
          'postcode travel together. The registered address is legal data: only its pin moves here, any other ' +
          'change is 409 `registered_address_locked` (it changes through the company details, reviewed).',
        params: AddressIdParams,
        body: AddressUpdateBody,
        response: { 200: MerchantAddress, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateAddress(db, authOf(request).merchantId, request.params.id, request.body),
  );

  app.delete(
    '/api/merchants/addresses/:id/',
    {
      schema: {
        ...secured,
        operationId: 'deleteMerchantAddress',
        summary:
          'Deletes a trading or shipping address (cards already shipped keep their copy); the registered address ' +
          'is 409 `registered_address_locked`.',
        params: AddressIdParams,
        response: { 204: z.null().describe('No content'), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteAddress(db, authOf(request).merchantId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/merchants/addresses/:id/default/',
    {
      schema: {
        ...secured,
        operationId: 'setDefaultMerchantAddress',
        summary: 'Makes this address the default (the one before it stops being it); answers the whole list.',
        params: AddressIdParams,
        response: { 200: AddressesResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => setDefaultAddress(db, authOf(request).merchantId, request.params.id),
  );

  app.get(
    '/api/merchants/geocode/',
    {
      schema: {
        ...secured,
        operationId: 'geocode',
        summary:
          'Places for an address: from the configured geocoder (GEOCODER_URL, street level) or, without one or ' +
          'when it fails, from the bundled GeoNames gazetteer (city level). `source` says which.',
        querystring: GeocodeQuery,
        response: { 200: GeocodeResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => geocode(geocoder, request.query),
  );

  app.get(
    '/api/merchants/geocode/reverse/',
    {
      schema: {
        ...secured,
        operationId: 'reverseGeocode',
        summary:
          'The nearest place to a pin (street level from the geocoder, city level from the gazetteer); null when ' +
          'none is near.',
        querystring: ReverseGeocodeQuery,
        response: { 200: ReverseGeocodeResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => reverseGeocode(geocoder, request.query.latitude, request.query.longitude),
  );
};
