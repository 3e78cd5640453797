import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { StartupError } from '../lib/errors';
import { isApiPath } from './not-found';

// Vite names files under assets/ by content hash, so they never change: cache forever.
const immutable = 'public, max-age=31536000, immutable';
// index.html names the current hashed files: always revalidate it.
const revalidate = 'no-cache';
// Other files (favicon, robots.txt, images in public/) keep their names across builds.
const short = 'public, max-age=3600';

export function assertWebAppBuilt(webDistDir: string): void {
  if (!existsSync(join(webDistDir, 'index.html'))) {
    throw new StartupError(
      `The web app is not built: ${join(webDistDir, 'index.html')} does not exist.\n` +
        'Run "npm run build" at the repository root (or "npm run build -w apps/web") first, ' +
        'or point WEB_DIST_DIR at a built web app.',
    );
  }
}

/**
 * Serves the built SPA from webDistDir (production). Returns what the not-found handler
 * uses to answer client routes with index.html.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
): Promise<(reply: FastifyReply) => FastifyReply> {
  assertWebAppBuilt(webDistDir);
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: true,
    index: 'index.html',
    // We set Cache-Control ourselves: the right value depends on the file.
    cacheControl: false,
    // The build writes .br and .gz copies at the highest settings (apps/web/vite-plugins.ts):
    // sent as they are, smaller than what the compress plugin can afford per response.
    preCompressed: true,
    // /api is never a file; skip the disk lookup and go straight to the 404 handler.
    allowedPath: (pathName) => !isApiPath(pathName),
    setHeaders: (reply, filePath) => {
      // A precompressed copy (app.js.br) is cached as the file it stands for.
      const path = relative(webDistDir, filePath).replace(/\.(br|gz)$/, '');
      const header = path.startsWith(`assets${sep}`)
        ? immutable
        : path === 'index.html'
          ? revalidate
          : short;
      reply.header('cache-control', header);
    },
  });
  return (reply) => reply.header('cache-control', revalidate).sendFile('index.html');
}
