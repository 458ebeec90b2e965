import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's folder with fsync. PGlite 0.5 starts PostgreSQL with `-F` (fsync off), and Emscripten's NODEFS has no
 * fsync of its own (electric-sql/pglite issue 1107): every write stops in the page cache, so a power cut can lose a
 * payment the merchant was told had succeeded. Here the file system answers fsync with a real `fsync(2)` on the
 * file PostgreSQL names, and PostgreSQL runs with fsync on: a commit returns only once its WAL record is on disk,
 * a checkpoint flushes the data files and `pg_control` in PostgreSQL's own order (ADR 019).
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const enableFsync = (mod: EmscriptenModule) => {
      const FS = mod.FS;
      mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
        if (stream.nfd === undefined) return 0;
        try {
          fs.fsyncSync(stream.nfd);
        } catch {
          // EIO: PostgreSQL must see the failure (it stops rather than trust a page that may be lost).
          throw new FS.ErrnoError(29);
        }
        return 0;
      };
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), enableFsync as (mod: unknown) => void],
      },
    };
  }
}

/** The parts of the Emscripten module this file uses (PGlite does not type them). */
type EmscriptenModule = {
  FS: { ErrnoError: new (errno: number) => Error };
  NODEFS: { stream_ops: { fsync?: (stream: { nfd?: number }) => number } };
};

/**
 * PGlite's start parameters with fsync on. `wal_sync_method=fsync`: the sync methods that rely on open flags
 * (O_DSYNC) would pass through NODEFS untested.
 */
export const durableStartParams = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'synchronous_commit=on',
];
