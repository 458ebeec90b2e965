import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { modelFilesThatMock } from '../model/filesThatMock';

// A model file that mocks a module while sharing its worker's modules would run against the real module whenever
// another file imported it first: such files must run isolated (vitest.config.ts, project `model-mocks`).
it('runs every model test that mocks a module in the isolated project, and only those', () => {
  const dir = path.resolve(import.meta.dirname, '../model');
  const mocking = readdirSync(dir)
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(dir, file), 'utf8')))
    .map((file) => `tests/model/${file}`);
  expect(mocking.sort()).toEqual([...modelFilesThatMock].sort());
});
