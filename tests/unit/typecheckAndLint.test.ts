import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typecheckAndLint } from '../../scripts/typecheckAndLint';

// `npm run check:code` hands the program it typechecked to the lint. These fixtures prove both halves report, and
// that a type-aware rule (no-floating-promises) really reads that program: without types it could not tell a promise.

const root = path.resolve(import.meta.dirname, '../..');
let folder: string;

function fixture(name: string, source: string): { tsconfig: string; file: string } {
  const dir = path.join(folder, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'fixture.ts'), source);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(root, 'tsconfig.json'), include: ['fixture.ts'] }),
  );
  return {
    tsconfig: path.join(dir, 'tsconfig.json'),
    file: path.relative(root, path.join(dir, 'fixture.ts')),
  };
}

async function check(name: string, source: string) {
  const { tsconfig, file } = fixture(name, source);
  return typecheckAndLint({ root, tsconfig, patterns: [file], lintIgnoredFiles: true });
}

beforeAll(() => {
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  folder = mkdtempSync(path.join(root, '.tmp', 'code-check-'));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('typecheck and lint over one program', () => {
  it('reports nothing for clean code', { timeout: 120_000 }, async () => {
    const result = await check(
      'clean',
      'export async function save(): Promise<number> {\n  return 1;\n}\n\nexport async function run(): Promise<number> {\n  return await save();\n}\n',
    );
    expect(result.typeErrors).toBe('');
    expect(result.lintReport).toBe('');
    expect([result.typeErrorCount, result.lintProblemCount]).toEqual([0, 0]);
  });

  it(
    'reports a type error and a floating promise, which only the type information shows',
    { timeout: 120_000 },
    async () => {
      const result = await check(
        'broken',
        "export async function save(): Promise<void> {}\n\nexport function run(): void {\n  save();\n}\n\nexport const count: number = 'three';\n",
      );
      expect(result.typeErrorCount).toBe(1);
      expect(result.typeErrors).toMatch(/TS2322/);
      expect(result.lintReport).toMatch(/@typescript-eslint\/no-floating-promises/);
      expect(result.lintProblemCount).toBe(1);
    },
  );
});
