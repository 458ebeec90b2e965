import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, SnapshotFrom, StateValue } from 'xstate';
// The QA plan must list exactly the paths the model tests run, and expect exactly the screens they check, so it uses
// their generator and their expected screens (docs/engineering.md principle 3).
import {
  expectedScreens,
  generatePaths,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  type StepAction,
} from '../tests/model/generatePaths';
import { demoCode, demoCredentials } from '../tests/model/paths';
import { registry } from '../tests/model/registry';

/*
 * Writes docs/test-paths/<machine>.md: a QA plan a person can follow by hand, and docs/test-paths/README.md, the index.
 * Each plan has three parts:
 *   - Smoke: at most `smokeLimit` paths a tester runs in an afternoon against the sandbox: the happy paths and the
 *     refusals a tester causes (a taken address, a wrong code);
 *   - Regression: every other path a tester can cause;
 *   - Automated only: the paths that need a fault a tester cannot cause (no answer from the network, a 5xx, an
 *     answer only a test double gives: `ErrorFixture.tester`), by id and title; the model tests run them.
 * Paths are grouped by scenario (the first thing the tester or the server does after opening the journey) and titled
 * by what they prove; each has its precondition and its own test data. The screen after each step is
 * `expectedScreens` of tests/model/generatePaths.ts, the same function the model tests assert (harness.tsx `runPath`).
 *
 *   npm run test-paths              write the files
 *   npm run test-paths -- --check   exit 1, listing stale or missing files
 */

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'test-paths');

/** A smoke plan a tester runs in an afternoon. */
export const smokeLimit = 15;

function stateWords(value: StateValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, inner]) => (typeof inner === 'string' ? `${key}: ${inner}` : `${key} (${stateWords(inner)})`))
    .join(', ');
}

/** Generated snapshots are machine snapshots; SnapshotFrom<M> of a generic M does not say so. */
const snapshotOf = (snapshot: unknown) => snapshot as AnyMachineSnapshot;

