import { fromPromise } from 'xstate';
import type {
  CancelScheduledPaymentInput,
  LoadScheduledPaymentInput,
} from '../../machines/scheduledPayment.machine';
import type { ScheduledPayment, ScheduledPaymentsList } from '../../schemas/scheduledPayments.schema';
import { unwrap, type ApiClient } from '../api/client';

/** The scheduled-payment journey's effects (machines/scheduledPayment.machine.ts), rejecting with an ApiFailure. */
export function scheduledPaymentActors(client: ApiClient) {
  return {
    loadScheduledPayment: fromPromise<ScheduledPayment, LoadScheduledPaymentInput>(({ input, signal }) =>
      unwrap(
        client.GET('/api/merchants/scheduled_payments/{id}/', { params: { path: { id: input.id } }, signal }),
      ),
    ),
    cancelScheduledPayment: fromPromise<ScheduledPayment, CancelScheduledPaymentInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/scheduled_payments/{id}/cancel/', {
          params: { path: { id: input.id } },
          signal,
        }),
      ),
    ),
  };
}

/** The list of the merchant's scheduled payments (a one-shot read of the list screen). */
export function loadScheduledPayments(
  client: ApiClient,
  signal: AbortSignal,
): Promise<ScheduledPaymentsList> {
  return unwrap(client.GET('/api/merchants/scheduled_payments/', { signal }));
}
