import ts from 'typescript';
import type { AnyStateMachine } from 'xstate';
import type { Model } from './generatePaths';
import type { RegisteredModel } from './registry';

/*
 * docs/engineering.md principle 3 holds only if every journey has a model whose paths really run: this finds the machines the
 * registry (./registry.ts) misses and the registered models no model test runs. It is a function of what it is
 * given, so coverage.test.ts can feed it the real files and also made-up gaps that it must report.
 */

/** A module under machines/ or tests/model/: its file name and its exports. */
export type ModuleExports = Record<string, Record<string, unknown>>;

export type RegistryInputs = {
  /** Every machines/*.machine.ts, by file name (`login.machine.ts`). */
  machines: ModuleExports;
  registry: readonly RegisteredModel[];
  /** The modules under tests/model/ that define models, by file name (`paths.ts`, `sendMoney.paths.ts`). */
  fixtures: ModuleExports;
  /** The source of every model test under tests/model/, by file name (`login.model.test.tsx`). */
  tests: Record<string, string>;
};

export const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'getStateNodeById' in value;

const isModel = (value: unknown): value is Model<AnyStateMachine> =>
  typeof value === 'object' &&
  value !== null &&
  'machine' in value &&
  isMachine(value.machine) &&
  'fixtures' in value &&
  'screen' in value;

/** Every gap, in words; empty when each machine has a registered model and each registered model a test. */
export function registryGaps(inputs: RegistryInputs): string[] {
  const gaps: string[] = [];
  const registered = new Set<unknown>(inputs.registry.map(({ model }) => model));
  const covered = new Set<unknown>(inputs.registry.map(({ model }) => model.machine));

  for (const [file, exports] of Object.entries(inputs.machines)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isMachine(value) && !covered.has(value)) {
        gaps.push(`machines/${file} exports ${name}, which no registered model covers`);
      }
    }
  }

  const names = new Set<string>();
  for (const { model, fixtures, test } of inputs.registry) {
    const label = `model ${model.name}`;
    // The QA plan of a model is docs/test-paths/<name>.md: two models of one name would share it.
    if (names.has(model.name)) gaps.push(`${label}: another registered model has the same name`);
    names.add(model.name);
    if (!Object.values(inputs.machines[model.file] ?? {}).includes(model.machine)) {
      gaps.push(`${label}: machines/${model.file} does not export its machine`);
    }
    const exportNames = Object.entries(inputs.fixtures[fixtures] ?? {})
      .filter(([, value]) => value === model)
      .map(([name]) => name);
    if (exportNames.length === 0) {
      gaps.push(`${label}: tests/model/${fixtures} does not export it`);
      continue;
    }
    const source = inputs.tests[test];
    if (source === undefined) {
      gaps.push(`${label}: its model test tests/model/${test} does not exist`);
      continue;
    }
    const problem = modelTestProblem(test, source, fixtures, exportNames);
    if (problem) gaps.push(`${label}: tests/model/${test} ${problem}`);
  }

  for (const [file, exports] of Object.entries(inputs.fixtures)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isModel(value) && !registered.has(value)) {
        gaps.push(`tests/model/${file} exports ${name}, which is not in the registry`);
      }
    }
  }
  return gaps;
}

/**
 * Why a model test does not run the model's paths against the screens, or null when it does: it must import the
 * model from its fixtures module, render the real screens (import ./harness or src/), and pass the model to
 * generatePaths, directly or through a function of its own that passes its first parameter on
 * (`runModel(resetPasswordModel)`).
 */
function modelTestProblem(
  file: string,
  source: string,
  fixtures: string,
  exportNames: string[],
): string | null {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const fixturesSpecifier = `./${fixtures.replace(/\.tsx?$/, '')}`;
  const locals = new Set<string>();
  let importsGenerator = false;
  let rendersScreens = false;
  for (const statement of tree.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    if (from === './harness' || from.startsWith('../../src/')) rendersScreens = true;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      if (from === fixturesSpecifier && exportNames.includes(imported)) locals.add(element.name.text);
      if (
        from === './generatePaths' &&
        imported === 'generatePaths' &&
        element.name.text === 'generatePaths'
      ) {
        importsGenerator = true;
      }
    }
  }
  if (locals.size === 0) return `does not import the model from ${fixturesSpecifier}`;
  if (!rendersScreens) return 'renders no screens (imports neither ./harness nor anything under src/)';
  if (!importsGenerator) return 'does not import generatePaths from ./generatePaths';

  const calls: ts.CallExpression[] = [];
  const collect = (node: ts.Node) => {
    if (ts.isCallExpression(node)) calls.push(node);
    ts.forEachChild(node, collect);
  };
  collect(tree);
  const firstArgument = (call: ts.CallExpression) => {
    const [argument] = call.arguments;
    return argument && ts.isIdentifier(argument) ? argument.text : null;
  };
  const callee = (call: ts.CallExpression) =>
    ts.isIdentifier(call.expression) ? call.expression.text : null;
  /** The named function around `node` whose first parameter is `parameter` (the nearest one), if any. */
  const functionTaking = (node: ts.Node, parameter: string): string | null => {
    for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
      if (!ts.isFunctionDeclaration(at) && !ts.isArrowFunction(at) && !ts.isFunctionExpression(at)) continue;
      const [first] = at.parameters;
      if (!first || !ts.isIdentifier(first.name) || first.name.text !== parameter) continue;
      if (ts.isFunctionDeclaration(at)) return at.name?.text ?? null;
      return ts.isVariableDeclaration(at.parent) && ts.isIdentifier(at.parent.name)
        ? at.parent.name.text
        : null;
    }
    return null;
  };
  // Functions of the file that hand their first parameter to generatePaths.
  const runners = new Set(['generatePaths']);
  for (const call of calls) {
    const argument = firstArgument(call);
    if (callee(call) !== 'generatePaths' || argument === null) continue;
    const runner = functionTaking(call, argument);
    if (runner) runners.add(runner);
  }
  const runs = calls.some((call) => runners.has(callee(call) ?? '') && locals.has(firstArgument(call) ?? ''));
  return runs ? null : `does not pass ${[...locals].join(' or ')} to generatePaths`;
}
