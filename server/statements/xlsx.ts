import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { currencyDigits, minorToDecimal } from '../../schemas/money';
import { exceljs } from '../heavyLibraries';
import { wallClock, type StatementTimeZone } from './format';
import { statementLabels } from './labels';
import { assertBalances, assertRowsMatch, type Statement } from './statementData';
import { drained, type StatementWriter } from './writer';

/**
 * Excel (SPEC §7 "statement export (excel, pdf)"): one sheet, written row by row with exceljs's streaming
 * WorkbookWriter, so a large statement never sits whole in memory. A header block as the PDF's (holder, VAT number,
 * address, wallet tag, account, IBAN, period, opening and closing balances, totals), then one row per transaction,
 * newest first. Amounts are numbers with the currency's number format (negative out), dates are dates (the
 * statement's clock: a spreadsheet date has no time zone, so the wall-clock time is stored and the header says
 * which clock), text cells are plain strings (never formulas).
 */

/** `#,##0.00 "EUR"`: the currency's decimals; Excel shows the reader's own decimal and grouping marks. */
export function currencyFormat(currency: string): string {
  const digits = currencyDigits(currency);
  const number = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  return `${number} "${currency}";-${number} "${currency}"`;
}

/** Minor units as the number a cell holds (exact for any amount below 2^53 minor units). */
export function amountNumber(amount: bigint, currency: string): number {
  return Number(minorToDecimal(amount, currencyDigits(currency)));
}

const dateTimeFormat = 'dd/mm/yyyy hh:mm';
const dayFormat = 'dd/mm/yyyy';

/** The rows before the table; the table's header is the row after them. */
export const xlsxHeaderRows = 19;

