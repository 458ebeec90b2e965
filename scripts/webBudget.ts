/**
 * The JavaScript budget of /login, checked by `npm test` after the build (`npm run check:web-budget`): fails when
 * the scripts /login loads weigh more than 150 KB gzipped (level 9, as the server's .gz files).
 *
 * What /login loads is read from the build's module graph (.vite/manifest.json): the entry chunk and every chunk it
 * imports, plus the lazy modules below and their imports, which Vite's preload helper fetches together. No browser
 * and no server, so it takes about a second. `npm run bench:bundle` loads /login in Chromium and fails when the
 * browser loaded other scripts than this list, so the two cannot disagree.
 *
 *   --web-dir DIR   check another build (default dist/web)
 *   --budget KB     another limit (default 150)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { gzipOptions } from './precompress';

export const budgetKb = 150;

/**
 * The lazy modules the /login route loads besides the entry chunk and its imports. None: the login screen, where every
 * signed-out visit starts, is part of the entry chunk (src/app/routes.tsx).
 */
export const loginLazyModules: string[] = [];

/** `label` says what a chunk holds (its source module or its name), since lazy chunks are named by hash alone. */
export type ScriptSize = { file: string; label: string; raw: number; gzipped: number };

const root = path.resolve(import.meta.dirname, '..');

export function readManifest(webDir: string): Manifest {
  const file = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(`${path.relative(root, file)} is missing: run \`npm run build\` first.`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The built scripts (paths under the web folder, `assets/index-….js`) that /login loads, entry first. */
export function loginScripts(webDir: string): string[] {
  const manifest = readManifest(webDir);
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry && chunk.src === 'index.html');
  if (!entry) throw new Error("the build's manifest has no index.html entry");
  visit(entry[0]);
  for (const module of loginLazyModules) visit(module);
  return files;
}

export function scriptSizes(webDir: string, files: string[]): ScriptSize[] {
  const labels = new Map(
    Object.values(readManifest(webDir)).map((chunk) => [chunk.file, chunk.src ?? chunk.name ?? '']),
  );
  return files
    .map((file) => {
      const raw = readFileSync(path.join(webDir, file));
      const label = labels.get(file) ?? '';
      return { file, label, raw: raw.length, gzipped: gzipSync(raw, gzipOptions).length };
    })
    .sort((a, b) => b.gzipped - a.gzipped);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Prints one line per script and the total; returns whether the total is within the budget. */
export function report(rows: ScriptSize[], limitKb: number): boolean {
  for (const row of rows) {
    const label = row.label ? `  (${row.label})` : '';
    console.log(
      `${kb(row.gzipped).padStart(8)} KB gz  ${kb(row.raw).padStart(8)} KB raw  /${row.file}${label}`,
    );
  }
  const total = rows.reduce((sum, row) => sum + row.gzipped, 0);
  const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
  const within = total / 1024 <= limitKb;
  console.log(`\n/login loads ${rows.length} JS files: ${kb(total)} KB gzipped (${kb(totalRaw)} KB raw).`);
  console.log(`Budget: ${limitKb} KB gzipped: ${within ? 'within' : 'OVER'}.`);
  return within;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: { 'web-dir': { type: 'string' }, budget: { type: 'string', default: String(budgetKb) } },
  });
  const webDir = path.resolve(values['web-dir'] ?? path.join(root, 'dist/web'));
  if (!report(scriptSizes(webDir, loginScripts(webDir)), Number(values.budget))) {
    console.log('Find what grew with `npm run bench:bundle` and docs/performance.md (the notes on /login).');
    process.exitCode = 1;
  }
}
