import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The built app is served by the Fastify server on one port; in `vite` dev mode API calls are proxied to it.
export default defineConfig({
  plugins: [react()],
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
