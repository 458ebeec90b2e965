import { fromPromise } from 'xstate';
import { isApiFailure } from '../../machines/apiFailure';
import {
  transactionListMachine,
  type LoadTransactionsInput,
  type TransactionFilters,
} from '../../machines/transactionList.machine';
import type { AccountTopUpDetails, CoreBankingAccountsResponse } from '../../schemas/accounts.schema';
import {
  transactionStatuses,
  transactionTypes,
  type Transaction,
  type TransactionsPage,
  type TransactionsQuery,
} from '../../schemas/transactions.schema';
import { unwrap, type ApiClient } from '../api/client';

type Status = (typeof transactionStatuses)[number];
type Type = (typeof transactionTypes)[number];

const isStatus = (value: string): value is Status =>
  (transactionStatuses as readonly string[]).includes(value);
const isType = (value: string): value is Type => (transactionTypes as readonly string[]).includes(value);

/** Rows per page of the transaction list. */
export const transactionPageSize = 20;

/** The list's filters as the API's query (schemas/transactions.schema.ts TransactionsQuery). */
export function transactionsQuery(filters: TransactionFilters, cursor: string | null): TransactionsQuery {
  const query: TransactionsQuery = { limit: String(transactionPageSize) };
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.status && isStatus(filters.status)) query.status = filters.status;
  if (filters.type && isType(filters.type)) query.type = filters.type;
  if (filters.q) query.q = filters.q;
  if (filters.account) query.account_type = filters.account;
  if (cursor) query.cursor = cursor;
  return query;
}

/** The transaction list's effect (machines/transactionList.machine.ts), rejecting with an ApiFailure. */
export function transactionListActors(client: ApiClient) {
  return {
    loadTransactions: fromPromise<TransactionsPage, LoadTransactionsInput>(async ({ input, signal }) => {
      try {
        return await unwrap(
          client.GET('/api/merchants/transactions/', {
            params: { query: transactionsQuery(input.filters, input.cursor) },
            signal,
          }),
        );
      } catch (error) {
        // The list answers 404 only for an account the merchant does not hold: for the screen that is an empty
        // list ("No data found for this currency", SPEC §8), not a failure to retry.
        if (input.filters.account && isApiFailure(error) && error.kind === 'http' && error.status === 404) {
          return { items: [], next_cursor: null };
        }
        throw error;
      }
    }),
  };
}

export function createTransactionListLogic(client: ApiClient) {
  return transactionListMachine.provide({ actors: transactionListActors(client) });
}

export type TransactionListLogic = ReturnType<typeof createTransactionListLogic>;

/** One-shot reads of the wallet screens (each rejects with an ApiFailure). */
export type WalletServices = {
  accounts: (signal: AbortSignal) => Promise<CoreBankingAccountsResponse>;
  topUpDetails: (accountType: string, signal: AbortSignal) => Promise<AccountTopUpDetails>;
  transaction: (id: string, signal: AbortSignal) => Promise<Transaction>;
};

export function walletServices(client: ApiClient): WalletServices {
  return {
    accounts: (signal) => unwrap(client.GET('/api/merchants/core_banking_accounts/', { signal })),
    topUpDetails: (accountType, signal) =>
      unwrap(
        client.GET('/api/merchants/core_banking_accounts/{account_type}/top_up_details/', {
          params: { path: { account_type: accountType } },
          signal,
        }),
      ),
    transaction: (id, signal) =>
      unwrap(client.GET('/api/merchants/transactions/{id}/', { params: { path: { id } }, signal })),
  };
}
