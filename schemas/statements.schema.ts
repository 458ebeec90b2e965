/**
 * Statements (SPEC §7 "statement export (excel, pdf)", §9 "CSV and PDF"): the merchant's filtered
 * transaction list, or one calendar month of an account, exported as CSV, Excel (xlsx) or PDF.
 *
 * Endpoints (operationId), under /api/, signed in, area `transactions`, company data, merchant approved:
 * - GET merchants/transactions/export/   exportTransactions   StatementExportQuery → the file
 * - GET merchants/statements/monthly/    monthlyStatement     MonthlyStatementQuery → the file: the account's statement
 *                                                             of one Europe/Athens calendar month (`month` YYYY-MM, not
 *                                                             in the future; the current month runs up to now)
 *
 * Every file has a header with the merchant's details (legal name, VAT number, address, wallet tag), the account
 * (name, IBAN, currency), the period and the opening and closing balances from the ledger. xlsx: amounts are numbers
 * with the currency's number format, dates are dates (Europe/Athens), one sheet; the rows are written by exceljs's
 * streaming writer. Response headers: `Content-Disposition: attachment`, `X-Statement-Rows` (the row count, known
 * before the first byte: a progress bar can count rows), and `Content-Length` when the file is small enough to be
 * made before it is sent (up to `statementBufferedRows` rows); larger files stream chunked.
 *
 * The filters are the transactions list's (schemas/transactions.schema.ts) without paging. A statement is of ONE
 * account (opening and closing balances are per account): `account_type` or `account_id`, else the merchant's first
 * account. Without `from` the period starts when the account was opened; without `to` it ends now. More than
 * `statementRowLimit` transactions → 422 (narrow the filter). A new format is one more writer in server/statements/.
 */
import { z } from 'zod';
import { text } from './text';
import { TransactionsQuery } from './transactions.schema';

export const statementFormats = ['csv', 'xlsx', 'pdf'] as const;
export const StatementFormat = z.enum(statementFormats);
export type StatementFormat = z.infer<typeof StatementFormat>;

export const statementLocales = ['en', 'el'] as const;
export const StatementLocale = z.enum(statementLocales);
export type StatementLocale = z.infer<typeof StatementLocale>;

/** The most transactions one export may hold. */
export const statementRowLimit = 100_000;

/** Up to this many rows the file is made first and sent with a Content-Length; above, it streams chunked. */
export const statementBufferedRows = 2_000;

export const StatementExportQuery = TransactionsQuery.omit({ cursor: true, limit: true }).extend({
  format: StatementFormat,
  /** The language of labels, amounts and dates (Greek: comma decimals). Default English. */
  locale: StatementLocale.optional(),
});
export type StatementExportQuery = z.infer<typeof StatementExportQuery>;

/** One calendar month (Europe/Athens) of one account: `account_type` (`eur`) or `account_id`, else the first account. */
export const MonthlyStatementQuery = z.object({
  month: text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM.'),
  account_type: text().max(10).optional(),
  account_id: text().max(64).optional(),
  format: StatementFormat,
  locale: StatementLocale.optional(),
});
export type MonthlyStatementQuery = z.infer<typeof MonthlyStatementQuery>;

export const statementContentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const satisfies Record<StatementFormat, string>;

/** The file: text/csv (UTF-8 with BOM), xlsx or application/pdf, as an attachment. */
export const StatementFile = z
  .any()
  .describe(
    'The statement file as an attachment: text/csv (UTF-8 with BOM), ' +
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or application/pdf.',
  );
