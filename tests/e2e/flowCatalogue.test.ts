import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { watchForBrowserErrors } from './pageChecks';

// Issue 18: the flow catalogue (docs/flows/, `npm run flows`) as the app serves it outside production
// (server/routes/flows.routes.ts): /flows/ leads to the index, every journey page opens, every Mermaid diagram renders
// to an SVG with real Mermaid in Chromium (no Mermaid error, no CSP refusal), and every link of every page resolves,
// over HTTP (200, and not the app's page in its place) and on disk (the file exists), so the catalogue works served
// and opened from disk alike.

const flowsDir = path.resolve(import.meta.dirname, '..', '..', 'docs', 'flows');
const pages = existsSync(flowsDir)
  ? readdirSync(flowsDir)
      .filter((file) => file.endsWith('.html'))
      .sort((a, b) => (a === 'index.html' ? -1 : b === 'index.html' ? 1 : a < b ? -1 : a > b ? 1 : 0))
  : [];

let browser: Browser;
let server: LiveServer;
let context: BrowserContext;
/** Links already checked, by absolute address. */
const checked = new Set<string>();

beforeAll(async () => {
  browser = await launchChromium();
  server = await startLiveServer();
  context = await browser.newContext({ locale: 'en-GB' });
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
  await browser?.close();
});

async function open(file: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = watchForBrowserErrors(page);
  const response = await page.goto(`${server.baseUrl}/docs/flows/${file}`);
  expect(response?.status(), file).toBe(200);
  return { page, errors };
}

describe('the flow catalogue', () => {
  it('is generated (npm run flows) with an index and one page per journey', () => {
    expect(pages[0]).toBe('index.html');
    expect(pages.length).toBeGreaterThan(20);
  });

  it('is served at /flows/', async () => {
    const page = await context.newPage();
    const response = await page.goto(`${server.baseUrl}/flows/`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/docs/flows/');
    await page.getByRole('heading', { level: 1, name: 'Flow catalogue' }).waitFor();
    const journeys = await page.locator('tbody tr td:first-child a').evaluateAll((links) => links.length);
    expect(journeys).toBe(pages.length - 1);
    await page.close();
  });

  it.each(pages)('%s renders, its diagrams render with Mermaid, its links resolve', async (file) => {
    const { page, errors } = await open(file);
    await page.locator('h1').waitFor();
    await page.waitForFunction(() => document.body.dataset.mermaid !== undefined, null, { timeout: 120_000 });
    const outcome = await page.evaluate(() => ({
      state: document.body.dataset.mermaid,
      error: document.body.dataset.mermaidError ?? null,
      blocks: document.querySelectorAll('pre.mermaid').length,
      drawn: document.querySelectorAll('pre.mermaid > svg').length,
      mermaidErrors: document.querySelectorAll('svg[aria-roledescription="error"]').length,
      text: document.body.innerText,
    }));
    expect(outcome.error, file).toBeNull();
    expect(outcome.state, file).toBe('done');
    expect(outcome.drawn, file).toBe(outcome.blocks);
    expect(outcome.mermaidErrors, file).toBe(0);
    expect(outcome.text).not.toMatch(/Syntax error in text/);
    const statechart = path.join(flowsDir, '..', 'statecharts', file.replace(/\.html$/, '.md'));
    if (file !== 'index.html' && existsSync(statechart)) expect(outcome.blocks, file).toBeGreaterThan(0);
    // Every drawn state diagram has its states: a diagram with nothing in it is no diagram.
    const emptyDiagrams = await page
      .locator('pre.mermaid > svg')
      .evaluateAll(
        (svgs) => svgs.filter((svg) => !svg.querySelector('g.node, g.nodes, .statediagram-state')).length,
      );
    expect(emptyDiagrams, file).toBe(0);

    const links = await page.locator('a[href]').evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        raw: anchor.getAttribute('href')!,
        url: (anchor as HTMLAnchorElement).href,
      })),
    );
    for (const { raw, url } of links) {
      // On disk: the file the link names, relative to docs/flows.
      const onDisk = path.resolve(flowsDir, decodeURIComponent(raw.split('#')[0]!));
      expect(existsSync(onDisk), `${file}: ${raw} on disk`).toBe(true);
      const address = url.split('#')[0]!;
      if (checked.has(address)) continue;
      checked.add(address);
      const answer = await context.request.get(address);
      expect(answer.status(), `${file}: ${raw}`).toBe(200);
      const body = await answer.text();
      // The app answers unknown addresses with its own page; a link must reach the document itself.
      if (address.endsWith('.md')) {
        expect(answer.headers()['content-type'], `${file}: ${raw}`).toMatch(/^text\/plain/);
        expect(body.startsWith('#'), `${file}: ${raw}`).toBe(true);
      } else {
        expect(body, `${file}: ${raw}`).toContain('Generated by <code>npm run flows</code>');
      }
    }
    expect(errors, file).toEqual([]);
    await page.close();
  });

  it('draws the statecharts’ SVGs with no label over another, in Chromium’s own fonts', async () => {
    const dir = path.join(flowsDir, '..', 'statecharts');
    const svgs = readdirSync(dir).filter((file) => file.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(20);
    const page = await context.newPage();
    const overlaps: string[] = [];
    for (const file of svgs) {
      await page.goto(`${server.baseUrl}/docs/statecharts/${file}`);
      const found = await page.evaluate(() => {
        const boxes = [...document.querySelectorAll('text')].map((text) => ({
          text: text.textContent ?? '',
          box: text.getBoundingClientRect(),
        }));
        const pairs: string[] = [];
        boxes.forEach((a, index) => {
          for (const b of boxes.slice(index + 1)) {
            const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
            const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
            // A glyph box holds a pixel or two of side bearing and line gap: more than that is ink over ink.
            if (across > 2 && down > 2) pairs.push(`${a.text} × ${b.text}`);
          }
        });
        return pairs;
      });
      overlaps.push(...found.map((pair) => `${file}: ${pair}`));
    }
    expect(overlaps).toEqual([]);
    await page.close();
  });
});