function writeXlsx(statement: Statement): Readable {
  const labels = statementLabels[statement.locale];
  const c = labels.columns;
  const currency = statement.account.currency;
  const moneyFormat = currencyFormat(currency);
  const zone: StatementTimeZone = statement.timeZone;
  const output = new PassThrough();
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = labels.bankName;
  workbook.created = statement.generatedAt;
  const sheet = workbook.addWorksheet(labels.sheetName, {
    views: [{ state: 'frozen', ySplit: xlsxHeaderRows + 1 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const withBalance = !statement.narrowed;
  const columns: { key: string; label: string; width: number }[] = [
    { key: 'date', label: c.date, width: 17 },
    { key: 'counterparty', label: c.counterparty, width: 28 },
    { key: 'type', label: c.type, width: 22 },
    { key: 'status', label: c.status, width: 14 },
    { key: 'reference', label: c.reference, width: 32 },
    { key: 'amount', label: c.amount, width: 16 },
    { key: 'fee', label: c.fee, width: 12 },
    { key: 'total', label: c.total, width: 16 },
    ...(withBalance ? [{ key: 'balance', label: c.balance, width: 16 }] : []),
    { key: 'currency', label: c.currency, width: 9 },
    { key: 'originalAmount', label: c.originalAmount, width: 16 },
    { key: 'originalCurrency', label: c.originalCurrency, width: 9 },
    { key: 'exchangeRate', label: c.exchangeRate, width: 14 },
    { key: 'id', label: c.id, width: 38 },
  ];
  sheet.columns = columns.map((column) => ({ key: column.key, width: column.width }));
  const index = new Map(columns.map((column, i) => [column.key, i + 1]));
  const col = (key: string) => index.get(key) ?? 0;

  let rowsAdded = 0;
  const addRow = (values: unknown[], style?: (row: ExcelJS.Row) => void) => {
    const row = sheet.addRow(values);
    style?.(row);
    row.commit();
    rowsAdded += 1;
  };
  const labelled = (label: string, value: ExcelJS.CellValue, numFmt?: string, bold = false) =>
    addRow([label, value], (row) => {
      row.getCell(1).font = { bold: true };
      if (numFmt) row.getCell(2).numFmt = numFmt;
      if (bold) row.getCell(2).font = { bold: true };
      row.getCell(2).alignment = { horizontal: 'left' };
    });

  void (async () => {
    const m = statement.merchant;
    const periodFrom = wallClock(statement.period.from, zone);
    const periodTo = wallClock(new Date(statement.period.toExclusive.getTime() - 1), zone);
    addRow([labels.bankName], (row) => (row.getCell(1).font = { bold: true, size: 14 }));
    addRow([labels.title], (row) => (row.getCell(1).font = { bold: true, size: 12 }));
    labelled(labels.merchant, m.legalName);
    labelled(labels.vatNumber, m.vatNumber ?? '');
    labelled(labels.address, m.address ?? '');
    labelled(labels.walletTag, m.walletTag ?? '');
    labelled(labels.account, statement.account.name);
    labelled(labels.iban, statement.account.iban ?? '');
    labelled(labels.currency, currency);
    labelled(labels.period, `${statement.period.firstDay} – ${statement.period.lastDay}`);
    addRow([null, periodFrom, periodTo], (row) => {
      row.getCell(2).numFmt = dayFormat;
      row.getCell(3).numFmt = dayFormat;
    });
    labelled(labels.generatedAt, wallClock(statement.generatedAt, zone), dateTimeFormat);
    labelled(labels.openingBalance, amountNumber(statement.opening, currency), moneyFormat, true);
    labelled(labels.closingBalance, amountNumber(statement.closing, currency), moneyFormat, true);
    labelled(labels.totalIn, amountNumber(statement.totalIn, currency), moneyFormat);
    labelled(labels.totalOut, amountNumber(statement.totalOut, currency), moneyFormat);
    labelled(labels.transactionsCount, statement.count);
    addRow([zone === 'UTC' ? labels.timesInUtc : labels.timesInAthens]);
    addRow([statement.narrowed ? labels.filtered : labels.newestFirst]);
    if (rowsAdded !== xlsxHeaderRows) throw new Error(`xlsx header has ${rowsAdded} rows`);
    addRow(
      columns.map((column) => column.label),
      (row) => {
        row.font = { bold: true };
        row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EDF3' } };
      },
    );

    const walked = { count: 0, totalIn: 0n, totalOut: 0n };
    let balance = statement.closing;
    for await (const { transaction: t, effect } of statement.rows()) {
      walked.count += 1;
      if (effect > 0n) walked.totalIn += effect;
      else walked.totalOut += effect;
      const sign = t.direction === 'out' ? -1n : 1n;
      const amount = BigInt(t.amount.amount_minor);
      const fee = BigInt(t.fee.amount_minor);
      const values: unknown[] = [];
      values[col('date') - 1] = wallClock(new Date(t.created_at), zone);
      values[col('counterparty') - 1] = t.counterparty.name;
      values[col('type') - 1] = labels.types[t.type];
      values[col('status') - 1] = labels.statuses[t.status];
      values[col('reference') - 1] = [t.reference, t.note].filter((part) => part?.trim()).join(' / ');
      values[col('amount') - 1] = amountNumber(sign * amount, currency);
      values[col('fee') - 1] = amountNumber(sign * fee, currency);
      values[col('total') - 1] = amountNumber(sign * (amount + fee), currency);
      if (withBalance) values[col('balance') - 1] = amountNumber(balance, currency);
      values[col('currency') - 1] = currency;
      const original = t.original_amount;
      values[col('originalAmount') - 1] = amountNumber(
        sign * BigInt(original.amount_minor),
        original.currency,
      );
      values[col('originalCurrency') - 1] = original.currency;
      values[col('exchangeRate') - 1] = t.exchange_rate ? Number(t.exchange_rate.rate) : null;
      values[col('id') - 1] = t.id;
      addRow(values, (row) => {
        row.getCell(col('date')).numFmt = dateTimeFormat;
        for (const key of ['amount', 'fee', 'total', ...(withBalance ? ['balance'] : [])]) {
          row.getCell(col(key)).numFmt = moneyFormat;
        }
        row.getCell(col('originalAmount')).numFmt = currencyFormat(original.currency);
        if (t.exchange_rate) row.getCell(col('exchangeRate')).numFmt = '0.0000####';
      });
      // Newest first: the balance after the next (older) row is this one's before it.
      balance -= effect;
      if (walked.count % 200 === 0) await drained(output);
    }
    assertRowsMatch(statement, walked);
    if (!statement.narrowed) {
      assertBalances(statement);
      if (balance !== statement.opening)
        throw new Error('the running balance does not reach the opening balance');
    }
    if (walked.count === 0) addRow([labels.noTransactions]);
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

export const xlsxWriter: StatementWriter = {
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  extension: 'xlsx',
  write: writeXlsx,
};
