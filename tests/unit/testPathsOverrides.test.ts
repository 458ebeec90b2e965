import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The QA plans (docs/test-paths) print `model.screen` of the models tests/model/registry.ts lists, and the model tests
 * assert the same (harness.tsx `runPath` refuses any other model object). A model test that spreads a model into a
 * copy (`{ ...cardOrderModel, screen: ... }`) would check screens the plan does not print: this guard finds such copies
 * in the source, so they fail here before they reach a run.
 */

const modelDir = path.resolve(import.meta.dirname, '../model');

/** The model tests that build a copy of a model, by model name (`...xModel` spread anywhere in the file). */
function overridingTests(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(modelDir).filter((name) => name.endsWith('.test.tsx'))) {
    const source = readFileSync(path.join(modelDir, file), 'utf8');
    for (const match of source.matchAll(/\.\.\.(\w+)Model\b/g)) found.set(match[1]!, file);
  }
  return found;
}

describe('model tests assert what the QA plans print', () => {
  it('no model test builds a copy of a model with other expectations', () => {
    const copies = [...overridingTests()];
    expect(copies.map(([name, file]) => `${file} copies ${name}Model`)).toEqual([]);
  });
});
