import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  transactionStatuses,
  transactionTypes,
  transactionsPageSize,
  type Transaction,
  type TransactionsPage,
} from '../schemas/transactions.schema';
import { toApiFailure, type ApiFailure } from './apiFailure';
import { count } from './ruleWords';

/*
 * The merchant's transaction list (SPEC §2 /transactions/:id?): the first page for the filters, then older
 * pages one at a time ("Load more", cursor pagination); a new filter starts again from the newest. Filters live in the
 * address, so a reload keeps them: the screen reads them from the query string into the input and sends
 * `filters.change` when the address changes. The only effect is `loadTransactions`, provided by the app.
 */

/** The filters of the list, as the query string spells them; absent means "any". */
export type TransactionFilters = {
  /** A day, YYYY-MM-DD (inclusive). */
  from?: string;
  /** A day, YYYY-MM-DD (inclusive, the whole day). */
  to?: string;
  status?: string;
  type?: string;
  /** Text in the counterparty, IBAN, wallet tag, reference or note. */
  q?: string;
  /** An account by its type (`eur`). */
  account?: string;
};

export const filterKeys = ['from', 'to', 'status', 'type', 'q', 'account'] as const;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a query string carries; anything malformed or unknown is left out rather than sent to the server. */
export function filtersFromQuery(query: URLSearchParams): TransactionFilters {
  const filters: TransactionFilters = {};
  const text = (key: (typeof filterKeys)[number]) => query.get(key)?.trim() ?? '';
  const from = text('from');
  const to = text('to');
  const status = text('status');
  const type = text('type');
  const q = text('q').slice(0, 100);
  const account = text('account').toLowerCase();
  if (dayPattern.test(from)) filters.from = from;
  if (dayPattern.test(to)) filters.to = to;
  if ((transactionStatuses as readonly string[]).includes(status)) filters.status = status;
  if ((transactionTypes as readonly string[]).includes(type)) filters.type = type;
  if (q) filters.q = q;
  if (/^[a-z]{3}$/.test(account)) filters.account = account;
  return filters;
}

/** The query string of some filters, keys in a fixed order (equal filters, equal strings). */
export function filtersToQuery(filters: TransactionFilters): string {
  const query = new URLSearchParams();
  for (const key of filterKeys) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  return query.toString();
}

export function sameFilters(a: TransactionFilters, b: TransactionFilters): boolean {
  return filtersToQuery(a) === filtersToQuery(b);
}

export type LoadTransactionsInput = { filters: TransactionFilters; cursor: string | null };

export type TransactionListInput = { filters: TransactionFilters };

export type TransactionListContext = {
  filters: TransactionFilters;
  items: Transaction[];
  /** Where the next (older) page starts; null when the last page is shown. */
  nextCursor: string | null;
  /** Why the last load failed; null after a success. */
  failure: ApiFailure | null;
  /** How many rows the last page added (the screen moves focus to the first of them). */
  lastPageSize: number;
};

