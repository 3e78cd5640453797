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
import { requirePlayer } from '../auth';
import type { RgService } from './rg-service';

export interface RgRoutesOptions {
  service: RgService;
}

const security = [{ bearerAuth: [] }];
const tags = ['responsible-gaming'];
const status = { 200: rgStatusResponseSchema };

/**
 * /api/responsible-gaming/*: the signed-in player's own limits, reality check, session
 * limit, time-out and self-exclusion. Every change answers the whole page again.
 */
export const rgRoutes: FastifyPluginAsyncZod<RgRoutesOptions> = (app, { service }) => {
  const answer = async (userId: string) => service.status(userId);

  app.get(
    '/responsible-gaming',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The player’s limits (with what each window holds), settings and block',
        security,
        response: status,
      },
    },
    async (request, reply) => {
      const body = await answer(requirePlayer(request).id);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.put(
    '/responsible-gaming/limits',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Add, lower, raise or remove (amount null) a deposit, loss or wager limit',
        description:
          'Adding or lowering applies at once. Raising or removing waits 24 hours and then ' +
          'needs POST /responsible-gaming/limits/confirm; until then the old limit holds ' +
          '(the answer shows it as pending).',
        security,
        body: rgLimitRequestSchema,
        response: status,
      },
    },
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.setLimit(userId, request.body, { by: 'player' });
      return answer(userId);
    },
  );

  app.post(
    '/responsible-gaming/limits/confirm',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Confirm a pending raise or removal, 24 hours or more after it was asked',
        description: '409 RG_TOO_EARLY (fields[0].message: from when), RG_NOTHING_PENDING.',
        security,
        body: rgLimitKeySchema,
        response: status,
      },
    },
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.confirmLimit(userId, request.body);
      return answer(userId);
    },
  );

  app.post(
    '/responsible-gaming/limits/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Drop a pending raise or removal (the limit in force stays)',
        security,
        body: rgLimitKeySchema,
        response: status,
      },
    },
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.cancelPending(userId, request.body);
      return answer(userId);
    },
  );

  app.put(
    '/responsible-gaming/session-limit',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Minutes of play per 24 hours (null: none); raising waits like a limit',
        security,
        body: rgSessionLimitRequestSchema,
        response: status,
      },
    },
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.setSessionLimit(userId, request.body);
      return answer(userId);
    },
  );

  app.post(
    '/responsible-gaming/session-limit/confirm',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Confirm a pending raise or removal of the session limit',
        security,
        response: status,
      },
    },
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.confirmSessionLimit(userId);
      return answer(userId);
    },
  );

  app.put(
    '/responsible-gaming/reality-check',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The reality check interval: 0 (off), 15, 30 or 60 minutes',
        security,
        body: rgRealityCheckRequestSchema,
        response: status,
      },
    },
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.limits.setRealityCheck(userId, request.body.minutes);
      return answer(userId);
    },
  );

  app.post(
    '/responsible-gaming/block',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Take a time-out or self-exclude: at once, and it cannot be shortened',
        description:
          'Every other session of the player ends, and every game launch. 409 RG_NOT_ALLOWED ' +
          'for one that would end before the block in force.',
        security,
        body: rgBlockRequestSchema,
        response: status,
      },
    },
    async (request) => {
      const player = requirePlayer(request);
      await service.blocks.block(player.id, request.body, { by: 'player' }, player.sessionId);
      return answer(player.id);
    },
  );

  app.post(
    '/responsible-gaming/block/lift',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Ask to lift a self-exclusion whose term is over: lifted 24 hours later',
        security,
        response: status,
      },
    },
    async (request) => {
      const userId = requirePlayer(request).id;
      await service.blocks.requestLift(userId);
      return answer(userId);
    },
  );

  app.get(
    '/responsible-gaming/session',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The reality check: when this sign-in began, and the net result since',
        security,
        response: { 200: rgSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const player = requirePlayer(request);
      const body = await service.session(player.id, player.sessionId);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.post(
    '/responsible-gaming/session/stop',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The reality check’s "stop": ends the player’s game sessions',
        security,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      await service.stopPlaying(requirePlayer(request).id);
      return reply.code(204).send(null);
    },
  );
  return Promise.resolve();
};
