import type { FastifyReply, FastifyRequest } from 'fastify';

export interface ApiResponse {
  status: number;
  body: unknown;
}

/**
 * The card API's Idempotency-Key: per route and key, the first response is kept and answered
 * again to a repeat with the same body; a repeat with another body is `refuse`d. Server errors
 * are not kept, so a retry can succeed.
 */
export function idempotentResponses(refuse: (reply: FastifyReply) => FastifyReply) {
  const seen = new Map<string, ApiResponse & { fingerprint: string }>();

  /** Runs `create` once per Idempotency-Key; a repeat answers the first response again. */
  return function once(
    request: FastifyRequest,
    reply: FastifyReply,
    create: () => ApiResponse,
  ): FastifyReply {
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' && header.length <= 255 ? header : undefined;
    const fingerprint = JSON.stringify(request.body ?? null);
    const slot = `${request.routeOptions.url ?? ''} ${key ?? ''}`;
    if (key !== undefined) {
      const first = seen.get(slot);
      if (first) {
        if (first.fingerprint !== fingerprint) return refuse(reply);
        return reply.code(first.status).header('idempotent-replayed', 'true').send(first.body);
      }
    }
    const result = create();
    if (key !== undefined && result.status < 500) seen.set(slot, { fingerprint, ...result });
    return reply.code(result.status).send(result.body);
  };
}
