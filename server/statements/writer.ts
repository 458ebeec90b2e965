import type { Readable } from 'node:stream';
import type { Statement } from './statementData';

/**
 * One statement format. `write` returns the file as a stream that it fills from `statement.rows()` as the reader
 * takes it; on a failure part-way it destroys the stream (the client sees a broken download, never a wrong file).
 * A new format is one more writer registered in export.ts, as xlsx was.
 */
export type StatementWriter = {
  contentType: string;
  extension: string;
  write: (statement: Statement) => Readable;
};

/** Waits while the reader is behind, so a slow download does not pile the whole file up in memory. */
export async function drained(stream: Readable, highWaterBytes = 1 << 20): Promise<void> {
  while (stream.readableLength > highWaterBytes && !stream.destroyed) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
