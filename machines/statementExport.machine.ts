import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  statementBufferedRows,
  statementRowLimit,
  type StatementFormat,
  type StatementLocale,
} from '../schemas/statements.schema';
import { toApiFailure } from './apiFailure';
import { count } from './ruleWords';
import type { TransactionFilters } from './transactionList.machine';

/*
 * The statement export (SPEC §7 "statement export (excel, pdf)"): the filtered transaction list, or one calendar
 * month of one account, as CSV, Excel or PDF.
 *
 * idle → exporting (downloadStatement: the file is asked for, read as it streams in, then handed to the browser):
 * waiting (for the server to start the file) → downloading (the bytes, and the rows when the server says, as they
 * arrive) → saved; or cancelled ("Cancel download", or leaving the page: the request stops and nothing is saved); or
 * failed, with one of five reasons the screen words (too large, no account or no data, bad filters or month, network,
 * other). From saved, cancelled or failed another export can start; while one runs the other buttons are disabled, so
 * there is never more than one.
 */

/** What to export: the filtered transaction list, or one calendar month of one account. */
export type StatementRequest =
  | { kind: 'list'; format: StatementFormat; locale: StatementLocale; filters: TransactionFilters }
  | {
      kind: 'monthly';
      format: StatementFormat;
      locale: StatementLocale;
      /** YYYY-MM, a Europe/Athens calendar month. */
      month: string;
      /** `eur`; null for the merchant's first account. */
      accountType: string | null;
    };

/** How far a download has come. */
export type DownloadProgress = {
  /** Bytes received so far. */
  received: number;
  /** The file's size when the server said it (Content-Length), else null: the file is still being made. */
  total: number | null;
  /** How many transactions the file holds (X-Statement-Rows), when the server said. */
  rows: number | null;
};

/** What the download effect is given: the request, and where to report how far it has come. */
export type DownloadStatementInput = {
  request: StatementRequest;
  /** Called as the file streams in; the journey shows it (a `download.progress` event). */
  report: (progress: DownloadProgress) => void;
};

/** The file the browser was handed. */
export type SavedStatement = { fileName: string };

/**
 * Why an export failed: the file would be too large (422), there is no account or no data (404), the filters or the
 * month are not valid (400), the network, the session ended, or anything else.
 */
export type StatementExportError =
  'tooLarge' | 'notFound' | 'badRequest' | 'network' | 'sessionExpired' | 'unknown';

export function toStatementExportError(error: unknown): StatementExportError {
  const failure = toApiFailure(error);
  if (failure.kind === 'network') return 'network';
  if (failure.code === 'session_expired') return 'sessionExpired';
  if (failure.status === 422) return 'tooLarge';
  if (failure.status === 404) return 'notFound';
  if (failure.status === 400) return 'badRequest';
  return 'unknown';
}

export type StatementExportContext = {
  request: StatementRequest | null;
  progress: DownloadProgress | null;
  fileName: string | null;
  error: StatementExportError | null;
};

export type StatementExportEvent =
  | { type: 'export.start'; request: StatementRequest }
  | { type: 'export.cancel' }
  | { type: 'download.progress'; progress: DownloadProgress };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

const startExport = {
  target: 'exporting',
  description:
    'The user chooses a format: the file is asked for with the filters (or the month and account) shown, and what ' +
    'became of the last export is cleared.',
  actions: 'begin',
} as const;

