/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of a built web folder, for @fastify/static's
 * `preCompressed` (server/app.ts): the server then sends the smaller file to a browser that accepts it, with no
 * compression work per request. Run by the vite build (vite.config.ts); `node --import tsx scripts/precompress.ts
 * DIR` does it by hand.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, type ZlibOptions } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats only: images, fonts in woff2 and the like are compressed already. */
const compressible = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than a packet. */
const minBytes = 1024;

/** The gzip every number about the bundle uses (scripts/webBudget.ts, bench:bundle): level 9, as served. */
export const gzipOptions = { level: 9 } satisfies ZlibOptions;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

export type PrecompressResult = { files: number; bytes: number; brotliBytes: number; gzipBytes: number };

export async function precompress(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = (await filesUnder(dir)).filter((file) => compressible.test(file));
  for (const file of files) {
    if ((await stat(file)).size < minBytes) continue;
    const raw = await readFile(file);
    // Source maps are read only by developer tools: a quicker brotli level is enough for them.
    const quality = file.endsWith('.map') ? 5 : constants.BROTLI_MAX_QUALITY;
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipAsync(raw, gzipOptions),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    result.files += 1;
    result.bytes += raw.length;
    result.brotliBytes += br.length;
    result.gzipBytes += gz.length;
  }
  return result;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node --import tsx scripts/precompress.ts DIR');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  // No top-level await: vite.config.ts imports this module, and a config outside an ESM package is bundled as CJS.
  void precompress(dir).then(({ files, bytes, brotliBytes, gzipBytes }) =>
    console.log(`${files} files, ${kb(bytes)}: brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}`),
  );
}
