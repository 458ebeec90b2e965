import { instance } from '@viz-js/viz';
// @ts-expect-error jsdom ships no types and @types/jsdom is not installed; only `new JSDOM('').window` is used.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderChart, type Rendered } from '../../scripts/diagrams/markdown';
import { flatten, guardWords, headingAnchor, loadCharts, type Chart } from '../../scripts/diagrams/model';
import { labelOverlaps, minPrintedLabelPt, printedLabelPt } from '../../scripts/diagrams/render';

/*
 * Issue 18: the statecharts a compliance reviewer renders and prints (scripts/diagrams.ts). Each page's Mermaid is read
 * back with Mermaid's own parser (what GitHub draws), and checked against the machine: every state shows its name,
 * sits inside its parent, and every guard keeps its parameters; every SVG reads printed on A4, no label over another.
 */

type MermaidNode = { id: string; label?: string; parentId?: string; isGroup: boolean; shape?: string };
type MermaidEdge = { start: string; end: string; label?: string };
type Parsed = { nodes: MermaidNode[]; edges: MermaidEdge[] };

let charts: Array<{ chart: Chart; rendered: Rendered; parsed: Parsed[] }> = [];
const globals = globalThis as unknown as Record<string, unknown>;

beforeAll(async () => {
  // Mermaid sanitizes labels with DOMPurify, which needs a window; the unit project shares its worker between files,
  // so the globals are set for the parse only and removed after.
  const dom = new JSDOM('');
  const saved = { window: globals.window, document: globals.document };
  globals.window = dom.window;
  globals.document = dom.window.document;
  try {
    const { default: mermaid } = await import('mermaid');
    const viz = await instance();
    charts = [];
    for (const chart of loadCharts()) {
      const rendered = renderChart(chart, viz);
      const parsed: Parsed[] = [];
      for (const { mermaid: text } of rendered.pages) {
        await mermaid.parse(text);
        const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
        const db = diagram.db as unknown as { getData: () => Parsed };
        parsed.push(db.getData());
      }
      charts.push({ chart, rendered, parsed });
    }
  } finally {
    globals.window = saved.window;
    globals.document = saved.document;
    if (saved.window === undefined) delete globals.window;
    if (saved.document === undefined) delete globals.document;
  }
}, 400_000);

afterAll(() => {
  charts = [];
});

/** The Mermaid group a node sits in, skipping the dividers of parallel regions. */
function groupOf(parsed: Parsed, node: MermaidNode): string | null {
  const byId = new Map(parsed.nodes.map((each) => [each.id, each]));
  let parent = node.parentId ? byId.get(node.parentId) : undefined;
  while (parent && parent.shape === 'divider')
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  return parent?.id ?? null;
}

