import { fromPromise } from 'xstate';
import {
  myAddressesMachine,
  type AddressesLoad,
  type AddressIdInput,
  type Pin,
  type SaveAddressInput,
} from '../../machines/myAddresses.machine';
import type { GeocodeQuery, GeocodeResponse, ReverseGeocodeResponse } from '../../schemas/addresses.schema';
import type { AddressesResponse, MerchantAddress } from '../../schemas/cards.schema';
import { expectOk, unwrap, type ApiClient } from '../api/client';

/** The effects of /my-addresses (machines/myAddresses.machine.ts), each rejecting with an ApiFailure. */
export function myAddressesActors(client: ApiClient) {
  return {
    loadAddresses: fromPromise<AddressesLoad, void>(async ({ signal }) => {
      const [addresses, config] = await Promise.all([
        unwrap(client.GET('/api/merchants/addresses/', { signal })),
        unwrap(client.GET('/api/config/', { signal })),
      ]);
      return { items: addresses.items, map: config.map };
    }),
    saveAddress: fromPromise<MerchantAddress, SaveAddressInput>(({ input, signal }) =>
      input.id === null
        ? unwrap(client.POST('/api/merchants/addresses/', { body: input.body, signal }))
        : unwrap(
            client.PATCH('/api/merchants/addresses/{id}/', {
              params: { path: { id: input.id } },
              body: input.body,
              signal,
            }),
          ),
    ),
    deleteAddress: fromPromise<null, AddressIdInput>(async ({ input, signal }) => {
      await expectOk(
        client.DELETE('/api/merchants/addresses/{id}/', { params: { path: { id: input.id } }, signal }),
      );
      return null;
    }),
    setDefaultAddress: fromPromise<AddressesResponse, AddressIdInput>(({ input, signal }) =>
      unwrap(
        client.PUT('/api/merchants/addresses/{id}/default/', { params: { path: { id: input.id } }, signal }),
      ),
    ),
    geocode: fromPromise<GeocodeResponse, GeocodeQuery>(({ input, signal }) =>
      unwrap(client.GET('/api/merchants/geocode/', { params: { query: input }, signal })),
    ),
    reverseGeocode: fromPromise<ReverseGeocodeResponse, Pin>(({ input, signal }) =>
      unwrap(client.GET('/api/merchants/geocode/reverse/', { params: { query: input }, signal })),
    ),
  };
}

export function createMyAddressesLogic(client: ApiClient) {
  return myAddressesMachine.provide({ actors: myAddressesActors(client) });
}