const quote = (text: string) => `“${text}”`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** "sendMoney" → "Send money". */
export function journeyWords(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What the screen must show, in words; null where the screens move on at once (see `expectedScreens`). */
export function screenWords(expected: ScreenExpectation | null): string {
  if (expected === null) return '(the screen moves on at once: nothing to check yet)';
  const parts = [`address \`${expected.path}\``];
  parts.push(
    expected.heading === null
      ? 'a loading spinner instead of the page'
      : `heading ${quote(expected.heading)}`,
  );
  if (expected.alert === null) parts.push('no error message');
  else if (expected.alert !== undefined) parts.push(`error ${quote(expected.alert)}`);
  if (expected.dialogs) {
    parts.push(
      expected.dialogs.length ? `dialog ${expected.dialogs.map(quote).join(' and ')} open` : 'no dialog',
    );
  }
  if (expected.toast) parts.push(`toast ${quote(expected.toast)}`);
  if (expected.enabled?.length) parts.push(`can click ${expected.enabled.map(quote).join(', ')}`);
  if (expected.disabled?.length) parts.push(`greyed out: ${expected.disabled.map(quote).join(', ')}`);
  if (expected.absent?.length) parts.push(`no ${expected.absent.map(quote).join(', ')} button`);
  return parts.join('; ');
}

/**
 * The expected result of a step: the screen (`screenWords`), then what changed in the data (`DoneFixture.effect`) where
 * the step's answer changes any.
 */
export function expectedWords(expected: ScreenExpectation | null, effect?: string): string {
  const screen = screenWords(expected);
  return effect ? `${screen}. **In the data**: ${effect}` : screen;
}

/** A step in words. An answer the tester causes says what the tester does to cause it (`ErrorFixture.does`). */
function actionWords(action: StepAction): string {
  switch (action.kind) {
    case 'start':
      return action.says;
    case 'event':
      return action.auto ? `(automatic) ${action.says}` : action.says;
    case 'actorDone':
      return action.tester === false
        ? `${action.says} [fault: the sandbox does not answer so; the model tests cause it]`
        : action.says;
    case 'actorError':
      return action.tester ? action.says : `${action.says} [fault: the model tests cause it]`;
    case 'delay': {
      const seconds = (action.ms ?? 0) / 1000;
      return `${action.says} (${seconds} s)`;
    }
  }
}

/** The words of every step; a step replaced by what the tester does to cause the next answer says that instead. */
function stepWords(steps: ReadonlyArray<{ action: StepAction }>): string[] {
  return steps.map(({ action }, index) => {
    const next = steps[index + 1]?.action;
    if (next?.kind === 'actorError' && next.does && action.kind === 'event' && !action.auto) return next.does;
    return actionWords(action);
  });
}

/** Shortened for a title: the words before the first parenthesis. */
const brief = (says: string) => says.replace(/\s*\(.*$/, '').trim() || says;

export type Section = 'smoke' | 'regression' | 'automated';

export type PlannedPath = {
  id: string;
  title: string;
  scenario: string;
  section: Section;
  /** Who is signed in, which address is opened. */
  precondition: string;
  /** The data the tester types or chooses, as the steps send it. */
  data: string[];
  steps: Array<{ does: string; screen: ScreenExpectation | null; effect?: string; state: string }>;
  /** Whether the path ends in one of the machine's final states. */
  final: boolean;
  /** Whether it ends waiting for the server (a `busy` state): a smoke path ends where the tester can look. */
  busy: boolean;
  /** The steps that decide where it goes (all but the server's successful answers), for its scenario. */
  decisions: string[];
  /** How many answers it needs that are refusals (a 4xx a tester causes). */
  refusals: string[];
};

/** The event's own fields (what the tester types or chooses), in words. */
function eventData(event: EventObject): string | null {
  const fields = Object.entries(event).filter(([key]) => key !== 'type');
  if (!fields.length) return null;
  const value = (inner: unknown): string =>
    typeof inner === 'string' ? inner : JSON.stringify(inner, (_key, each: unknown) => each);
  return `${event.type}: ${fields.map(([key, inner]) => `${key} = ${value(inner)}`).join(', ')}`;
}

function planned<M extends AnyStateMachine>(model: Model<M>, modelPath: ModelPath<SnapshotFrom<M>>) {
  const screens = expectedScreens(model, modelPath);
  const words = stepWords(modelPath.steps);
  const actions = modelPath.steps.map((step) => step.action);
  const faults = actions.filter(
    (action) =>
      (action.kind === 'actorError' && !action.tester) ||
      (action.kind === 'actorDone' && action.tester === false),
  );
  const refusals = actions.flatMap((action) =>
    action.kind === 'actorError' && action.tester ? [action.says] : [],
  );
  const decisions = actions.flatMap((action, index) =>
    index > 0 && action.kind !== 'actorDone' ? [brief(words[index]!.replace(/^\(automatic\) /, ''))] : [],
  );
  const opening = actions.flatMap((action) => (action.kind === 'event' && action.auto ? [action.says] : []));
  const last = modelPath.steps.at(-1)!;
  // Where it ends, as the tester sees it: the page (and its error), then the machine state for the reader of the diagram.
  const end = screens.at(-1);
  const page = !end ? '' : end.heading === null ? 'the loading spinner' : `“${end.heading}”`;
  const shown = end?.alert ? `${page} showing “${end.alert}”` : page;
  const outcome = `${shown ? `${shown}, ` : ''}state ${stateWords(snapshotOf(last.state).value)}`;
  // What the path proves: the answers and waits it goes through, then where it ends.
  const highlights = actions.flatMap((action, index) =>
    index > 0 && (action.kind === 'actorError' || action.kind === 'delay') ? [brief(words[index]!)] : [],
  );
  const lastWords = brief(words.at(-1)!);
  if (highlights.at(-1) !== lastWords) highlights.push(lastWords);
  const data = [
    ...new Set(
      actions.flatMap((action) =>
        action.kind === 'event' && !action.auto
          ? [eventData(action.event)].filter((one) => one !== null)
          : [],
      ),
    ),
  ];
  return {
    id: modelPath.id,
    title: model.title
      ? model.title(modelPath)
      : `${journeyWords(model.name)}: ${highlights.join(', then ')} — ends on ${outcome}`,
    scenario: '',
    decisions,
    section: faults.length ? 'automated' : 'regression',
    precondition: [model.start, ...opening.slice(0, 1)].join('; then '),
    data,
    steps: modelPath.steps.map((step, index) => ({
      does: words[index]!,
      screen: screens[index]!,
      ...(step.action.kind === 'actorDone' && step.action.effect ? { effect: step.action.effect } : {}),
      state: stateWords(snapshotOf(step.state).value),
    })),
    final: snapshotOf(last.state).status === 'done',
    busy: snapshotOf(last.state).hasTag('busy'),
    refusals,
  } satisfies PlannedPath;
}

/**
 * Scenarios: the paths grouped by the first decision on which they part (the address opened, the first thing the
 * tester does, the first refusal or fault); a decision every path of the journey takes first is no scenario.
 */
function scenarios(paths: PlannedPath[]): void {
  let level = 0;
  while (
    level < 20 &&
    new Set(paths.map((one) => one.decisions[level] ?? '')).size <= 1 &&
    paths.some((one) => one.decisions.length > level)
  )
    level += 1;
  for (const one of paths)
    one.scenario = one.decisions[level] ?? one.decisions.at(-1) ?? 'Opening the journey';
}

/** Titles unique within the plan: a repeated title names the decisions that set its path apart, then its order. */
function uniqueTitles(paths: PlannedPath[]): void {
  const byTitle = new Map<string, PlannedPath[]>();
  for (const one of paths) byTitle.set(one.title, [...(byTitle.get(one.title) ?? []), one]);
  for (const same of byTitle.values()) {
    if (same.length < 2) continue;
    // The decisions that set this path apart from another of the same title (at most two).
    const own = same.map((one) => [
      ...new Set(
        one.decisions.filter((decision) =>
          same.some((other) => other !== one && !other.decisions.includes(decision)),
        ),
      ),
    ]);
    same.forEach((one, index) => {
      const apart = own[index]!.slice(0, 2);
      if (apart.length) one.title = `${one.title}, with ${apart.map((each) => `“${each}”`).join(' and ')}`;
    });
  }
  const seen = new Map<string, number>();
  const count = (title: string) => paths.filter((one) => one.title === title).length;
  for (const one of paths) {
    const n = (seen.get(one.title) ?? 0) + 1;
    seen.set(one.title, n);
    if (n > 1 && count(one.title) > 1) one.title = `${one.title}, variant ${n}`;
  }
}

/**
 * The smoke plan: the shortest happy path to each final state and each different change of the data on the way there
 * (`DoneFixture.effect`: a payment to a wallet or to a bank after each name-check answer), then one path per refusal a
 * tester causes, then the longest happy paths to other end states, at most `smokeLimit` in all.
 */
function chooseSmoke(paths: PlannedPath[]): void {
  const candidates = paths.filter((one) => one.section !== 'automated');
  const happy = candidates
    .filter((one) => !one.refusals.length && !one.busy)
    .sort((a, b) => Number(b.final) - Number(a.final) || b.steps.length - a.steps.length);
  const chosen: PlannedPath[] = [];
  const ends = new Set<string>();
  // The shortest way to each end of the journey: a smoke run proves the journey ends, not every detour.
  const finals = happy.filter((each) => each.final).sort((a, b) => a.steps.length - b.steps.length);
  const outcomes = new Set<string>();
  const outcomeOf = (one: PlannedPath) =>
    JSON.stringify([one.steps.at(-1)!.state, ...one.steps.flatMap((step) => step.effect ?? [])]);
  for (const one of finals) {
    if (chosen.length >= Math.ceil(smokeLimit / 2) || outcomes.has(outcomeOf(one))) continue;
    outcomes.add(outcomeOf(one));
    ends.add(one.steps.at(-1)!.state);
    chosen.push(one);
  }
  const refused = new Set<string>();
  const refusals = candidates
    .filter((one) => one.refusals.length && !one.busy)
    .sort((a, b) => a.refusals.length - b.refusals.length || a.steps.length - b.steps.length);
  for (const one of refusals) {
    if (chosen.length >= smokeLimit) break;
    if (one.refusals.every((says) => refused.has(says))) continue;
    one.refusals.forEach((says) => refused.add(says));
    chosen.push(one);
  }
  for (const one of happy) {
    if (chosen.length >= smokeLimit) break;
    if (chosen.includes(one) || ends.has(one.steps.at(-1)!.state)) continue;
    ends.add(one.steps.at(-1)!.state);
    chosen.push(one);
  }
  for (const one of chosen) one.section = 'smoke';
}

/** Where a journey's fixtures and its model test live, named in the plan so a reader can find them. */
type Sources = { fixtures: string; test: string };

export type Plan = { name: string; markdown: string; paths: PlannedPath[] };

function pathMarkdown(one: PlannedPath, number: string): string[] {
  const lines = [
    `#### ${number}. ${one.title}`,
    '',
    `\`${one.id}\`, ${one.steps.length - 1} steps.`,
    '',
    `- **Before**: ${one.precondition}.`,
    `- **Test data**: ${one.data.length ? one.data.map((each) => `\`${each}\``).join('; ') : 'the demo data only'}.`,
    '',
    '| Step | The tester does, or the server answers | Then the screen shows | Machine state |',
    '| --- | --- | --- | --- |',
  ];
  one.steps.forEach((step, index) => {
    lines.push(
      `| ${index} | ${cell(step.does)} | ${cell(expectedWords(step.screen, step.effect))} | ${cell(step.state)} |`,
    );
  });
  lines.push('');
  return lines;
}

function grouped(paths: PlannedPath[], prefix: string): string[] {
  const scenarios = [...new Set(paths.map((one) => one.scenario))];
  const lines: string[] = [];
  let index = 0;
  for (const scenario of scenarios) {
    lines.push(`### Scenario: ${scenario}`, '');
    for (const one of paths.filter((each) => each.scenario === scenario)) {
      index += 1;
      lines.push(...pathMarkdown(one, `${prefix}${index}`));
    }
  }
  return lines;
}

