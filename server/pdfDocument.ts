import type { StatementLocale } from '../schemas/statements.schema';
import { pdfkit } from './heavyLibraries';
import { statementFonts } from './statements/pdf';

/**
 * The small one-page documents the server hands out whole (the invoice, the proof of payment): A4, the statements'
 * DejaVu Sans (Greek glyphs) registered as 'regular' and 'bold', the document's language and its properties, and the
 * file as one buffer once `doc.end()` is called. Statements stream page by page instead (server/statements/pdf.ts).
 */
export type OnePagePdf = {
  doc: PDFKit.PDFDocument;
  /** Resolves with the whole file after `doc.end()`. */
  done: Promise<Buffer>;
};

export type OnePagePdfOptions = {
  locale: StatementLocale;
  /** The same on all four sides, in points. */
  margin: number;
  /** The document's properties a PDF reader shows. */
  info: { Title: string; Author: string; Subject: string; CreationDate: Date };
};

export function openOnePagePdf({ locale, margin, info }: OnePagePdfOptions): OnePagePdf {
  const fonts = statementFonts();
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    font: fonts.regular,
    compress: true,
    lang: locale === 'el' ? 'el-GR' : 'en-GB',
    info,
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A thin grey line across the content at `y`, as both documents separate their parts. */
export function drawRule(doc: PDFKit.PDFDocument, x: number, y: number, width: number): void {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
}
