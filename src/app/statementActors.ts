import type { TransactionFilters } from '../../machines/transactionList.machine';
import type { StatementExportQuery, StatementFormat, StatementLocale } from '../../schemas/statements.schema';
import { transactionStatuses, transactionTypes } from '../../schemas/transactions.schema';
import { failureFromResponse, type ApiClient } from '../api/client';

export type StatementFile = { blob: Blob; fileName: string };

export type StatementServices = {
  /** The filtered list as a file (GET exportTransactions); throws an ApiFailure like every effect. */
  downloadStatement: (
    request: { format: StatementFormat; locale: StatementLocale; filters: TransactionFilters },
    signal?: AbortSignal,
  ) => Promise<StatementFile>;
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

/** `attachment; filename="tameio-statement-….pdf"` → the name; another shape → a name of our own. */
export function fileNameFrom(disposition: string | null, format: StatementFormat): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? `tameio-statement.${format}`;
}

export function statementServices(client: ApiClient): StatementServices {
  return {
    downloadStatement: async ({ format, locale, filters }, signal) => {
      const result = await client
        .GET('/api/merchants/transactions/export/', {
          params: { query: statementQuery(format, locale, filters) },
          parseAs: 'blob',
          // A large statement takes longer than the client's per-request timeout: plain fetch, no retries (the
          // session middleware still adds the bearer token); the user's cancel still stops it.
          fetch: (request) => globalThis.fetch(request),
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
        fileName: fileNameFrom(result.response.headers.get('content-disposition'), format),
      };
    },
  };
}
