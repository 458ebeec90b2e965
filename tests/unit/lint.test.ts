import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of docs/engineering.md live only in eslint.config.js; these snippets prove each one bites
// (and that the allowed directions stay allowed), so a loosened zone fails here rather than in review.

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

// Each test below runs ESLint, whose first run in a worker loads parsers and resolvers: seconds on a busy machine,
// beyond vitest's default 5 s, so they get a generous timeout of their own.
const lintTimeout = { timeout: 60_000 };

beforeAll(() => {
  // Snippets exist only in memory, which the type-aware project service refuses; the rules under test
  // read imports and syntax, not types, so they run the same without it.
  eslint = new ESLint({
    cwd: root,
    overrideConfig: { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked },
  });
});

/** A real module somewhere under `folder`: no-restricted-paths checks only imports that resolve to a file. */
function realModule(folder: string): string {
  const file = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .sort()[0];
  if (!file) throw new Error(`no TypeScript module in ${folder}/ to import in the lint test`);
  return `${folder}/${file.replace(/\.tsx?$/, '')}`;
}

/** Some relative value import `importer` → `imported` among the repo's own modules. */
function findValueImport(folders: string[]): { importer: string; imported: string } {
  for (const folder of folders) {
    const files = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      .map((name) => path.join(folder, name));
    for (const importer of files) {
      const source = readFileSync(path.join(root, importer), 'utf8');
      for (const [, target] of source.matchAll(/^import (?!type )[^;]*? from '(\.{1,2}\/[^']+)';$/gm)) {
        const base = path.join(path.dirname(importer), target ?? '');
        const imported = ['.ts', '.tsx'].map((ext) => base + ext).find((file) => files.includes(file));
        if (imported) return { importer: importer.replace(/\.tsx?$/, ''), imported };
      }
    }
  }
  throw new Error('no relative value import found to build a cycle from');
}