export const statementExportMachine = setup({
  types: {
    context: {} as StatementExportContext,
    events: {} as StatementExportEvent,
  },
  actors: {
    downloadStatement: fromPromise<SavedStatement, DownloadStatementInput>(async () =>
      notProvided('downloadStatement'),
    ),
  },
  actions: {
    begin: assign({
      request: ({ event }) => (event.type === 'export.start' ? event.request : null),
      progress: null,
      fileName: null,
      error: null,
    }),
    recordProgress: assign({
      progress: ({ context, event }) =>
        event.type === 'download.progress' ? event.progress : context.progress,
    }),
    recordError: assign({
      progress: null,
      error: (_, params: { error: unknown }) => toStatementExportError(params.error),
    }),
  },
  guards: {
    failedAs: (_, params: { error: unknown; reason: StatementExportError }) =>
      toStatementExportError(params.error) === params.reason,
  },
}).createMachine({
  id: 'statementExport',
  context: { request: null, progress: null, fileName: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'No export yet: CSV, Excel and PDF are offered.',
      on: { 'export.start': startExport },
    },
    exporting: {
      description:
        'One export runs; the other formats wait until it ends. Leaving the page stops it and nothing is saved.',
      tags: ['busy'],
      initial: 'waiting',
      invoke: {
        id: 'downloadStatement',
        src: 'downloadStatement',
        input: ({ context, self }) => ({
          // Only entered through export.start, which sets the request.
          request: context.request!,
          report: (progress: DownloadProgress) => self.send({ type: 'download.progress', progress }),
        }),
        onDone: {
          target: 'saved',
          description:
            'The whole file has arrived and is handed to the browser, which saves it under its name.',
          actions: assign({ fileName: ({ event }) => event.output.fileName, progress: null }),
        },
        onError: [
          {
            target: 'failed',
            description:
              `The server refuses: more than ${count(statementRowLimit, 'transaction')} for one file ` +
              '(a shorter period or narrower filters will do).',
            guard: { type: 'failedAs', params: ({ event }) => ({ error: event.error, reason: 'tooLarge' }) },
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            description:
              'The merchant holds no account in that currency (the list), or the month has no data (the monthly ' +
              'statement).',
            guard: { type: 'failedAs', params: ({ event }) => ({ error: event.error, reason: 'notFound' }) },
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            description:
              'The server refuses the filters (the dates) or the month (one that has not begun): nothing is made.',
            guard: {
              type: 'failedAs',
              params: ({ event }) => ({ error: event.error, reason: 'badRequest' }),
            },
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            description:
              'No answer, or the connection broke while the file came in: the part received is dropped.',
            guard: { type: 'failedAs', params: ({ event }) => ({ error: event.error, reason: 'network' }) },
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            description:
              'Any other answer (a server fault, or the session has ended): the file could not be prepared.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: {
        'export.cancel': {
          target: 'cancelled',
          description:
            'The user clicks "Cancel download": the request and the reading of the file stop, nothing is saved.',
          actions: assign({ progress: null }),
        },
      },
      states: {
        waiting: {
          description: 'The server is making the file; nothing has arrived yet.',
          on: {
            'download.progress': {
              target: 'downloading',
              description:
                'The server starts sending the file: its size when known, and how many transactions it holds.',
              actions: 'recordProgress',
            },
          },
        },
        downloading: {
          description:
            `The file streams in: the bytes so far, of its size when the server said it (a file of up to ` +
            `${count(statementBufferedRows, 'transaction')} is made first and sent with its size; a larger one ` +
            'streams without).',
          on: {
            'download.progress': {
              description: 'More of the file has arrived: the bar and the bytes shown move on.',
              actions: 'recordProgress',
            },
          },
        },
      },
    },
    saved: {
      description: 'The file is downloaded: "The file is downloaded." Another export can start.',
      on: { 'export.start': startExport },
    },
    cancelled: {
      description: 'The export was stopped: "Download cancelled." Another export can start.',
      on: { 'export.start': startExport },
    },
    failed: {
      description: "No file: an alert says why, in the merchant's words. Another export can start.",
      on: { 'export.start': startExport },
    },
  },
});

export type StatementExportSnapshot = SnapshotFrom<typeof statementExportMachine>;

/** The running export (its request and how far it has come), or null. */
export function selectActiveExport(
  snapshot: StatementExportSnapshot,
): { request: StatementRequest; progress: DownloadProgress | null } | null {
  const { request, progress } = snapshot.context;
  if (!snapshot.matches('exporting') || !request) return null;
  return { request, progress };
}

export type StatementExportOutcome =
  | { kind: 'saved' }
  | { kind: 'cancelled' }
  | { kind: 'error'; error: StatementExportError; request: StatementRequest };

/** What became of the last export, for the line under the buttons; null while one runs or before the first. */
export function selectExportOutcome(snapshot: StatementExportSnapshot): StatementExportOutcome | null {
  if (snapshot.matches('saved')) return { kind: 'saved' };
  if (snapshot.matches('cancelled')) return { kind: 'cancelled' };
  const { error, request } = snapshot.context;
  if (snapshot.matches('failed') && error && request) return { kind: 'error', error, request };
  return null;
}
