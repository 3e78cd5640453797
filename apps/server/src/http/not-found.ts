import { ErrorCode, isWebRoute } from '@casino/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body';

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * A browser navigation to a client route (/profile/balance): a GET for a path outside /api
 * whose last segment has no file extension. Missing files (/assets/x.js) stay 404s, so a
 * stale page never gets HTML where it expected a script.
 */
export function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request.url);
  if (isApiPath(path)) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

export interface NotFoundOptions {
  /**
   * Answers client routes with the SPA's index.html (production, where we serve the SPA):
   * 200 for the web app's pages, 404 for any other path (the SPA shows its own page for it).
   */
  serveSpaIndex?: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => FastifyReply | Promise<FastifyReply>;
}

export function createNotFoundHandler(options: NotFoundOptions = {}) {
  return function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request.url);
    if (options.serveSpaIndex && isClientRoute(request)) {
      return options.serveSpaIndex(request, reply.code(isWebRoute(path) ? 200 : 404));
    }
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(errorBody(ErrorCode.NOT_FOUND, `No route for ${request.method} ${path}.`, request.id));
  };
}
