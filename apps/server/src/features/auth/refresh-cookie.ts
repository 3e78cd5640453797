// The plugin's type augmentation (reply.setCookie, request.cookies); app.ts registers it.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const refreshCookieName = 'refresh_token';
/** Only the refresh and logout calls ever carry it. */
export const refreshCookiePath = '/api/auth';

function attributes(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: refreshCookiePath,
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
    secure: request.protocol === 'https',
  };
}

/** The refresh token as an httpOnly cookie living as long as the session may. */
export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(refreshCookieName, token, { ...attributes(request), maxAge: maxAgeSeconds });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(refreshCookieName, attributes(request));
}

export function refreshCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[refreshCookieName];
  return value === undefined || value === '' ? undefined : value;
}
