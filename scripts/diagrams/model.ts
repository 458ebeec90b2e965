import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate';
import { duration } from '../../machines/ruleWords';
import { generatePaths, type Model } from '../../tests/model/generatePaths';
import { registry } from '../../tests/model/registry';
import { planOf } from '../testPaths';

/*
 * The neutral description of one machine that scripts/diagrams renders: its states (with their descriptions, what
 * they call, their line in the machine file and the QA paths through them) and its transitions in a reviewer's words
 * (guards with their parameters, delays with their durations, invoked actors by the name the state shows).
 */

const root = path.resolve(import.meta.dirname, '..', '..');

type StateNodeLike = AnyStateMachine['root'];
type TransitionLike = ReturnType<AnyStateMachine['getTransitionData']>[number];

/** A QA path through a state: `S3` / `R12` with the anchor of its heading, or an automated path by its id. */
export type QaLink = {
  model: string;
  label: string;
  anchor: string;
  section: 'smoke' | 'regression' | 'automated';
};

export type StateInfo = {
  /** XState's id, `sendMoney.nameCheck.closeMatch`. */
  id: string;
  key: string;
  /** The path below the machine, `nameCheck.closeMatch` (empty for the machine itself). */
  path: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: string | null;
  parent: string | null;
  children: StateInfo[];
  /** The actors the state calls, by their implementation name (`src`). */
  calls: string[];
  tags: string[];
  entry: string[];
  exit: string[];
  description: string | null;
  /** Where `key:` defines the state: the machine file or a helper of machines/ it imports (1-based line). */
  line: { file: string; line: number } | null;
  qa: QaLink[];
};

export type EdgeInfo = {
  source: string;
  targets: string[];
  /** The event in words: `verifyPayee done`, `after 30 seconds (revealTimeout)`, `otp.submit`. */
  event: string;
  /** The guard in words, with its parameters: `isStep(step: "company")`. */
  guard: string | null;
  actions: string[];
  reenter: boolean;
  description: string | null;
};

export type ModelRef = {
  name: string;
  fixtures: string;
  test: string;
  paths: number;
  /** The QA plan's Markdown, as scripts/testPaths.ts writes it to docs/test-paths/<name>.md. */
  plan: string;
};

export type Chart = {
  name: string;
  file: string;
  machine: AnyStateMachine;
  root: StateInfo;
  states: Map<string, StateInfo>;
  edges: EdgeInfo[];
  /** Short, unique, diagram-safe ids (Mermaid and Graphviz). */
  ids: Map<string, string>;
  models: ModelRef[];
  /** The texts the lines were read from: the machine file and the helpers it imports, by file name under machines/. */
  sources: Map<string, string>;
};

// ---------------------------------------------------------------------------------------------------------------
// Words