export function planOf<M extends AnyStateMachine>(model: Model<M>, sources: Sources): Plan {
  const paths = generatePaths(model).map((modelPath) => planned(model, modelPath));
  scenarios(paths);
  uniqueTitles(paths);
  chooseSmoke(paths);
  const of = (section: Section) => paths.filter((one) => one.section === section);
  const smoke = of('smoke');
  const regression = of('regression');
  const automated = of('automated');
  const lines = [
    `# QA plan: ${journeyWords(model.name)} (\`${model.name}\`)`,
    '',
    `Generated by \`npm run test-paths\` from [machines/${model.file}](../../machines/${model.file}) and the fixtures in`,
    `[tests/model/${sources.fixtures}](../../tests/model/${sources.fixtures}); do not edit by hand. The model tests`,
    `(tests/model/${sources.test}) run all ${paths.length} paths against the real screens and check after each step`,
    'the very screen printed here (both come from `expectedScreens` in tests/model/generatePaths.ts).',
    '',
    `- **Smoke** (${smoke.length} paths): run these against the sandbox first; the happy paths and the refusals a tester causes.`,
    `- **Regression** (${regression.length} paths): every other path a tester can cause.`,
    `- **Automated only** (${automated.length} paths): they need a fault or an answer a tester cannot cause against the`,
    '  sandbox (no answer from the network, a server error, an answer only a test double gives); the model tests run',
    '  them, listed here by id and title.',
    '',
    `Demo data: email \`${demoCredentials.email}\`, password \`${demoCredentials.password}\` (\`DEMO_PASSWORD\`), the`,
    `one-time code from the outbox (\`/dev/outbox\`; the model tests use \`${demoCode}\`). Waits are real durations: a`,
    'tester waits that long (or sets the clock forward); no other timer fires first. An address segment written',
    '`:name` stands for the part the tester chose or the server assigned (any value).',
    '',
    `## Smoke`,
    '',
    ...(smoke.length ? grouped(smoke, 'S') : ['No path a tester can cause.', '']),
    `## Regression`,
    '',
    ...(regression.length ? grouped(regression, 'R') : ['None beyond the smoke plan.', '']),
    `## Automated only`,
    '',
  ];
  if (automated.length) {
    lines.push('| Id | Title |', '| --- | --- |');
    for (const one of automated) lines.push(`| \`${one.id}\` | ${cell(one.title)} |`);
  } else {
    lines.push('None: a tester can cause every answer of this journey.');
  }
  lines.push('');
  return { name: model.name, markdown: lines.join('\n'), paths };
}

