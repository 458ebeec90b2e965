import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { instance } from '@viz-js/viz';
import { renderChart } from './diagrams/markdown';
import { loadCharts } from './diagrams/model';

/*
 * docs/engineering.md principle 4: the machines are the compliance documents. For every machines/*.machine.ts this writes
 * docs/statecharts/<machine>.md (legend, Mermaid per page, states with their descriptions, source lines and QA paths,
 * transitions with theirs) and the Graphviz SVGs (rendered in Node by @viz-js/viz): <machine>.svg, and for a machine
 * too wide for an A4 page one <machine>.<compound state>.svg per compound state drawn on its own page. The machines
 * come from the model registry (tests/model/registry.ts); tests/model/coverage.test.ts fails when a machine file has no
 * model there, so no machine goes without its charts. tests/unit/diagrams.test.ts checks the output with Mermaid's
 * own parser (names shown, nesting kept, guard parameters kept) and the page width.
 *
 *   npm run diagrams              write the files
 *   npm run diagrams -- --check   exit 1, listing stale or missing files, when they differ from the machines
 */

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'statecharts');

async function main() {
  const check = process.argv.includes('--check');
  const viz = await instance();
  const charts = loadCharts();
  const expected = new Map<string, string>();
  for (const chart of charts) {
    const rendered = renderChart(chart, viz);
    expected.set(`${chart.name}.md`, rendered.markdown);
    for (const [file, svg] of rendered.svgs) expected.set(file, svg);
  }

  const present = existsSync(outDir) ? readdirSync(outDir).filter((file) => /\.(md|svg)$/.test(file)) : [];
  if (check) {
    const problems: string[] = [];
    for (const [file, content] of expected) {
      const full = path.join(outDir, file);
      if (!existsSync(full)) problems.push(`missing: docs/statecharts/${file}`);
      else if (readFileSync(full, 'utf8') !== content) problems.push(`stale:   docs/statecharts/${file}`);
    }
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
  console.log(`Wrote ${expected.size} files to docs/statecharts for ${charts.length} machines.`);
  const orphans = present.filter((file) => !expected.has(file));
  if (orphans.length) console.log(`No longer generated (delete them): ${orphans.join(', ')}`);
}

await main();
