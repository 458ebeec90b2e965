import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { instance } from '@viz-js/viz';
import type { AnyStateMachine } from 'xstate';
import { registeredMachines } from '../tests/model/registry';

/*
 * docs/engineering.md principle 4: the machines are the compliance documents. For every machines/*.machine.ts this writes
 * docs/statecharts/<machine>.md (Mermaid stateDiagram-v2 plus a transition table) and docs/statecharts/<machine>.svg
 * (Graphviz, rendered in Node by @viz-js/viz), both walked from `machine.root`, with guards and effects labelled.
 * The machines come from the model registry (tests/model/registry.ts); tests/model/coverage.test.ts fails when a
 * machine file has no model there, so no machine goes without its charts.
 *
 *   npm run diagrams              write the files
 *   npm run diagrams -- --check   exit 1, listing stale or missing files, when they differ from the machines
 */

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'statecharts');

type StateNodeLike = AnyStateMachine['root'];
type TransitionLike = ReturnType<AnyStateMachine['getTransitionData']>[number];

// ---------------------------------------------------------------------------------------------------------------
// The walk: one neutral description of a machine, rendered twice.

type Node = {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: string | null;
  children: Node[];
  invokes: Array<{ id: string; src: string }>;
  tags: string[];
  entry: string[];
  exit: string[];
  description: string | null;
};

type Edge = {
  source: string;
  targets: string[];
  /** The event in words: `verify done`, `after resendCooldown`, `otp.submit`. */
  event: string;
  eventType: string;
  guard: string | null;
  actions: string[];
  reenter: boolean;
};

type Chart = {
  name: string;
  file: string;
  machine: AnyStateMachine;
  root: Node;
  edges: Edge[];
  ids: Map<string, string>;
};

function nameOf(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type;
    if (type === 'xstate.assign') {
      const assignment = (action as { assignment?: unknown }).assignment;
      const keys = assignment && typeof assignment === 'object' ? Object.keys(assignment) : [];
      return keys.length ? `assign ${keys.join(', ')}` : 'assign';
    }
    if (typeof type === 'string') return type.replace(/^xstate\./, '');
    return action.name || 'inline action';
  }
  if (action && typeof action === 'object' && 'type' in action && typeof action.type === 'string')
    return action.type;
  return 'action';
}

function stateValueWords(value: unknown): string {
  if (typeof value === 'string') return value.replace(/^#[^.]+\./, '');
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) => `${key}.${stateValueWords(inner)}`)
      .join(', ');
  }
  return String(value);
}

/** A guard in words: its name, or for the built-in combinators what they check (`not in awaitingCode.code.verifying`). */
function guardWords(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const parts = guard as { guards?: unknown[]; stateValue?: unknown };
    const inner = (parts.guards ?? []).map(guardWords);
    switch (guard.name) {
      case 'not':
        return `not ${inner[0] ?? ''}`.trim();
      case 'and':
        return inner.join(' and ');
      case 'or':
        return inner.join(' or ');
      case 'stateIn':
        return `in ${stateValueWords(parts.stateValue)}`;
      default:
        return guard.name || 'inline guard';
    }
  }
  if (guard && typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string')
    return guard.type;
  return 'guard';
}

function guardOf(transition: TransitionLike): string | null {
  return transition.guard == null ? null : guardWords(transition.guard);
}

/** Internal event types in words (actor events by actor name, delays by their name). */
function eventWords(eventType: string, node: StateNodeLike): string {
  let match = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (match) return `${match[1]} done`;
  match = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (match) return `${match[1]} failed`;
  if (eventType.startsWith('xstate.after.')) {
    const delayed = node.after.find((transition) => transition.eventType === eventType);
    const delay = delayed?.delay;
    if (typeof delay === 'number') return `after ${delay} ms`;
    if (typeof delay === 'string') return `after ${delay}`;
    return 'after a delay';
  }
  if (eventType.startsWith('xstate.done.state.')) return 'onDone';
  if (eventType === '*') return 'any event';
  return eventType;
}

