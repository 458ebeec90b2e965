import type { PlanPeriod } from '../../schemas/plans.schema';
import type { StatementLocale } from '../../schemas/statements.schema';
import { formattersFor } from '../statements/format';
import { drawRule, openOnePagePdf } from '../pdfDocument';
import type { InvoiceDocument } from './invoices';

/**
 * The invoice as a one-page PDF (pdfkit, DejaVu Sans for Greek, as statements): the bank, the merchant's details as
 * invoiced, number, date, status, the lines, the net amount, the VAT line and the total. English or Greek.
 */

type Labels = {
  bankName: string;
  bankLine: string;
  title: string;
  number: string;
  issued: string;
  status: string;
  paid: (date: string) => string;
  failed: string;
  billedTo: string;
  vatNumber: string;
  period: string;
  transaction: string;
  description: string;
  amount: string;
  net: string;
  vat: (rate: string) => string;
  total: string;
  plan: (name: string, period: PlanPeriod | null) => string;
  credit: (name: string, period: PlanPeriod | null) => string;
  pos: string;
  vatIncluded: string;
};

const en: Labels = {
  bankName: 'Tameio Payments',
  bankLine: 'Tameio Payments (sandbox) · Athens, Greece',
  title: 'Invoice',
  number: 'Invoice number',
  issued: 'Date of issue',
  status: 'Status',
  paid: (date) => `Paid on ${date}`,
  failed: 'Payment failed',
  billedTo: 'Billed to',
  vatNumber: 'VAT number',
  period: 'Billing period',
  transaction: 'Transaction',
  description: 'Description',
  amount: 'Amount',
  net: 'Net amount',
  vat: (rate) => `VAT ${rate}`,
  total: 'Total',
  plan: (name, period) => `${name} plan${period ? `, ${period === 'monthly' ? 'monthly' : 'yearly'}` : ''}`,
  credit: (name, period) =>
    `Credit for the unused time of the ${name} plan${period ? ` (${period === 'monthly' ? 'monthly' : 'yearly'})` : ''}`,
  pos: 'POS terminal',
  vatIncluded: 'Prices include VAT.',
};

const el: Labels = {
  bankName: 'Tameio Payments',
  bankLine: 'Tameio Payments (sandbox) · Αθήνα, Ελλάδα',
  title: 'Τιμολόγιο',
  number: 'Αριθμός τιμολογίου',
  issued: 'Ημερομηνία έκδοσης',
  status: 'Κατάσταση',
  paid: (date) => `Πληρώθηκε στις ${date}`,
  failed: 'Η πληρωμή απέτυχε',
  billedTo: 'Χρέωση σε',
  vatNumber: 'ΑΦΜ',
  period: 'Περίοδος χρέωσης',
  transaction: 'Συναλλαγή',
  description: 'Περιγραφή',
  amount: 'Ποσό',
  net: 'Καθαρό ποσό',
  vat: (rate) => `ΦΠΑ ${rate}`,
  total: 'Σύνολο',
  plan: (name, period) =>
    `Συνδρομή ${name}${period ? `, ${period === 'monthly' ? 'μηνιαία' : 'ετήσια'}` : ''}`,
  credit: (name, period) =>
    `Πίστωση για τον αχρησιμοποίητο χρόνο της συνδρομής ${name}${period ? ` (${period === 'monthly' ? 'μηνιαία' : 'ετήσια'})` : ''}`,
  pos: 'Τερματικό POS',
  vatIncluded: 'Οι τιμές περιλαμβάνουν ΦΠΑ.',
};

export const invoiceLabels: Record<StatementLocale, Labels> = { en, el };

const pageWidth = 595.28;
const margin = 48;
const contentWidth = pageWidth - 2 * margin;

