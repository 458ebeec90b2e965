import { defineConfig, parseSync, Visitor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import MagicString from 'magic-string';
import { precompress } from './scripts/precompress';

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
        const literalText = (node: unknown): string | undefined => {
          const value = node as {
            type: string;
            value?: unknown;
            expressions?: unknown[];
            quasis?: unknown[];
          };
          if (value.type === 'Literal' && typeof value.value === 'string') return value.value;
          if (value.type === 'TemplateLiteral' && value.expressions?.length === 0) {
            return (value.quasis?.[0] as { value: { cooked: string } } | undefined)?.value.cooked;
          }
          return undefined;
        };
        new Visitor({
          JSXAttribute(node) {
            if (node.name.type !== 'JSXIdentifier' || node.name.name !== 'defaultMessage' || !node.value)
              return;
            const text = literalText(node.value);
            if (text !== undefined) out.overwrite(node.value.start, node.value.end, `{${compiled(text)}}`);
          },
          Property(node) {
            const key = node.key;
            const named =
              (key.type === 'Identifier' && key.name === 'defaultMessage') ||
              (key.type === 'Literal' && key.value === 'defaultMessage');
            if (!named || node.computed) return;
            const text = literalText(node.value);
            if (text !== undefined) out.overwrite(node.value.start, node.value.end, compiled(text));
          },
        }).visit(program);
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
  plugins: [react(), inlineEnglishMessages(), precompressOutput()],
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