export function nameOf(action: unknown): string {
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

/**
 * Parameters in words: `step: "company"` for fixed ones; for ones computed from the event, the expression itself
 * (`error: event.error`), read from the function's source.
 */
export function paramsWords(params: unknown): string {
  if (params === undefined) return '';
  if (typeof params === 'function') {
    const source = params.toString().replace(/\s+/g, ' ');
    const body = /=>\s*\(\s*\{(.*)\}\s*\)\s*$/.exec(source);
    return body
      ? body[1]!
          .trim()
          .replace(/,$/, '')
          .replace(/\s*:\s*/g, ': ')
          .replace(/\s*,\s*/g, ', ')
      : 'computed';
  }
  if (params && typeof params === 'object') {
    return Object.entries(params)
      .map(([key, value]) => `${key}: ${typeof value === 'function' ? 'computed' : JSON.stringify(value)}`)
      .join(', ');
  }
  return JSON.stringify(params);
}

/** A guard in words: its name with its parameters, or for the combinators what they check. */
export function guardWords(guard: unknown): string {
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
  if (guard && typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') {
    const params = 'params' in guard ? paramsWords(guard.params) : '';
    return params ? `${guard.type}(${params})` : guard.type;
  }
  return 'guard';
}

/** A delay in words: its duration when the machine fixes it, else where it comes from. */
function delayWords(delay: unknown, machine: AnyStateMachine): string {
  if (typeof delay === 'number') return `after ${duration(delay)}`;
  if (typeof delay === 'string') {
    const value = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
    if (typeof value === 'number') return `after ${duration(value)} (${delay})`;
    return `after ${delay} (set by the input or the settings)`;
  }
  return 'after a delay';
}

// ---------------------------------------------------------------------------------------------------------------
// The walk

type WalkContext = { machine: AnyStateMachine; srcOf: Map<string, string>; edges: EdgeInfo[] };

function eventWords(eventType: string, node: StateNodeLike, context: WalkContext): string {
  let match = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (match) return `${context.srcOf.get(match[1]!) ?? match[1]} done`;
  match = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (match) return `${context.srcOf.get(match[1]!) ?? match[1]} failed`;
  if (eventType.startsWith('xstate.after.')) {
    const delayed = node.after.find((transition) => transition.eventType === eventType);
    return delayWords(delayed?.delay, context.machine);
  }
  if (eventType.startsWith('xstate.done.state.')) return 'all done (onDone)';
  if (eventType === '*') return 'any event';
  return eventType;
}

function edgeOf(node: StateNodeLike, transition: TransitionLike, event: string): EdgeInfo {
  return {
    source: node.id,
    targets: (transition.target ?? []).map((target) => target.id),
    event,
    guard: transition.guard == null ? null : guardWords(transition.guard),
    actions: (transition.actions ?? []).map(nameOf),
    reenter: transition.reenter,
    description: transition.description?.trim() || null,
  };
}

function collectSources(node: StateNodeLike, srcOf: Map<string, string>) {
  for (const invoke of node.invoke)
    srcOf.set(invoke.id, typeof invoke.src === 'string' ? invoke.src : invoke.id);
  for (const child of Object.values(node.states)) collectSources(child, srcOf);
}

function walk(node: StateNodeLike, parent: string | null, context: WalkContext): StateInfo {
  for (const [eventType, branches] of node.transitions)
    for (const transition of branches)
      context.edges.push(edgeOf(node, transition, eventWords(eventType, node, context)));
  for (const transition of node.always ?? [])
    context.edges.push(edgeOf(node, transition, 'at once (always)'));
  const info: StateInfo = {
    id: node.id,
    key: node.key,
    path: node.path.join('.'),
    type: node.type,
    initial: node.type === 'compound' ? (node.initial.target[0]?.key ?? null) : null,
    parent,
    children: [],
    calls: node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id)),
    tags: [...node.tags].sort(),
    // Delayed transitions add raise/cancel to entry/exit; they are drawn as `after` edges instead.
    entry: node.entry.map(nameOf).filter((name) => name !== 'raise'),
    exit: node.exit.map(nameOf).filter((name) => name !== 'cancel'),
    description: node.description?.trim() || null,
    line: null,
    qa: [],
  };
  info.children = Object.values(node.states).map((child) => walk(child, node.id, context));
  return info;
}

export function flatten(node: StateInfo): StateInfo[] {
  return [node, ...node.children.flatMap(flatten)];
}

/** Short, unique, diagram-safe ids: the state's key where unique, else its path. */
function diagramIds(rootNode: StateInfo): Map<string, string> {
  const nodes = flatten(rootNode).slice(1);
  const keyCount = new Map<string, number>();
  for (const node of nodes) keyCount.set(node.key, (keyCount.get(node.key) ?? 0) + 1);
  const ids = new Map<string, string>();
  ids.set(rootNode.id, 'root');
  for (const node of nodes) {
    const raw = keyCount.get(node.key) === 1 ? node.key : node.path.replace(/\./g, '_');
    ids.set(node.id, raw.replace(/[^A-Za-z0-9_]/g, '_'));
  }
  return ids;
}

// ---------------------------------------------------------------------------------------------------------------
// Source lines

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The line where each state is defined: `key:` searched below its parent's line (inside `createMachine`), else
 * anywhere in the file (states built by a helper such as `formStepStates`).
 */
function assignLines(rootNode: StateInfo, file: string): Map<string, string> {
  const read = (name: string) => readFileSync(path.join(root, 'machines', name), 'utf8');
  const source = read(file);
  // The machine's own helpers (`import { checkoutStates } from './walletCheckout'`), searched after the file itself.
  const sources = new Map([[file, source]]);
  for (const [, name] of source.matchAll(/from '\.\/([\w.]+)'/g)) {
    const helper = `${name}.ts`;
    if (existsSync(path.join(root, 'machines', helper))) sources.set(helper, read(helper));
  }
  const find = (text: string, key: string, from: number): number | null => {
    const pattern = new RegExp(`^[ \\t]*['"]?${escapeRegExp(key)}['"]?\\s*:`, 'gm');
    pattern.lastIndex = from;
    const found = pattern.exec(text);
    return found ? found.index : null;
  };
  const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;
  const visit = (node: StateInfo, from: number) => {
    for (const child of node.children) {
      const offset = find(source, child.key, from) ?? find(source, child.key, 0);
      if (offset !== null) {
        child.line = { file, line: lineAt(source, offset) };
        visit(child, offset);
        continue;
      }
      for (const [helper, text] of [...sources].slice(1)) {
        const found = find(text, child.key, 0);
        if (found !== null) {
          child.line = { file: helper, line: lineAt(text, found) };
          break;
        }
      }
      visit(child, from);
    }
  };
  visit(rootNode, Math.max(0, source.indexOf('createMachine(')));
  return sources;
}

