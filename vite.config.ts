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
    ],
  },
  build: {
    outDir: 'dist/web',
    sourcemap: true,
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry and lazy screen loads, read by scripts/webBudget.ts.
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