/** Every plan of the registry, and the index. */
export function allPlans(): { plans: Plan[]; files: Map<string, string> } {
  const plans = registry.map(({ model, fixtures, test }) => planOf(model, { fixtures, test }));
  const files = new Map(plans.map((one) => [`${one.name}.md`, one.markdown]));
  const count = (one: Plan, section: Section) => one.paths.filter((each) => each.section === section).length;
  const index = [
    '# QA plans',
    '',
    'Generated by `npm run test-paths`; do not edit by hand. One plan per journey: a **smoke** plan (at most',
    `${smokeLimit} paths, an afternoon against the sandbox), a **regression** plan (every other path a tester can cause)`,
    'and the **automated-only** paths (faults a tester cannot cause, run by the model tests).',
    '',
    '| Journey | Smoke | Regression | Automated only | All paths |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...plans.map(
      (one) =>
        `| [${journeyWords(one.name)}](${one.name}.md) | ${count(one, 'smoke')} | ${count(one, 'regression')} | ${count(one, 'automated')} | ${one.paths.length} |`,
    ),
    '',
  ];
  files.set('README.md', index.join('\n'));
  return { plans, files };
}

function main() {
  const check = process.argv.includes('--check');
  const { files: expected } = allPlans();
  if (check) {
    const problems: string[] = [];
    for (const [file, content] of expected) {
      const full = path.join(outDir, file);
      if (!existsSync(full)) problems.push(`missing: docs/test-paths/${file}`);
      else if (readFileSync(full, 'utf8') !== content) problems.push(`stale:   docs/test-paths/${file}`);
    }
    const present = existsSync(outDir) ? readdirSync(outDir).filter((file) => file.endsWith('.md')) : [];
    for (const file of present) if (!expected.has(file)) problems.push(`orphan:  docs/test-paths/${file}`);
    if (problems.length) {
      console.error(`QA plans are out of date; run \`npm run test-paths\`:\n${problems.join('\n')}`);
      process.exit(1);
    }
    console.log(`QA plans are up to date (${expected.size - 1} journeys).`);
    return;
  }
  mkdirSync(outDir, { recursive: true });
  for (const [file, content] of expected) writeFileSync(path.join(outDir, file), content);
  console.log(`Wrote ${[...expected.keys()].map((file) => `docs/test-paths/${file}`).join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
