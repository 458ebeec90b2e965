import { createRequire } from 'node:module';
import type ExcelJSModule from 'exceljs';
import type PDFDocumentClass from 'pdfkit';
import type sharpFunction from 'sharp';

/**
 * The document libraries load when first used, not when the server starts: pdfkit, exceljs and sharp took about
 * 0.7 s of CPU at every start (measured: `import()` of each in a fresh process), while most processes never write a
 * statement, an invoice or a logo (each end-to-end test starts its own server; so does a deploy). All three are
 * CommonJS packages, so `require` loads them synchronously where a synchronous writer needs them.
 */
const require = createRequire(import.meta.url);

function once<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}

export const pdfkit = once(() => require('pdfkit') as typeof PDFDocumentClass);
export const exceljs = once(() => require('exceljs') as typeof ExcelJSModule);
export const sharp = once(() => require('sharp') as typeof sharpFunction);