// ---------------------------------------------------------------------------------------------------------------
// QA paths: the plans of scripts/testPaths.ts, their paths by id, and the states each path passes through

/** GitHub's heading anchor (github-slugger): lower case, punctuation and symbols dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The ids of the states active in a state value: `{ a: { b: 'c' } }` → a, a.b, a.b.c (paths below the root). */
function activePaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, inner]) => [
    `${prefix}${key}`,
    ...(inner === undefined ? [] : activePaths(inner, `${prefix}${key}.`)),
  ]);
}

/**
 * Where each path is in its plan: `#### S3. title` (smoke) or `#### R12. title` (regression) followed by its id, or a
 * row of the "Automated only" table; read from the plan's own Markdown, so the links follow its numbering.
 */
function planPlaces(
  markdown: string,
): Map<string, { label: string; anchor: string; section: QaLink['section'] }> {
  const places = new Map<string, { label: string; anchor: string; section: QaLink['section'] }>();
  let heading: { label: string; anchor: string; section: QaLink['section'] } | null = null;
  for (const line of markdown.split('\n')) {
    const numbered = /^#### ((S|R)\d+)\. /.exec(line);
    if (numbered) {
      heading = {
        label: numbered[1]!,
        anchor: headingAnchor(line.slice(5)),
        section: numbered[2] === 'S' ? 'smoke' : 'regression',
      };
      continue;
    }
    const id = /^`([^`]+)`/.exec(line);
    if (id && heading) {
      places.set(id[1]!, heading);
      heading = null;
      continue;
    }
    const automated = /^\| `([^`]+)` \|/.exec(line);
    if (automated)
      places.set(automated[1]!, { label: automated[1]!, anchor: 'automated-only', section: 'automated' });
  }
  return places;
}

function assignQa(
  states: Map<string, StateInfo>,
  rootNode: StateInfo,
  models: Array<Model<AnyStateMachine>>,
) {
  const byPath = new Map([...states.values()].map((state) => [state.path, state]));
  const refs: ModelRef[] = [];
  for (const model of models) {
    const entry = registry.find((registered) => registered.model === model)!;
    const plan = planOf(model, { fixtures: entry.fixtures, test: entry.test });
    const places = planPlaces(plan.markdown);
    const paths = generatePaths(model);
    refs.push({
      name: model.name,
      fixtures: entry.fixtures,
      test: entry.test,
      paths: paths.length,
      plan: plan.markdown,
    });
    for (const modelPath of paths) {
      const place = places.get(modelPath.id);
      if (!place) continue;
      const link: QaLink = { model: model.name, ...place };
      const through = new Set<string>();
      for (const step of modelPath.steps)
        for (const active of activePaths((step.state as AnyMachineSnapshot).value)) through.add(active);
      for (const active of through) byPath.get(active)?.qa.push(link);
      rootNode.qa.push(link);
    }
  }
  return refs;
}

// ---------------------------------------------------------------------------------------------------------------

/** The machines of the model registry (tests/model/registry.ts), each with its models, walked. */
export function loadCharts(): Chart[] {
  const byFile = new Map<string, Array<Model<AnyStateMachine>>>();
  for (const { model } of registry) byFile.set(model.file, [...(byFile.get(model.file) ?? []), model]);
  return [...byFile]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, models]) => {
      const machine = models[0]!.machine;
      const context: WalkContext = { machine, srcOf: new Map(), edges: [] };
      collectSources(machine.root, context.srcOf);
      const rootNode = walk(machine.root, null, context);
      const states = new Map(flatten(rootNode).map((state) => [state.id, state]));
      const sources = assignLines(rootNode, file);
      const refs = assignQa(states, rootNode, models);
      return {
        name: file.replace(/\.machine\.ts$/, ''),
        file,
        machine,
        root: rootNode,
        states,
        edges: context.edges,
        ids: diagramIds(rootNode),
        models: refs,
        sources,
      };
    });
}
