/**
 * `npm run bench:bundle` (after `npm run build`): the gzipped JavaScript that /login makes the browser load.
 * Loads /login in Chromium against the built app served by the real server, then checks that the scripts it loaded
 * are exactly those `npm run check:web-budget` (scripts/webBudget.ts, part of `npm test`) counts from the build's
 * module graph, and prints their sizes with the same function, so the figure in docs/performance.md and the gate
 * cannot disagree. Also prints what the server really sent over the wire (brotli, scripts/precompress.ts).
 *
 *   --web-dir DIR   measure another build (the server's WEB_DIR), e.g. one made with a different vite config
 *   --budget KB     fail above this many KB (default: the gate's)
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { launchChromium, startLiveServer } from '../liveServer';
import { budgetKb, loginLazyModules, loginScripts, report, scriptSizes } from '../webBudget';

const { values } = parseArgs({
  options: {
    'web-dir': { type: 'string' },
    budget: { type: 'string', default: String(budgetKb) },
  },
});
const webDir = path.resolve(values['web-dir'] ?? 'dist/web');

const server = await startLiveServer({
  env: values['web-dir'] ? { WEB_DIR: webDir } : {},
});
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  // Module preloads and workers load scripts too. blob: workers (the bot check's) are built from a chunk already
  // counted.
  const loaded = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (!response.url().startsWith('http') || !response.ok()) return;
    if (type === 'script' || contentType.includes('javascript')) {
      const file = new URL(response.url()).pathname.replace(/^\//, '');
      loaded.set(
        file,
        response
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize),
      );
    }
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

  const gate = loginScripts(webDir);
  const unexpected = [...loaded.keys()].filter((file) => !gate.includes(file));
  const missing = gate.filter((file) => !loaded.has(file));
  if (unexpected.length > 0 || missing.length > 0) {
    console.log('Chromium loaded other scripts than scripts/webBudget.ts counts:');
    for (const file of unexpected) console.log(`  loaded, not counted: /${file}`);
    for (const file of missing) console.log(`  counted, not loaded: /${file}`);
    console.log(
      `Update loginLazyModules (now [${loginLazyModules.join(', ')}]) or find what /login started loading.`,
    );
    process.exitCode = 1;
  }

  if (!report(scriptSizes(webDir, [...loaded.keys()]), Number(values.budget))) process.exitCode = 1;
  const wire = (await Promise.all(loaded.values())).reduce((sum, bytes) => sum + bytes, 0);
  console.log(`Sent by the server (Accept-Encoding of Chromium): ${(wire / 1024).toFixed(1)} KB.`);
} finally {
  await browser.close();
  await server.stop();
}
