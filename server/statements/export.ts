import type { Readable } from 'node:stream';
import {
  statementBufferedRows,
  statementContentTypes,
  type MonthlyStatementQuery,
  type StatementExportQuery,
  type StatementFormat,
} from '../../schemas/statements.schema';
import { athensDay, athensMidnights } from '../analytics/period';
import { recordAuditAlone, type AuditAction } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { csvWriter } from './csv';
import { pdfWriter, statementFonts } from './pdf';
import { buildStatement, statementFileName, type StatementOptions } from './statementData';
import type { StatementWriter } from './writer';
import { xlsxWriter } from './xlsx';

/** Every format the export speaks. */
export const statementWriters: Record<StatementFormat, StatementWriter> = {
  csv: csvWriter,
  xlsx: xlsxWriter,
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
  db: Database,
  exporter: Exporter,
  query: StatementExportQuery,
  options: StatementOptions = {},
): Promise<StatementExport> {
  return statementExport(db, exporter, query, options, 'transactions.exported');
}

/** Who downloads a statement, and from where (for the audit trail). */
export type Exporter = { merchantId: string; userId: string; origin: RequestOrigin | null };

async function statementExport(
  db: Database,
  exporter: Exporter,
  query: StatementExportQuery,
  options: StatementOptions,
  action: AuditAction,
): Promise<StatementExport> {
  const writer = statementWriters[query.format];
  if (query.format === 'pdf') statementFonts();
  const statement = await buildStatement(db, exporter.merchantId, query, options);
  // Recorded once everything that can refuse it has passed, before the file streams.
  await recordAuditAlone(db, {
    realm: 'merchant',
    actorUserId: exporter.userId,
    merchantId: exporter.merchantId,
    action,
    subject: `account:${statement.account.id}`,
    details: {
      format: query.format,
      currency: statement.account.currency,
      from: statement.period.firstDay,
      to: statement.period.lastDay,
      rows: statement.count,
    },
    origin: exporter.origin,
  });
  return {
    fileName: statementFileName(statement, writer.extension),
    contentType: statementContentTypes[query.format],
    rows: statement.count,
    stream: writer.write(statement),
  };
}

const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });

/**
 * monthlyStatement: one Europe/Athens calendar month of one account (all its transactions), dates printed in Greek
 * time. The current month runs up to now; a month in the future is 400; a month before the account was opened is an
 * empty statement with zero balances.
 */
export async function exportMonthlyStatement(
  db: Database,
  exporter: Exporter,
  query: MonthlyStatementQuery,
  options: StatementOptions = {},
): Promise<StatementExport> {
  const now = options.now ?? new Date();
  const [yearText, monthText] = query.month.split('-');
  const year = Number(yearText);
  const month = Number(monthText);
  if (query.month > athensDay(now).slice(0, 7)) throw badField('month', 'The month has not started yet.');
  if (year < 2000) throw badField('month', 'No statements before 2000.');
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const [from, toExclusive] = await athensMidnights(db, [`${query.month}-01`, next]);
  if (!from || !toExclusive) throw new Error('no month bounds');
  return statementExport(
    db,
    exporter,
    {
      format: query.format,
      ...(query.locale ? { locale: query.locale } : {}),
      ...(query.account_type !== undefined ? { account_type: query.account_type } : {}),
      ...(query.account_id !== undefined ? { account_id: query.account_id } : {}),
      from: from.toISOString(),
      // An instant is inclusive: the last millisecond of the month.
      to: new Date(toExclusive.getTime() - 1).toISOString(),
    },
    { ...options, now, timeZone: 'Europe/Athens' },
    'statement.downloaded',
  );
}

/**
 * A small file is made before it is sent, so the response can carry its Content-Length (a download shows real
 * progress, and a failure part-way is an error response, not a broken file); a large one streams chunked as it is
 * made (the client counts rows against X-Statement-Rows for progress).
 */
export async function bufferedIfSmall(file: StatementExport): Promise<Readable | Buffer> {
  if (file.rows > statementBufferedRows) return file.stream;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks);
}