function walk(node: StateNodeLike, edges: Edge[]): Node {
  for (const [eventType, branches] of node.transitions) {
    for (const transition of branches) {
      edges.push({
        source: node.id,
        targets: (transition.target ?? []).map((target) => target.id),
        event: eventWords(eventType, node),
        eventType,
        guard: guardOf(transition),
        actions: (transition.actions ?? []).map(nameOf),
        reenter: transition.reenter,
      });
    }
  }
  for (const transition of node.always ?? []) {
    edges.push({
      source: node.id,
      targets: (transition.target ?? []).map((target) => target.id),
      event: 'always',
      eventType: '',
      guard: guardOf(transition),
      actions: (transition.actions ?? []).map(nameOf),
      reenter: transition.reenter,
    });
  }
  const initialTarget = node.type === 'compound' ? (node.initial.target[0]?.key ?? null) : null;
  return {
    id: node.id,
    key: node.key,
    type: node.type,
    initial: initialTarget,
    children: Object.values(node.states).map((child) => walk(child, edges)),
    invokes: node.invoke.map((invoke) => ({
      id: invoke.id,
      src: typeof invoke.src === 'string' ? invoke.src : 'inline',
    })),
    tags: [...node.tags].sort(),
    // Delayed transitions add raise/cancel to entry/exit; they are drawn as `after` edges instead.
    entry: node.entry.map(nameOf).filter((name) => name !== 'raise'),
    exit: node.exit.map(nameOf).filter((name) => name !== 'cancel'),
    description: node.description ?? null,
  };
}

function flatten(node: Node): Node[] {
  return [node, ...node.children.flatMap(flatten)];
}

/** Short, unique, diagram-safe ids: the state's key where unique, else its path. */
function diagramIds(rootNode: Node): Map<string, string> {
  const nodes = flatten(rootNode).slice(1);
  const keyCount = new Map<string, number>();
  for (const node of nodes) keyCount.set(node.key, (keyCount.get(node.key) ?? 0) + 1);
  const ids = new Map<string, string>();
  ids.set(rootNode.id, 'root');
  for (const node of nodes) {
    const raw = keyCount.get(node.key) === 1 ? node.key : node.id.split('.').slice(1).join('_');
    ids.set(node.id, raw.replace(/[^A-Za-z0-9_]/g, '_'));
  }
  return ids;
}

