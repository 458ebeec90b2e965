import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { AppError } from '../errors';
import { pdfkit } from '../heavyLibraries';
import { formattersFor } from './format';
import { statementLabels } from './labels';
import { assertBalances, assertRowsMatch, type Statement } from './statementData';
import { drained, type StatementWriter } from './writer';

/**
 * Fonts. pdfkit's standard fonts (Helvetica…) have no Greek glyphs, so statements use DejaVu Sans from the system
 * (Debian's fonts-dejavu-core, which .ci/run installs; the same files on Fedora and Alpine). We do not bundle it: it
 * is on every machine that runs the e2e tests, and a missing font is a clear 500 naming the package to install.
 */
const fontDirs = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/dejavu', '/usr/share/fonts/TTF'];

export function statementFonts(): { regular: string; bold: string } {
  for (const dir of fontDirs) {
    const regular = `${dir}/DejaVuSans.ttf`;
    const bold = `${dir}/DejaVuSans-Bold.ttf`;
    if (existsSync(regular) && existsSync(bold)) return { regular, bold };
  }
  throw new AppError(
    'internal_error',
    500,
    `PDF statements need the DejaVu Sans font (Greek glyphs): install fonts-dejavu-core (looked in ${fontDirs.join(', ')}).`,
  );
}

// A4 in points, and a fixed grid: every row is one line high, so the page count is known before the first page.
const pageWidth = 595.28;
const pageHeight = 841.89;
const margin = 36;
const contentWidth = pageWidth - 2 * margin;
const firstHeaderHeight = 178;
const laterHeaderHeight = 34;
const tableHeaderHeight = 18;
const rowHeight = 15;
const tableBottom = pageHeight - 52;
const summaryHeight = 92;
const rowFontSize = 7;

function rowsFitting(top: number): number {
  return Math.floor((tableBottom - top - tableHeaderHeight) / rowHeight);
}
const firstPageRows = rowsFitting(margin + firstHeaderHeight);
const laterPageRows = rowsFitting(margin + laterHeaderHeight);

/** How many rows each page holds, and whether the summary needs a page of its own. */
export function planPages(count: number): { rows: number[]; summaryPage: boolean; pages: number } {
  const rows: number[] = [];
  let left = count;
  rows.push(Math.min(left, firstPageRows));
  left -= rows[0] ?? 0;
  while (left > 0) {
    const take = Math.min(left, laterPageRows);
    rows.push(take);
    left -= take;
  }
  const lastIndex = rows.length - 1;
  const lastTop =
    (lastIndex === 0 ? margin + firstHeaderHeight : margin + laterHeaderHeight) + tableHeaderHeight;
  const used = Math.max(rows[lastIndex] ?? 0, count === 0 ? 1 : 0) * rowHeight;
  const summaryPage = lastTop + used + 10 + summaryHeight > tableBottom;
  return { rows, summaryPage, pages: rows.length + (summaryPage ? 1 : 0) };
}

type Column = { key: string; label: string; width: number; align: 'left' | 'right' };

/** A real statement: holder and account, period, opening balance, the rows with the header repeated on every page,
 * totals and the closing balance, "Page n of m". Streams page by page (no page buffering). */
