import type { StaffRouteId } from '@casino/contracts/operator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InTransaction } from '../../db/in-transaction';
import type { Clock } from '../../lib/clock';
import { appendAudit, type AuditWrite } from './audit-log';
import { auditOf, type StaffContext } from './staff-actor';
import { contextOf, staffRoute, type StaffRequest } from './staff-scope';

/** An audit row's own fields: the request's actor, IP and user agent are filled in. */
export type AuditFields = Omit<AuditWrite, 'actor' | 'ip' | 'userAgent'>;

/**
 * The audit row of a change another feature's service makes (decision 081): handed to the
 * service, which runs it inside its own transaction after the change, so the row and the
 * change commit together or not at all. `entry` builds the row from what changed. The
 * chain's advisory lock is taken last in that transaction (nothing waits for another lock
 * while holding it), as every other writer of the log does.
 */
export function auditStep<T>(
  clock: Clock,
  context: StaffContext,
  entry: (changed: T) => AuditFields,
): InTransaction<T> {
  return async (tx, changed) => {
    await appendAudit(tx, clock.now(), auditOf(context, entry(changed)));
  };
}

/** What a service's change hands its audit step: the target, as it was and as it is. */
export interface TargetChange {
  target: string;
  before: unknown;
  after: unknown;
}

/**
 * The audit step of a change that names its target (games, lobby, bonuses, banners, content):
 * the action, the kind of target (or how to read it from the change) and the staff's reason.
 */
export function changeAudit<C extends TargetChange>(
  clock: Clock,
  request: FastifyRequest,
  action: string,
  targetKind: string | ((change: C) => string),
  reason: string | null = null,
): InTransaction<C> {
  return auditStep(clock, contextOf(request), (change: C) => ({
    action,
    targetKind: typeof targetKind === 'string' ? targetKind : targetKind(change),
    targetId: change.target,
    before: change.before,
    after: change.after,
    reason,
  }));
}

/** The staff routes whose body carries the reason the audit row keeps. */
export type ReasonedRouteId = {
  [Id in StaffRouteId]: StaffRequest<Id>['body'] extends { reason: string } ? Id : never;
}[StaffRouteId];

/** Registers a route of `auditedRoutes`: its id, its audit row's kind of target, its handler. */
export type AuditedRoute = <Id extends ReasonedRouteId>(
  id: Id,
  targetKind: string,
  handler: (
    input: StaffRequest<Id>,
    audit: InTransaction<TargetChange>,
    reply: FastifyReply,
  ) => Promise<unknown>,
) => void;

/**
 * The staff changes handed to another feature's service and audited under their own route
 * id, with the reason from their body (games, lobby, bonuses, a banner's retirement): each
 * handler gets the audit step to pass on. The guard and the permission are `staffRoute`'s,
 * as for every route; the action's name and the reason come from the route itself, so a
 * route cannot be audited under another route's action or without its reason.
 */
export function auditedRoutes(app: FastifyInstance, clock: Clock): AuditedRoute {
  return (id, targetKind, handler) =>
    staffRoute(app, id, (input, reply) => {
      // ReasonedRouteId admits only routes whose body has a reason; TypeScript cannot see
      // that through the generic id.
      const { reason } = input.body as { reason: string };
      return handler(input, changeAudit(clock, input.request, id, targetKind, reason), reply);
    });
}