/** Renders the invoice; `planNames` gives each plan id its name. Resolves with the whole file (one small page). */
export function renderInvoicePdf(
  invoice: InvoiceDocument,
  locale: StatementLocale,
  planNames: Map<string, string>,
): Promise<Buffer> {
  const labels = invoiceLabels[locale];
  const format = formattersFor(locale);
  const currency = invoice.currency;
  const { doc, done } = openOnePagePdf({
    locale,
    margin,
    info: {
      Title: `${labels.title} ${invoice.number}`,
      Author: labels.bankName,
      Subject: invoice.merchant.legal_name,
      CreationDate: new Date(invoice.issued_at),
    },
  });

  const row = (label: string, value: string, y: number, bold = false) => {
    doc.font('regular').fontSize(10).fillColor('#555555').text(label, margin, y, { width: 150 });
    doc
      .font(bold ? 'bold' : 'regular')
      .fillColor('#000000')
      .text(value, margin + 160, y, { width: contentWidth - 160 });
  };
  const name = (id: string | null) => (id ? (planNames.get(id) ?? id) : '');

  let y = margin;
  doc.font('bold').fontSize(18).text(labels.bankName, margin, y);
  doc.font('regular').fontSize(18).text(labels.title, margin, y, { width: contentWidth, align: 'right' });
  y += 26;
  doc.font('regular').fontSize(9).fillColor('#555555').text(labels.bankLine, margin, y);
  doc.fillColor('#000000');
  y += 30;
  row(labels.number, invoice.number, y, true);
  y += 16;
  row(labels.issued, format.day(new Date(invoice.issued_at)), y);
  y += 16;
  row(
    labels.status,
    invoice.status === 'paid' && invoice.paid_at
      ? labels.paid(format.day(new Date(invoice.paid_at)))
      : labels.failed,
    y,
    true,
  );
  y += 16;
  if (invoice.period_start && invoice.period_end) {
    row(
      labels.period,
      `${format.day(new Date(invoice.period_start))} – ${format.day(new Date(invoice.period_end))}`,
      y,
    );
    y += 16;
  }
  if (invoice.transaction_id) {
    row(labels.transaction, invoice.transaction_id, y);
    y += 16;
  }
  y += 14;
  doc.font('bold').fontSize(11).text(labels.billedTo, margin, y);
  y += 18;
  doc.font('regular').fontSize(10).text(invoice.merchant.legal_name, margin, y, { width: contentWidth });
  y += 15;
  if (invoice.merchant.address) {
    doc.text(invoice.merchant.address, margin, y, { width: contentWidth });
    y += doc.heightOfString(invoice.merchant.address, { width: contentWidth }) + 2;
  }
  if (invoice.merchant.vat_number) {
    doc.text(`${labels.vatNumber}: ${invoice.merchant.vat_number}`, margin, y, { width: contentWidth });
    y += 15;
  }

  y += 20;
  const amountWidth = 130;
  doc.rect(margin, y, contentWidth, 20).fill('#e8edf3');
  doc.fillColor('#000000').font('bold').fontSize(10);
  doc.text(labels.description, margin + 6, y + 5, { width: contentWidth - amountWidth - 12 });
  doc.text(labels.amount, margin + contentWidth - amountWidth, y + 5, {
    width: amountWidth - 6,
    align: 'right',
  });
  y += 26;
  doc.font('regular');
  for (const line of invoice.lines) {
    const text =
      line.kind === 'plan'
        ? labels.plan(name(line.plan_id), line.period)
        : line.kind === 'proration_credit'
          ? labels.credit(name(line.plan_id), line.period)
          : labels.pos;
    const height = doc.heightOfString(text, { width: contentWidth - amountWidth - 12 });
    doc.text(text, margin + 6, y, { width: contentWidth - amountWidth - 12 });
    doc.text(
      format.money(BigInt(line.amount.amount_minor), currency),
      margin + contentWidth - amountWidth,
      y,
      {
        width: amountWidth - 6,
        align: 'right',
      },
    );
    y += Math.max(height, 12) + 8;
  }
  drawRule(doc, margin, y, contentWidth);
  y += 10;
  const rate = `${(invoice.vat_rate_bp / 100).toString().replace('.', locale === 'el' ? ',' : '.')}%`;
  const totals: [string, bigint, boolean][] = [
    [labels.net, BigInt(invoice.net.amount_minor), false],
    [labels.vat(rate), BigInt(invoice.vat.amount_minor), false],
    [labels.total, BigInt(invoice.total.amount_minor), true],
  ];
  for (const [label, amount, bold] of totals) {
    doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 12 : 10);
    doc.text(label, margin + contentWidth - 330, y, { width: 190, align: 'right' });
    doc.text(format.money(amount, currency), margin + contentWidth - amountWidth, y, {
      width: amountWidth - 6,
      align: 'right',
    });
    y += bold ? 20 : 16;
  }
  y += 10;
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#555555')
    .text(labels.vatIncluded, margin, y, { width: contentWidth });
  doc.end();
  return done;
}
