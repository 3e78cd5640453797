import { ErrorCode } from '@casino/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { AuthenticatedPlayer, SessionService } from './session-service';

const bearer = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i;

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || header.length > 4096) return undefined;
  return bearer.exec(header.trim())?.[1];
}

export function unauthorized(): AppError {
  return new AppError(401, ErrorCode.UNAUTHORIZED, 'Sign in to continue.');
}

/** The player of a route behind app.authenticate (401 if the hook was forgotten). */
export function requirePlayer(request: FastifyRequest): AuthenticatedPlayer {
  if (!request.player) throw unauthorized();
  return request.player;
}

/**
 * Decorates the root app, so every feature plugin (games, wallet, …) can use
 * `app.authenticate` and `request.player`. Each call costs a signature check and one
 * primary-key read of the session, which is what makes logout and revocation immediate.
 */
export function registerAuthentication(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('player', null);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    const player = token === undefined ? undefined : await sessions.authenticate(token);
    if (!player) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    request.player = player;
  });
}

/**
 * The options of a route only a signed-in player reaches, under one OpenAPI tag: the
 * `app.authenticate` hook and the `bearerAuth` the document marks it with (the authorisation
 * matrix checks that the two go together), then the route's own schema.
 */
export function signedInRoutes(app: FastifyInstance, tag: string) {
  return <Schema extends object>(summary: string, schema: Schema) => ({
    onRequest: app.authenticate,
    schema: { tags: [tag], summary, security: [{ bearerAuth: [] }], ...schema },
  });
}
