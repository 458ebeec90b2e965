/**
 * `npm run check:code`: the typecheck and the lint in one process over ONE TypeScript program. `tsc --noEmit` and
 * the type-aware lint rules each built and checked the same program (typecheck 64 s of CPU, lint 124 s, measured
 * alone); here the lint asks the checker `tsc` has just filled, 128 s in all (docs/performance.md). `npm run
 * typecheck` and `npm run lint` stay for a developer who wants one of the two.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

export type CodeCheck = {
  /** tsc's diagnostics, formatted as tsc prints them; empty when the types hold. */
  typeErrors: string;
  typeErrorCount: number;
  /** ESLint's stylish report; empty when nothing was found. */
  lintReport: string;
  /** Errors and warnings together: the lint allows no warning (`--max-warnings 0`). */
  lintProblemCount: number;
};

export type CodeCheckOptions = {
  root: string;
  /** The tsconfig whose files make the program. */
  tsconfig: string;
  /** What ESLint lints, relative to `root`. */
  patterns: string[];
  /** Lint files ESLint's config ignores too (a test's fixture under an ignored folder). */
  lintIgnoredFiles?: boolean;
};

function readProgram(tsconfig: string): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${tsconfig}`);
  if (config.errors.length > 0) {
    throw new Error(
      config.errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('\n'),
    );
  }
  return ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
}

export async function typecheckAndLint(options: CodeCheckOptions): Promise<CodeCheck> {
  const program = readProgram(options.tsconfig);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const typeErrors =
    diagnostics.length === 0
      ? ''
      : ts.formatDiagnosticsWithColorAndContext(diagnostics, {
          getCanonicalFileName: (name) => name,
          getCurrentDirectory: () => options.root,
          getNewLine: () => '\n',
        });

  // The repo's eslint.config.js with one change: its TypeScript files take their types from this program instead of
  // a project service of their own. A file outside the program is an error, as it is for the project service.
  const eslint = new ESLint({
    cwd: options.root,
    ignore: !options.lintIgnoredFiles,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx,mts,cts}'],
        languageOptions: { parserOptions: { projectService: false, programs: [program] } },
      },
    ],
  });
  const results = await eslint.lintFiles(options.patterns);
  const lintReport = await (await eslint.loadFormatter('stylish')).format(results);
  return {
    typeErrors,
    typeErrorCount: diagnostics.length,
    lintReport,
    lintProblemCount: results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..');
  const started = performance.now();
  const result = await typecheckAndLint({
    root,
    tsconfig: path.join(root, 'tsconfig.json'),
    patterns: ['.'],
  });
  process.stdout.write(result.typeErrors);
  process.stdout.write(result.lintReport);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `typecheck: ${result.typeErrorCount} error(s); lint: ${result.lintProblemCount} problem(s) (${seconds} s)`,
  );
  process.exitCode = result.typeErrorCount > 0 || result.lintProblemCount > 0 ? 1 : 0;
}
