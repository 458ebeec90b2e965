import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

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
  plugins: [react(), precompressOutput()],
  resolve: {
    // Messages ship precompiled to ICU ASTs (npm run i18n:compile, checked by i18n:check), so the browser needs no
    // ICU parser: this saves about 7 KB of gzipped JS on every page.
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  build: { outDir: 'dist/web', sourcemap: true, emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
