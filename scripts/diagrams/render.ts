import type { Viz } from '@viz-js/viz';
import PDFDocument from 'pdfkit';
import { flatten, type Chart, type EdgeInfo, type StateInfo } from './model';

/*
 * One chart becomes pages a reviewer can print: an overview and, when the whole machine would print too small on A4,
 * one page per compound state (its own section and SVG), each readable on A4 (`minPrintedLabelPt`). Each page is drawn twice,
 * as Mermaid (rendered by GitHub) and as Graphviz SVG (rendered here by @viz-js/viz), from the same choice of what is
 * shown: the page's states, its compound states drawn inside it or collapsed to one box with their own page, and the
 * states outside it that its transitions lead to or come from.
 */

/**
 * What "reads at A4" means: the smallest label of a page (11 pt on screen, states and transitions alike) printed on A4, fitted to the page
 * in the better orientation within 1.5 cm margins (510 by 770 pt), is at least 6 pt tall. A page that would print
 * smaller has its compound states drawn on pages of their own, or is drawn more tightly (`printedLabelPt`).
 */
export const minPrintedLabelPt = 6;
const a4 = { short: 510, long: 770 };

/**
 * Wider than this on screen (about 1,200 px, a laptop's width), a page has its compound states drawn on pages of their
 * own even when it would print readably: an overview a reviewer takes in at a glance, then one page per part.
 */
export const splitAbovePt = 900;

export type PageLayout = { rankdir: 'TB' | 'LR'; ranksep: number };
/** Tried in this order until one prints its labels at `minPrintedLabelPt`: top to bottom reads best. */
const layouts: PageLayout[] = [0.45, 0.3, 0.2].flatMap((ranksep) => [
  { rankdir: 'TB' as const, ranksep },
  { rankdir: 'LR' as const, ranksep },
]);

export type Page = {
  /** The state the page is about: the machine itself for the overview. */
  focus: StateInfo;
  /** Compound states below `focus` drawn as one box here, each with a page of its own. */
  collapsed: Set<string>;
  svgFile: string;
  /** The section's heading anchor (empty for the overview). */
  heading: string;
};

type View = {
  chart: Chart;
  page: Page;
  /** The states drawn as their own (non-external) boxes or clusters on this page, focus excluded. */
  home: StateInfo[];
};

const inside = (outer: StateInfo, inner: StateInfo) =>
  inner.id === outer.id || inner.id.startsWith(`${outer.id}.`);

/** The states a page draws as its own: below focus, not below a collapsed compound. */
function homeStates(chart: Chart, page: Page): StateInfo[] {
  const result: StateInfo[] = [];
  const visit = (node: StateInfo) => {
    for (const child of node.children) {
      result.push(child);
      if (!page.collapsed.has(child.id)) visit(child);
    }
  };
  visit(page.focus);
  void chart;
  return result;
}

/** What stands for `state` on the page: itself, the collapsed compound holding it, or itself drawn as external. */
function representative(view: View, state: StateInfo): { state: StateInfo; external: boolean } {
  const { page, chart } = view;
  if (!inside(page.focus, state)) return { state, external: true };
  let shown = state;
  for (let cursor: StateInfo | undefined = state; cursor && cursor !== page.focus;) {
    if (page.collapsed.has(cursor.id)) shown = cursor;
    cursor = cursor.parent ? chart.states.get(cursor.parent) : undefined;
  }
  return { state: shown, external: false };
}

type DrawnEdge = { from: StateInfo; to: StateInfo; edge: EdgeInfo; fromAny: boolean };

