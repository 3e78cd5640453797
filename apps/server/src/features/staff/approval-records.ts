import { staffErrorCodes, type Approval } from '@casino/contracts/operator';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { staffApprovals, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { formatMoney } from '../wallet';
import { appendAudit } from './audit-log';
import { auditOf, type StaffContext } from './staff-actor';

/** An approval as stored (staff_approvals), read and decided under its row lock. */
export type ApprovalRow = typeof staffApprovals.$inferSelect;

export function notWaiting(row: ApprovalRow): AppError {
  return new AppError(409, staffErrorCodes.APPROVAL_NOT_WAITING, `This approval is ${row.status}.`);
}

function samePerson(): AppError {
  return new AppError(
    409,
    staffErrorCodes.FOUR_EYES_SAME_PERSON,
    'The second approval must come from a different staff member.',
  );
}

export async function approvalView(tx: Database, row: ApprovalRow): Promise<Approval> {
  const found = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, row.userId));
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    user_id: row.userId,
    username: found[0]?.username ?? '',
    amount: formatMoney(row.amount),
    reason: row.reason,
    payment_id: row.paymentId,
    requested_by: row.requestedByEmail ?? row.requestedBy,
    requested_at: row.requestedAt.toISOString(),
    decided_by: row.decidedByEmail ?? row.decidedBy,
    decided_at: row.decidedAt?.toISOString() ?? null,
    failure: row.failure,
  };
}

export const lockApproval = async (tx: Database, id: string) =>
  (await tx.select().from(staffApprovals).where(eq(staffApprovals.id, id)).for('update'))[0];

/** Records the second approval (a different person) in the caller's transaction. */
export async function decideApproval(
  tx: Database,
  now: Date,
  context: StaffContext,
  row: ApprovalRow,
  status: 'approved' | 'rejected',
  reason: string | null,
): Promise<ApprovalRow> {
  if (row.status !== 'waiting') throw notWaiting(row);
  if (status === 'approved' && row.requestedBy === context.actor.id) throw samePerson();
  const decided = {
    status,
    decidedBy: context.actor.id,
    decidedByEmail: context.actor.email,
    decidedAt: now,
  } as const;
  await tx.update(staffApprovals).set(decided).where(eq(staffApprovals.id, row.id));
  await appendAudit(
    tx,
    now,
    auditOf(context, {
      action: status === 'approved' ? 'approvals.approve' : 'approvals.reject',
      targetKind: 'approval',
      targetId: row.id,
      before: { status: row.status },
      after: { status, kind: row.kind, amount: formatMoney(row.amount), user_id: row.userId },
      reason,
    }),
  );
  return { ...row, ...decided };
}