/** The machines of the model registry, which the coverage guard checks against machines/*.machine.ts. */
function loadCharts(): Chart[] {
  return registeredMachines().map(({ file, machine }) => {
    const edges: Edge[] = [];
    const rootNode = walk(machine.root, edges);
    return {
      name: file.replace(/\.machine\.ts$/, ''),
      file,
      machine,
      root: rootNode,
      edges,
      ids: diagramIds(rootNode),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Labels

function edgeLabel(edge: Edge, options: { actions: boolean }): string {
  let label = edge.event;
  if (edge.guard) label += ` [${edge.guard}]`;
  if (options.actions && edge.actions.length) label += ` / ${edge.actions.join(', ')}`;
  if (edge.reenter) label += ' (re-enter)';
  return label;
}

/** Mermaid treats `:` `;` and `#` specially inside labels. */
const mermaidText = (text: string) => text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();

// ---------------------------------------------------------------------------------------------------------------
// Mermaid

function mermaid(chart: Chart): string {
  const { ids } = chart;
  const lines = ['stateDiagram-v2'];
  const nodeById = new Map(flatten(chart.root).map((node) => [node.id, node]));
  const parentOf = (id: string) => id.split('.').slice(0, -1).join('.');

  // Mermaid resolves a state name in the block where it is used, so an edge is written inside the innermost
  // compound state holding both ends (never between the `--` regions of a parallel state); only edges that cross
  // composites go to the top level.
  const edgeLines = new Map<string, string[]>();
  for (const edge of chart.edges) {
    const label = mermaidText(edgeLabel(edge, { actions: true }));
    if (edge.source === chart.root.id) {
      // Root-level handlers apply in every state; Mermaid has no node for the machine itself.
      const first = ids.get(chart.root.children[0]!.id);
      edgeLines.set(chart.root.id, [
        ...(edgeLines.get(chart.root.id) ?? []),
        `note right of ${first} : in every state, ${label}`,
      ]);
      continue;
    }
    for (const target of edge.targets.length ? edge.targets : [edge.source]) {
      if (!nodeById.has(target) || target === chart.root.id) continue;
      const a = parentOf(edge.source).split('.');
      const b = parentOf(target).split('.');
      let common = 0;
      while (common < a.length && common < b.length && a[common] === b[common]) common++;
      let scope = a.slice(0, common).join('.');
      while (scope !== chart.root.id && nodeById.get(scope)?.type === 'parallel') scope = parentOf(scope);
      const line = `${ids.get(edge.source)} --> ${ids.get(target)} : ${label}`;
      edgeLines.set(scope, [...(edgeLines.get(scope) ?? []), line]);
    }
  }

  const emit = (node: Node, indent: string) => {
    const children = node.children;
    if (node.type === 'compound' && node.initial) {
      const initial = children.find((child) => child.key === node.initial);
      if (initial) lines.push(`${indent}[*] --> ${ids.get(initial.id)}`);
    }
    children.forEach((child, index) => {
      if (node.type === 'parallel' && index > 0) lines.push(`${indent}--`);
      const id = ids.get(child.id)!;
      if (child.children.length) {
        lines.push(`${indent}state ${id} {`);
        emit(child, `${indent}  `);
        lines.push(`${indent}}`);
        if (child.type === 'parallel') lines.push(`${indent}note right of ${id} : parallel regions`);
      } else if (child.key !== id) {
        lines.push(`${indent}state "${child.key}" as ${id}`);
      }
      const details = [
        ...child.invokes.map(
          (invoke) => `invoke ${invoke.src === invoke.id ? invoke.src : `${invoke.src} as ${invoke.id}`}`,
        ),
        ...child.entry.map((action) => `entry / ${action}`),
        ...child.exit.map((action) => `exit / ${action}`),
        ...(child.tags.length ? [`tags ${child.tags.join(', ')}`] : []),
      ];
      if (child.children.length) {
        if (details.length) lines.push(`${indent}note left of ${id} : ${mermaidText(details.join(', '))}`);
      } else {
        for (const detail of details) lines.push(`${indent}${id} : ${mermaidText(detail)}`);
      }
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
    });
    for (const line of edgeLines.get(node.id) ?? []) lines.push(`${indent}${line}`);
  };
  emit(chart.root, '  ');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Graphviz

const dotText = (text: string) => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

function dot(chart: Chart): string {
  const { ids } = chart;
  const nodes = flatten(chart.root);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const anchor = (node: Node) => `${ids.get(node.id)}__anchor`;
  const cluster = (node: Node) => `cluster_${ids.get(node.id)}`;
  const isCluster = (node: Node) => node.children.length > 0;
  const contains = (outer: Node, inner: Node) => inner.id === outer.id || inner.id.startsWith(`${outer.id}.`);

  const lines = [
    `digraph "${chart.name}" {`,
    '  compound=true; rankdir=LR; nodesep=0.35; ranksep=0.5;',
    '  graph [fontname="Helvetica", fontsize=12, color="#8a94a6", style=rounded];',
    '  node [fontname="Helvetica", fontsize=11, shape=box, style="rounded,filled", fillcolor="#ffffff", color="#005aff"];',
    '  edge [fontname="Helvetica", fontsize=9, color="#5b6577"];',
  ];
  const emit = (node: Node, indent: string) => {
    if (isCluster(node)) {
      const kind = node.type === 'parallel' ? ' (parallel)' : '';
      const details = [
        ...node.invokes.map((invoke) => `invoke ${invoke.src}`),
        ...(node.tags.length ? [`[${node.tags.join(', ')}]`] : []),
      ];
      lines.push(`${indent}subgraph ${cluster(node)} {`);
      lines.push(`${indent}  label="${dotText([`${node.key}${kind}`, ...details].join('\n'))}";`);
      if (node.type === 'parallel') lines.push(`${indent}  style="rounded,dashed";`);
      // A small point stands for the composite itself: edges to and from it attach there.
      lines.push(`${indent}  ${anchor(node)} [shape=point, width=0.12, color="#1d2433", label=""];`);
      for (const child of node.children) emit(child, `${indent}  `);
      const initial = node.children.find((child) => child.key === node.initial);
      if (initial) {
        const head = isCluster(initial)
          ? `${anchor(initial)} [lhead=${cluster(initial)}]`
          : ids.get(initial.id)!;
        lines.push(`${indent}  ${anchor(node)} -> ${head};`);
      }
      lines.push(`${indent}}`);
      return;
    }
    const details = [
      ...node.invokes.map((invoke) => `invoke ${invoke.src}`),
      ...node.entry.map((action) => `entry / ${action}`),
      ...(node.tags.length ? [`[${node.tags.join(', ')}]`] : []),
    ];
    const label = [node.key, ...details].join('\n');
    const shape = node.type === 'final' ? ', peripheries=2' : '';
    lines.push(`${indent}${ids.get(node.id)} [label="${dotText(label)}"${shape}];`);
  };
  emit(chart.root, '  ');

  for (const edge of chart.edges) {
    const source = byId.get(edge.source)!;
    const anyState = edge.source === chart.root.id ? 'in any state: ' : '';
    const label = dotText(anyState + edgeLabel(edge, { actions: true }));
    const targets = edge.targets.length ? edge.targets : [edge.source];
    for (const targetId of targets) {
      const target = byId.get(targetId)!;
      const attrs = [`label="${label}"`];
      const from = isCluster(source) ? anchor(source) : ids.get(source.id)!;
      const to = isCluster(target) ? anchor(target) : ids.get(target.id)!;
      if (isCluster(source) && !contains(source, target)) attrs.push(`ltail=${cluster(source)}`);
      if (isCluster(target) && !contains(target, source)) attrs.push(`lhead=${cluster(target)}`);
      if (!edge.targets.length) attrs.push('style=dashed');
      lines.push(`  ${from} -> ${to} [${attrs.join(', ')}];`);
    }
  }
  lines.push('}');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// The Markdown page

function markdown(chart: Chart): string {
  const table = chart.edges.map((edge) => {
    const cell = (text: string) => text.replace(/\|/g, '\\|');
    const from = edge.source === chart.root.id ? '(any state)' : edge.source.split('.').slice(1).join('.');
    const to = edge.targets.length
      ? edge.targets.map((target) => target.split('.').slice(1).join('.') || chart.name).join(', ')
      : '(stays)';
    return `| ${cell(from)} | ${cell(edge.event)} | ${cell(edge.guard ?? '')} | ${cell(to)}${edge.reenter ? ' (re-enter)' : ''} | ${cell(edge.actions.join(', '))} |`;
  });
  const effects = flatten(chart.root)
    .filter((node) => node.invokes.length)
    .map(
      (node) =>
        `- \`${node.id.split('.').slice(1).join('.')}\` invokes ${node.invokes.map((i) => `\`${i.src}\`${i.id === i.src ? '' : ` (as \`${i.id}\`)`}`).join(', ')}`,
    );
  const implementations = chart.machine.implementations;
  const named = (kind: string, record: Record<string, unknown> | undefined) =>
    `- ${kind}: ${
      Object.keys(record ?? {})
        .sort()
        .map((key) => `\`${key}\``)
        .join(', ') || 'none'
    }`;
  return [
    `# The \`${chart.name}\` statechart`,
    '',
    `Generated by \`npm run diagrams\` from [machines/${chart.file}](../../machines/${chart.file}); do not edit by hand.`,
    `Events in labels: "X done" / "X failed" are the outcome of the invoked actor X; "after D" is the named delay D;`,
    `[guard] is the condition that must hold; "/ actions" are the effects of the transition.`,
    '',
    `![${chart.name} statechart](./${chart.name}.svg)`,
    '',
    '```mermaid',
    mermaid(chart),
    '```',
    '',
    '## Transitions',
    '',
    '| From | Event | Guard | To | Actions |',
    '| --- | --- | --- | --- | --- |',
    ...table,
    '',
    '## Effects and names',
    '',
    ...effects,
    named('Actors', implementations.actors),
    named('Guards', implementations.guards),
    named('Actions', implementations.actions),
    named('Delays', implementations.delays),
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const check = process.argv.includes('--check');
  const viz = await instance();
  const charts = loadCharts();
  const expected = new Map<string, string>();
  for (const chart of charts) {
    expected.set(`${chart.name}.md`, markdown(chart));
    const svg = viz.renderString(dot(chart), { format: 'svg', engine: 'dot' });
    expected.set(`${chart.name}.svg`, svg.endsWith('\n') ? svg : `${svg}\n`);
  }

  if (check) {
    const problems: string[] = [];
    for (const [file, content] of expected) {
      const full = path.join(outDir, file);
      if (!existsSync(full)) problems.push(`missing: docs/statecharts/${file}`);
      else if (readFileSync(full, 'utf8') !== content) problems.push(`stale:   docs/statecharts/${file}`);
    }
    const present = existsSync(outDir) ? readdirSync(outDir).filter((file) => /\.(md|svg)$/.test(file)) : [];
    for (const file of present)
      if (!expected.has(file)) problems.push(`orphan:  docs/statecharts/${file} (no machine)`);
    if (problems.length) {
      console.error(`Statecharts are out of date; run \`npm run diagrams\`:\n${problems.join('\n')}`);
      process.exit(1);
    }
    console.log(`Statecharts are up to date (${charts.length} machines).`);
    return;
  }

  mkdirSync(outDir, { recursive: true });
  for (const [file, content] of expected) writeFileSync(path.join(outDir, file), content);
  console.log(`Wrote ${[...expected.keys()].map((file) => `docs/statecharts/${file}`).join(', ')}`);
}

await main();
