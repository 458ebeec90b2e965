/**
 * Time from spawning `node --import tsx server/main.ts` on an already migrated and seeded DATA_DIR to its ready
 * line; a few runs, median. Only 127.0.0.1; each server is stopped before the next starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './serverProcess';

const runs = Number(process.env.RUNS ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'tameio-bench-startup-'));
const env = { DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web') };

try {
  const first = await startServer(env);
  await first.stop();
  console.log(`first start (migrate + seed): ${Math.round(first.readyMs)} ms`);
  const spawnToReady: number[] = [];
  const inProcess: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const server = await startServer(env);
    spawnToReady.push(server.readyMs);
    inProcess.push(server.reportedMs);
    await server.stop();
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? NaN;
  };
  console.log(`runs: ${spawnToReady.map((ms) => Math.round(ms)).join(', ')} ms`);
  console.log(`median spawn → ready on a migrated database: ${Math.round(median(spawnToReady))} ms`);
  console.log(
    `median reported by the server (after Node and tsx loaded): ${Math.round(median(inProcess))} ms`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
