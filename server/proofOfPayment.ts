import type { StatementLocale } from '../schemas/statements.schema';
import { hasProofOfPayment, type Transaction } from '../schemas/transactions.schema';
import { recordAuditAlone } from './audit/auditTrail';
import type { RequestOrigin } from './auth/login';
import type { Database } from './db/database';
import { AppError } from './errors';
import { drawRule, openOnePagePdf } from './pdfDocument';
import { formattersFor } from './statements/format';
import { statementLabels } from './statements/labels';
import { merchantFor } from './statements/statementData';
import { getTransaction, type TransactionScope } from './transactions';

/**
 * The proof of payment of one outgoing transfer (GET transactionProof): a one-page PDF the merchant hands to the
 * payee or keeps for the books. It prints what the transaction detail shows (payer, payee, amount, fee, total, date
 * and time, reference, status, the transaction's id) in English or Greek, with the statements' fonts, formatters and
 * type and status words (server/statements), so the three documents never word one thing two ways.
 */

type Labels = {
  title: string;
  intro: string;
  transactionId: string;
  dateTime: string;
  status: string;
  type: string;
  payer: string;
  payee: string;
  name: string;
  account: string;
  amounts: string;
  amount: string;
  fee: string;
  total: string;
  received: string;
  exchangeRate: string;
  reference: string;
  none: string;
  initiatedBy: string;
  pendingNote: string;
  footer: string;
};

const en: Labels = {
  title: 'Proof of payment',
  intro: 'Tameio Payments confirms that the account holder below made this payment.',
  transactionId: 'Transaction ID',
  dateTime: 'Date and time',
  status: 'Status',
  type: 'Type',
  payer: 'Payer',
  payee: 'Payee',
  name: 'Name',
  account: 'Account',
  amounts: 'Amounts',
  amount: 'Amount',
  fee: 'Fee',
  total: 'Total paid',
  received: 'Amount the payee receives',
  exchangeRate: 'Exchange rate',
  reference: 'Reference',
  none: 'None',
  initiatedBy: 'Made by',
  pendingNote: 'The payment is on its way: the payee’s bank has not yet confirmed it.',
  footer: 'This document was produced by Tameio Payments from its records; it needs no signature.',
};

const el: Labels = {
  title: 'Αποδεικτικό πληρωμής',
  intro: 'Η Tameio Payments βεβαιώνει ότι ο παρακάτω δικαιούχος λογαριασμού έκανε αυτή την πληρωμή.',
  transactionId: 'Κωδικός συναλλαγής',
  dateTime: 'Ημερομηνία και ώρα',
  status: 'Κατάσταση',
  type: 'Τύπος',
  payer: 'Πληρωτής',
  payee: 'Δικαιούχος πληρωμής',
  name: 'Όνομα',
  account: 'Λογαριασμός',
  amounts: 'Ποσά',
  amount: 'Ποσό',
  fee: 'Χρέωση',
  total: 'Σύνολο που πληρώθηκε',
  received: 'Ποσό που λαμβάνει ο δικαιούχος',
  exchangeRate: 'Ισοτιμία',
  reference: 'Αιτιολογία',
  none: 'Καμία',
  initiatedBy: 'Από',
  pendingNote: 'Η πληρωμή βρίσκεται καθ’ οδόν: η τράπεζα του δικαιούχου δεν την έχει επιβεβαιώσει ακόμη.',
  footer: 'Το έγγραφο εκδόθηκε από την Tameio Payments με βάση τα αρχεία της· δεν χρειάζεται υπογραφή.',
};

export const proofLabels: Record<StatementLocale, Labels> = { en, el };

/** "tameio-proof-of-payment-1a2b3c4d.pdf": the start of the id tells two proofs apart, ASCII only. */
export function proofFileName(transactionId: string): string {
  return `tameio-proof-of-payment-${transactionId.replace(/[^0-9a-f]/gi, '').slice(0, 8)}.pdf`;
}

type Party = { name: string; lines: string[] };

export type ProofOfPayment = {
  transaction: Transaction;
  payer: Party;
  payee: Party;
  fileName: string;
};

/** "GR82 0260 …" as the app prints an IBAN. */
function groupIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Everything the proof prints, read with the transaction detail's own rules: another merchant's transaction, one
 * outside the caller's scope, an incoming one or one that moved no money is 404 (nothing to prove, nothing told).
 */
