import {
  endOtherSessionsResponseSchema,
  ErrorCode,
  sessionIdParamsSchema,
  sessionsResponseSchema,
  type DeviceSession,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { requirePlayer, signedInRoutes } from './authenticate';
import { privateRoutes } from './private-routes';
import { describeUserAgent } from './device-description';
import type { GeoLookup } from './geo-lookup';
import type { LiveSessionRow } from './session-repository';
import type { SessionService } from './session-service';

export interface SessionRoutesOptions {
  sessions: SessionService;
  geo: GeoLookup;
}

/** A session as the player sees it: device, browser, place when known, times; no IP. */
export function sessionView(row: LiveSessionRow, currentId: string, geo: GeoLookup): DeviceSession {
  const place = geo.place(row.ip);
  return {
    id: row.id,
    current: row.id === currentId,
    ...describeUserAgent(row.userAgent),
    ...(place ? { place } : {}),
    signed_in_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
  };
}

const noContent = z.null().describe('No content');

/** /api/user/sessions: the player's own sign-ins, and ending them. Every query is by player. */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = (app, options) => {
  const signedIn = signedInRoutes(app, 'user');
  const privateRoute = privateRoutes(app, 'user');
  const { sessions, geo } = options;

  privateRoute(
    'GET',
    '/user/sessions',
    'The signed-in devices of this player (this one marked current)',
    { response: { 200: sessionsResponseSchema } },
    async (player) => {
      const rows = await sessions.listLive(player.id);
      return { sessions: rows.map((row) => sessionView(row, player.sessionId, geo)) };
    },
  );

  app.delete(
    '/user/sessions',
    signedIn('Sign out everywhere else: every session of this player but this one ends', {
      response: { 200: endOtherSessionsResponseSchema },
    }),
    async (request) => {
      const player = requirePlayer(request);
      return { ended: await sessions.revokeOthers(player.id, player.sessionId, 'logout') };
    },
  );

  app.delete(
    '/user/sessions/:id',
    signedIn('Sign one device out (404 unless it is a live session of this player)', {
      params: sessionIdParamsSchema,
      response: { 204: noContent },
    }),
    async (request, reply) => {
      const player = requirePlayer(request);
      if (!(await sessions.revokeOwn(player.id, request.params.id))) {
        throw new AppError(
          404,
          ErrorCode.NOT_FOUND,
          'No such session is signed in to this account.',
        );
      }
      return reply.code(204).send(null);
    },
  );

  return Promise.resolve();
};
