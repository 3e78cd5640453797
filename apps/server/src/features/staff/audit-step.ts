import type { FastifyRequest } from 'fastify';
import type { InTransaction } from '../../db/in-transaction';
import type { Clock } from '../../lib/clock';
import { appendAudit, type AuditWrite } from './audit-log';
import { auditOf, type StaffContext } from './staff-actor';
import { contextOf } from './staff-scope';

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
