import type { InTransaction } from '../../db/in-transaction';
import type { Clock } from '../../lib/clock';
import { appendAudit, type AuditWrite } from './audit-log';
import { auditOf, type StaffContext } from './staff-actor';

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
