import { fromPromise } from 'xstate';
import {
  oneTimeCodeMachine,
  stepUpPurposeOf,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import type {
  AcceptInput,
  AcceptPreview,
  DeclineInput,
  PrepareInput,
} from '../../machines/pendingRequests.machine';
import type { RequestMoneyData, SearchInput, SendRequestInput } from '../../machines/requestMoney.machine';
import type { MoneyRequest } from '../../schemas/moneyRequests.schema';
import type { Contact } from '../../schemas/sendMoney.schema';
import { unwrap, type ApiClient } from '../api/client';

/** The one-time code child's effects (machines/oneTimeCode.machine.ts) for a step-up, whichever journey asks. */
export function oneTimeCodeActors(client: ApiClient) {
  return {
    sendCode: fromPromise<CodeSent, SendCodeInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/step-up/', {
          body: { purpose: stepUpPurposeOf(input), method: input.method },
          signal,
        }),
      ),
    ),
    verifyCode: fromPromise<CodeGrant, VerifyCodeInput>(async ({ input, signal }) => {
      const verified = await unwrap(
        client.POST('/api/merchants/step-up/verify/', {
          body: { purpose: stepUpPurposeOf(input), code: input.code },
          signal,
        }),
      );
      return { stepUpToken: verified.step_up_token };
    }),
  };
}

export function createOneTimeCodeLogic(client: ApiClient) {
  return oneTimeCodeMachine.provide({ actors: oneTimeCodeActors(client) });
}

/** The request-money journey's effects (machines/requestMoney.machine.ts), each rejecting with an ApiFailure. */
export function requestMoneyActors(client: ApiClient) {
  return {
    loadRequestMoney: fromPromise<RequestMoneyData, void>(async ({ signal }) => {
      const [accounts, sent] = await Promise.all([
        unwrap(client.GET('/api/merchants/core_banking_accounts/', { signal })),
        unwrap(client.GET('/api/merchants/sent_requests/', { params: { query: {} }, signal })),
      ]);
      return { accounts: accounts.accounts, sent: sent.items };
    }),
    searchContacts: fromPromise<Contact[], SearchInput>(async ({ input, signal }) => {
      const found = await unwrap(
        client.GET('/api/merchants/contacts/search/', { params: { query: { q: input.query } }, signal }),
      );
      return found.items;
    }),
    requestMoney: fromPromise<MoneyRequest, SendRequestInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/request_money/', {
          params: { header: { 'idempotency-key': input.idempotencyKey } },
          body: input.body,
          signal,
        }),
      ),
    ),
  };
}

/** The pending-requests journey's effects (machines/pendingRequests.machine.ts), each rejecting with an ApiFailure. */
export function pendingRequestsActors(client: ApiClient) {
  return {
    loadReceivedRequests: fromPromise<MoneyRequest[], void>(async ({ signal }) => {
      const received = await unwrap(
        client.GET('/api/merchants/received_requests/', { params: { query: {} }, signal }),
      );
      return received.items;
    }),
    prepareAccept: fromPromise<AcceptPreview, PrepareInput>(async ({ input, signal }) => {
      const { amount } = input.request;
      const accountType = amount.currency.toLowerCase();
      const [accounts, methods] = await Promise.all([
        unwrap(client.GET('/api/merchants/core_banking_accounts/', { signal })),
        unwrap(client.GET('/api/merchants/step-up/methods/', { signal })),
      ]);
      const account = accounts.accounts.find((one) => one.account_type === accountType);
      if (!account) return { available: null, requiresCode: false, methods: methods.available_methods };
      const verification = await unwrap(
        client.GET('/api/merchants/amount_requires_verification/', {
          params: { query: { amount_minor: amount.amount_minor, account_type: accountType } },
          signal,
        }),
      );
      return {
        available: account.available_balance,
        requiresCode: verification.requires_verification,
        methods: methods.available_methods,
      };
    }),
    oneTimeCode: createOneTimeCodeLogic(client),
    acceptMoneyRequest: fromPromise<MoneyRequest, AcceptInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/received_requests/{id}/accept/', {
          params: {
            path: { id: input.id },
            header: input.stepUpToken ? { 'x-step-up-token': input.stepUpToken } : {},
          },
          signal,
        }),
      ),
    ),
    declineMoneyRequest: fromPromise<MoneyRequest, DeclineInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/received_requests/{id}/decline/', {
          params: { path: { id: input.id } },
          signal,
        }),
      ),
    ),
  };
}
