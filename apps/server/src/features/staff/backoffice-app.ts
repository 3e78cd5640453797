import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { staffPolicy } from '@casino/contracts/operator';

/**
 * The back office's own Content-Security-Policy, not the players' (no game studios, no card
 * service, no provider images): its scripts and styles from itself, its API on this origin,
 * documents shown as pictures from blob: URLs (a PDF's pages drawn by pdf.js in a worker of
 * its own, decision 081), no frames at all, and never framed by anyone.
 */
export const backofficeCsp = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "object-src 'none'",
  "worker-src 'self' blob:",
].join('; ');

const immutable = 'public, max-age=31536000, immutable';

function backofficeHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', backofficeCsp);
  reply.header('x-frame-options', 'DENY');
  // Never indexed, never cached by a shared cache.
  reply.header('x-robots-tag', 'noindex, nofollow');
}

/**
 * Serves the built back office (apps/backoffice/dist) at /backoffice/ when the folder holds
 * an index.html; every path under it that is not a file gets index.html (client routes).
 * Returns whether it is served.
 */
export async function registerBackofficeApp(
  app: FastifyInstance,
  distDir: string,
): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  const prefix = staffPolicy.appPath;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix,
    // Files are listed at start-up; the catch-all below answers client routes.
    wildcard: false,
    index: false,
    decorateReply: false,
    cacheControl: false,
    lastModified: false,
    setHeaders: (reply, filePath) => {
      const path = relative(distDir, filePath);
      reply.header('cache-control', path.startsWith(`assets${sep}`) ? immutable : 'no-cache');
      reply.header('content-security-policy', backofficeCsp);
      reply.header('x-frame-options', 'DENY');
    },
  });
  // Read once: a new build is served after a restart, like the players' app.
  const html = readFileSync(join(distDir, 'index.html'));
  const page = (reply: FastifyReply) => {
    backofficeHeaders(reply);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  app.get(prefix.slice(0, -1), { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(prefix),
  );
  app.get(prefix, { schema: { hide: true } }, (_request, reply) => page(reply));
  app.get(`${prefix}*`, { schema: { hide: true } }, (_request, reply) => page(reply));
  return true;
}
