import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const requestIdHeader = 'x-request-id';

// A caller's id is reused only if it cannot smuggle anything into logs or headers.
const safeRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the caller's x-request-id when it is a short safe token, else a UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers[requestIdHeader];
  if (typeof incoming === 'string' && safeRequestId.test(incoming)) return incoming;
  return randomUUID();
}
