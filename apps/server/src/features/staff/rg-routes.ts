import { ErrorCode } from '@casino/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { rgOperatorView, type RgChange } from '../responsible-gaming';
import { auditStep } from './audit-step';
import { actorName } from './staff-actor';
import { contextOf, staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';

/**
 * A player's responsible gaming in the back office (issue 29): `limits:read` sees the limits,
 * every change and the flags; `limits:manage` adds or lowers a limit or adds a time-out or
 * exclusion, with a reason, and can never lift what the player set (the service answers 409
 * RG_NOT_ALLOWED). Who did it is the staff session's person, recorded by the feature's own
 * history and in the audit log, in the same transaction (decision 081).
 */
export function rgRoutes(app: FastifyInstance, s: StaffServices): void {
  const rg = () => app.responsibleGaming;
  const view = async (userId: string) => {
    if (!(await s.players.player(userId))) {
      throw new AppError(404, ErrorCode.NOT_FOUND, 'No such player.');
    }
    return rgOperatorView(rg(), userId);
  };
  /** The staff actor, whose audit row the service writes in the change's transaction. */
  const by = (request: FastifyRequest, reason: string, action: string, userId: string) => ({
    by: 'staff' as const,
    name: actorName(contextOf(request).actor),
    reason,
    audit: auditStep(s.clock, contextOf(request), (change: RgChange) => ({
      action,
      targetKind: 'player',
      targetId: userId,
      before: change.oldValue,
      after: { change: change.action, value: change.newValue },
      reason,
    })),
  });

  /**
   * A change as this staff member: 404 for an unknown player before anything is done, then
   * the change (audited under the route's action with the body's reason), then the new view.
   */
  const change = async (
    request: FastifyRequest,
    userId: string,
    action: 'players.rg.limit' | 'players.rg.block',
    reason: string,
    apply: (staff: ReturnType<typeof by>) => Promise<unknown>,
  ) => {
    await view(userId);
    await apply(by(request, reason, action, userId));
    return view(userId);
  };

  staffRoute(app, 'players.rg', async ({ params }, reply) => reply.send(await view(params.userId)));

  staffRoute(app, 'players.rg.limit', async ({ params, body, request }, reply) => {
    const { reason, ...limit } = body;
    const { userId } = params;
    return reply.send(
      await change(request, userId, 'players.rg.limit', reason, (staff) =>
        rg().service.limits.setLimit(userId, limit, staff),
      ),
    );
  });

  staffRoute(app, 'players.rg.block', async ({ params, body, request }, reply) => {
    const { reason, ...block } = body;
    const { userId } = params;
    return reply.send(
      await change(request, userId, 'players.rg.block', reason, (staff) =>
        rg().service.blocks.block(userId, block, staff, undefined),
      ),
    );
  });
}
