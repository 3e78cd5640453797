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
import { privateRoutes, requirePlayer, signedInRoutes, type AuthenticatedPlayer } from '../auth';
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
  const privateRoute = privateRoutes(app, 'responsible-gaming');
  const answer = async (userId: string) => service.status(userId);

  privateRoute(
    'GET',
    '/responsible-gaming',
    'The player’s limits (with what each window holds), settings and block',
    { response: status },
    (player) => answer(player.id),
  );

  /** A change of the player's own settings: signed in, applied, the whole page again. */
  const change = <Body extends z.ZodType = z.ZodUndefined>(
    method: 'PUT' | 'POST',
    url: string,
    summary: string,
    schema: { description?: string; body?: Body },
    apply: (player: AuthenticatedPlayer, body: z.output<Body>) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url,
      ...signedIn(summary, { ...schema, response: status }),
      handler: async (request) => {
        const player = requirePlayer(request);
        await apply(player, request.body as z.output<Body>);
        return answer(player.id);
      },
    });

  change(
    'PUT',
    '/responsible-gaming/limits',
    'Add, lower, raise or remove (amount null) a deposit, loss or wager limit',
    {
      description:
        'Adding or lowering applies at once. Raising or removing waits 24 hours and then ' +
        'needs POST /responsible-gaming/limits/confirm; until then the old limit holds ' +
        '(the answer shows it as pending).',
      body: rgLimitRequestSchema,
    },
    (player, body) => service.limits.setLimit(player.id, body, { by: 'player' }),
  );
  change(
    'POST',
    '/responsible-gaming/limits/confirm',
    'Confirm a pending raise or removal, 24 hours or more after it was asked',
    {
      description: '409 RG_TOO_EARLY (fields[0].message: from when), RG_NOTHING_PENDING.',
      body: rgLimitKeySchema,
    },
    (player, body) => service.limits.confirmLimit(player.id, body),
  );
  change(
    'POST',
    '/responsible-gaming/limits/cancel',
    'Drop a pending raise or removal (the limit in force stays)',
    { body: rgLimitKeySchema },
    (player, body) => service.limits.cancelPending(player.id, body),
  );
  change(
    'PUT',
    '/responsible-gaming/session-limit',
    'Minutes of play per 24 hours (null: none); raising waits like a limit',
    { body: rgSessionLimitRequestSchema },
    (player, body) => service.limits.setSessionLimit(player.id, body),
  );
  change(
    'POST',
    '/responsible-gaming/session-limit/confirm',
    'Confirm a pending raise or removal of the session limit',
    {},
    (player) => service.limits.confirmSessionLimit(player.id),
  );
  change(
    'PUT',
    '/responsible-gaming/reality-check',
    'The reality check interval: 0 (off), 15, 30 or 60 minutes',
    { body: rgRealityCheckRequestSchema },
    (player, body) => service.limits.setRealityCheck(player.id, body.minutes),
  );
  change(
    'POST',
    '/responsible-gaming/block',
    'Take a time-out or self-exclude: at once, and it cannot be shortened',
    {
      description:
        'Every other session of the player ends, and every game launch. 409 RG_NOT_ALLOWED ' +
        'for one that would end before the block in force.',
      body: rgBlockRequestSchema,
    },
    (player, body) => service.blocks.block(player.id, body, { by: 'player' }, player.sessionId),
  );
  change(
    'POST',
    '/responsible-gaming/block/lift',
    'Ask to lift a self-exclusion whose term is over: lifted 24 hours later',
    {},
    (player) => service.blocks.requestLift(player.id),
  );

  privateRoute(
    'GET',
    '/responsible-gaming/session',
    'The reality check: when this sign-in began, and the net result since',
    { response: { 200: rgSessionResponseSchema } },
    (player) => service.session(player.id, player.sessionId),
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
