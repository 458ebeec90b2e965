import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/*
 * The flow catalogue (docs/flows/, `npm run flows`) and the documents it links to (docs/statecharts/, docs/test-paths/),
 * served read-only under /docs/ for reviewers and testers; /flows/ leads there. Registered only outside production
 * (app.ts), so production has no such route at all. The catalogue's copy of Mermaid is not in git, so
 * /docs/flows/assets/mermaid.min.js comes from the mermaid package when the copy is missing. Markdown and SVG are sent
 * as plain text and as images, so a browser shows them instead of downloading them.
 */

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const folders = ['flows', 'statecharts', 'test-paths'] as const;
const mermaidCopy = path.join(repoRoot, 'docs', 'flows', 'assets', 'mermaid.min.js');
const mermaidPackage = path.join(repoRoot, 'node_modules', 'mermaid', 'dist');

export const flowCatalogueRoutes: FastifyPluginAsync = async (app) => {
  app.get('/flows', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/docs/flows/'));
  app.get('/flows/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/docs/flows/'));
  if (!existsSync(mermaidCopy) && existsSync(mermaidPackage)) {
    app.get('/docs/flows/assets/mermaid.min.js', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(createReadStream(path.join(mermaidPackage, 'mermaid.min.js'))),
    );
  }
  for (const folder of folders) {
    await app.register(fastifyStatic, {
      root: path.join(repoRoot, 'docs', folder),
      prefix: `/docs/${folder}/`,
      index: folder === 'flows' ? 'index.html' : 'README.md',
      decorateReply: false,
      list: false,
      dotfiles: 'ignore',
      setHeaders: (reply, filePath) => {
        if (filePath.endsWith('.md')) reply.header('content-type', 'text/plain; charset=utf-8');
        reply.header('cache-control', 'no-cache');
      },
    });
  }
};
