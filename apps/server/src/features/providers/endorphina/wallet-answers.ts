import type { FastifyReply } from 'fastify';

/**
 * EndoAPI answers: a success body, or `{code, message}` with the HTTP status the protocol
 * assigns to the code (PROTOCOLS.md, Endorphina). The studio retries only timeouts, 5xx and
 * INTERNAL_ERROR; every other code is final for it.
 */
export type EndoError =
  | 'ACCESS_DENIED'
  | 'INSUFFICIENT_FUNDS'
  | 'TOKEN_EXPIRED'
  | 'LIMIT_REACHED'
  | 'TOKEN_NOT_FOUND'
  | 'NO_RETRY'
  | 'INTERNAL_ERROR';

const statusOf: Record<EndoError, number> = {
  ACCESS_DENIED: 401,
  INSUFFICIENT_FUNDS: 402,
  TOKEN_EXPIRED: 403,
  LIMIT_REACHED: 403,
  TOKEN_NOT_FOUND: 404,
  NO_RETRY: 429,
  INTERNAL_ERROR: 500,
};

/** What a callback answers, built before it is sent (so the money calls need no reply). */
export interface EndoAnswer {
  status: number;
  body: Record<string, unknown>;
}

export const endoOk = (body: Record<string, unknown>): EndoAnswer => ({ status: 200, body });

export const endoRefusal = (code: EndoError, message: string): EndoAnswer => ({
  status: statusOf[code],
  body: { code, message },
});

export function sendEndo(reply: FastifyReply, answer: EndoAnswer): FastifyReply {
  return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
}

/** Shorthand for a refusal sent at once. */
export function fail(reply: FastifyReply, code: EndoError, message: string): FastifyReply {
  return sendEndo(reply, endoRefusal(code, message));
}
