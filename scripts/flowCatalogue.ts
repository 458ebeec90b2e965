import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCharts, type Chart } from './diagrams/model';
import { coverageOf } from './flowCatalogue/coverage';
import { indexPage, journeyPage, script, stylesheet, type Diagram, type Journey } from './flowCatalogue/html';
import { journeyRules } from './flowCatalogue/rules';

/*
 * The flow catalogue (issue 18): docs/flows/index.html lists every journey (its purpose, counts of states,
 * transitions, paths and smoke paths, rules), and docs/flows/<machine>.html gives one journey for a compliance
 * reviewer: its purpose, its diagrams (the Mermaid blocks of docs/statecharts/<machine>.md, so the catalogue and the
 * statecharts agree), the rules table (scripts/flowCatalogue/rules.ts: value from the constant, where enforced), the
 * coverage of its model tests, every state and transition with its description, and links to its QA plan.
 * The pages load assets/mermaid.min.js, a copy of the mermaid package's build (5 MB, so not in git: .gitignore);
 * `npm run flows` copies it, and the app serves it from node_modules outside production (server/routes/flows.routes.ts).
 *
 *   npm run flows              write docs/flows
 *   npm run flows -- --check   exit 1, listing stale, missing or orphan pages
 */

const root = path.resolve(import.meta.dirname, '..');
export const flowsDir = path.join(root, 'docs', 'flows');
export const mermaidBuild = path.join(root, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');
/** Written by `npm run flows` but kept out of git and out of the check: a copy of the mermaid package. */
export const copiedAssets = ['assets/mermaid.min.js'];

/** The Mermaid blocks of docs/statecharts/<machine>.md, each with the `##` heading it stands under. */
export function diagramsOf(markdown: string): Diagram[] {
  const diagrams: Diagram[] = [];
  let heading = 'The journey';
  let block: string[] | null = null;
  for (const line of markdown.split('\n')) {
    if (block) {
      if (line.trim() === '```') {
        diagrams.push({ heading, source: block.join('\n') });
        block = null;
      } else block.push(line);
      continue;
    }
    const title = /^#{2,3} (.+)$/.exec(line);
    if (title) heading = title[1]!.trim();
    if (line.trim() === '```mermaid') block = [];
  }
  return diagrams;
}

/**
 * A journey's purpose: the machine root's description, else the first paragraph of the machine file's header comment
 * (the longest top-level block comment before the machine), without its references to the SPEC.
 */
export function purposeOf(chart: Chart): string {
  if (chart.root.description) return chart.root.description;
  const source = readFileSync(path.join(root, 'machines', chart.file), 'utf8');
  const before = source.slice(0, Math.max(0, source.indexOf('setup(')) || source.length);
  const comments = [...before.matchAll(/^\/\*\*?\n?([\s\S]*?)\*\//gm)].map((match) =>
    match[1]!
      .split('\n')
      .map((line) => line.replace(/^\s*\*\s?/, ''))
      .join('\n')
      .trim(),
  );
  const header = comments.sort((a, b) => b.length - a.length)[0] ?? '';
  const paragraphs = header
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .replace(/\s*\((?:SPEC|docs\/|ADR)[^()]*(?:\([^()]*\)[^()]*)*\)/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  // A short title ("Send money.") takes the next paragraph that says what happens, not how the address is read.
  let purpose = paragraphs[0] ?? '';
  const next = paragraphs.slice(1).find((paragraph) => !/^(The address|Input)\b/.test(paragraph));
  if (purpose.length < 60 && next) purpose = `${purpose} ${next}`;
  return purpose || `The ${chart.name} journey.`;
}

/** Every file of docs/flows the generator owns, by its path under docs/flows. */
export function catalogueFiles(): { files: Map<string, string>; journeys: Journey[] } {
  const journeys: Journey[] = loadCharts().map((chart) => {
    const statechart = path.join(root, 'docs', 'statecharts', `${chart.name}.md`);
    const rules = journeyRules[chart.name] ?? { none: 'NO RULES ENTRY (scripts/flowCatalogue/rules.ts)' };
    return {
      chart,
      purpose: purposeOf(chart),
      diagrams: existsSync(statechart) ? diagramsOf(readFileSync(statechart, 'utf8')) : [],
      rules,
      coverage: coverageOf(chart.file),
      smoke: chart.models.reduce((sum, model) => sum + (model.plan.match(/^#### S\d+\. /gm) ?? []).length, 0),
    };
  });
  const files = new Map<string, string>();
  files.set('index.html', indexPage(journeys));
  for (const journey of journeys) files.set(`${journey.chart.name}.html`, journeyPage(journey));
  files.set('assets/flows.css', stylesheet);
  files.set('assets/flows.js', script);
  return { files, journeys };
}

function listed(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listed(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

function main() {
  const check = process.argv.includes('--check');
  const { files } = catalogueFiles();
  const present = listed(flowsDir).filter((file) => !copiedAssets.includes(file));
  if (check) {
    const problems: string[] = [];
    for (const [file, content] of files) {
      const full = path.join(flowsDir, file);
      if (!existsSync(full)) problems.push(`missing: docs/flows/${file}`);
      else if (readFileSync(full, 'utf8') !== content) problems.push(`stale:   docs/flows/${file}`);
    }
    for (const file of present) if (!files.has(file)) problems.push(`orphan:  docs/flows/${file}`);
    if (problems.length) {
      console.error(`The flow catalogue is out of date; run \`npm run flows\`:\n${problems.join('\n')}`);
      process.exit(1);
    }
    console.log(`The flow catalogue is up to date (${files.size - 3} journeys).`);
    return;
  }
  mkdirSync(path.join(flowsDir, 'assets'), { recursive: true });
  for (const [file, content] of files) writeFileSync(path.join(flowsDir, file), content);
  copyFileSync(mermaidBuild, path.join(flowsDir, 'assets', 'mermaid.min.js'));
  console.log(`Wrote ${files.size} files to docs/flows (and a copy of mermaid.min.js).`);
  const orphans = present.filter((file) => !files.has(file));
  if (orphans.length) console.log(`No longer generated (delete them): ${orphans.join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