describe('statechart pages (docs/statecharts)', () => {
  it('shows every state by its name, on some page, as the first words of its label', () => {
    const problems: string[] = [];
    for (const { chart, parsed } of charts) {
      const shown = new Set<string>();
      for (const page of parsed) {
        for (const node of page.nodes) {
          const state = flatten(chart.root).find((each) => chart.ids.get(each.id) === node.id);
          if (!state) continue;
          shown.add(state.id);
          const label = (node.label ?? '').trim();
          if (
            label !== state.key &&
            !label.startsWith(`${state.key},`) &&
            !label.startsWith(`${state.key} (`)
          )
            problems.push(`${chart.name}: ${state.path} is labelled "${label}"`);
        }
      }
      for (const state of flatten(chart.root).slice(1))
        if (!shown.has(state.id)) problems.push(`${chart.name}: ${state.path} is on no page`);
    }
    expect(problems).toEqual([]);
  });

  it('names every state in the printed SVGs, as the first line of its box or frame', () => {
    const problems: string[] = [];
    for (const { chart, rendered } of charts) {
      const byDiagramId = new Map(flatten(chart.root).map((state) => [chart.ids.get(state.id)!, state]));
      const shown = new Set<string>();
      for (const [file, svg] of rendered.svgs) {
        for (const [, title, text] of svg.matchAll(
          /<title>([^<]*)<\/title>\s*(?:<[^t][^>]*>\s*)*<text[^>]*>([^<]*)</g,
        )) {
          const state = byDiagramId.get(title!.replace(/^cluster_/, ''));
          if (!state) continue;
          shown.add(state.id);
          if (text !== state.key && !text!.startsWith(`${state.key} (`))
            problems.push(`${file}: ${state.path} reads "${text}"`);
        }
      }
      for (const state of flatten(chart.root).slice(1))
        if (!shown.has(state.id)) problems.push(`${chart.name}: ${state.path} is in no SVG`);
    }
    expect(problems).toEqual([]);
  });

  it('draws every state inside its parent, as the machine nests them', () => {
    const problems: string[] = [];
    for (const { chart, parsed, rendered } of charts) {
      parsed.forEach((page, index) => {
        const { focus } = rendered.pages[index]!.page;
        const groups = new Set(page.nodes.filter((node) => node.isGroup).map((node) => node.id));
        for (const node of page.nodes) {
          const state = flatten(chart.root).find((each) => chart.ids.get(each.id) === node.id);
          if (!state || state === chart.root) continue;
          const home = state.id === focus.id || state.id.startsWith(`${focus.id}.`);
          const parent = state.parent ? chart.ids.get(state.parent)! : null;
          // A state of the page sits in its parent's frame when that is drawn; one from outside at the top.
          const expected = home && parent && groups.has(parent) ? parent : null;
          const actual = groupOf(page, node);
          if (actual !== expected)
            problems.push(
              `${chart.name} page ${focus.path || '(overview)'}: ${state.path} in ${actual}, not ${expected}`,
            );
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('keeps every guard parameter in the drawings and the tables', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { chart, parsed, rendered } of charts) {
      const labels = parsed.flatMap((page) => page.edges.map((edge) => edge.label ?? '')).join('\n');
      const visit = (node: typeof chart.machine.root) => {
        const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
        for (const { guard } of transitions) {
          if (!guard || typeof guard !== 'object' || !('params' in guard) || guard.params === undefined)
            continue;
          const params = guard.params as unknown;
          const values =
            params && typeof params === 'object'
              ? Object.entries(params).map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
              : [guardWords(guard)];
          for (const value of values) {
            checked++;
            if (!labels.includes(value.replace(/"/g, "'")))
              problems.push(`${chart.name}: ${node.path.join('.')} drawing drops ${value}`);
            if (!rendered.markdown.includes(value))
              problems.push(`${chart.name}: ${node.path.join('.')} table drops ${value}`);
          }
        }
        for (const child of Object.values(node.states)) visit(child);
      };
      visit(chart.machine.root);
    }
    expect(checked).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    // The onboarding steps are opened by one guard with seven parameters.
    const onboarding = charts.find(({ chart }) => chart.name === 'onboarding')!;
    expect(onboarding.rendered.markdown).toContain('isStep(step: "company")');
  });

  it(`prints every page on A4 with labels at least ${minPrintedLabelPt} pt tall, none over another`, () => {
    const small = charts.flatMap(({ rendered }) =>
      [...rendered.svgs]
        .filter(([, svg]) => printedLabelPt(svg) < minPrintedLabelPt)
        .map(([file, svg]) => `${file}: ${printedLabelPt(svg).toFixed(1)} pt`),
    );
    expect(small).toEqual([]);
    const overlapping = charts.flatMap(({ rendered }) =>
      [...rendered.svgs].flatMap(([file, svg]) => labelOverlaps(svg).map((pair) => `${file}: ${pair}`)),
    );
    expect(overlapping).toEqual([]);
    // Too big whole (onboarding's seven steps side by side), a machine is split: an overview, a page per compound.
    const onboarding = charts.find(({ chart }) => chart.name === 'onboarding')!.rendered;
    expect(onboarding.svgs.size).toBeGreaterThan(1);
    expect(onboarding.svgs.size).toBe(onboarding.pages.length);
  });

  it('measures what it promises: the printed size of the smallest label, and labels drawn over each other', () => {
    const svg = (width: number, height: number, texts: string) =>
      `<svg width="${width}pt" height="${height}pt" viewBox="0 0 ${width} ${height}">${texts}</svg>`;
    const text = (x: number, y: number, words: string, size = 11) =>
      `<text xml:space="preserve" text-anchor="middle" x="${x}" y="${y}" font-family="Helvetica,sans-Serif" font-size="${size}.00">${words}</text>`;
    // 1,540 pt wide fits A4 landscape (770 pt) at half size: 9 pt labels print at 4.5 pt.
    expect(printedLabelPt(svg(1540, 500, text(100, 100, 'a') + text(100, 200, 'b', 9)))).toBeCloseTo(4.5);
    // Small pages are never enlarged.
    expect(printedLabelPt(svg(300, 200, text(100, 100, 'a')))).toBe(11);
    // "resend" (about 34 pt wide at 11 pt) centred 20 pt from "after" on the same line: they collide; 60 pt apart not.
    expect(labelOverlaps(svg(300, 200, text(100, 100, 'resend') + text(120, 102, 'after')))).toEqual([
      'resend × after',
    ]);
    expect(labelOverlaps(svg(300, 200, text(100, 100, 'resend') + text(160, 100, 'after')))).toEqual([]);
  });

  it('links each state to the line that defines it, in the machine or a helper of machines/ it imports', () => {
    const problems: string[] = [];
    for (const { chart } of charts) {
      const lines = (file: string) => chart.sources.get(file)!.split('\n');
      for (const state of flatten(chart.root).slice(1)) {
        const defines = (line: string) => new RegExp(`^\\s*['"]?${state.key}['"]?\\s*:`).test(line);
        const where = state.line;
        if (where === null || !defines(lines(where.file)[where.line - 1] ?? ''))
          problems.push(`${chart.name}: ${state.path} at ${JSON.stringify(where)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("writes GitHub's anchors for the QA plans' headings", () => {
    expect(
      headingAnchor(
        'S2. Send money: Server quotes: to a wallet free and at once — ends on “Confirm the payment”, state reviewing',
      ),
    ).toBe(
      's2-send-money-server-quotes-to-a-wallet-free-and-at-once--ends-on-confirm-the-payment-state-reviewing',
    );
    expect(headingAnchor('R4. Type "@demo" as Wallet tag, click "Search" (30 s) → searching')).toBe(
      'r4-type-demo-as-wallet-tag-click-search-30-s--searching',
    );
  });

  it('links each state to QA paths whose headings are in the plan', () => {
    const problems: string[] = [];
    let linkedPaths = 0;
    for (const { chart, rendered } of charts) {
      for (const model of chart.models) {
        const anchors = new Set([
          ...model.plan
            .split('\n')
            .filter((line) => /^#{2,4} /.test(line))
            .map((line) => headingAnchor(line.replace(/^#+ /, ''))),
        ]);
        const pattern = new RegExp(`\\.\\./test-paths/${model.name}\\.md#([^)]+)\\)`, 'g');
        const linked = [...rendered.markdown.matchAll(pattern)].map((match) => match[1]!);
        linkedPaths += linked.length;
        if (!linked.length) problems.push(`${model.name}: no path linked`);
        const missing = linked.filter((anchor) => !anchors.has(anchor));
        if (missing.length) problems.push(`${model.name}: no heading ${missing.slice(0, 3).join(', ')}`);
        // The plan the links point into is the one on disk (npm run test-paths; check:generated keeps them equal).
      }
    }
    expect(linkedPaths).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