function writePdf(statement: Statement): Readable {
  const fonts = statementFonts();
  const labels = statementLabels[statement.locale];
  const format = formattersFor(statement.locale, statement.timeZone);
  const zone = labels.zoneSuffix[statement.timeZone];
  const currency = statement.account.currency;
  const plan = planPages(statement.count);
  const periodText = `${format.day(statement.period.from)} – ${format.day(new Date(statement.period.toExclusive.getTime() - 1))}`;

  const PDFDocument = pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, bottom: 10, left: margin, right: margin },
    font: fonts.regular,
    compress: true,
    lang: statement.locale === 'el' ? 'el-GR' : 'en-GB',
    info: {
      Title: `${labels.title} ${statement.account.iban ?? ''} ${periodText}`,
      Author: labels.bankName,
      Subject: statement.merchant.legalName,
      CreationDate: statement.generatedAt,
    },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);

  const c = labels.columns;
  const balanceColumn = !statement.narrowed;
  const columns: Column[] = [
    { key: 'date', label: c.date, width: 74, align: 'left' },
    { key: 'description', label: c.description, width: balanceColumn ? 150 : 225, align: 'left' },
    { key: 'type', label: c.type, width: 84, align: 'left' },
    { key: 'status', label: c.status, width: 66, align: 'left' },
    { key: 'amount', label: c.total, width: 74, align: 'right' },
    ...(balanceColumn ? [{ key: 'balance', label: c.balance, width: 75, align: 'right' as const }] : []),
  ];

  /** The text cut to the width with an ellipsis: one line per row, always. */
  const fit = (text: string, width: number): string => {
    const room = width - 4;
    if (doc.widthOfString(text) <= room) return text;
    let low = 0;
    let high = text.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${text.slice(0, mid)}…`) <= room) low = mid;
      else high = mid - 1;
    }
    return `${text.slice(0, low)}…`;
  };
  const cell = (text: string, x: number, y: number, width: number, align: 'left' | 'right') => {
    doc.text(fit(text, width), x + 2, y, { width: width - 4, align, lineBreak: false });
  };
  const line = (label: string, value: string, y: number, options: { bold?: boolean } = {}) => {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor('#555555')
      .text(label, margin, y, { width: 140, lineBreak: false });
    doc
      .font(options.bold ? 'bold' : 'regular')
      .fillColor('#000000')
      .text(fit(value, contentWidth - 150), margin + 150, y, { width: contentWidth - 150, lineBreak: false });
  };

  let pageNumber = 1;
  const footer = () => {
    const y = pageHeight - 34;
    doc
      .moveTo(margin, y - 6)
      .lineTo(pageWidth - margin, y - 6)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.font('regular').fontSize(7.5).fillColor('#555555');
    doc.text(
      fit(
        `${labels.bankName} · ${labels.generatedAt} ${format.dateTime(statement.generatedAt)} ${zone}`,
        360,
      ),
      margin,
      y,
      { width: 360, lineBreak: false },
    );
    doc.text(labels.page(pageNumber, plan.pages), pageWidth - margin - 150, y, {
      width: 150,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('#000000');
  };
  const firstHeader = () => {
    let y = margin;
    doc.font('bold').fontSize(16).text(labels.bankName, margin, y, { lineBreak: false });
    doc
      .font('regular')
      .fontSize(12)
      .text(labels.title, margin, y + 3, {
        width: contentWidth,
        align: 'right',
        lineBreak: false,
      });
    y += 30;
    line(labels.merchant, statement.merchant.legalName, y, { bold: true });
    y += 13;
    line(labels.walletTag, statement.merchant.walletTag ?? '—', y);
    y += 13;
    line(labels.vatNumber, statement.merchant.vatNumber ?? '—', y);
    y += 13;
    line(labels.address, statement.merchant.address ?? '—', y);
    y += 13;
    line(labels.account, statement.account.name, y);
    y += 13;
    line(labels.iban, statement.account.iban ?? '—', y, { bold: true });
    y += 13;
    line(labels.currency, currency, y);
    y += 13;
    const timesIn = statement.timeZone === 'UTC' ? labels.timesInUtc : labels.timesInAthens;
    line(labels.period, `${periodText} (${timesIn})`, y);
    y += 13;
    line(labels.generatedAt, `${format.dateTime(statement.generatedAt)} ${zone}`, y);
    y += 18;
    line(labels.openingBalance, format.money(statement.opening, currency), y, { bold: true });
    y += 14;
    doc.font('regular').fontSize(7.5).fillColor('#555555');
    doc.text(statement.narrowed ? labels.filtered : labels.newestFirst, margin, y, {
      width: contentWidth,
      lineBreak: false,
    });
    doc.fillColor('#000000');
  };
  const laterHeader = () => {
    doc.font('regular').fontSize(8).fillColor('#555555');
    doc.text(
      fit(
        `${labels.bankName} · ${statement.merchant.legalName} · ${statement.account.iban ?? ''} · ${periodText}`,
        contentWidth,
      ),
      margin,
      margin,
      { width: contentWidth, lineBreak: false },
    );
    doc.fillColor('#000000');
  };
  const tableHeader = (top: number) => {
    doc.rect(margin, top, contentWidth, tableHeaderHeight - 2).fill('#e8edf3');
    doc.fillColor('#000000').font('bold').fontSize(rowFontSize);
    let x = margin;
    for (const column of columns) {
      cell(column.label, x, top + 5, column.width, column.align);
      x += column.width;
    }
    doc.font('regular');
  };
  const newPage = () => {
    doc.addPage();
    pageNumber += 1;
    laterHeader();
  };

  void (async () => {
    firstHeader();
    let top = margin + firstHeaderHeight;
    tableHeader(top);
    let y = top + tableHeaderHeight;
    let page = 0;
    let onPage = 0;
    let written = 0;
    let balance = statement.closing;
    let totalIn = 0n;
    let totalOut = 0n;
    doc.fontSize(rowFontSize);
    for await (const { transaction: t, effect } of statement.rows()) {
      if (onPage >= (plan.rows[page] ?? 0)) {
        footer();
        newPage();
        page += 1;
        onPage = 0;
        top = margin + laterHeaderHeight;
        tableHeader(top);
        y = top + tableHeaderHeight;
        doc.fontSize(rowFontSize);
      }
      if (written % 2 === 1) doc.rect(margin, y - 3, contentWidth, rowHeight).fill('#f6f7f9');
      doc.fillColor('#000000');
      const out = t.direction === 'out';
      const shown = out ? -BigInt(t.total.amount_minor) : BigInt(t.amount.amount_minor);
      const description = [t.counterparty.name, t.reference, t.note]
        .filter((part) => part?.trim())
        .join(' · ');
      const values: Record<string, string> = {
        date: format.dateTime(new Date(t.created_at)),
        description,
        type: labels.types[t.type],
        status: labels.statuses[t.status],
        amount: format.money(shown, currency, true),
        balance: format.money(balance, currency),
      };
      let x = margin;
      for (const column of columns) {
        cell(values[column.key] ?? '', x, y, column.width, column.align);
        x += column.width;
      }
      // Newest first: the balance after the next (older) row is this one's before it.
      balance -= effect;
      if (effect > 0n) totalIn += effect;
      else totalOut += effect;
      y += rowHeight;
      onPage += 1;
      written += 1;
      if (written % 200 === 0) await drained(doc);
    }
    assertRowsMatch(statement, { count: written, totalIn, totalOut });
    if (!statement.narrowed) {
      assertBalances({ opening: statement.opening, closing: statement.closing, totalIn, totalOut });
      if (balance !== statement.opening)
        throw new Error('the running balance does not reach the opening balance');
    }
    if (written === 0) {
      doc
        .font('regular')
        .fontSize(9)
        .text(labels.noTransactions, margin + 2, y, { lineBreak: false });
      y += rowHeight;
    }
    if (plan.summaryPage) {
      footer();
      newPage();
      y = margin + laterHeaderHeight;
    }
    y += 10;
    doc
      .moveTo(margin, y - 4)
      .lineTo(pageWidth - margin, y - 4)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    line(labels.transactionsCount, String(written), y);
    y += 14;
    line(labels.totalIn, format.money(totalIn, currency, true), y);
    y += 14;
    line(labels.totalOut, format.money(totalOut, currency, true), y);
    y += 14;
    line(labels.openingBalance, format.money(statement.opening, currency), y);
    y += 14;
    line(labels.closingBalance, format.money(statement.closing, currency), y, { bold: true });
    footer();
    if (pageNumber !== plan.pages) throw new Error(`planned ${plan.pages} pages, wrote ${pageNumber}`);
    doc.end();
  })().catch((error: unknown) => {
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return doc;
}

export const pdfWriter: StatementWriter = {
  contentType: 'application/pdf',
  extension: 'pdf',
  write: writePdf,
};
