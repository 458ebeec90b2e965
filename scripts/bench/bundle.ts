/**
 * `npm run bench:bundle` (after `npm run build`): the gzipped JavaScript that /login makes the browser load.
 * Loads /login in Chromium against the built app served by the real server, gzips every script response
 * itself (so the number does not depend on the server's compression) and prints the total in KB.
 *
 *   --web-dir DIR   measure another build (the server's WEB_DIR), e.g. one made with a different vite config
 *   --budget KB     fail above this many KB (default 150, issue 2)
 */
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { launchChromium, startLiveServer } from '../liveServer';

const { values } = parseArgs({
  options: {
    'web-dir': { type: 'string' },
    budget: { type: 'string', default: '150' },
  },
});
const budgetKb = Number(values.budget);

const server = await startLiveServer({
  env: values['web-dir'] ? { WEB_DIR: path.resolve(values['web-dir']) } : {},
});
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  // Module preloads and workers load scripts too; a script's body is fetched again below rather than taken
  // from the browser, which cannot hand out every body (preloads, redirects).
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    // blob: workers (the bot check's) are built from a chunk already counted.
    if (!response.url().startsWith('http') || !response.ok()) return;
    if (type === 'script' || contentType.includes('javascript')) scripts.add(response.url());
  });
  await page.goto(`${server.baseUrl}/login`);
  // The login screen is a lazy route and the bot check loads after it and enables Continue once solved:
  // wait for both, so their chunks are counted, then for the network to settle.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page
    .getByRole('button', { name: 'Continue' })
    .and(page.locator(':enabled'))
    .waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);

  const rows = await Promise.all(
    [...scripts].map(async (url) => {
      const raw = Buffer.from(await (await fetch(url)).arrayBuffer());
      return { file: new URL(url).pathname, raw: raw.length, gzipped: gzipSync(raw, { level: 9 }).length };
    }),
  );
  rows.sort((a, b) => b.gzipped - a.gzipped);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const row of rows) {
    console.log(`${kb(row.gzipped).padStart(8)} KB gz  ${kb(row.raw).padStart(8)} KB raw  ${row.file}`);
  }
  const total = rows.reduce((sum, row) => sum + row.gzipped, 0);
  const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
  console.log(`\n/login loads ${rows.length} JS files: ${kb(total)} KB gzipped (${kb(totalRaw)} KB raw).`);
  console.log(`Budget: ${budgetKb} KB gzipped: ${total / 1024 <= budgetKb ? 'within' : 'OVER'}.`);
  if (total / 1024 > budgetKb) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
