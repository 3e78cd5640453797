import { ErrorCode } from '@casino/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

/**
 * The cookie-authenticated calls (refresh, logout) answer only pages of this site. The
 * refresh cookie is SameSite=Strict already; checking Origin as well closes what SameSite
 * does not (a sibling subdomain is "same site", old browsers ignore the attribute).
 * Browsers send Origin on every POST and DELETE; a request without one comes from a
 * non-browser client, which a cross-site page cannot make a victim's browser send.
 * Allowed: the origin the request was addressed to (Host and protocol, which honour
 * X-Forwarded-* behind TRUST_PROXY) and PUBLIC_URL's.
 */
export function createOriginCheck(publicUrl: string | undefined) {
  const configured = publicUrl === undefined ? undefined : new URL(publicUrl).origin;
  return (request: FastifyRequest): Promise<void> => {
    const origin = request.headers.origin;
    if (origin === undefined) return Promise.resolve();
    const own = `${request.protocol}://${request.host}`;
    if (origin === own || origin === configured) return Promise.resolve();
    return Promise.reject(
      new AppError(403, ErrorCode.FORBIDDEN, 'This request must come from the site itself.'),
    );
  };
}
