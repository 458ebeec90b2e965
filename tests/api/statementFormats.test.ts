import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementBufferedRows } from '../../schemas/statements.schema';
import { postTransfer, systemAccount } from '../../server/ledger';
import { xlsxHeaderRows } from '../../server/statements/xlsx';
import { api, apiWithBadInput, expectStatus, type QueryOf } from './client';
import { startTestServer, type TestServer } from './harness';
import {
  employeeToken,
  expectHealthy,
  ledgerSnapshot,
  merchantWithAccount,
  newKey,
  type MoneyMerchant,
} from './money';
import { databaseDigest } from './tableDigest';

/**
 * Statements in every format: Excel next to CSV and PDF for a filtered list, and the monthly statement of
 * an Athens calendar month in all three. Each file is read back (exceljs, pdf-parse, a CSV parser) and compared with
 * what the test itself reads from the ledger's entries.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** RFC 4180, as tests/api/statements.test.ts reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

async function readXlsx(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\u00a0|\u202f/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** Minor units → the number a spreadsheet cell holds. */
const euros = (amount: bigint) => Number(amount) / 100;

describe('monthly statements and xlsx, against the ledger', () => {
  let merchant: MoneyMerchant;
  let other: MoneyMerchant;
  /** Times chosen around the Athens month boundary: 2026-11-01 00:00 in Athens is 2026-10-31T22:00Z (UTC+2). */
  const boundary = Date.parse('2026-10-31T22:00:00Z');
  const octoberStart = Date.parse('2026-09-30T21:00:00Z'); // 2026-10-01 00:00 in Athens (UTC+3, summer time)

  beforeAll(async () => {
    merchant = await merchantWithAccount(server);
    other = await merchantWithAccount(server);
    const external = await systemAccount(server.db, 'EUR', 'external');
    const times: [string, number][] = [];
    const post = async (at: number, input: Parameters<typeof postTransfer>[1]) => {
      const { transfer } = await postTransfer(server.db, input);
      times.push([transfer.id, at]);
    };
    // Before October: the opening balance.
    await post(Date.parse('2026-09-15T10:00:00Z'), {
      type: 'incoming_bank_transfer',
      status: 'completed',
      amountMinor: 1_000_000n,
      currency: 'EUR',
      debitAccountId: external,
      creditAccountId: merchant.accountId,
      counterpartyName: 'Opening funds',
      idempotencyKey: newKey('open'),
    });
    // A millisecond before October in Athens: September's.
    await post(octoberStart - 1, {
      type: 'incoming_bank_transfer',
      status: 'completed',
      amountMinor: 11n,
      currency: 'EUR',
      debitAccountId: external,
      creditAccountId: merchant.accountId,
      counterpartyName: 'Edge September',
      idempotencyKey: newKey('edge'),
    });
    for (let i = 0; i < 40; i += 1) {
      const at = octoberStart + (i + 1) * 15 * 3_600_000;
      if (i % 3 === 0) {
        await post(at, {
          type: 'account_to_account',
          status: 'completed',
          amountMinor: BigInt(1_000 + i * 13),
          feeMinor: 25n,
          currency: 'EUR',
          debitAccountId: merchant.accountId,
          creditAccountId: other.accountId,
          note: `Supplies ${i}`,
          idempotencyKey: newKey('out'),
        });
      } else {
        await post(at, {
          type: 'incoming_bank_transfer',
          status: 'completed',
          amountMinor: BigInt(2_000 + i * 7),
          currency: 'EUR',
          debitAccountId: external,
          creditAccountId: merchant.accountId,
          counterpartyName: i === 1 ? '=HYPERLINK("http://evil.example","x")' : `Customer ${i}`,
          idempotencyKey: newKey('in'),
        });
      }
    }
    // The last millisecond of October in Athens, and the first of November.
    await post(boundary - 1, {
      type: 'incoming_bank_transfer',
      status: 'completed',
      amountMinor: 22n,
      currency: 'EUR',
      debitAccountId: external,
      creditAccountId: merchant.accountId,
      counterpartyName: 'Edge October',
      idempotencyKey: newKey('edge'),
    });
    await post(boundary, {
      type: 'incoming_bank_transfer',
      status: 'completed',
      amountMinor: 33n,
      currency: 'EUR',
      debitAccountId: external,
      creditAccountId: merchant.accountId,
      counterpartyName: 'Edge November',
      idempotencyKey: newKey('edge'),
    });
    for (const [id, at] of times) {
      await sql`UPDATE transfers SET created_at = ${new Date(at)} WHERE id = ${id}`.execute(server.db);
    }
  });

  /** The ledger, read by the test: the account's entries by transfer, with the transfer's time. */
  async function ledger(from: number, to: number) {
    const result = await sql<{ id: string; effect: string }>`
      SELECT t.id, SUM(e.amount_minor)::text AS effect
      FROM ledger_entries e JOIN transfers t ON t.id = e.transfer_id
      WHERE e.account_id = ${merchant.accountId} AND t.created_at >= ${new Date(from)} AND t.created_at < ${new Date(to)}
      GROUP BY t.id`.execute(server.db);
    const before = await sql<{ total: string | null }>`
      SELECT SUM(e.amount_minor)::text AS total FROM ledger_entries e JOIN transfers t ON t.id = e.transfer_id
      WHERE e.account_id = ${merchant.accountId} AND t.created_at < ${new Date(from)}`.execute(server.db);
    const effects = new Map(result.rows.map((row) => [row.id, BigInt(row.effect)]));
    const opening = BigInt(before.rows[0]?.total ?? '0');
    const moved = [...effects.values()].reduce((sum, e) => sum + e, 0n);
    return { effects, opening, closing: opening + moved };
  }

  const monthly = (token: string, query: QueryOf<'GET', '/api/merchants/statements/monthly/'>) =>
    api(server.app, 'GET', '/api/merchants/statements/monthly/', { query, token }).then((response) => ({
      ...response,
      bytes: response.raw.rawPayload,
    }));

  it('xlsx: header, balances as numbers, dates as dates, one row per transaction of the Athens month', async () => {
    const response = await monthly(merchant.token, { month: '2026-10', format: 'xlsx' });
    expectStatus(response, 200, response.raw.body.slice(0, 300));
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tameio-statement-eur-2026-10-01_2026-10-31.xlsx"',
    );
    expect(response.headers['content-length']).toBe(String(response.bytes.length));
    const { effects, opening, closing } = await ledger(octoberStart, boundary);
    expect(response.headers['x-statement-rows']).toBe(String(effects.size));
    expect(effects.size).toBe(41);

    const sheet = await readXlsx(response.bytes);
    const labelled = new Map<string, ExcelJS.CellValue>();
    for (let r = 1; r <= xlsxHeaderRows; r += 1) {
      const row = sheet.getRow(r);
      labelled.set(String(row.getCell(1).value ?? ''), row.getCell(2).value);
    }
    expect(sheet.getRow(1).getCell(1).value).toBe('Tameio Payments');
    expect(labelled.get('Account holder')).toMatch(/^Test Merchant/);
    expect(labelled.get('IBAN')).toBe(merchant.iban);
    expect(labelled.get('Currency')).toBe('EUR');
    expect(labelled.get('Period')).toBe('2026-10-01 – 2026-10-31');
    expect(labelled.get('Opening balance')).toBe(euros(opening));
    expect(labelled.get('Closing balance')).toBe(euros(closing));
    expect(labelled.get('Transactions')).toBe(41);
    expect(labelled.get('Generated')).toBeInstanceOf(Date);
    const openingRow = [...Array(xlsxHeaderRows).keys()]
      .map((i) => sheet.getRow(i + 1))
      .find((row) => row.getCell(1).value === 'Opening balance');
    expect(openingRow?.getCell(2).numFmt).toBe('#,##0.00 "EUR";-#,##0.00 "EUR"');

    const header = sheet.getRow(xlsxHeaderRows + 1).values as ExcelJS.CellValue[];
    expect(header.slice(1, 10)).toEqual([
      'Date',
      'Counterparty',
      'Type',
      'Status',
      'Reference / note',
      'Amount',
      'Fee',
      'Total',
      'Balance',
    ]);
    const idColumn = header.indexOf('Transaction ID');
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row, number) => {
      if (number > xlsxHeaderRows + 1) rows.push(row);
    });
    expect(rows).toHaveLength(41);
    let balance = closing;
    for (const row of rows) {
      const id = String(row.getCell(idColumn).value);
      const effect = effects.get(id);
      expect(effect, id).toBeDefined();
      // Amount + fee with the sign of the movement is what the ledger moved on the account.
      expect(row.getCell(8).value, id).toBe(euros(effect ?? 0n));
      expect(row.getCell(9).value, id).toBe(euros(balance));
      balance -= effect ?? 0n;
      expect(row.getCell(6).numFmt).toBe('#,##0.00 "EUR";-#,##0.00 "EUR"');
      const date = row.getCell(1).value;
      expect(date).toBeInstanceOf(Date);
    }
    expect(balance).toBe(opening);
    // Dates are Greek wall-clock time: the month's last movement at 23:59 on 31 October.
    const last = rows.find((row) => row.getCell(2).value === 'Edge October');
    expect((last?.getCell(1).value as Date).toISOString()).toBe('2026-10-31T23:59:59.999Z');
    expect(rows.some((row) => row.getCell(2).value === 'Edge November')).toBe(false);
    expect(rows.some((row) => row.getCell(2).value === 'Edge September')).toBe(false);
    // Text stays text: a would-be formula is a plain string cell.
    const evil = rows.find((row) => String(row.getCell(2).value).startsWith('=HYPERLINK'));
    expect(evil?.getCell(2).type).toBe(ExcelJS.ValueType.String);
  });

  it('monthly CSV and PDF of the same month agree with the ledger', async () => {
    const { effects, opening, closing } = await ledger(octoberStart, boundary);
    const csv = await monthly(merchant.token, { month: '2026-10', format: 'csv' });
    expectStatus(csv, 200);
    const [, ...rows] = parseCsv(csv.bytes.toString('utf8').slice(1));
    expect(new Set(rows.map((row) => row[12]))).toEqual(new Set(effects.keys()));
    const total = rows.reduce((sum, row) => sum + BigInt((row[7] ?? '0').replace('.', '')), 0n);
    expect(total).toBe(closing - opening);

    const pdf = await monthly(merchant.token, { month: '2026-10', format: 'pdf', locale: 'el' });
    expectStatus(pdf, 200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.bytes);
    const money = (amount: bigint) =>
      new Intl.NumberFormat('el-GR', { style: 'currency', currency: 'EUR' })
        .format(Number(amount) / 100)
        .replace(/\u00a0|\u202f/g, ' ');
    expect(text).toContain(money(opening));
    expect(text).toContain(money(closing));
    expect(text).toContain('01/10/2026 – 31/10/2026');
    expect(text).toContain('ώρα Ελλάδας');
  });

  it('a filtered list exports as xlsx too, with the same rows as its CSV', async () => {
    const query = { from: '2026-10-05', to: '2026-10-20', direction: 'in' } as const;
    const get = (format: 'csv' | 'xlsx') =>
      api(server.app, 'GET', '/api/merchants/transactions/export/', {
        query: { ...query, format },
        token: merchant.token,
      });
    const xlsx = await get('xlsx');
    const csv = await get('csv');
    expectStatus(xlsx, 200);
    const sheet = await readXlsx(xlsx.raw.rawPayload);
    const ids: string[] = [];
    const header = sheet.getRow(xlsxHeaderRows + 1).values as ExcelJS.CellValue[];
    // Filtered: no running balance column.
    expect(header).not.toContain('Balance');
    const idColumn = header.indexOf('Transaction ID');
    sheet.eachRow((row, number) => {
      if (number > xlsxHeaderRows + 1) ids.push(String(row.getCell(idColumn).value));
    });
    const [, ...csvRows] = parseCsv(csv.raw.rawPayload.toString('utf8').slice(1));
    expect(ids).toEqual(csvRows.map((row) => row[12]));
    expect(ids.length).toBeGreaterThan(5);
  });

  it('the current month runs up to now; a future month, a bad month or format is 400', async () => {
    const now = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' })
      .format(new Date())
      .slice(0, 7);
    expect((await monthly(merchant.token, { month: now, format: 'csv' })).status).toBe(200);
    const before = await databaseDigest(server.db);
    for (const [query, field] of [
      [{ month: '2099-01', format: 'csv' }, 'month'],
      [{ month: '2026-13', format: 'csv' }, 'month'],
      [{ month: '2026-1', format: 'csv' }, 'month'],
      [{ format: 'csv' }, 'month'],
      [{ month: '2026-10', format: 'docx' }, 'format'],
      [{ month: '2026-10' }, 'format'],
      [{ month: '2026-10', format: 'csv', locale: 'de' }, 'locale'],
    ] as const) {
      const response = await apiWithBadInput(server.app, 'GET', '/api/merchants/statements/monthly/', {
        query,
        token: merchant.token,
      });
      expectStatus(response, 400, JSON.stringify(query));
      expect(Object.keys(response.body.error.fields ?? {}), JSON.stringify(query)).toContain(field);
    }
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('another merchant’s account or a currency not held: 404; Cardholders: 403', async () => {
    const foreign = await monthly(merchant.token, {
      month: '2026-10',
      format: 'pdf',
      account_id: other.accountId,
    });
    expectStatus(foreign, 404);
    expect(foreign.raw.body).not.toContain(other.iban);
    const usd = await monthly(merchant.token, { month: '2026-10', format: 'csv', account_type: 'usd' });
    expectStatus(usd, 404);
    expect(usd.body.error.message).toBe('No data found for this currency.');
    const employee = await employeeToken(server, merchant.merchantId, 'employee');
    const viewer = await employeeToken(server, merchant.merchantId, 'viewer');
    // SPEC §6 leaves transactions open to employees; a statement is company data (access level `company` here).
    expect((await monthly(employee, { month: '2026-10', format: 'csv' })).status).toBe(200);
    expect((await monthly(viewer, { month: '2026-10', format: 'xlsx' })).status).toBe(200);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/statements/monthly/', {
          query: { month: '2026-10', format: 'csv' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('large exports stream', () => {
  it(`over ${statementBufferedRows} rows: chunked, no Content-Length, and the whole file arrives`, async () => {
    const merchant = await merchantWithAccount(server);
    const external = await systemAccount(server.db, 'EUR', 'external');
    const count = statementBufferedRows + 150;
    // Many movements at once, written the way the ledger writes them (transfer, two entries, balances).
    await sql`
      WITH made AS (
        INSERT INTO transfers (type, status, amount_minor, currency, credit_amount_minor, credit_currency,
          debit_account_id, credit_account_id, counterparty_name, idempotency_key, request_hash, created_at)
        SELECT 'incoming_bank_transfer', 'completed', 100 + n, 'EUR', 100 + n, 'EUR', ${external}::uuid,
          ${merchant.accountId}::uuid, 'Bulk ' || n, ${newKey('bulk')} || '-' || n, 'bulk',
          timestamptz '2026-08-01 00:00:00+00' + n * interval '10 minutes'
        FROM generate_series(1, ${count}) AS n
        RETURNING id, amount_minor
      ), entries AS (
        INSERT INTO ledger_entries (transfer_id, account_id, amount_minor)
        SELECT id, ${external}::uuid, -amount_minor FROM made
        UNION ALL SELECT id, ${merchant.accountId}::uuid, amount_minor FROM made
        RETURNING account_id, amount_minor
      )
      UPDATE ledger_accounts a SET balance_minor = a.balance_minor + s.total
      FROM (SELECT account_id, SUM(amount_minor) AS total FROM entries GROUP BY account_id) s
      WHERE a.id = s.account_id`.execute(server.db);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
    for (const format of ['csv', 'xlsx'] as const) {
      const response = await api(server.app, 'GET', '/api/merchants/statements/monthly/', {
        query: { month: '2026-08', format },
        token: merchant.token,
      });
      expectStatus(response, 200);
      expect(response.headers['content-length'], format).toBeUndefined();
      expect(response.headers['x-statement-rows']).toBe(String(count));
      const lines =
        format === 'csv'
          ? parseCsv(response.raw.rawPayload.toString('utf8').slice(1)).length - 1
          : (await readXlsx(response.raw.rawPayload)).actualRowCount - xlsxHeaderRows - 1;
      expect(lines, format).toBe(count);
    }
  });
});
