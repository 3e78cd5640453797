import {
  rgBlockRequestSchema,
  rgLimitKeySchema,
  rgLimitRequestSchema,
  rgRealityCheckRequestSchema,
  rgSessionLimitRequestSchema,
  rgSessionResponseSchema,
  rgStatusResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlayer, signedInRoutes } from '../auth';
import type { RgService } from './rg-service';

export interface RgRoutesOptions {
  service: RgService;
}

const status = { 200: rgStatusResponseSchema };

/**
 * /api/responsible-gaming/*: the signed-in player's own limits, reality check, session
 * limit, time-out and self-exclusion. Every change answers the whole page again.
 */
export const rgRoutes: FastifyPluginAsyncZod<RgRoutesOptions> = (app, { service }) => {
  const signedIn = signedInRoutes(app, 'responsible-gaming');
  const answer = async (userId: string) => service.status(userId);

  app.get(
    '/responsible-gaming',
    signedIn('The player’s limits (with what each window holds), settings and block', {
      response: status,
    }),
    async (request, reply) => {
      const body = await answer(requirePlayer(request).id);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.put(
    '/responsible-gaming/limits',
    signedIn('Add, lower, raise or remove (amount null) a deposit, loss or wager limit', {
      description:
        'Adding or lowering applies at once. Raising or removing waits 24 hours and then ' +
        'needs POST /responsible-gaming/limits/confirm; until then the old limit holds ' +
        '(the answer shows it as pending).',
      body: rgLimitRequestSchema,
      response: status,
    }),
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.setLimit(userId, request.body, { by: 'player' });
      return answer(userId);
    },
  );

  app.post(
    '/responsible-gaming/limits/confirm',
    signedIn('Confirm a pending raise or removal, 24 hours or more after it was asked', {
      description: '409 RG_TOO_EARLY (fields[0].message: from when), RG_NOTHING_PENDING.',
      body: rgLimitKeySchema,
      response: status,
    }),
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.confirmLimit(userId, request.body);
      return answer(userId);
    },
  );

  app.post(
    '/responsible-gaming/limits/cancel',
    signedIn('Drop a pending raise or removal (the limit in force stays)', {
      body: rgLimitKeySchema,
      response: status,
    }),
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.cancelPending(userId, request.body);
      return answer(userId);
    },
  );

  app.put(
    '/responsible-gaming/session-limit',
    signedIn('Minutes of play per 24 hours (null: none); raising waits like a limit', {
      body: rgSessionLimitRequestSchema,
      response: status,
    }),
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.setSessionLimit(userId, request.body);
      return answer(userId);
    },
  );

  app.post(
    '/responsible-gaming/session-limit/confirm',
    signedIn('Confirm a pending raise or removal of the session limit', { response: status }),
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.confirmSessionLimit(userId);
      return answer(userId);
    },
  );

  app.put(
    '/responsible-gaming/reality-check',
    signedIn('The reality check interval: 0 (off), 15, 30 or 60 minutes', {
      body: rgRealityCheckRequestSchema,
      response: status,
    }),
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.setRealityCheck(userId, request.body.minutes);
      return answer(userId);
    },
  );

  app.post(
    '/responsible-gaming/block',
    signedIn('Take a time-out or self-exclude: at once, and it cannot be shortened', {
      description:
        'Every other session of the player ends, and every game launch. 409 RG_NOT_ALLOWED ' +
        'for one that would end before the block in force.',
      body: rgBlockRequestSchema,
      response: status,
    }),
    async (request) => {
      const player = requirePlayer(request);
      await service.blocks.block(player.id, request.body, { by: 'player' }, player.sessionId);
      return answer(player.id);
    },
  );

  app.post(
    '/responsible-gaming/block/lift',
    signedIn('Ask to lift a self-exclusion whose term is over: lifted 24 hours later', {
      response: status,
    }),
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.blocks.requestLift(userId);
      return answer(userId);
    },
  );

  app.get(
    '/responsible-gaming/session',
    signedIn('The reality check: when this sign-in began, and the net result since', {
      response: { 200: rgSessionResponseSchema },
    }),
    async (request, reply) => {
      const player = requirePlayer(request);
      const body = await service.session(player.id, player.sessionId);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.post(
    '/responsible-gaming/session/stop',
    signedIn('The reality check’s "stop": ends the player’s game sessions', {
      response: { 204: z.null().describe('No content') },
    }),
    async (request, reply) => {
      await service.stopPlaying(requirePlayer(request).id);
      return reply.code(204).send(null);
    },
  );
  return Promise.resolve();
};