/** The page's edges, between what stands for their ends; edges wholly inside a collapsed box or outside are left out. */
function drawnEdges(view: View): { edges: DrawnEdge[]; externals: StateInfo[] } {
  const { chart, page } = view;
  const externals = new Map<string, StateInfo>();
  const edges: DrawnEdge[] = [];
  const seen = new Set<string>();
  for (const edge of chart.edges) {
    const source = chart.states.get(edge.source)!;
    for (const targetId of edge.targets.length ? edge.targets : [edge.source]) {
      const target = chart.states.get(targetId)!;
      const from = representative(view, source);
      const to = representative(view, target);
      if (from.external && to.external) continue;
      if (from.external && !inside(page.focus, source)) {
        // A handler of an ancestor applies here too; it is drawn on the ancestor's page.
        if (inside(source, page.focus)) continue;
      }
      if (!from.external && !to.external && from.state === to.state && page.collapsed.has(from.state.id))
        continue;
      if (to.external && to.state === chart.root) continue;
      const key = `${from.state.id}|${to.state.id}|${edge.event}|${edge.guard}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (from.external) externals.set(from.state.id, from.state);
      if (to.external) externals.set(to.state.id, to.state);
      edges.push({ from: from.state, to: to.state, edge, fromAny: source === chart.root });
    }
  }
  return { edges, externals: [...externals.values()] };
}

/** The short label of a transition on a drawing: event and guard (the actions and the words are in the tables). */
export function edgeLabel(edge: EdgeInfo): string {
  let label = edge.event;
  if (edge.guard) label += ` [${edge.guard}]`;
  if (edge.reenter) label += ' (re-enter)';
  return label;
}

/** A state's lines on a drawing: its name first, then what it calls and its tags. */
export function stateLines(state: StateInfo, collapsed: boolean): string[] {
  return [
    state.key,
    ...(collapsed ? ['(its own section below)'] : []),
    ...state.calls.map((src) => `calls ${src}`),
    ...(state.tags.length ? [`tags ${state.tags.join(', ')}`] : []),
  ];
}

const externalName = (chart: Chart, state: StateInfo) => {
  const parent = state.parent ? chart.states.get(state.parent)! : null;
  return parent && parent !== chart.root ? `${state.key} (in ${parent.path})` : `${state.key} (outside)`;
};

// ---------------------------------------------------------------------------------------------------------------
// Graphviz

const dotText = (text: string) => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** Breaks a label into lines of about `width` characters at spaces. */
function wrap(text: string, width = 18): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** The browser's history moves (machines/journeyNav.ts), left out of the printed drawing. */
const historyEvents: ReadonlySet<string> = new Set(['nav.back', 'nav.forward']);

export function dot(chart: Chart, page: Page, layout: PageLayout = layouts[0]!): string {
  const { rankdir, ranksep } = layout;
  const { ids } = chart;
  const view: View = { chart, page, home: homeStates(chart, page) };
  const drawn = drawnEdges(view);
  const { externals } = drawn;
  // The browser's Back and Forward join every step to every other one: drawn, they would shrink the printed page
  // below reading size. The printed drawing names them once in a note; the Mermaid drawing and the table keep each.
  const edges = drawn.edges.filter(({ edge }) => !historyEvents.has(edge.event));
  const historyMoves = edges.length < drawn.edges.length;
  const isCluster = (state: StateInfo) =>
    state.children.length > 0 && !page.collapsed.has(state.id) && inside(page.focus, state);
  const anchor = (state: StateInfo) => `${ids.get(state.id)}__anchor`;
  const cluster = (state: StateInfo) => `cluster_${ids.get(state.id)}`;
  const lines = [
    `digraph "${chart.name}" {`,
    `  compound=true; rankdir=${rankdir}; nodesep=0.12; ranksep=${ranksep};`,
    '  graph [fontname="Helvetica", fontsize=12, color="#8a94a6", style=rounded];',
    '  node [fontname="Helvetica", fontsize=11, shape=box, style="rounded,filled", fillcolor="#ffffff", color="#005aff"];',
    '  edge [fontname="Helvetica", fontsize=11, color="#5b6577"];',
  ];
  const emit = (state: StateInfo, indent: string) => {
    if (isCluster(state)) {
      const kind = state.type === 'parallel' ? ' (parallel)' : '';
      const [name, ...details] = stateLines(state, false);
      lines.push(`${indent}subgraph ${cluster(state)} {`);
      lines.push(`${indent}  label="${dotText([`${name}${kind}`, ...details].join('\n'))}";`);
      if (state.type === 'parallel') lines.push(`${indent}  style="rounded,dashed";`);
      // A small point stands for the compound itself: edges to and from it attach there.
      lines.push(`${indent}  ${anchor(state)} [shape=point, width=0.12, color="#1d2433", label=""];`);
      for (const child of state.children) emit(child, `${indent}  `);
      const initial = state.children.find((child) => child.key === state.initial);
      if (initial) {
        const head = isCluster(initial)
          ? `${anchor(initial)} [lhead=${cluster(initial)}]`
          : ids.get(initial.id)!;
        lines.push(`${indent}  ${anchor(state)} -> ${head};`);
      }
      lines.push(`${indent}}`);
      return;
    }
    const collapsed = page.collapsed.has(state.id);
    const attrs = [`label="${dotText(stateLines(state, collapsed).join('\n'))}"`];
    if (state.type === 'final') attrs.push('peripheries=2');
    if (collapsed) attrs.push('fillcolor="#eef3ff"', 'penwidth=2');
    lines.push(`${indent}${ids.get(state.id)} [${attrs.join(', ')}];`);
  };
  if (page.focus === chart.root) {
    lines.push('  start__ [shape=point, width=0.15, color="#1d2433", label=""];');
    for (const child of chart.root.children) emit(child, '  ');
    const initial = chart.root.children.find((child) => child.key === chart.root.initial);
    if (initial) lines.push(`  start__ -> ${isCluster(initial) ? anchor(initial) : ids.get(initial.id)};`);
  } else emit(page.focus, '  ');
  for (const external of externals) {
    lines.push(
      `  ${ids.get(external.id)} [label="${dotText(externalName(chart, external))}", style="rounded,dashed", color="#8a94a6", fontcolor="#5b6577"];`,
    );
  }
  if (edges.some((drawn) => drawn.fromAny))
    lines.push('  any__ [label="in any state", shape=note, color="#8a94a6", fontcolor="#5b6577"];');
  if (historyMoves)
    lines.push(
      `  history__ [label="${dotText('Browser Back and Forward (nav.back, nav.forward):\nto the steps already reached, each in the table')}", shape=note, color="#8a94a6", fontcolor="#5b6577"];`,
    );

  // Transitions between the same two boxes share one arrow, one line of label each: parallel arrows' labels collide.
  const arrows = new Map<string, { attrs: string[]; labels: string[] }>();
  for (const { from, to, edge, fromAny } of edges) {
    const fromName = fromAny ? 'any__' : isCluster(from) ? anchor(from) : ids.get(from.id)!;
    // A handler of the whole machine that keeps the state loops on the "in any state" note.
    const toName = to === chart.root ? 'any__' : isCluster(to) ? anchor(to) : ids.get(to.id)!;
    const attrs: string[] = [];
    if (!fromAny && isCluster(from) && !inside(from, to)) attrs.push(`ltail=${cluster(from)}`);
    if (isCluster(to) && !inside(to, from)) attrs.push(`lhead=${cluster(to)}`);
    if (!edge.targets.length) attrs.push('style=dashed');
    const key = `${fromName} -> ${toName} ${attrs.join(' ')}`;
    const arrow = arrows.get(key) ?? { attrs, labels: [] };
    arrow.labels.push(wrap(edgeLabel(edge)));
    arrows.set(key, arrow);
  }
  for (const [key, { attrs, labels }] of arrows) {
    const [fromName, , toName] = key.split(' ');
    const label = `label="${dotText(labels.join('\n'))}"`;
    lines.push(`  ${fromName} -> ${toName} [${[label, ...attrs].join(', ')}];`);
  }
  lines.push('}');
  return lines.join('\n');
}

/** The size of a rendered SVG in points. */
export function svgSize(svg: string): { width: number; height: number } {
  const match = /<svg[^>]*\swidth="([\d.]+)pt"\s+height="([\d.]+)pt"/.exec(svg);
  return match
    ? { width: Number(match[1]), height: Number(match[2]) }
    : { width: Number.POSITIVE_INFINITY, height: Number.POSITIVE_INFINITY };
}

const helvetica = (() => {
  // Graphviz sizes labels by Helvetica's metrics; pdfkit carries the same standard font metrics (AFM).
  const doc = new PDFDocument({ autoFirstPage: false });
  doc.font('Helvetica');
  return (text: string, size: number) => doc.fontSize(size).widthOfString(text);
})();

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * Pairs of labels of a rendered SVG that overlap (each as "a × b"), their boxes measured with Helvetica's metrics (the
 * fonts that stand in for it, Arial and Liberation Sans, share them): Graphviz keeps transition labels apart, but not
 * from a compound's title, nor those of transitions between states of one rank.
 */
export function labelOverlaps(svg: string): string[] {
  const boxes = [
    ...svg.matchAll(
      /<text[^>]*text-anchor="(\w+)" x="([-\d.]+)" y="([-\d.]+)"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g,
    ),
  ].map(([, anchor, x, y, size, raw]) => {
    const text = unescapeXml(raw!);
    const width = helvetica(text, Number(size));
    const left = Number(x) - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
    // From the cap height above the baseline to the descenders below it.
    return {
      text,
      left,
      right: left + width,
      top: Number(y) - Number(size) * 0.72,
      bottom: Number(y) + Number(size) * 0.21,
    };
  });
  const overlaps: string[] = [];
  boxes.forEach((a, index) => {
    for (const b of boxes.slice(index + 1)) {
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (across > 0 && down > 0) overlaps.push(`${a.text} × ${b.text}`);
    }
  });
  return overlaps;
}

/** How tall the smallest label of a rendered SVG prints on A4, fitted in the better orientation (never enlarged). */
export function printedLabelPt(svg: string): number {
  const sizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((match) => Number(match[1]));
  const { width, height } = svgSize(svg);
  const fit = Math.max(
    Math.min(a4.short / width, a4.long / height),
    Math.min(a4.long / width, a4.short / height),
  );
  return Math.min(...sizes) * Math.min(1, fit);
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

const anchorOf = (state: StateInfo) => `inside-${state.path.replace(/\./g, '')}`.toLowerCase();

/**
 * The pages of a chart: the whole machine when it fits the budget, else compound states collapsed (largest first)
 * until it does, each collapsed one getting a page of its own by the same rule.
 */
export function pagesOf(chart: Chart, viz: Viz): Array<{ page: Page; svg: string }> {
  const result: Array<{ page: Page; svg: string }> = [];
  const reads = (svg: string) => printedLabelPt(svg) >= minPrintedLabelPt && !labelOverlaps(svg).length;
  const fits = (svg: string) => reads(svg) && svgSize(svg).width <= splitAbovePt;
  // The first layout that fits the screen and reads at A4, else the first that reads, else the one printing largest.
  const render = (page: Page) => {
    const drawn = layouts.map((layout) =>
      viz.renderString(dot(chart, page, layout), { format: 'svg', engine: 'dot' }),
    );
    return (
      drawn.find(fits) ??
      drawn.find(reads) ??
      drawn.reduce((best, svg) => (printedLabelPt(svg) > printedLabelPt(best) ? svg : best))
    );
  };
  const visit = (focus: StateInfo) => {
    const page: Page = {
      focus,
      collapsed: new Set(),
      svgFile: focus === chart.root ? `${chart.name}.svg` : `${chart.name}.${focus.path}.svg`,
      heading: focus === chart.root ? '' : anchorOf(focus),
    };
    let svg = render(page);
    const candidates = flatten(focus)
      .slice(1)
      .filter((state) => state.children.length > 0)
      .sort((a, b) => flatten(b).length - flatten(a).length || a.path.localeCompare(b.path));
    for (const candidate of candidates) {
      if (fits(svg)) break;
      if ([...page.collapsed].some((id) => inside(chart.states.get(id)!, candidate))) continue;
      page.collapsed.add(candidate.id);
      const collapsed = render(page);
      // A compound whose many transitions in and out make the page print smaller still stays drawn inside it.
      if (!fits(collapsed) && printedLabelPt(collapsed) < printedLabelPt(svg))
        page.collapsed.delete(candidate.id);
      else svg = collapsed;
    }
    // One at a time, each compound may print the page smaller (the layout moves); all of them together may not.
    if (!reads(svg)) {
      const before = new Set(page.collapsed);
      for (const candidate of candidates) {
        if (![...page.collapsed].some((id) => inside(chart.states.get(id)!, candidate)))
          page.collapsed.add(candidate.id);
      }
      const allCollapsed = render(page);
      if (printedLabelPt(allCollapsed) > printedLabelPt(svg)) svg = allCollapsed;
      else page.collapsed = before;
    }
    result.push({ page, svg: svg.endsWith('\n') ? svg : `${svg}\n` });
    for (const id of [...page.collapsed].sort()) visit(chart.states.get(id)!);
  };
  visit(chart.root);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Mermaid

/** Mermaid reads `;` and `#` as syntax in labels, and quotes end a state's label. */
const mermaidText = (text: string) =>
  text
    .replace(/[;#{}]/g, ' ')
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Mermaid creates a state in the block where it is first mentioned, so every state is declared in its compound
 * before any edge names it, and each edge is written in the innermost compound drawn around both its ends.
 */
export function mermaid(chart: Chart, page: Page): string {
  const { ids } = chart;
  const view: View = { chart, page, home: homeStates(chart, page) };
  const { edges, externals } = drawnEdges(view);
  const isGroup = (state: StateInfo) =>
    state.children.length > 0 && !page.collapsed.has(state.id) && inside(page.focus, state);
  const lines = ['stateDiagram-v2'];
  const edgeLines = new Map<string, string[]>();
  const scopeOf = (a: StateInfo, b: StateInfo): string => {
    // The innermost drawn group holding both (never between the `--` regions of a parallel state).
    let scope: StateInfo | undefined = a.parent ? chart.states.get(a.parent) : undefined;
    while (scope && !(inside(scope, b) && isGroup(scope) && scope.type !== 'parallel'))
      scope = scope.parent ? chart.states.get(scope.parent) : undefined;
    return scope && scope !== chart.root ? scope.id : '';
  };
  let anyStateNote = false;
  for (const { from, to, edge, fromAny } of edges) {
    const label = mermaidText(edgeLabel(edge));
    if (fromAny) {
      anyStateNote = true;
      const line = `anyState --> ${to === chart.root ? 'anyState' : ids.get(to.id)} : ${label}`;
      edgeLines.set('', [...(edgeLines.get('') ?? []), line]);
      continue;
    }
    const scope = inside(page.focus, from) && inside(page.focus, to) ? scopeOf(from, to) : '';
    const line = `${ids.get(from.id)} --> ${ids.get(to.id)} : ${label}`;
    edgeLines.set(scope, [...(edgeLines.get(scope) ?? []), line]);
  }

  const declare = (state: StateInfo, indent: string) => {
    const id = ids.get(state.id)!;
    if (isGroup(state)) {
      lines.push(`${indent}state ${id} {`);
      emitChildren(state, `${indent}  `);
      lines.push(`${indent}}`);
      const details = stateLines(state, false).slice(1);
      if (state.type === 'parallel') details.unshift('parallel regions');
      if (details.length)
        lines.push(`${indent}note right of ${id} : ${mermaidText(details.join(', ')).replace(/:/g, ' ')}`);
    } else {
      const label = stateLines(state, page.collapsed.has(state.id)).join(', ');
      lines.push(`${indent}state "${mermaidText(label)}" as ${id}`);
    }
    if (state.type === 'final') lines.push(`${indent}${id} --> [*]`);
  };
  const emitChildren = (state: StateInfo, indent: string) => {
    const initial = state.children.find((child) => child.key === state.initial);
    if (initial) lines.push(`${indent}[*] --> ${ids.get(initial.id)}`);
    state.children.forEach((child, index) => {
      if (state.type === 'parallel' && index > 0) lines.push(`${indent}--`);
      declare(child, indent);
    });
    for (const line of edgeLines.get(state.id) ?? []) lines.push(`${indent}${line}`);
  };

  if (page.focus === chart.root) emitChildren(chart.root, '  ');
  else declare(page.focus, '  ');
  for (const external of externals)
    lines.push(`  state "${mermaidText(externalName(chart, external))}" as ${ids.get(external.id)}`);
  if (anyStateNote) lines.push('  state "in any state" as anyState');
  for (const line of edgeLines.get('') ?? []) lines.push(`  ${line}`);
  return lines.join('\n');
}

/** The states a page describes in its table (drawn as its own), for the Markdown. */
export function pageStates(chart: Chart, page: Page): StateInfo[] {
  return homeStates(chart, page);
}
