import type { SnapshotFrom } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import { count } from '../../machines/ruleWords';
import {
  filtersToQuery,
  selectCanRetry,
  selectHasMore,
  selectLoadingMore,
  transactionListMachine,
  type TransactionFilters,
  type TransactionListEvent,
} from '../../machines/transactionList.machine';
import type { Transaction, TransactionsPage } from '../../schemas/transactions.schema';
import {
  failureWords,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';

/*
 * The test model of the transaction list (machines/transactionList.machine.ts), run against
 * /transactions by transactionList.model.test.tsx: first page, "Load more" until the last page, filters that start
 * again from the newest, and failures of either load with "Try again".
 */

export const listPath = '/transactions';
/** Opened from "Transactions" of the EUR account on /my-wallet: already filtered by account. */
export const startFilters = { account: 'eur' } satisfies TransactionFilters;
export const startPath = `${listPath}?${filtersToQuery(startFilters)}`;

const eur = (minor: string) => ({ amount_minor: minor, currency: 'EUR' });
const account = { id: '00000000-0000-4000-8000-0000000000e1', account_type: 'eur', currency: 'EUR' };

function transaction(
  n: number,
  fields: Pick<Transaction, 'type' | 'status' | 'direction'> & { name: string; minor: string },
): Transaction {
  return {
    id: `00000000-0000-4000-8000-00000000010${n}`,
    created_at: `2026-01-1${5 - n}T09:00:00.000Z`,
    updated_at: null,
    type: fields.type,
    status: fields.status,
    direction: fields.direction,
    account,
    counterparty: { name: fields.name, iban: null, wallet_tag: null },
    reference: null,
    note: null,
    amount: eur(fields.minor),
    fee: eur('0'),
    total: eur(fields.minor),
    original_amount: eur(fields.minor),
    original_fee: eur('0'),
    original_total: eur(fields.minor),
    exchange_rate: null,
    failure_reason: null,
    initiated_by: null,
    payee_check: null,
  };
}

const alpha = transaction(1, {
  type: 'incoming_bank_transfer',
  status: 'completed',
  direction: 'in',
  name: 'Alpha Foods SA',
  minor: '150000',
});
const power = transaction(2, {
  type: 'bank_transfer',
  status: 'pending',
  direction: 'out',
  name: 'Athens Power Co.',
  minor: '8420',
});
const counter = transaction(3, {
  type: 'face_to_face',
  status: 'completed',
  direction: 'in',
  name: 'Card payment at the counter',
  minor: '450',
});

/** The newest page (more to come), the older and last page, and the one page of the filtered list. */
export const pages = {
  first: { items: [alpha, power], next_cursor: 'cursor-page-2' },
  last: { items: [counter], next_cursor: null },
  filtered: { items: [alpha], next_cursor: null },
} satisfies Record<string, TransactionsPage>;

export const appliedFilters = { type: 'incoming_bank_transfer', q: 'Alpha' } satisfies TransactionFilters;

const http = (status: number, code: string, message: string) =>
  ({ kind: 'http', status, code, message }) satisfies ApiFailure;

export const transactionListFixtures = {
  events: {
    'filters.change': [
      {
        event: { type: 'filters.change', filters: appliedFilters },
        does: 'Choose "Incoming bank transfer" as Type, type "Alpha" in Search, click "Apply filters"',
      },
      { event: { type: 'filters.change', filters: {} }, does: 'Click "Clear filters"' },
    ],
    'list.loadMore': [{ event: { type: 'list.loadMore' }, does: 'Click "Load more"' }],
    'list.retry': [{ event: { type: 'list.retry' }, does: 'Click "Try again"' }],
  },
  actors: {
    loadTransactions: {
      done: {
        output: (context) => {
          if (context.nextCursor !== null) return pages.last;
          return context.filters.type ? pages.filtered : pages.first;
        },
        says: 'Server answers with a page of transactions (the first page has more after it)',
      },
      errors: [
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
        {
          failure: http(500, 'internal_error', 'Something went wrong.'),
          says: 'Server answers 500 internal_error',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof transactionListMachine>;

export const listTexts = {
  heading: 'Transactions',
  loadMore: 'Load more',
  retry: 'Try again',
  apply: 'Apply filters',
  clear: 'Clear filters',
  type: 'Type',
  search: 'Search',
  incoming: 'Incoming bank transfer',
  account: 'Account',
  allAccounts: 'All accounts',
};

export function failureText(failure: ApiFailure): string {
  const reason =
    failure.kind === 'network' ? 'A network error has occurred.' : 'Something went wrong. Please try again.';
  return `We could not load the transactions. ${reason}`;
}

function screen(snapshot: SnapshotFrom<typeof transactionListMachine>): ScreenExpectation {
  const { failure } = snapshot.context;
  const loadMore = selectLoadingMore(snapshot)
    ? { disabled: [listTexts.loadMore] }
    : selectHasMore(snapshot)
      ? { enabled: [listTexts.loadMore] }
      : {};
  const absent = [
    ...(selectHasMore(snapshot) || selectLoadingMore(snapshot) ? [] : [listTexts.loadMore]),
    ...(selectCanRetry(snapshot) ? [] : [listTexts.retry]),
  ];
  const enabled = [...(loadMore.enabled ?? []), ...(selectCanRetry(snapshot) ? [listTexts.retry] : [])];
  return {
    path: listPath,
    heading: listTexts.heading,
    alert: failure ? failureText(failure) : null,
    ...(enabled.length ? { enabled } : {}),
    ...(loadMore.disabled ? { disabled: loadMore.disabled } : {}),
    ...(absent.length ? { absent } : {}),
  };
}

type TransactionListSnapshot = SnapshotFrom<typeof transactionListMachine>;

/** A decision of a path, in a few words (null: a step that decides nothing, e.g. a page read). */
function decisionWords(step: ModelPath<TransactionListSnapshot>['steps'][number]): string | null {
  const { action, state } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
    case 'actorDone':
      return null;
    case 'actorError': {
      // The first page and an older one fail apart: the rows so far stay only for an older one.
      const page = state.matches('moreFailed') ? 'the older page' : 'the list';
      return action.failure.kind === 'http' ? failureWords(action, page) : `no answer for ${page}`;
    }
    case 'event': {
      const event = action.event as TransactionListEvent;
      switch (event.type) {
        case 'filters.change':
          return event.filters.type
            ? `filter incoming bank transfers "${event.filters.q}"`
            : 'clear the filters';
        case 'list.loadMore':
          return 'load more';
        case 'list.retry':
          return 'try again';
      }
    }
  }
  return null;
}

/**
 * A path's title by what it proves: the filters, "Load more" and the faults in order, then what the list shows at
 * the end (how many rows, whether older ones remain). Reading changes no data.
 */
export function transactionListTitle(path: ModelPath<TransactionListSnapshot>): string {
  const decisions = path.steps.map(decisionWords).filter((one) => one !== null);
  const last = path.steps.at(-1)!.state;
  const rows = count(last.context.items.length, 'transaction');
  const end = last.matches('loading')
    ? 'waits for the first page'
    : last.matches('loadingMore')
      ? `waits for the older page below ${rows}`
      : last.matches('failed')
        ? 'stops on the reason with “Try again”'
        : last.matches('moreFailed')
          ? `stops with ${rows} and “Try again”`
          : `shows ${rows}, ${selectHasMore(last) ? 'more to load' : 'none older'}`;
  return ['EUR account’s transactions', ...decisions].join(', ') + `: ${end}`;
}

export const transactionListModel: Model<typeof transactionListMachine> = {
  name: 'transactionList',
  machine: transactionListMachine,
  file: 'transactionList.machine.ts',
  start: `Signed in as the owner of Demo Coffee, open ${startPath} (the EUR account's transactions)`,
  input: { filters: startFilters },
  fixtures: transactionListFixtures,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      rows: snapshot.context.items.length,
      more: snapshot.context.nextCursor !== null,
      failure:
        snapshot.context.failure?.kind === 'http'
          ? snapshot.context.failure.code
          : (snapshot.context.failure?.kind ?? null),
      filters: filtersToQuery(snapshot.context.filters),
    }),
  bounds: { maxDepth: 6, simplePerState: 1, maxSimple: 20 },
  screen,
  title: transactionListTitle,
};
