import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StartupError } from '../lib/errors';
import { isApiPath } from './not-found';
import { dropDocumentOnlyHeaders } from './security-headers';
import { spaPages, type BootBanner, type PageEncoding } from './spa-page';

// Vite names files under assets/ by content hash, so they never change: cache forever.
const immutable = 'public, max-age=31536000, immutable';
// index.html names the current hashed files: always revalidate it.
const revalidate = 'no-cache';
// What a page loads from assets/ and never opens as a document (not the SVG pictures).
const subresource = /\.(js|css|woff2)$/;
// Other files (favicon, robots.txt, images in public/) keep their names across builds.
const short = 'public, max-age=3600';
// The page's compressed forms, in the order the server prefers them.
const pageEncodings: Exclude<PageEncoding, 'identity'>[] = ['br', 'gzip'];

export function assertWebAppBuilt(webDistDir: string): void {
  if (!existsSync(join(webDistDir, 'index.html'))) {
    throw new StartupError(
      `The web app is not built: ${join(webDistDir, 'index.html')} does not exist.\n` +
        'Run "npm run build" at the repository root (or "npm run build -w apps/web") first, ' +
        'or point WEB_DIST_DIR at a built web app.',
    );
  }
}

/** Answers a client route with the app's page (the status is the caller's). */
export type ServeSpaIndex = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply>;

/** The first live banner's art now (null: none live), for the home page's painted copy. */
export type FirstBanner = () => Promise<BootBanner | null>;

/**
 * Serves the built SPA from webDistDir (production). Returns what the not-found handler
 * uses to answer client routes with the page: index.html with the saved theme and language
 * and the route's preloads written in (spa-page.ts, decision 057).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  firstBanner?: FirstBanner,
): Promise<ServeSpaIndex> {
  assertWebAppBuilt(webDistDir);
  const pageFor = spaPages(webDistDir);
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: true,
    // `/` is a client route like the others: the page is written per request (below).
    index: false,
    // We set Cache-Control ourselves: the right value depends on the file.
    cacheControl: false,
    // The ETag already validates a file; Last-Modified would repeat it in every answer.
    lastModified: false,
    // The build writes .br and .gz copies at the highest settings (apps/web/vite-plugins.ts):
    // sent as they are, smaller than what the compress plugin can afford per response.
    preCompressed: true,
    // /api is never a file, `/` is the home page (written per request, below): skip the disk
    // lookup and go straight to the 404 handler, which answers client routes with the page.
    allowedPath: (pathName) => pathName !== '/' && !isApiPath(pathName),
    setHeaders: (reply, filePath) => {
      // A precompressed copy (app.js.br) is cached as the file it stands for.
      const path = relative(webDistDir, filePath).replace(/\.(br|gz)$/, '');
      const inAssets = path.startsWith(`assets${sep}`);
      const header = inAssets ? immutable : path === 'index.html' ? revalidate : short;
      reply.header('cache-control', header);
      if (inAssets && subresource.test(path)) dropDocumentOnlyHeaders(reply);
    },
  });
  return async (request, reply) => {
    // The home page paints the carousel's first banner before the code (decision 057); which
    // one staff have put first is read from the banners' cached list (decision 090).
    const home = (request.url.split('?')[0] ?? '').replace(/\/+$/, '') === '';
    // A failed read keeps the built copy: the page must answer even with the database down.
    const bootBanner = home && firstBanner ? await firstBanner().catch(() => undefined) : undefined;
    const page = pageFor(request.url, request.headers.cookie, bootBanner);
    // Compressed once per page (spa-page.ts), so not again by the compress plugin.
    const accepted = request.headers['accept-encoding'];
    const encoding: PageEncoding = (accepted && negotiate(accepted, pageEncodings)) || 'identity';
    const { body, etag } = page.encoded(encoding);
    // The page depends on the preference cookies; a browser revalidates it on every visit.
    reply
      .header('cache-control', revalidate)
      .header('vary', 'Cookie, Accept-Encoding')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(body);
  };
}
