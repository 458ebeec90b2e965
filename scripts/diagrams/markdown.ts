import type { Viz } from '@viz-js/viz';
import type { Chart, EdgeInfo, QaLink, StateInfo } from './model';
import { minPrintedLabelPt, mermaid, pagesOf, pageStates, type Page } from './render';

/*
 * docs/statecharts/<machine>.md: the legend, the links to the machine, its QA plans and model tests, then one section
 * per page (overview first) with its SVG, its Mermaid, its states (what each means, where it is defined, the QA paths
 * through it) and its transitions (with their descriptions), and the implementations the machine names.
 */

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text}\``;

function legend(chart: Chart): string[] {
  return [
    '## How to read these diagrams',
    '',
    '- A rounded box is a state, named as in the machine; under the name, `calls X` is the server call (invoked actor)',
    '  the state makes and `tags` lists its tags. A double border is a final state. A small dot or `[*]` marks where a',
    '  journey or a compound state starts: an arrow into a frame enters the compound there, and an arrow leaving a',
    "  frame's dot is a handler of the whole compound, taken from whichever state inside it is current.",
    '- A frame around states is a compound state; a dashed frame is a parallel state (its regions run together).',
    '  A shaded box marked "(its own section below)" is a compound state drawn on a page of its own, so that each',
    `  page prints readably on A4 (fitted to the page, its smallest label is at least ${minPrintedLabelPt} pt tall).`,
    '- A dashed grey box is a state outside the section, named with the compound it belongs to.',
    '- An arrow is a transition, labelled `event [guard(parameters)]`: `X done` / `X failed` are the answer of the',
    '  server call X; `after 30 seconds (name)` is a timer with its duration (a named delay whose duration comes from',
    '  the input or the settings says so); `at once (always)` is taken as soon as its guard holds; "in any state" is a',
    '  handler of the whole machine. A dashed arrow keeps the state (no target).',
    '- The tables under each drawing give what each state and transition means, the effects (actions) of each',
    '  transition, the line of the machine file that defines the state, and the QA paths that pass through it.',
    '',
    ...chart.models.map(
      (model) =>
        `QA plan [docs/test-paths/${model.name}.md](../test-paths/${model.name}.md) (${model.paths} paths), run against the real screens by [tests/model/${model.test}](../../tests/model/${model.test}) with the fixtures of [tests/model/${model.fixtures}](../../tests/model/${model.fixtures}).`,
    ),
    '',
  ];
}

const relative = (chart: Chart, id: string) => chart.states.get(id)?.path || chart.name;

const shownPaths = 6;

/** The QA paths through a state: the first few smoke and regression paths linked, the rest and the automated counted. */
function qaCell(chart: Chart, state: StateInfo): string {
  const byModel = chart.models.map((model) => {
    const through = state.qa.filter((link) => link.model === model.name);
    if (!through.length) return '';
    const order = (link: QaLink) => (link.section === 'smoke' ? 0 : 100_000) + Number(link.label.slice(1));
    const manual = through.filter((link) => link.section !== 'automated').sort((a, b) => order(a) - order(b));
    const automated = through.length - manual.length;
    const parts = manual
      .slice(0, shownPaths)
      .map((link) => `[${link.label}](../test-paths/${model.name}.md#${link.anchor})`);
    if (manual.length > shownPaths) parts.push(`${manual.length - shownPaths} more`);
    if (automated) parts.push(`[${automated} automated](../test-paths/${model.name}.md#automated-only)`);
    return chart.models.length > 1 ? `${model.name}: ${parts.join(', ')}` : parts.join(', ');
  });
  return byModel.filter(Boolean).join('; ') || 'none';
}

