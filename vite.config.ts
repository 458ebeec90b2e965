import { defineConfig, parseSync, Visitor, type ESTree, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import MagicString from 'magic-string';
import { precompress } from './scripts/precompress';

/** A string known at build time (a literal, a template without expressions, such pieces joined with `+`), or undefined. */
function staticText(node: ESTree.Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : undefined;
  if (node.type === 'TemplateLiteral') {
    return node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? undefined) : undefined;
  }
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    const left = staticText(node.left);
    const right = staticText(node.right);
    return left !== undefined && right !== undefined ? left + right : undefined;
  }
  return undefined;
}

/**
 * English is the code's own `defaultMessage` texts (`npm run i18n:check` keeps lang/en.json equal to them), so the
 * browser needs no English message file: each text is replaced here by its parsed ICU AST, the same AST
 * `npm run i18n:compile` writes, and react-intl formats it without a parser. The texts travel with the chunk of the
 * screen that shows them; before, the whole app's English (about 32 KB gzipped) came with the entry chunk.
 */
function inlineEnglishMessages(): Plugin {
  return {
    name: 'tameio:inline-english-messages',
    enforce: 'pre',
    transform: {
      filter: { id: /\/src\/.*\.tsx?$/, code: 'defaultMessage' },
      handler(code, id) {
        const { program, errors } = parseSync(id, code);
        if (errors.length > 0) return null;
        const out = new MagicString(code);
        const compiled = (text: string) => JSON.stringify(parseMessage(text));
        new Visitor({
          JSXAttribute(node) {
            if (node.name.type !== 'JSXIdentifier' || node.name.name !== 'defaultMessage' || !node.value)
              return;
            const text = staticText(node.value);
            if (text !== undefined) out.overwrite(node.value.start, node.value.end, `{${compiled(text)}}`);
          },
          Property(node) {
            const key = node.key;
            const named =
              (key.type === 'Identifier' && key.name === 'defaultMessage') ||
              (key.type === 'Literal' && key.value === 'defaultMessage');
            if (!named || node.computed) return;
            const text = staticText(node.value);
            if (text !== undefined) out.overwrite(node.value.start, node.value.end, compiled(text));
          },
        }).visit(program);
        if (!out.hasChanged()) return null;
        return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
      },
    },
  };
}

/** Keys that make an object literal a state node or a transition of an XState machine config. */
const machineKeys = new Set([
  'target',
  'actions',
  'guard',
  'reenter',
  'on',
  'states',
  'initial',
  'invoke',
  'entry',
  'exit',
  'always',
  'after',
  'tags',
  'onDone',
  'onError',
]);

/**
 * The `description` of every state and transition (docs/engineering.md: the machines are the compliance documents)
 * is read by `npm run diagrams` and the QA plans, in Node; the browser never reads it. Dropped from the bundle, so a
 * journey can be described as fully as a reviewer needs without /login paying for the words.
 */
function dropMachineDescriptions(): Plugin {
  return {
    name: 'tameio:drop-machine-descriptions',
    enforce: 'pre',
    apply: 'build',
    transform: {
      filter: { id: /\/machines\/[^/]+\.ts$/, code: 'description' },
      handler(code, id) {
        const { program, errors } = parseSync(id, code);
        if (errors.length > 0) return null;
        const out = new MagicString(code);
        const dropped: Array<[number, number]> = [];
        new Visitor({
          ObjectExpression(node) {
            const keyOf = (property: (typeof node.properties)[number]) =>
              property.type === 'Property' && property.key.type === 'Identifier'
                ? property.key.name
                : undefined;
            const isMachineNode = node.properties.some((property) => {
              const key = keyOf(property) ?? '';
              if (machineKeys.has(key)) return true;
              // A final, parallel or history state may have no other key that says so.
              return (
                key === 'type' &&
                property.type === 'Property' &&
                property.value.type === 'Literal' &&
                ['final', 'parallel', 'history'].includes(String(property.value.value))
              );
            });
            if (!isMachineNode) return;
            for (const property of node.properties) {
              // Whatever the words are made of (literals, `${money(threshold, 'EUR')}`, pieces joined with `+`), they
              // are words only: machines/ruleWords.ts marks its formatters free of side effects, so a rule's words
              // kept in a module constant go too once nothing reads them.
              if (property.type !== 'Property' || keyOf(property) !== 'description' || property.computed)
                continue;
              // The property and the comma after it; a last property leaves the comma before it, which is allowed.
              const after = /^\s*,/.exec(code.slice(property.end));
              const end = property.end + (after ? after[0].length : 0);
              out.remove(property.start, end);
              dropped.push([property.start, end]);
            }
          },
        }).visit(program);
        // A module constant that only descriptions read (`const cooldown = duration(...)`) goes with them: a template
        // that puts in a value is not provably free of effects to the bundler, so it would stay for nothing.
        const inDropped = (at: number) => dropped.some(([start, end]) => at >= start && at < end);
        // Names in types, keys of objects and properties after a dot are not reads of a constant.
        const notReads: Array<[number, number]> = [];
        const used = new Map<string, number>();
        const skip = (node: { start: number; end: number }) => notReads.push([node.start, node.end]);
        new Visitor({
          TSInterfaceDeclaration: skip,
          TSTypeAliasDeclaration: skip,
          TSTypeAnnotation: skip,
          Property(node) {
            if (!node.computed && !node.shorthand) skip(node.key);
          },
          MemberExpression(node) {
            if (!node.computed) skip(node.property);
          },
        }).visit(program);
        const isRead = (at: number) =>
          !inDropped(at) && !notReads.some(([start, end]) => at >= start && at < end);
        new Visitor({
          Identifier(node) {
            if (isRead(node.start)) used.set(node.name, (used.get(node.name) ?? 0) + 1);
          },
        }).visit(program);
        for (const statement of program.body) {
          if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') continue;
          const [only] = statement.declarations;
          if (statement.declarations.length !== 1 || only?.id.type !== 'Identifier') continue;
          // Read nowhere but in descriptions: its one use is its own name.
          if (used.get(only.id.name) === 1) out.remove(statement.start, statement.end);
        }
        if (!out.hasChanged()) return null;
        return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
      },
    },
  };
}

