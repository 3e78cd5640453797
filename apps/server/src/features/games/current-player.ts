import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The signed-in player of a request where signing in is OPTIONAL (game lists and launches):
 * null for a guest (no Authorization header). A request that carries a token which is not
 * valid fails with 401 instead of silently becoming a guest, so the web app refreshes its
 * token and retries (SPEC §4) rather than showing a demo to a signed-in player.
 */
export type ResolvePlayer = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<{ id: string; sessionId?: string } | null>;

/**
 * Optional sign-in on top of the accounts feature's `app.authenticate` (bearer access token
 * with a live session). Looked up per request, so the accounts feature may register after us.
 */
export function optionalPlayer(app: FastifyInstance): ResolvePlayer {
  return async (request, reply) => {
    if (request.headers.authorization === undefined) return null;
    if (!app.hasDecorator('authenticate')) return null;
    await app.authenticate(request, reply);
    return request.player ? { id: request.player.id, sessionId: request.player.sessionId } : null;
  };
}
