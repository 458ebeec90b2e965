import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The built app is served by the Fastify server on one port; in `vite` dev mode API calls are proxied to it.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/web', sourcemap: true, emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
