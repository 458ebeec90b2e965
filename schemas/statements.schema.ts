/**
 * Statements (issues 4 and 9): the merchant's filtered transaction list exported as a file.
 *
 * Endpoint (operationId), under /api/, signed in, area `transactions`, merchant approved:
 * - GET merchants/transactions/export/   exportTransactions   StatementExportQuery → the file (streamed)
 *
 * The filters are the transactions list's (schemas/transactions.schema.ts) without paging. A statement is of ONE
 * account (opening and closing balances are per account): `account_type` or `account_id`, else the merchant's first
 * account. Without `from` the period starts when the account was opened; without `to` it ends now. More than
 * `statementRowLimit` transactions → 422 (narrow the filter). A new format is one more writer in server/statements/.
 */
import { z } from 'zod';
import { TransactionsQuery } from './transactions.schema';

export const statementFormats = ['csv', 'pdf'] as const;
export const StatementFormat = z.enum(statementFormats);
export type StatementFormat = z.infer<typeof StatementFormat>;

export const statementLocales = ['en', 'el'] as const;
export const StatementLocale = z.enum(statementLocales);
export type StatementLocale = z.infer<typeof StatementLocale>;

/** The most transactions one export may hold. */
export const statementRowLimit = 100_000;

export const StatementExportQuery = TransactionsQuery.omit({ cursor: true, limit: true }).extend({
  format: StatementFormat,
  /** The language of labels, amounts and dates (Greek: comma decimals). Default English. */
  locale: StatementLocale.optional(),
});
export type StatementExportQuery = z.infer<typeof StatementExportQuery>;

/** The file: text/csv (UTF-8 with BOM) or application/pdf, as an attachment. */
export const StatementFile = z
  .any()
  .describe('The statement file as an attachment: text/csv (UTF-8 with BOM) or application/pdf.');
