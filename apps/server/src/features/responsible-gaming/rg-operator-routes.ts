import {
  rgOperatorPlayerResponseSchema,
  rgStaffBlockRequestSchema,
  rgStaffLimitRequestSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { requireOperatorToken } from '../wallet';
import type { RgConfig } from './rg-config';
import { playerFlags } from './rg-flags';
import type { RgService } from './rg-service';

export interface RgOperatorRoutesOptions {
  service: RgService;
  config: RgConfig;
  clock: Clock;
  /** OPERATOR_API_TOKEN; the feature registers nothing without it. */
  token: string;
}

const tags = ['responsible-gaming', 'operator'];
const params = z.object({ userId: z.uuid() });

/**
 * The operator's view of a player's responsible gaming (until the back office has its own
 * staff scope, these live here, in one file, to move as they are): the limits, every change,
 * the block and the flags; staff may add or lower a limit, or add a block, with a reason —
 * never lift what the player set.
 */
export const rgOperatorRoutes: FastifyPluginAsyncZod<RgOperatorRoutesOptions> = (app, opts) => {
  const { service, config, clock } = opts;
  const onRequest = requireOperatorToken(opts.token);

  const view = async (userId: string) => {
    const [status, history, flags] = await Promise.all([
      service.status(userId),
      service.repo.history(userId),
      playerFlags(service.repo, config, clock, userId),
    ]);
    return {
      user_id: userId,
      status,
      history: history.map((c) => ({
        id: c.id.toString(),
        action: c.action,
        actor: c.actor,
        reason: c.reason,
        old_value: c.oldValue,
        new_value: c.newValue,
        created_at: c.createdAt.toISOString(),
      })),
      flags,
    };
  };

  app.get(
    '/operator/responsible-gaming/players/:userId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A player’s limits, history of changes, time-out or exclusion, and flags',
        params,
        response: { 200: rgOperatorPlayerResponseSchema },
      },
    },
    async (request, reply) => {
      const body = await view(request.params.userId);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.post(
    '/operator/responsible-gaming/players/:userId/limits',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add or lower a player’s limit, with the reason (409 RG_NOT_ALLOWED to raise)',
        params,
        body: rgStaffLimitRequestSchema,
        response: { 200: rgOperatorPlayerResponseSchema },
      },
    },
    async (request) => {
      const { reason, actor, ...limit } = request.body;
      await service.limits.setLimit(request.params.userId, limit, {
        by: 'staff',
        name: actor,
        reason,
      });
      return view(request.params.userId);
    },
  );

  app.post(
    '/operator/responsible-gaming/players/:userId/blocks',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Put a player in a time-out or self-exclusion, with the reason',
        params,
        body: rgStaffBlockRequestSchema,
        response: { 200: rgOperatorPlayerResponseSchema },
      },
    },
    async (request) => {
      const { reason, actor, ...block } = request.body;
      await service.blocks.block(
        request.params.userId,
        block,
        { by: 'staff', name: actor, reason },
        undefined,
      );
      return view(request.params.userId);
    },
  );
  return Promise.resolve();
};