function statesTable(chart: Chart, states: StateInfo[]): string[] {
  if (!states.length) return [];
  return [
    '| State | What it means | Calls, tags | Defined at | QA paths through it |',
    '| --- | --- | --- | --- | --- |',
    ...states.map((state) => {
      const details = [
        ...state.calls.map((src) => `calls ${code(src)}`),
        ...(state.tags.length ? [`tags ${state.tags.map(code).join(', ')}`] : []),
        ...state.entry.map((action) => `on entry ${code(action)}`),
        ...state.exit.map((action) => `on exit ${code(action)}`),
        ...(state.type === 'final' ? ['final'] : []),
        ...(state.type === 'parallel' ? ['parallel'] : []),
      ];
      const where =
        state.line === null
          ? `[${chart.file}](../../machines/${chart.file})`
          : `[${state.line.file === chart.file ? '' : `${state.line.file} `}line ${state.line.line}](../../machines/${state.line.file}#L${state.line.line})`;
      return `| ${code(state.path)} | ${cell(state.description ?? '')} | ${cell(details.join(', '))} | ${where} | ${qaCell(chart, state)} |`;
    }),
    '',
  ];
}

function transitionsTable(chart: Chart, edges: EdgeInfo[]): string[] {
  if (!edges.length) return [];
  return [
    '| From | Event | Guard | To | What happens | Actions |',
    '| --- | --- | --- | --- | --- | --- |',
    ...edges.map((edge) => {
      const from = edge.source === chart.root.id ? '(any state)' : relative(chart, edge.source);
      const to = edge.targets.length
        ? edge.targets.map((target) => relative(chart, target)).join(', ')
        : '(stays)';
      return `| ${cell(from)} | ${cell(edge.event)} | ${cell(edge.guard ?? '')} | ${cell(to)}${edge.reenter ? ' (re-enter)' : ''} | ${cell(edge.description ?? '')} | ${cell(edge.actions.join(', '))} |`;
    }),
    '',
  ];
}

/** The transitions a page lists: those leaving the states it draws as its own (and the focus's own handlers). */
function pageEdges(chart: Chart, page: Page, states: StateInfo[]): EdgeInfo[] {
  const sources = new Set([page.focus.id, ...states.map((state) => state.id)]);
  return chart.edges.filter((edge) => sources.has(edge.source));
}

export type Rendered = {
  markdown: string;
  svgs: Map<string, string>;
  pages: Array<{ page: Page; mermaid: string }>;
};

export function renderChart(chart: Chart, viz: Viz): Rendered {
  const pages = pagesOf(chart, viz);
  const svgs = new Map(pages.map(({ page, svg }) => [page.svgFile, svg]));
  const mermaids = pages.map(({ page }) => ({ page, mermaid: mermaid(chart, page) }));
  const lines = [
    `# The \`${chart.name}\` statechart`,
    '',
    `Generated by \`npm run diagrams\` from [machines/${chart.file}](../../machines/${chart.file}); do not edit by hand.`,
    '',
    ...legend(chart),
  ];
  if (pages.length > 1) {
    lines.push('Sections:', '');
    for (const { page } of pages.slice(1)) lines.push(`- [Inside \`${page.focus.path}\`](#${page.heading})`);
    lines.push('');
  }
  mermaids.forEach(({ page, mermaid: text }) => {
    const states = pageStates(chart, page);
    const overview = page.focus === chart.root;
    if (overview) lines.push(pages.length > 1 ? '## Overview' : '## The journey', '');
    else {
      lines.push(`## Inside ${page.focus.path}`, '');
      if (page.focus.description) lines.push(page.focus.description, '');
    }
    if (overview && chart.root.description) lines.push(chart.root.description, '');
    lines.push(
      `![${chart.name}${overview ? '' : ` ${page.focus.path}`} statechart](./${page.svgFile})`,
      '',
      '```mermaid',
      text,
      '```',
      '',
    );
    if (!overview) lines.push(...statesTable(chart, [page.focus]).slice(0, -1));
    lines.push(...(overview ? statesTable(chart, states) : statesTable(chart, states).slice(2)));
    if (!overview && !states.length) lines.push('');
    lines.push(...transitionsTable(chart, pageEdges(chart, page, states)));
  });
  const implementations = chart.machine.implementations;
  const named = (kind: string, record: Record<string, unknown> | undefined) =>
    `- ${kind}: ${
      Object.keys(record ?? {})
        .sort()
        .map(code)
        .join(', ') || 'none'
    }`;
  lines.push(
    '## Names the machine uses',
    '',
    named('Server calls (actors)', implementations.actors),
    named('Guards', implementations.guards),
    named('Actions', implementations.actions),
    named('Delays', implementations.delays),
    '',
  );
  return { markdown: lines.join('\n'), svgs, pages: mermaids };
}