export type TransactionListEvent =
  | { type: 'filters.change'; filters: TransactionFilters }
  | { type: 'list.loadMore' }
  | { type: 'list.retry' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

export const transactionListMachine = setup({
  types: {
    context: {} as TransactionListContext,
    events: {} as TransactionListEvent,
    input: {} as TransactionListInput,
  },
  actors: {
    loadTransactions: fromPromise<TransactionsPage, LoadTransactionsInput>(async () =>
      notProvided('loadTransactions'),
    ),
  },
  actions: {
    startOver: assign({ items: [], nextCursor: null, failure: null, lastPageSize: 0 }),
    setFilters: assign({
      filters: ({ event }) => (event.type === 'filters.change' ? event.filters : {}),
    }),
    recordFailure: assign({ failure: (_, params: { error: unknown }) => toApiFailure(params.error) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    filtersDiffer: ({ context, event }) =>
      event.type === 'filters.change' && !sameFilters(event.filters, context.filters),
  },
}).createMachine({
  id: 'transactionList',
  context: ({ input }) => ({
    filters: input.filters,
    items: [],
    nextCursor: null,
    failure: null,
    lastPageSize: 0,
  }),
  initial: 'loading',
  on: {
    // From any state: the newest page for other filters (a load in flight is dropped); the same filters again
    // (the address did not really change) leave the list as it is.
    'filters.change': {
      description:
        'The filters in the address changed: the list starts again from the newest transaction for them (a page ' +
        'on its way is dropped). The same filters again leave the list as it is.',
      guard: 'filtersDiffer',
      target: '.loading',
      reenter: true,
      actions: ['setFilters', 'startOver'],
    },
  },
  states: {
    loading: {
      description: `The newest ${count(transactionsPageSize, 'transaction')} for the filters are read.`,
      tags: ['busy'],
      invoke: {
        id: 'loadTransactions',
        src: 'loadTransactions',
        input: ({ context }) => ({ filters: context.filters, cursor: null }),
        onDone: {
          target: 'loaded',
          description: 'The first page is shown (or "no transactions" when none match).',
          actions: assign({
            items: ({ event }) => event.output.items,
            nextCursor: ({ event }) => event.output.next_cursor,
            lastPageSize: ({ event }) => event.output.items.length,
          }),
        },
        onError: {
          target: 'failed',
          description: 'The first page could not be read.',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loaded: {
      description: 'The transactions read so far, newest first; "Load more" while older ones exist.',
      on: {
        'list.loadMore': {
          description:
            'The user asks for older transactions; only offered while the server said there are more.',
          guard: 'hasMore',
          target: 'loadingMore',
        },
      },
    },
    loadingMore: {
      description: `The next ${count(transactionsPageSize, 'older transaction')} are read; the rows so far stay.`,
      tags: ['busy'],
      invoke: {
        id: 'loadMoreTransactions',
        src: 'loadTransactions',
        input: ({ context }) => ({ filters: context.filters, cursor: context.nextCursor }),
        onDone: {
          target: 'loaded',
          description: 'The older page is added below the rows so far.',
          actions: assign({
            items: ({ context, event }) => [...context.items, ...event.output.items],
            nextCursor: ({ event }) => event.output.next_cursor,
            lastPageSize: ({ event }) => event.output.items.length,
          }),
        },
        onError: {
          target: 'moreFailed',
          description: 'The older page could not be read; the rows so far stay.',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The first page could not be read: nothing to show but the reason and "Try again".',
      on: {
        'list.retry': {
          target: 'loading',
          description: 'The user asks to read the first page again.',
          actions: 'startOver',
        },
      },
    },
    moreFailed: {
      description: 'An older page could not be read: the rows so far stay, with the reason and "Try again".',
      on: {
        'list.retry': {
          target: 'loadingMore',
          description: 'The user asks to read the same older page again.',
          actions: 'clearFailure',
        },
      },
    },
  },
});

export type TransactionListSnapshot = SnapshotFrom<typeof transactionListMachine>;

export const selectItems = (s: TransactionListSnapshot): Transaction[] => s.context.items;
export const selectFilters = (s: TransactionListSnapshot): TransactionFilters => s.context.filters;
export const selectFailure = (s: TransactionListSnapshot): ApiFailure | null => s.context.failure;
/** The first page is on its way: the table shows progress instead of rows. */
export const selectLoadingFirst = (s: TransactionListSnapshot): boolean => s.matches('loading');
export const selectLoadingMore = (s: TransactionListSnapshot): boolean => s.matches('loadingMore');
/** "Load more" is offered while an older page exists and no page is failing. */
export const selectHasMore = (s: TransactionListSnapshot): boolean =>
  s.context.nextCursor !== null && !s.matches('moreFailed') && !s.matches('failed');
/** "Try again" retries the failed load. */
export const selectCanRetry = (s: TransactionListSnapshot): boolean =>
  s.matches('failed') || s.matches('moreFailed');
export const selectLastPageSize = (s: TransactionListSnapshot): number => s.context.lastPageSize;
export const selectBusy = (s: TransactionListSnapshot): boolean => s.hasTag('busy');
