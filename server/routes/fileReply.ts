import type { FastifyReply } from 'fastify';

/**
 * How the browser is to treat a file and the name it saves it under. `quoted` writes `filename="…"` for names the
 * server makes itself (ASCII, no quotes); `utf8` writes RFC 5987 `filename*=UTF-8''…` for names a user gave.
 */
export type FileDisposition = {
  as: 'inline' | 'attachment';
  fileName: string;
  encoding: 'quoted' | 'utf8';
};

export type PrivateFile = {
  contentType: string;
  /** None for a file the app shows in its own pages (a logo). */
  disposition?: FileDisposition;
  /** `no-store` unless the file may be kept and revalidated (`no-cache`). */
  cache?: 'no-store' | 'no-cache';
};

export function contentDisposition({ as, fileName, encoding }: FileDisposition): string {
  return encoding === 'utf8'
    ? `${as}; filename*=UTF-8''${encodeURIComponent(fileName)}`
    : `${as}; filename="${fileName}"`;
}

/**
 * The headers of a merchant's own file (a document, an invoice, a statement, the logo): its type, how to open it,
 * never sniffed, and kept by no shared cache. The caller sends the body.
 */
export function fileReply(
  reply: FastifyReply,
  { contentType, disposition, cache = 'no-store' }: PrivateFile,
) {
  reply.header('content-type', contentType);
  if (disposition) reply.header('content-disposition', contentDisposition(disposition));
  return reply.header('x-content-type-options', 'nosniff').header('cache-control', `private, ${cache}`);
}
