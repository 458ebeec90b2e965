import { fromPromise } from 'xstate';
import type { AdvertisingData, PurchaseInput } from '../../machines/advertising.machine';
import { isApiFailure } from '../../machines/apiFailure';
import type { Campaign } from '../../schemas/advertising.schema';
import { unwrap, type ApiClient } from '../api/client';

/**
 * The advertising journey's effects (machines/advertising.machine.ts), each rejecting with an ApiFailure. The purchase
 * raises "money changed" through the client (src/api/client.ts), so the dashboard reads its balance again.
 */
export function advertisingActors(client: ApiClient) {
  return {
    loadAdvertising: fromPromise<AdvertisingData, void>(async ({ signal }) => {
      const [plans, campaigns] = await Promise.all([
        unwrap(client.GET('/api/merchants/advertising/plans/', { signal })),
        // The campaigns show what the company spent: an employee who sees only their own cards gets 403 (SPEC §6
        // lets everyone see the plans), and the page then shows the plans alone.
        unwrap(client.GET('/api/merchants/advertising/campaigns/', { signal })).then(
          (answer) => answer.items,
          (error: unknown) => {
            if (isApiFailure(error) && error.kind === 'http' && error.status === 403) return null;
            throw error;
          },
        ),
      ]);
      return { plans: plans.items, available: plans.available_balance, campaigns };
    }),
    purchaseAdvertisingPlan: fromPromise<Campaign, PurchaseInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/advertising/plans/{id}/purchase/', {
          params: { path: { id: input.planId }, header: { 'idempotency-key': input.idempotencyKey } },
          body: input.body,
          signal,
        }),
      ),
    ),
  };
}