export async function proofOfPayment(
  db: Database,
  reader: { merchantId: string; userId: string; origin: RequestOrigin | null },
  transferId: string,
  scope: TransactionScope = {},
): Promise<ProofOfPayment> {
  const { merchantId } = reader;
  const transaction = await getTransaction(db, merchantId, transferId, scope);
  if (!hasProofOfPayment(transaction)) {
    throw new AppError(
      'not_found',
      404,
      'This transaction has no proof of payment: only payments made have one.',
    );
  }
  const merchant = await merchantFor(db, merchantId);
  const account = await db
    .selectFrom('ledger_accounts')
    .select(['iban'])
    .where('id', '=', transaction.account.id)
    .executeTakeFirstOrThrow();
  const { counterparty } = transaction;
  // The proof is built: the download is on the trail (the PDF itself is drawn from this, and cannot be refused).
  await recordAuditAlone(db, {
    realm: 'merchant',
    actorUserId: reader.userId,
    merchantId,
    action: 'proof_of_payment.downloaded',
    subject: `transfer:${transaction.id}`,
    details: {
      amount_minor: transaction.amount.amount_minor,
      currency: transaction.amount.currency,
      payee_name: counterparty.name,
    },
    origin: reader.origin,
  });
  return {
    transaction,
    payer: {
      name: merchant.legalName,
      lines: [
        ...(account.iban ? [`IBAN ${groupIban(account.iban)}`] : []),
        ...(merchant.walletTag ? [merchant.walletTag] : []),
      ],
    },
    payee: {
      name: counterparty.name,
      lines: [
        ...(counterparty.iban ? [`IBAN ${groupIban(counterparty.iban)}`] : []),
        ...(counterparty.wallet_tag ? [counterparty.wallet_tag] : []),
      ],
    },
    fileName: proofFileName(transaction.id),
  };
}

const pageWidth = 595.28;
const margin = 48;
const contentWidth = pageWidth - 2 * margin;
const labelWidth = 170;

/** The proof as a one-page A4 PDF; dates and times in Greek time, as the bank's monthly statements. */
export function renderProofPdf(
  proof: ProofOfPayment,
  locale: StatementLocale,
  generatedAt: Date = new Date(),
): Promise<Buffer> {
  const labels = proofLabels[locale];
  const shared = statementLabels[locale];
  const format = formattersFor(locale, 'Europe/Athens');
  const zone = shared.zoneSuffix['Europe/Athens'];
  const t = proof.transaction;
  const { doc, done } = openOnePagePdf({
    locale,
    margin,
    info: {
      Title: `${labels.title} ${t.id}`,
      Author: shared.bankName,
      Subject: proof.payer.name,
      CreationDate: generatedAt,
    },
  });

  let y = margin;
  const row = (label: string, value: string, bold = false) => {
    doc.font('regular').fontSize(10).fillColor('#555555').text(label, margin, y, { width: labelWidth });
    doc
      .font(bold ? 'bold' : 'regular')
      .fillColor('#000000')
      .text(value, margin + labelWidth + 10, y, { width: contentWidth - labelWidth - 10 });
    y += Math.max(doc.heightOfString(value, { width: contentWidth - labelWidth - 10 }), 12) + 5;
  };
  const heading = (text: string) => {
    y += 10;
    doc.font('bold').fontSize(12).fillColor('#000000').text(text, margin, y, { width: contentWidth });
    y += 18;
  };
  const rule = () => {
    drawRule(doc, margin, y, contentWidth);
    y += 8;
  };
  const party = (title: string, who: Party) => {
    heading(title);
    row(labels.name, who.name, true);
    if (who.lines.length > 0) row(labels.account, who.lines.join('\n'));
  };
  const money = (amount: Transaction['amount']) => format.money(BigInt(amount.amount_minor), amount.currency);

  doc.font('bold').fontSize(18).text(shared.bankName, margin, y, { lineBreak: false });
  doc.font('regular').fontSize(18).text(labels.title, margin, y, { width: contentWidth, align: 'right' });
  y += 30;
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#555555')
    .text(labels.intro, margin, y, { width: contentWidth });
  y += doc.heightOfString(labels.intro, { width: contentWidth }) + 10;
  rule();
  row(labels.transactionId, t.id);
  row(labels.dateTime, `${format.dateTime(new Date(t.created_at))} ${zone}`);
  row(labels.status, shared.statuses[t.status], true);
  row(labels.type, shared.types[t.type]);
  if (t.initiated_by?.name) row(labels.initiatedBy, t.initiated_by.name);
  party(labels.payer, proof.payer);
  party(labels.payee, proof.payee);
  heading(labels.amounts);
  row(labels.amount, money(t.amount));
  row(labels.fee, money(t.fee));
  row(labels.total, money(t.total), true);
  if (t.exchange_rate) {
    row(
      labels.exchangeRate,
      `1 ${t.exchange_rate.from} = ${format.rate(t.exchange_rate.rate)} ${t.exchange_rate.to}`,
    );
    row(labels.received, money(t.original_amount));
  }
  row(labels.reference, t.reference?.trim() ? t.reference : labels.none);
  if (t.status === 'pending') {
    y += 6;
    doc.font('regular').fontSize(10).fillColor('#000000').text(labels.pendingNote, margin, y, {
      width: contentWidth,
    });
    y += doc.heightOfString(labels.pendingNote, { width: contentWidth }) + 4;
  }
  y += 16;
  rule();
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#555555')
    .text(`${labels.footer} ${shared.generatedAt} ${format.dateTime(generatedAt)} ${zone}.`, margin, y, {
      width: contentWidth,
    });
  doc.end();
  return done;
}
