import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { stringify } from 'csv-stringify';
import { formattersFor } from './format';
import { statementLabels } from './labels';
import { assertRowsMatch, type Statement } from './statementData';
import type { StatementWriter } from './writer';

/** A number we wrote ourselves ("-1234,56"): left as it is so spreadsheets read it as a number. */
const ourNumber = /^-?\d+([.,]\d+)?$/;
/** OWASP "CSV injection": a cell a spreadsheet could read as a formula (also the full-width forms Numbers folds). */
const formulaStart = /^[=+\-@\t\r＝＋－＠]/;

/** Prefixes an apostrophe to any text a spreadsheet would run as a formula. */
export function neutralise(cell: string): string {
  return formulaStart.test(cell) && !ourNumber.test(cell) ? `'${cell}` : cell;
}

/**
 * CSV (RFC 4180: comma-separated, CRLF line ends, fields with quotes, commas or line breaks quoted and their quotes
 * doubled), UTF-8 with a byte-order mark so that spreadsheet programs read Greek right. One header row, one row per
 * transaction, amounts as plain decimals in the statement's language (Greek with a decimal comma).
 */
function writeCsv(statement: Statement): Readable {
  const labels = statementLabels[statement.locale];
  const format = formattersFor(statement.locale);
  const c = labels.columns;
  const stringifier = stringify({ bom: true, record_delimiter: 'windows', quoted_match: /[",\r\n]/ });
  const output = new PassThrough();
  stringifier.pipe(output);
  stringifier.on('error', (error) => output.destroy(error));

  const put = async (record: string[]) => {
    if (!stringifier.write(record.map(neutralise))) await once(stringifier, 'drain');
  };

  void (async () => {
    await put([
      c.date,
      c.counterparty,
      c.type,
      c.status,
      c.reference,
      c.amount,
      c.fee,
      c.total,
      c.currency,
      c.originalAmount,
      c.originalCurrency,
      c.exchangeRate,
      c.id,
    ]);
    const walked = { count: 0, totalIn: 0n, totalOut: 0n };
    for await (const { transaction: t, effect } of statement.rows()) {
      walked.count += 1;
      if (effect > 0n) walked.totalIn += effect;
      else walked.totalOut += effect;
      const sign = t.direction === 'out' ? -1n : 1n;
      const amount = BigInt(t.amount.amount_minor);
      const fee = BigInt(t.fee.amount_minor);
      const currency = t.amount.currency;
      const reference = [t.reference, t.note].filter((part) => part?.trim()).join(' / ');
      await put([
        t.created_at,
        t.counterparty.name,
        labels.types[t.type],
        labels.statuses[t.status],
        reference,
        format.decimal(sign * amount, currency),
        format.decimal(sign * fee, currency),
        format.decimal(sign * (amount + fee), currency),
        currency,
        format.decimal(sign * BigInt(t.original_amount.amount_minor), t.original_amount.currency),
        t.original_amount.currency,
        t.exchange_rate ? format.rate(t.exchange_rate.rate) : '',
        t.id,
      ]);
    }
    // The file ends properly only if the rows are the ones the statement announced (else a broken download).
    assertRowsMatch(statement, walked);
    stringifier.end();
  })().catch((error: unknown) => {
    stringifier.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

export const csvWriter: StatementWriter = {
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  write: writeCsv,
};
