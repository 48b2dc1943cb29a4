import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/oidc/', '/healthz', '/readyz'];

/**
 * Serves the built single-page app: files from dist/web, and index.html for any other GET that a
 * browser navigates to, so client routes (/dev, /invoice-processing, unknown paths) render in the app.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built; only the API is served (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each file (vite.config.ts); sent when the browser accepts them.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0];
    if (API_PREFIXES.some((p) => url.startsWith(p))) return reply.callNotFound();
    const file = path.join(distDir, path.normalize(decodeURIComponent(url)).replace(/^([/\\])+/, ''));
    if (file.startsWith(distDir + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return reply.sendFile(path.relative(distDir, file));
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