/**
 * Two libraries make components at the top level of their modules without marking the calls pure, so the bundler
 * keeps every one of them whether the app uses it or not: react-router (Form, ScrollRestoration, HistoryRouter and
 * the contexts of its framework mode, each followed by a `displayName` assignment, itself a side effect) and
 * react-intl (FormattedDate, FormattedNumber and the like). Marked pure here, and the display names (which only name
 * components in React's developer tools) dropped: about 1.4 KB gzipped less on /login.
 */
function treeShakeLibraryComponents(): Plugin {
  const displayName = /^[\w$]+\.displayName = (?:"[^"]*"|'[^']*');$/gm;
  const component =
    /^(?:var|const|let) [\w$]+ = (?=(?:React\d*\.(?:forwardRef|createContext|memo)|createFormattedComponent|createFormattedDateTimePartsComponent)\()/gm;
  return {
    name: 'tameio:tree-shake-library-components',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/](?:react-router[\\/]dist|react-intl)[\\/][^?]*\.m?js$/ },
      handler(code, id) {
        const out = new MagicString(code);
        for (const match of code.matchAll(displayName))
          out.remove(match.index, match.index + match[0].length);
        for (const match of code.matchAll(component))
          out.appendLeft(match.index + match[0].length, '/* @__PURE__ */ ');
        if (!out.hasChanged()) return null;
        return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
      },
    },
  };
}

/**
 * Every built text file is written next to itself as .br and .gz, which @fastify/static sends (`preCompressed`)
 * to a browser that accepts them: no compression work per request.
 */
function precompressOutput(): Plugin {
  return {
    name: 'tameio:precompress',
    apply: 'build',
    async writeBundle(options) {
      if (options.dir) await precompress(options.dir);
    },
  };
}

// The built app is served by the Fastify server on one port; in `vite` dev mode API calls are proxied to it.
export default defineConfig({
  plugins: [
    react(),
    inlineEnglishMessages(),
    dropMachineDescriptions(),
    treeShakeLibraryComponents(),
    precompressOutput(),
  ],
  resolve: {
    // Messages ship precompiled to ICU ASTs (above, and npm run i18n:compile for other languages), so the browser
    // needs no ICU parser: this saves about 7 KB of gzipped JS on every page.
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
      // @xstate/react imports the shims for React before 18; React 19 has useSyncExternalStore, and the package's
      // own non-shim entries use it directly (about 0.4 KB gzipped less in the entry chunk).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  build: {
    outDir: 'dist/web',
    sourcemap: true,
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry and lazy screen loads, read by scripts/webBudget.ts.
    manifest: true,
    // Every browser this app supports has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs at start-up goes into the entry chunk itself. Left alone, the bundler splits
          // the libraries it shares with lazy screens (react, react-intl, xstate, ...) into chunks of their own,
          // which cost /login five more requests and about 3 KB gzipped, since separate files compress less well.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
        // Lazy chunks are named by their content hash alone: the entry lists every chunk it may preload, and the
        // names made that list about 0.8 KB gzipped longer. The manifest (and scripts/webBudget.ts) name them.
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
