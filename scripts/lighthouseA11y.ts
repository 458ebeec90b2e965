/**
 * `npm run audit:a11y` (after `npm run build`): Lighthouse's accessibility audit, which issue 19 asks to score 100, on
 * four key pages of the built app served by the real server: /login signed out, then signed in as the demo owner
 * /dashboard, the amount step of send money (a wallet tag in the address skips the search) and /transactions. Prints
 * each page's score and every failing audit with the elements at fault; exits non-zero when a score is below 100.
 *
 * One Chromium for the whole run, with remote debugging: Playwright signs in through the real screens in it, and
 * Lighthouse (storage not reset) then loads each page in the same profile, so the session's refresh cookie restores
 * the sign-in on every load. Lighthouse's default is a phone's screen, where the layout is tightest.
 *
 *   --web-dir DIR   audit another build (the server's WEB_DIR)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { signInThroughScreens } from './demoSignIn';
import { chromiumArgs, chromiumPath, startLiveServer, type LiveServer } from './liveServer';

/** The pages, in the order they are audited: the signed-out one first, before the sign-in. */
export const auditedPages = [
  { pathname: '/login', signedIn: false },
  { pathname: '/dashboard', signedIn: true },
  { pathname: '/my-wallet/eur/send-money/-/demo-bakery', signedIn: true },
  { pathname: '/transactions', signedIn: true },
] as const;

export type PageAudit = {
  pathname: string;
  /** 0 to 100. */
  score: number;
  /** One line per failing audit, then one per element at fault. */
  failures: string[];
};

/** Signs in through the real screens in the browser Lighthouse uses, reading the code from the sandbox outbox. */
async function signIn(server: LiveServer, port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await signInThroughScreens(page, server.baseUrl);
    await page.close();
  } finally {
    // Disconnects Playwright; the browser, started by chrome-launcher, stays for Lighthouse.
    await browser.close();
  }
}

async function auditPage(server: LiveServer, port: number, pathname: string): Promise<PageAudit> {
  const result = await lighthouse(`${server.baseUrl}${pathname}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['accessibility'],
    // The sign-in lives in the profile's cookie: Lighthouse must not clear it before loading the page.
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${pathname}: ${lhr.runtimeError.message}`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== pathname) throw new Error(`${pathname} ended at ${landed}: not the page meant`);
  const category = lhr.categories.accessibility;
  const failures: string[] = [];
  for (const ref of category?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    failures.push(`${audit.id}: ${audit.title}`);
    const details = audit.details as { items?: Array<{ node?: { selector?: string; snippet?: string } }> };
    for (const item of details?.items ?? []) {
      if (item.node) failures.push(`    ${item.node.selector ?? ''} ${item.node.snippet ?? ''}`);
    }
  }
  return { pathname, score: Math.round((category?.score ?? 0) * 100), failures };
}

/** Audits the four pages against `server` (which must be fresh: it signs in as the demo owner). */
export async function auditAccessibility(server: LiveServer): Promise<PageAudit[]> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'tameio-lighthouse-a11y-'));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumArgs,
    userDataDir,
  });
  try {
    const audits: PageAudit[] = [];
    let signedIn = false;
    for (const page of auditedPages) {
      if (page.signedIn && !signedIn) {
        await signIn(server, chrome.port);
        signedIn = true;
      }
      audits.push(await auditPage(server, chrome.port, page.pathname));
    }
    return audits;
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

export function report(audits: PageAudit[]): string {
  return audits
    .map((audit) => [`${String(audit.score).padStart(3)}  ${audit.pathname}`, ...audit.failures].join('\n'))
    .join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { 'web-dir': { type: 'string' } } });
  const server = await startLiveServer({
    env: values['web-dir'] ? { WEB_DIR: path.resolve(values['web-dir']) } : {},
  });
  try {
    const audits = await auditAccessibility(server);
    console.log(`Lighthouse accessibility (${auditedPages.length} pages):\n${report(audits)}`);
    if (audits.some((audit) => audit.score < 100)) {
      console.log('Below 100: see the failing audits above.');
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}
