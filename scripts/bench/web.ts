/**
 * `npm run bench:web` (after `npm run build`): Lighthouse's performance audit, mobile profile (its default: a
 * mid-range phone on slow 4G, simulated throttling), against the built app served by the real server. Three runs on
 * /login signed out, three on /dashboard signed in as the demo owner; prints every run and the median of each figure:
 * the performance score, First Contentful Paint, Largest Contentful Paint, Total Blocking Time, Cumulative Layout
 * Shift (and Speed Index). Each run starts with an empty cache, as a first visit. Also prints the load average, since
 * the CPU figures move with whatever else runs on the machine.
 *
 *   --runs N        runs per page (default 3)
 *   --web-dir DIR   measure another build (the server's WEB_DIR)
 *   --min-score N   fail when the median score of /login is below N (default 90)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { signInThroughScreens } from '../demoSignIn';
import { chromiumArgs, chromiumPath, launchChromium, startLiveServer, type LiveServer } from '../liveServer';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'web-dir': { type: 'string' },
    'min-score': { type: 'string', default: '90' },
  },
});
const runs = Number(values.runs);

type Figures = { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number };

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * Signs in through the real screens, as the end-to-end tests do, in a browser of its own, and returns the refresh
 * cookie for Lighthouse to send. A refresh token is spent by the page load that uses it, so every run signs in anew.
 */
async function signIn(server: LiveServer): Promise<string> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughScreens(page, server.baseUrl);
    const cookie = (await context.cookies()).find((c) => c.name === 'refreshKey');
    if (!cookie) throw new Error('signed in without a refresh cookie');
    return `${cookie.name}=${cookie.value}`;
  } finally {
    await browser.close();
  }
}

async function audit(server: LiveServer, pathname: string, signedIn: boolean): Promise<Figures> {
  const cookie = signedIn ? await signIn(server) : undefined;
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'tameio-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumArgs,
    userDataDir,
  });
  try {
    const result = await lighthouse(`${server.baseUrl}${pathname}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Lighthouse clears cookies, storage and the cache before it loads the page; the sign-in travels as a header.
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${pathname}: ${lhr.runtimeError.message}`);
    if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== pathname) {
      throw new Error(`${pathname} ended at ${lhr.finalDisplayedUrl}: the sign-in did not hold`);
    }
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const line = (label: string, f: Figures) =>
  `${label.padEnd(10)} score ${String(f.score).padStart(3)}  FCP ${(f.fcp / 1000).toFixed(2)} s  LCP ${(f.lcp / 1000).toFixed(2)} s  TBT ${Math.round(f.tbt)} ms  CLS ${f.cls.toFixed(3)}  SI ${(f.si / 1000).toFixed(2)} s`;

const server = await startLiveServer({
  env: values['web-dir'] ? { WEB_DIR: path.resolve(values['web-dir']) } : {},
});
const medians: Record<string, Figures> = {};
try {
  console.log(`Load average before: ${load()}`);
  for (const [pathname, signedIn] of [
    ['/login', false],
    ['/dashboard', true],
  ] as const) {
    const results: Figures[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const figures = await audit(server, pathname, signedIn);
      results.push(figures);
      console.log(line(`${pathname} ${run}`, figures));
    }
    const of = (key: keyof Figures) => median(results.map((figures) => figures[key]));
    const mid: Figures = {
      score: of('score'),
      fcp: of('fcp'),
      lcp: of('lcp'),
      tbt: of('tbt'),
      cls: of('cls'),
      si: of('si'),
    };
    medians[pathname] = mid;
    console.log(`${line(`${pathname}`, mid)}  (median of ${runs})\n`);
  }
  console.log(`Load average after: ${load()}`);
} finally {
  await server.stop();
}

const minScore = Number(values['min-score']);
if ((medians['/login']?.score ?? 0) < minScore) {
  console.log(`/login scored below ${minScore}.`);
  process.exitCode = 1;
}
