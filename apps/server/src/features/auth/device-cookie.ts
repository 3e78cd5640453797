import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredLanguage } from '../../lib/language';
import type { KnownDevices } from './known-devices';
import { refreshCookiePath } from './refresh-cookie';
import type { SessionClient } from './session-repository';

const deviceCookieName = 'device_id';
/** Chrome's cap on a cookie's lifetime. */
const maxAgeSeconds = 400 * 24 * 60 * 60;

/** The browser's device id (see known-devices.ts), sent with sign-in calls only. */
export function deviceCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[deviceCookieName] || undefined;
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  reply.setCookie(deviceCookieName, id, {
    httpOnly: true,
    sameSite: 'strict',
    path: refreshCookiePath,
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

/** Where a sign-in request came from, as the session records it. */
export function sessionClientOf(request: FastifyRequest): SessionClient {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

/**
 * After a sign-in: the browser is recognised or recorded (`notify`: e-mail the player when it
 * is new) and its device cookie set.
 */
export async function recordSignIn(
  devices: KnownDevices,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  notify: boolean,
): Promise<void> {
  const id = await devices.signedIn({
    userId,
    deviceId: deviceCookieOf(request),
    notify,
    language: preferredLanguage(request.headers['accept-language']),
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  setDeviceCookie(request, reply, id);
}
