import { sql, type Transaction } from 'kysely';
import { moneyOf } from '../../schemas/money';
import {
  vatRateBp,
  type Invoice,
  type InvoicesResponse,
  type PlanPeriod,
  type QuoteLine,
} from '../../schemas/plans.schema';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import type { Db } from '../ledger';
import { merchantFor } from '../statements/statementData';
import { athensYear, vatIncluded } from './periods';
import type { PricedLine } from './pricing';
import { uuidPattern } from '../db/ids';

/**
 * Invoices (migration 020): one per charge, numbered `TAM-YYYY-NNNNNN` without gaps per Greek calendar year, with the
 * VAT included in the total shown as its own line, and the merchant's details as they were when it was issued.
 */

export type StoredLine = {
  kind: PricedLine['kind'];
  plan_id: string | null;
  period: PlanPeriod | null;
  amount_minor: string;
};

export const storedLines = (lines: PricedLine[]): StoredLine[] =>
  lines.map((line) => ({
    kind: line.kind,
    plan_id: line.planId,
    period: line.period,
    amount_minor: line.amountMinor.toString(),
  }));

export function linesFrom(value: unknown): StoredLine[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as StoredLine[]) : [];
}

export const lineViews = (lines: StoredLine[], currency: string): QuoteLine[] =>
  lines.map((line) => ({
    kind: line.kind,
    plan_id: line.plan_id,
    period: line.period,
    amount: { amount_minor: line.amount_minor, currency },
  }));

export type MerchantDetails = {
  legal_name: string;
  address: string | null;
  vat_number: string | null;
};

export function merchantDetailsFrom(value: unknown): MerchantDetails {
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as Partial<MerchantDetails> | null;
  return {
    legal_name: parsed?.legal_name ?? '',
    address: parsed?.address ?? null,
    vat_number: parsed?.vat_number ?? null,
  };
}

/**
 * The next number of the invoice's year. `INSERT … ON CONFLICT DO UPDATE` takes the counter row's lock exactly as
 * `SELECT … FOR UPDATE` would and keeps it until the transaction ends, so two invoices never share a number, and a
 * transaction that rolls back gives its number back: the sequence has no gaps. Call it last in the transaction,
 * after the ledger, so the one row every invoice needs is held as briefly as possible.
 */
async function nextNumber(trx: Transaction<DB>, issuedAt: Date) {
  const year = athensYear(issuedAt);
  const row = await trx
    .insertInto('invoice_counters')
    .values({ year, last_number: 1 })
    .onConflict((oc) =>
      oc.column('year').doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  const sequence = row.last_number;
  return { year, sequence, number: `TAM-${year}-${String(sequence).padStart(6, '0')}` };
}

export type NewInvoice = {
  merchantId: string;
  kind: 'purchase' | 'renewal';
  status: 'paid' | 'failed';
  issuedAt: Date;
  description: string;
  lines: PricedLine[];
  totalMinor: bigint;
  currency: string;
  planId: string;
  period: PlanPeriod | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  transferId: string | null;
  renewalKey: string | null;
};

/** Writes an invoice in the caller's transaction, with the next number and the merchant's details as they are. */
export async function writeInvoice(trx: Transaction<DB>, input: NewInvoice): Promise<string> {
  const merchant = await merchantFor(trx, input.merchantId);
  const details: MerchantDetails = {
    legal_name: merchant.legalName,
    address: merchant.address,
    vat_number: merchant.vatNumber,
  };
  const { netMinor, vatMinor } = vatIncluded(input.totalMinor, vatRateBp);
  const numbered = await nextNumber(trx, input.issuedAt);
  const row = await trx
    .insertInto('invoices')
    .values({
      merchant_id: input.merchantId,
      number: numbered.number,
      year: numbered.year,
      sequence: numbered.sequence,
      kind: input.kind,
      status: input.status,
      issued_at: input.issuedAt,
      paid_at: input.status === 'paid' ? input.issuedAt : null,
      description: input.description,
      lines: JSON.stringify(storedLines(input.lines)),
      net_minor: netMinor,
      vat_minor: vatMinor,
      total_minor: input.totalMinor,
      vat_rate_bp: vatRateBp,
      currency: input.currency,
      plan_id: input.planId,
      period: input.period,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      transfer_id: input.transferId,
      renewal_key: input.renewalKey,
      merchant_details: JSON.stringify(details),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const invoiceColumns = [
  'id',
  'number',
  'issued_at',
  'status',
  'description',
  'lines',
  'net_minor',
  'vat_minor',
  'total_minor',
  'currency',
  'period_start',
  'period_end',
  'transfer_id',
] as const;

type InvoiceRow = {
  id: string;
  number: string;
  issued_at: Date;
  status: 'paid' | 'failed';
  description: string;
  lines: unknown;
  net_minor: bigint;
  vat_minor: bigint;
  total_minor: bigint;
  currency: string;
  period_start: Date | null;
  period_end: Date | null;
  transfer_id: string | null;
};

function invoiceView(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    issued_at: row.issued_at.toISOString(),
    status: row.status,
    description: row.description,
    lines: lineViews(linesFrom(row.lines), row.currency),
    net: moneyOf(row.net_minor, row.currency),
    vat: moneyOf(row.vat_minor, row.currency),
    total: moneyOf(row.total_minor, row.currency),
    period_start: row.period_start?.toISOString() ?? null,
    period_end: row.period_end?.toISOString() ?? null,
    transaction_id: row.transfer_id,
  };
}

/** billingHistory: every invoice of the merchant, newest first (failed renewals included). */
export async function listInvoices(db: Db, merchantId: string): Promise<InvoicesResponse> {
  const rows = await db
    .selectFrom('invoices')
    .select(invoiceColumns)
    .where('merchant_id', '=', merchantId)
    .orderBy('issued_at', 'desc')
    .orderBy('year', 'desc')
    .orderBy('sequence', 'desc')
    .execute();
  return { items: rows.map(invoiceView) };
}

export const invoiceNotFound = () => new AppError('not_found', 404, 'This invoice does not exist.');

export type InvoiceDocument = Invoice & {
  currency: string;
  plan_id: string;
  period: PlanPeriod | null;
  paid_at: string | null;
  vat_rate_bp: number;
  merchant: MerchantDetails;
};

/** One invoice of the merchant with what its PDF prints; another merchant's is 404. */
export async function invoiceDocument(db: Db, merchantId: string, id: string): Promise<InvoiceDocument> {
  if (!uuidPattern.test(id)) throw invoiceNotFound();
  const row = await db
    .selectFrom('invoices')
    .select([...invoiceColumns, 'plan_id', 'period', 'paid_at', 'vat_rate_bp', 'merchant_details'])
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw invoiceNotFound();
  return {
    ...invoiceView(row),
    currency: row.currency,
    plan_id: row.plan_id,
    period: row.period,
    paid_at: row.paid_at?.toISOString() ?? null,
    vat_rate_bp: row.vat_rate_bp,
    merchant: merchantDetailsFrom(row.merchant_details),
  };
}
