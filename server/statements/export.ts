import type { Readable } from 'node:stream';
import type { StatementExportQuery, StatementFormat } from '../../schemas/statements.schema';
import type { Db } from '../ledger';
import { csvWriter } from './csv';
import { pdfWriter, statementFonts } from './pdf';
import { buildStatement, statementFileName, type StatementOptions } from './statementData';
import type { StatementWriter } from './writer';

/** Every format the export speaks; xlsx (issue 9) is one more entry. */
export const statementWriters: Record<StatementFormat, StatementWriter> = {
  csv: csvWriter,
  pdf: pdfWriter,
};

export type StatementExport = {
  fileName: string;
  contentType: string;
  rows: number;
  stream: Readable;
};

/**
 * exportTransactions: the filtered transactions of one account as a file. Everything that can be refused (filters,
 * account, size, balances, a missing font) is checked before the stream starts; the stream then pages through
 * the transactions again as the client reads.
 */
export async function exportStatement(
  db: Db,
  merchantId: string,
  query: StatementExportQuery,
  options: StatementOptions = {},
): Promise<StatementExport> {
  const writer = statementWriters[query.format];
  if (query.format === 'pdf') statementFonts();
  const statement = await buildStatement(db, merchantId, query, options);
  return {
    fileName: statementFileName(statement, writer.extension),
    contentType: writer.contentType,
    rows: statement.count,
    stream: writer.write(statement),
  };
}
