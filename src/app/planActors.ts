import { fromPromise } from 'xstate';
import type { AccountDeleteInput, DeletionData } from '../../machines/accountDeletion.machine';
import { toApiFailure } from '../../machines/apiFailure';
import type { CancellationData, CancelPlanInput } from '../../machines/cancelPlan.machine';
import {
  planCheckoutMachine,
  type PlanCartInitializeInput,
  type PlanCartPayInput,
  type PlanCheckoutData,
} from '../../machines/planCheckout.machine';
import type {
  AccountDeletion,
  InvoicePdfQuery,
  InvoicesResponse,
  PlanOrderResult,
  PlanQuote,
  PlansResponse,
  Subscription,
} from '../../schemas/plans.schema';
import { failureFromResponse, unwrap, type ApiClient } from '../api/client';
import { createOneTimeCodeLogic } from './requestMoneyActors';

/** The plans page and plan checkout's effects (machines/planCheckout.machine.ts), each rejecting with an ApiFailure. */
export function planCheckoutActors(client: ApiClient) {
  return {
    loadPlanCheckout: fromPromise<PlanCheckoutData, void>(async ({ signal }) => {
      const [plans, addresses] = await Promise.all([
        unwrap(client.GET('/api/merchants/plans/', { signal })),
        unwrap(client.GET('/api/merchants/addresses/', { signal })),
      ]);
      return { plans, addresses: addresses.items };
    }),
    planCartInitialize: fromPromise<PlanQuote, PlanCartInitializeInput>(({ input, signal }) =>
      unwrap(client.POST('/api/merchants/plans/cart/', { body: input.body, signal })),
    ),
    // Money moves: the quote's own Idempotency-Key, so a retry (the client's or the user's) pays at most once.
    planCartPay: fromPromise<PlanOrderResult, PlanCartPayInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/plans/cart/{id}/pay/', {
          params: { path: { id: input.quoteId }, header: { 'idempotency-key': input.idempotencyKey } },
          signal,
        }),
      ),
    ),
  };
}

export function createPlanCheckoutLogic(client: ApiClient) {
  return planCheckoutMachine.provide({ actors: planCheckoutActors(client) });
}

/** The subscription, the plans and the POS terminal offer (GET plans/). */
export async function loadPlans(client: ApiClient, signal: AbortSignal): Promise<PlansResponse> {
  return unwrap(client.GET('/api/merchants/plans/', { signal }));
}

/** Cancelling the subscription (machines/cancelPlan.machine.ts). */
export function cancelPlanActors(client: ApiClient) {
  return {
    loadCancellation: fromPromise<CancellationData, void>(async ({ signal }) => {
      const [plans, questions] = await Promise.all([
        loadPlans(client, signal),
        unwrap(client.GET('/api/merchants/profile/cancellation_questions/', { signal })),
      ]);
      return { subscription: plans.subscription, questions: questions.items };
    }),
    cancelPlan: fromPromise<Subscription, CancelPlanInput>(({ input, signal }) =>
      unwrap(client.POST('/api/merchants/plans/cancel/', { body: input.body, signal })),
    ),
    undoCancelPlan: fromPromise<Subscription, void>(({ signal }) =>
      unwrap(client.POST('/api/merchants/plans/cancel/undo/', { signal })),
    ),
  };
}

/** The deletion request as it stands: 404 means there is none. */
async function currentDeletion(client: ApiClient, signal: AbortSignal): Promise<AccountDeletion | null> {
  try {
    const deletion = await unwrap(client.GET('/api/merchants/accounts/delete_request/', { signal }));
    return deletion.status === 'scheduled' ? deletion : null;
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.kind === 'http' && failure.status === 404) return null;
    throw error;
  }
}

/** Asking for the account to be deleted (machines/accountDeletion.machine.ts). */
export function accountDeletionActors(client: ApiClient) {
  return {
    loadDeletion: fromPromise<DeletionData, void>(async ({ signal }) => {
      const [deletion, methods, plans] = await Promise.all([
        currentDeletion(client, signal),
        unwrap(client.GET('/api/merchants/step-up/methods/', { signal })),
        loadPlans(client, signal),
      ]);
      return {
        deletion,
        methods: methods.available_methods,
        periodEnd: plans.subscription.current_period_end,
      };
    }),
    oneTimeCode: createOneTimeCodeLogic(client),
    accountDeleteRequest: fromPromise<AccountDeletion, AccountDeleteInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/accounts/delete_request/', {
          params: { header: { 'x-step-up-token': input.stepUpToken } },
          body: input.body,
          signal,
        }),
      ),
    ),
    withdrawAccountDeletion: fromPromise<AccountDeletion, void>(({ signal }) =>
      unwrap(client.DELETE('/api/merchants/accounts/delete_request/', { signal })),
    ),
  };
}

export type InvoiceFile = { blob: Blob; fileName: string };

export type BillingServices = {
  /** The billing history and the plans (for their names); throws an ApiFailure like every effect. */
  loadBilling: (signal: AbortSignal) => Promise<{ invoices: InvoicesResponse; plans: PlansResponse }>;
  /** One invoice as a PDF in the reader's language (GET invoicePdf), fetched with the bearer token. */
  downloadInvoice: (
    request: { id: string; number: string; lang: InvoicePdfQuery['lang'] },
    signal?: AbortSignal,
  ) => Promise<InvoiceFile>;
};

/** `attachment; filename="TAM-2026-000123.pdf"` → the name; another shape → the invoice's number. */
export function invoiceFileName(disposition: string | null, number: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? `${number}.pdf`;
}

export function billingServices(client: ApiClient): BillingServices {
  return {
    loadBilling: async (signal) => {
      const [invoices, plans] = await Promise.all([
        unwrap(client.GET('/api/merchants/profile/billing_history/', { signal })),
        loadPlans(client, signal),
      ]);
      return { invoices, plans };
    },
    downloadInvoice: async ({ id, number, lang }, signal) => {
      const result = await client
        .GET('/api/merchants/profile/billing_history/{id}/pdf/', {
          params: { path: { id }, query: lang ? { lang } : {} },
          parseAs: 'blob',
          ...(signal ? { signal } : {}),
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') throw error;
          throw { kind: 'network' };
        });
      if (!result.response.ok || !result.data) {
        const body: unknown = result.response.ok ? undefined : result.error;
        throw failureFromResponse(result.response, body);
      }
      return {
        blob: result.data,
        fileName: invoiceFileName(result.response.headers.get('content-disposition'), number),
      };
    },
  };
}
