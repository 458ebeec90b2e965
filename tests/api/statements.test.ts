import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failTransfer, postTransfer, systemAccount } from '../../server/ledger';
import { statementWriters } from '../../server/statements/export';
import { buildStatement } from '../../server/statements/statementData';
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

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const exportUrl = '/api/merchants/transactions/export/';

async function exportFile(token: string, query: QueryOf<'GET', typeof exportUrl>) {
  const response = await api(server.app, 'GET', exportUrl, { query, token });
  return { ...response, bytes: response.raw.rawPayload };
}

/** RFC 4180: quoted fields may hold commas, CRLF and doubled quotes. */
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

async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    // Intl puts no-break spaces in money ("50.025,38 €"); the extracted text has plain ones.
    return { text: result.text.replace(/\u00a0|\u202f/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** "1234.56" → 123456n; "-1234,56" → -123456n. */
const minor = (decimal: string) => BigInt(decimal.replace(/[.,]/, ''));

/** Money as the statement prints it, worked out here independently of the server's formatter. */
function euro(amount: bigint, locale: 'en' | 'el' = 'en'): string {
  const magnitude = amount < 0n ? -amount : amount;
  const decimal = `${amount < 0n ? '-' : ''}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
  return new Intl.NumberFormat(locale === 'el' ? 'el-GR' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
  })
    .format(decimal as Intl.StringNumericLiteral)
    .replace(/\u00a0|\u202f/g, ' ');
}

describe('statement export: CSV and PDF against the ledger', () => {
  let merchant: MoneyMerchant;
  let other: MoneyMerchant;
  /** What the test itself moved on the merchant's account: [time, change of the (available) balance]. */
  const moves: { at: Date; delta: bigint; id: string }[] = [];
  const periodStart = new Date('2026-03-01T00:00:00Z');
  const periodEnd = new Date('2026-03-11T00:00:00Z'); // "to=2026-03-10" is the whole 10th

  beforeAll(async () => {
    merchant = await merchantWithAccount(server);
    other = await merchantWithAccount(server);
    await server.db
      .updateTable('merchants')
      .set({ name: 'Ελληνικό Καφεκοπτείο Demo' })
      .where('id', '=', merchant.merchantId)
      .execute();
    const external = await systemAccount(server.db, 'EUR', 'external');
    const clearing = await systemAccount(server.db, 'EUR', 'clearing');
    const planned: { id: string; delta: bigint }[] = [];
    const record = (id: string, delta: bigint) => planned.push({ id, delta });
    const { transfer: seed } = await postTransfer(server.db, {
      type: 'incoming_bank_transfer',
      status: 'completed',
      amountMinor: 5_000_000n,
      currency: 'EUR',
      debitAccountId: external,
      creditAccountId: merchant.accountId,
      counterpartyName: 'Opening funds',
      idempotencyKey: newKey('seed'),
    });
    record(seed.id, 5_000_000n);
    await postTransfer(server.db, {
      type: 'incoming_bank_transfer',
      status: 'completed',
      amountMinor: 5_000_000n,
      currency: 'EUR',
      debitAccountId: external,
      creditAccountId: other.accountId,
      idempotencyKey: newKey('seed'),
    });
    for (let i = 0; i < 130; i += 1) {
      const amount = BigInt(1_000 + i * 37);
      const key = newKey('stmt');
      if (i % 4 === 0) {
        const { transfer } = await postTransfer(server.db, {
          type: 'incoming_bank_transfer',
          status: 'completed',
          amountMinor: amount,
          currency: 'EUR',
          debitAccountId: external,
          creditAccountId: merchant.accountId,
          counterpartyName: `Customer ${i}`,
          reference: `Invoice ${i}, part "A"`,
          idempotencyKey: key,
        });
        record(transfer.id, amount);
      } else if (i % 4 === 1) {
        const { transfer } = await postTransfer(server.db, {
          type: 'account_to_account',
          status: 'completed',
          amountMinor: amount,
          feeMinor: 25n,
          currency: 'EUR',
          debitAccountId: merchant.accountId,
          creditAccountId: other.accountId,
          note: `Order ${i}`,
          idempotencyKey: key,
        });
        record(transfer.id, -(amount + 25n));
      } else if (i % 4 === 2) {
        const { transfer } = await postTransfer(server.db, {
          type: 'bank_transfer',
          status: 'pending',
          amountMinor: amount,
          feeMinor: 50n,
          currency: 'EUR',
          debitAccountId: merchant.accountId,
          creditAccountId: clearing,
          counterpartyName: `Supplier ${i}`,
          counterpartyIban: 'DE89370400440532013000',
          idempotencyKey: key,
        });
        // Every third of them fails: the reversal gives amount and fee back.
        if (i % 3 === 0) {
          await failTransfer(server.db, transfer.id, 'Rejected by the other bank');
          record(transfer.id, 0n);
        } else record(transfer.id, -(amount + 50n));
      } else {
        const { transfer } = await postTransfer(server.db, {
          type: 'account_to_account',
          status: 'completed',
          amountMinor: amount,
          currency: 'EUR',
          debitAccountId: other.accountId,
          creditAccountId: merchant.accountId,
          idempotencyKey: key,
        });
        record(transfer.id, amount);
      }
    }
    const { transfer: evil } = await postTransfer(server.db, {
      type: 'incoming_bank_transfer',
      status: 'completed',
      amountMinor: 1_234n,
      currency: 'EUR',
      debitAccountId: external,
      creditAccountId: merchant.accountId,
      counterpartyName: '=HYPERLINK("http://evil.example","click")',
      reference: '+SUM(1,2)',
      note: '@cmd',
      idempotencyKey: newKey('evil'),
    });
    record(evil.id, 1_234n);
    // Spread over time: the seed on 2026-02-20, then one every 4 hours from 2026-02-25 (→ about 2026-03-18).
    const times = new Map<string, Date>();
    planned.forEach(({ id }, n) => {
      const at =
        n === 0
          ? new Date('2026-02-20T09:00:00Z')
          : new Date(Date.parse('2026-02-25T00:00:00Z') + (n - 1) * 4 * 3_600_000 + 1_000 * n);
      times.set(id, at);
    });
    for (const [id, at] of times) {
      await sql`UPDATE transfers SET created_at = ${at} WHERE id = ${id}`.execute(server.db);
    }
    for (const { id, delta } of planned) moves.push({ at: times.get(id) ?? new Date(0), delta, id });
  });

  const balanceBefore = (instant: Date) =>
    moves.filter((m) => m.at < instant).reduce((sum, m) => sum + m.delta, 0n);
  const inPeriod = () => moves.filter((m) => m.at >= periodStart && m.at < periodEnd);
  const period = { from: '2026-03-01', to: '2026-03-10' } as const;

  it('CSV: one row per transaction of the period, amounts as the ledger moved them', async () => {
    const response = await exportFile(merchant.token, { format: 'csv', ...period });
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tameio-statement-eur-2026-03-01_2026-03-10.csv"',
    );
    const text = response.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([
      'Date',
      'Counterparty',
      'Type',
      'Status',
      'Reference / note',
      'Amount',
      'Fee',
      'Total',
      'Currency',
      'Original amount',
      'Original currency',
      'Exchange rate',
      'Transaction ID',
    ]);
    const expected = inPeriod();
    expect(expected.length).toBeGreaterThan(50);
    expect(rows).toHaveLength(expected.length);
    expect(response.headers['x-statement-rows']).toBe(String(expected.length));
    expect(new Set(rows.map((r) => r[12]))).toEqual(new Set(expected.map((m) => m.id)));
    // Totals: what the ledger moved, except that a failed payment is listed with its amount (and nets to zero).
    const failed = new Set(
      (
        await server.db
          .selectFrom('transfers')
          .select('id')
          .where('status', '=', 'failed')
          .where('debit_account_id', '=', merchant.accountId)
          .execute()
      ).map((r) => r.id),
    );
    const sumOf = (column: number) =>
      rows.filter((r) => !failed.has(r[12] ?? '')).reduce((sum, r) => sum + minor(r[column] ?? '0'), 0n);
    expect(sumOf(7)).toBe(expected.reduce((sum, m) => sum + m.delta, 0n));
    expect(sumOf(5) + sumOf(6)).toBe(sumOf(7));
    for (const row of rows) {
      expect(row[0]).toMatch(/^2026-03-(0\d|10)T/);
      expect(row[5]).toMatch(/^-?\d+\.\d{2}$/);
      expect(row[8]).toBe('EUR');
    }
    const quoted = rows.find((r) => r[4]?.startsWith('Invoice'));
    expect(quoted?.[4]).toMatch(/^Invoice \d+, part "A"$/);
    expect(text).toMatch(/"Invoice \d+, part ""A"""/);
  });

  it('CSV neutralises formulas but keeps negative numbers numbers', async () => {
    const response = await exportFile(merchant.token, { format: 'csv', q: 'HYPERLINK' });
    const [, ...rows] = parseCsv(response.bytes.toString('utf8').slice(1));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[1]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(rows[0]?.[4]).toBe(`'+SUM(1,2) / @cmd`);
    const out = await exportFile(merchant.token, { format: 'csv', direction: 'out', ...period });
    const [, first] = parseCsv(out.bytes.toString('utf8').slice(1));
    expect(first?.[5]).toMatch(/^-\d+\.\d{2}$/);
  });

  it('CSV in Greek: Greek labels and decimal commas', async () => {
    const response = await exportFile(merchant.token, { format: 'csv', locale: 'el', ...period });
    expectStatus(response, 200);
    const [header, ...rows] = parseCsv(response.bytes.toString('utf8').slice(1));
    expect(header?.slice(0, 3)).toEqual(['Ημερομηνία', 'Αντισυμβαλλόμενος', 'Τύπος']);
    expect(rows[0]?.[5]).toMatch(/^-?\d+,\d{2}$/);
    expect(rows.map((r) => r[3])).toContain('Ολοκληρώθηκε');
  });

  it('PDF: holder, IBAN, opening and closing balances as the ledger gives them, pages numbered', async () => {
    const response = await exportFile(merchant.token, { format: 'pdf', ...period });
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tameio-statement-eur-2026-03-01_2026-03-10.pdf"',
    );
    expect(response.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(response.bytes);
    const opening = balanceBefore(periodStart);
    const closing = balanceBefore(periodEnd);
    expect(opening).toBeGreaterThan(0n);
    expect(closing).not.toBe(opening);
    expect(text).toContain('Ελληνικό Καφεκοπτείο Demo');
    expect(text).toContain(merchant.iban);
    expect(text).toMatch(new RegExp(`Opening balance\\s+${escape(euro(opening))}`));
    expect(text).toMatch(new RegExp(`Closing balance\\s+${escape(euro(closing))}`));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // The table header is repeated on every page.
    expect(text.split('Description').length - 1).toBe(pages);
    // Every transaction of the period is on it (counterparties of the incoming ones, say).
    expect(text).toContain('Customer');
    const totalIn = inPeriod()
      .filter((m) => m.delta > 0n)
      .reduce((sum, m) => sum + m.delta, 0n);
    expect(text).toContain(euro(totalIn).replace('€', '+€'));
  });

  it('PDF in Greek with Greek glyphs and comma decimals', async () => {
    const response = await exportFile(merchant.token, { format: 'pdf', locale: 'el', ...period });
    expectStatus(response, 200);
    const { text, pages } = await pdfText(response.bytes);
    expect(text).toContain('Κίνηση λογαριασμού');
    expect(text).toContain(`Σελίδα 1 από ${pages}`);
    expect(text).toMatch(new RegExp(`Υπόλοιπο έναρξης\\s+${escape(euro(balanceBefore(periodStart), 'el'))}`));
    expect(text).toMatch(new RegExp(`Υπόλοιπο λήξης\\s+${escape(euro(balanceBefore(periodEnd), 'el'))}`));
  });

  it('a filtered PDF says so and still shows the whole account balances; an empty period has one page', async () => {
    const filtered = await exportFile(merchant.token, { format: 'pdf', status: 'pending', ...period });
    expectStatus(filtered, 200);
    const { text } = await pdfText(filtered.bytes);
    expect(text).toContain('Filtered statement');
    expect(text).toMatch(new RegExp(`Closing balance\\s+${escape(euro(balanceBefore(periodEnd)))}`));
    const empty = await exportFile(merchant.token, { format: 'pdf', from: '2026-01-01', to: '2026-01-31' });
    expectStatus(empty, 200);
    const emptyText = await pdfText(empty.bytes);
    expect(emptyText.pages).toBe(1);
    expect(emptyText.text).toContain('No transactions in this period.');
    expect(emptyText.text).toContain('Page 1 of 1');
  });

  it('the whole history: opening 0, closing the account balance', async () => {
    const statement = await buildStatement(server.db, merchant.merchantId, { format: 'pdf' });
    const account = await server.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', merchant.accountId)
      .executeTakeFirstOrThrow();
    expect(statement.opening).toBe(0n);
    expect(statement.closing).toBe(account.balance_minor);
    expect(statement.count).toBe(moves.length);
    expect(statement.opening + statement.totalIn + statement.totalOut).toBe(statement.closing);
  });

  it('a writer that walks other rows than announced breaks the file instead of finishing it', async () => {
    for (const format of ['csv', 'pdf'] as const) {
      const statement = await buildStatement(server.db, merchant.merchantId, { format, ...period });
      const stream = statementWriters[format].write({ ...statement, totalIn: statement.totalIn + 1n });
      const failure = new Promise<Error>((resolve, reject) => {
        stream.on('error', resolve);
        stream.on('end', () => reject(new Error(`${format} finished`)));
      });
      stream.resume();
      expect((await failure).message).toMatch(/rows changed/);
    }
  });

  it('refuses more rows than the limit with 422 before sending anything', async () => {
    await expect(
      buildStatement(server.db, merchant.merchantId, { format: 'csv', ...period }, { rowLimit: 10 }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(
      buildStatement(
        server.db,
        merchant.merchantId,
        { format: 'pdf', status: 'completed', ...period },
        { rowLimit: 10 },
      ),
    ).rejects.toMatchObject({ statusCode: 422, details: { row_limit: 10 } });
  });

  it('bad filters → 400, a foreign account → 404, not approved → 403, nothing changes', async () => {
    const pending = await merchantWithAccount(server, { status: 'in_review' });
    const before = await ledgerSnapshot(server.db);
    const bad: [Record<string, string>, 400 | 404][] = [
      [{}, 400],
      [{ format: 'xls' }, 400],
      [{ format: 'csv', from: 'yesterday' }, 400],
      [{ format: 'csv', from: '2026-02-31' }, 400],
      [{ format: 'pdf', from: '2026-03-05', to: '2026-03-01' }, 400],
      [{ format: 'csv', status: 'lost' }, 400],
      [{ format: 'csv', type: 'teleport' }, 400],
      [{ format: 'csv', direction: 'sideways' }, 400],
      [{ format: 'csv', locale: 'fr' }, 400],
      [{ format: 'csv', q: 'x'.repeat(101) }, 400],
      [{ format: 'pdf', account_type: 'usd' }, 404],
      [{ format: 'pdf', account_id: other.accountId }, 404],
      [{ format: 'csv', account_id: 'not-a-uuid' }, 404],
    ];
    for (const [query, status] of bad) {
      const response = await apiWithBadInput(server.app, 'GET', exportUrl, { query, token: merchant.token });
      expectStatus(response, status, JSON.stringify(query));
      expect(response.body.error.code).toBe(status === 400 ? 'validation_failed' : 'not_found');
    }
    const refused = await exportFile(pending.token, { format: 'csv' });
    expectStatus(refused, 403);
    const anonymous = await api(server.app, 'GET', '/api/merchants/transactions/export/', {
      query: { format: 'csv' },
    });
    expectStatus(anonymous, 401);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expectHealthy(before.invariants);
  });

  it('a viewer and an employee may export (transactions are open to both)', async () => {
    for (const type of ['viewer', 'employee'] as const) {
      const token = await employeeToken(server, merchant.merchantId, type);
      const response = await exportFile(token, { format: 'csv', ...period });
      expectStatus(response, 200, type);
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