/** The import specifier from `fromFile` to the repo-relative module `target`. */
function specifier(fromFile: string, target: string): string {
  const relative = path.relative(path.dirname(fromFile), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  if (!result) throw new Error('ESLint returned no result');
  const fatal = result.messages.find((message) => message.fatal);
  if (fatal) throw new Error(`ESLint could not parse the snippet: ${fatal.message}`);
  return result.messages.map((message) => message.ruleId ?? 'unknown');
}

function importOfModule(fromFile: string, module: string): string {
  return `import * as target from '${specifier(fromFile, module)}';\nexport const used = target;\n`;
}

function importOf(fromFile: string, targetFolder: string): string {
  return importOfModule(fromFile, realModule(targetFolder));
}

describe('import boundaries (docs/engineering.md "Layout and one-way imports")', lintTimeout, () => {
  it.each([
    ['machines/lintProbe.ts', 'server'],
    ['machines/lintProbe.ts', 'src'],
    ['schemas/lintProbe.ts', 'machines'],
    ['schemas/lintProbe.ts', 'server'],
    ['src/app/lintProbe.ts', 'server'],
    ['server/lintProbe.ts', 'machines'],
    ['server/lintProbe.ts', 'src'],
  ])('%s may not import from %s/', async (file, folder) => {
    expect(await ruleIds(file, importOf(file, folder))).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['src/app/lintProbe.ts', 'machines'],
    ['src/app/lintProbe.ts', 'schemas'],
    ['machines/lintProbe.ts', 'schemas'],
    ['server/lintProbe.ts', 'schemas'],
    ['scripts/lintProbe.ts', 'server'],
  ])('%s may import from %s/', async (file, folder) => {
    expect(await ruleIds(file, importOf(file, folder))).toEqual([]);
  });

  it('keeps machines free of React', async () => {
    const ids = await ruleIds(
      'machines/lintProbe.machine.ts',
      "import { useMachine } from '@xstate/react';\nimport { useState } from 'react';\nexport const hooks = [useMachine, useState];\n",
    );
    expect(ids.filter((id) => id === 'no-restricted-imports')).toHaveLength(2);
  });

  it('flags a path into server/ from machines even when the file does not exist', async () => {
    const ids = await ruleIds('machines/lintProbe.ts', "export { app } from '../server/app';\n");
    expect(ids).toContain('no-restricted-imports');
  });

  it('keeps machines free of fetch and home-made timers', async () => {
    const ids = await ruleIds(
      'machines/lintProbe.ts',
      'export const load = () => fetch("/api/x");\nexport const wait = () => setTimeout(() => undefined, 10);\n',
    );
    expect(ids.filter((id) => id === 'no-restricted-globals')).toHaveLength(2);
  });

  it('flags an import cycle', async () => {
    // Close a loop over an import that exists on disk: if A imports B, then B importing A is a cycle.
    const edge = findValueImport(['machines', 'schemas', 'server', 'src']);
    const ids = await ruleIds(
      edge.imported,
      `import * as back from '${specifier(edge.imported, edge.importer)}';\nexport const loop = back;\n`,
    );
    expect(ids).toContain('import-x/no-cycle');
  });
});

describe('visible text is a react-intl message (docs/engineering.md principle 9)', lintTimeout, () => {
  it('flags a literal string in JSX', async () => {
    const ids = await ruleIds(
      'src/screens/LintProbe.tsx',
      'export function LintProbe() {\n  return <h1>Sign in to Tameio</h1>;\n}\n',
    );
    expect(ids).toContain('formatjs/no-literal-string-in-jsx');
  });

  it('flags a literal aria-label', async () => {
    const ids = await ruleIds(
      'src/screens/LintProbe.tsx',
      'export function LintProbe() {\n  return <button aria-label="Close" />;\n}\n',
    );
    expect(ids).toContain('formatjs/no-literal-string-in-jsx');
  });

  it('flags a message without an id', async () => {
    const ids = await ruleIds(
      'src/screens/LintProbe.tsx',
      'import { FormattedMessage } from \'react-intl\';\nexport function LintProbe() {\n  return <FormattedMessage defaultMessage="Continue" />;\n}\n',
    );
    expect(ids).toContain('formatjs/enforce-id');
  });

  it('accepts a message with a dotted id and an English default', async () => {
    const ids = await ruleIds(
      'src/screens/LintProbe.tsx',
      'import { FormattedMessage } from \'react-intl\';\nexport function LintProbe() {\n  return (\n    <h1>\n      <FormattedMessage id="login.title" defaultMessage="Sign in to Tameio" />\n    </h1>\n  );\n}\n',
    );
    expect(ids).toEqual([]);
  });
});

describe('boundaries inside src (eslint.config.js srcZones)', lintTimeout, () => {
  it.each([
    // One feature folder of src/screens into another.
    ['src/screens/wallet/lintProbe.ts', 'src/screens/cards'],
    ['src/screens/cards/lintProbe.tsx', 'src/screens/wallet'],
    ['src/screens/profile/lintProbe.tsx', 'src/screens/onboarding'],
    // The shared screen parts directly in src/screens into a feature folder.
    ['src/screens/lintProbe.tsx', 'src/screens/wallet'],
    // The presentational parts up into the app or the screens.
    ['src/ui/lintProbe.tsx', 'src/app'],
    ['src/ui/address/lintProbe.tsx', 'src/app'],
    ['src/ui/lintProbe.tsx', 'src/screens/wallet'],
    // Texts, formats and the API client up into the app and the UI parts.
    ['src/i18n/lintProbe.ts', 'src/app'],
    ['src/api/lintProbe.ts', 'src/ui'],
  ])('%s may not import from %s/', async (file, folder) => {
    expect(await ruleIds(file, importOf(file, folder))).toContain('import-x/no-restricted-paths');
  });

  it('refuses a lazy import of another feature folder too', async () => {
    const file = 'src/screens/registration/lintProbe.tsx';
    const code = `export const load = () => import('${specifier(file, realModule('src/screens/onboarding'))}');\n`;
    expect(await ruleIds(file, code)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['src/screens/wallet/lintProbe.ts', 'src/screens/wallet'],
    ['src/screens/wallet/lintProbe.ts', 'src/ui'],
    ['src/screens/wallet/lintProbe.ts', 'src/app'],
    ['src/screens/wallet/lintProbe.ts', 'src/i18n'],
    ['src/app/lintProbe.ts', 'src/ui'],
    ['src/app/lintProbe.ts', 'src/screens/cards'],
    ['src/ui/lintProbe.tsx', 'src/i18n'],
  ])('%s may import from %s/', async (file, folder) => {
    expect(await ruleIds(file, importOf(file, folder))).toEqual([]);
  });

  it('lets every feature folder import the shared screen parts directly in src/screens', async () => {
    const file = 'src/screens/cards/lintProbe.tsx';
    expect(await ruleIds(file, importOfModule(file, 'src/screens/LoadFailure'))).toEqual([]);
  });
});

describe('the demo seed stays out of production code', lintTimeout, () => {
  it.each(['server/onboarding/lintProbe.ts', 'server/lintProbe.ts'])(
    '%s may not import server/seed',
    async (file) => {
      expect(await ruleIds(file, importOfModule(file, 'server/seed'))).toContain(
        'import-x/no-restricted-paths',
      );
    },
  );

  it.each(['server/main.ts', 'scripts/lintProbe.ts', 'tests/api/lintProbe.test.ts'])(
    '%s may import server/seed',
    async (file) => {
      expect(await ruleIds(file, importOfModule(file, 'server/seed'))).toEqual([]);
    },
  );
});
