import { fromPromise } from 'xstate';
import type {
  DownloadProgress,
  DownloadStatementInput,
  SavedStatement,
  StatementRequest,
} from '../../machines/statementExport.machine';
import type { TransactionFilters } from '../../machines/transactionList.machine';
import type {
  MonthlyStatementQuery,
  StatementExportQuery,
  StatementFormat,
  StatementLocale,
} from '../../schemas/statements.schema';
import { transactionStatuses, transactionTypes } from '../../schemas/transactions.schema';
import { failureFromResponse, type ApiClient } from '../api/client';
import { saveFile } from '../ui/saveFile';

export type StatementFile = { blob: Blob; fileName: string };

// The journey's types live with the machine (machines/statementExport.machine.ts); the app's callers import them here.
export type { DownloadProgress, StatementRequest };

export type DownloadOptions = {
  /** Cancels the download (the request and the reading of the body). */
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
};

export type StatementServices = {
  /** The file (GET exportTransactions or monthlyStatement), read as it streams in; throws an ApiFailure. */
  downloadStatement: (request: StatementRequest, options?: DownloadOptions) => Promise<StatementFile>;
};

type Status = (typeof transactionStatuses)[number];
type Type = (typeof transactionTypes)[number];
const isStatus = (value: string): value is Status =>
  (transactionStatuses as readonly string[]).includes(value);
const isType = (value: string): value is Type => (transactionTypes as readonly string[]).includes(value);

/** The list's filters as the export's query (schemas/statements.schema.ts). */
export function statementQuery(
  format: StatementFormat,
  locale: StatementLocale,
  filters: TransactionFilters,
): StatementExportQuery {
  const query: StatementExportQuery = { format, locale };
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.status && isStatus(filters.status)) query.status = filters.status;
  if (filters.type && isType(filters.type)) query.type = filters.type;
  if (filters.q) query.q = filters.q;
  if (filters.account) query.account_type = filters.account;
  return query;
}

/** A monthly statement's query. */
export function monthlyQuery(request: Extract<StatementRequest, { kind: 'monthly' }>): MonthlyStatementQuery {
  return {
    month: request.month,
    format: request.format,
    locale: request.locale,
    ...(request.accountType ? { account_type: request.accountType } : {}),
  };
}

const extensions: Record<StatementFormat, string> = { csv: 'csv', xlsx: 'xlsx', pdf: 'pdf' };

/** `attachment; filename="tameio-statement-….pdf"` → the name; another shape → a name of our own. */
export function fileNameFrom(disposition: string | null, format: StatementFormat): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? `tameio-statement.${extensions[format]}`;
}

function headerNumber(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

/**
 * Reads a body chunk by chunk, reporting the bytes received, into a Blob. A cancel (the signal) stops the reading
 * and rejects with an AbortError.
 */
export async function readWithProgress(
  response: Response,
  body: ReadableStream<Uint8Array> | null,
  options: DownloadOptions,
): Promise<Blob> {
  const total = headerNumber(response.headers, 'content-length');
  const rows = headerNumber(response.headers, 'x-statement-rows');
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const chunks: BlobPart[] = [];
  let received = 0;
  options.onProgress?.({ received, total, rows });
  if (!body) return new Blob([], { type });
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      if (options.signal?.aborted) throw new DOMException('The download was cancelled.', 'AbortError');
      const { done, value } = await reader.read();
      if (done) break;
      if (options.signal?.aborted) throw new DOMException('The download was cancelled.', 'AbortError');
      // A chunk of a fetch body is a plain ArrayBuffer view; TypeScript's DOM types allow a SharedArrayBuffer too.
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      options.onProgress?.({ received, total, rows });
    }
    // A cancel while waiting for a chunk ends the stream early: that is no whole file.
    if (options.signal?.aborted) throw new DOMException('The download was cancelled.', 'AbortError');
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  return new Blob(chunks, { type });
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function statementServices(client: ApiClient): StatementServices {
  // A large statement takes longer than the client's per-request timeout: plain fetch, no retries (the session
  // middleware still adds the bearer token); the user's cancel still stops it.
  const plainFetch = (request: Request) => globalThis.fetch(request);
  const call = (request: StatementRequest, signal: AbortSignal | undefined) => {
    const common = { parseAs: 'stream' as const, fetch: plainFetch, ...(signal ? { signal } : {}) };
    return request.kind === 'list'
      ? client.GET('/api/merchants/transactions/export/', {
          params: { query: statementQuery(request.format, request.locale, request.filters) },
          ...common,
        })
      : client.GET('/api/merchants/statements/monthly/', {
          params: { query: monthlyQuery(request) },
          ...common,
        });
  };
  return {
    downloadStatement: async (request, options = {}) => {
      const result = await call(request, options.signal).catch((error: unknown) => {
        if (isAbort(error)) throw error;
        throw { kind: 'network' };
      });
      if (!result.response.ok) throw failureFromResponse(result.response, result.error);
      const blob = await readWithProgress(result.response, result.data ?? null, options).catch(
        (error: unknown) => {
          if (isAbort(error)) throw error;
          // The connection broke while the file came in.
          throw { kind: 'network' };
        },
      );
      return {
        blob,
        fileName: fileNameFrom(result.response.headers.get('content-disposition'), request.format),
      };
    },
  };
}

/**
 * The statement export journey's effect (machines/statementExport.machine.ts): the file, read as it streams in with
 * each step reported to the journey, then handed to the browser. Leaving the `exporting` state (a cancel, the page
 * left) aborts the signal: the request and the reading stop and nothing is saved.
 */
export function statementExportActors(services: StatementServices) {
  return {
    downloadStatement: fromPromise<SavedStatement, DownloadStatementInput>(async ({ input, signal }) => {
      const file = await services.downloadStatement(input.request, { signal, onProgress: input.report });
      if (signal.aborted) throw new DOMException('The download was cancelled.', 'AbortError');
      saveFile(file.blob, file.fileName);
      return { fileName: file.fileName };
    }),
  };
}
