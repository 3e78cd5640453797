import { paymentsErrorCodes } from '@casino/contracts';
import { staffErrorCodes, type Approval } from '@casino/contracts/operator';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { staffApprovals } from '../../db/schema';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { formatMoney, type InsufficientFunds } from '../wallet';

/** Four-eyes approvals as the API shows them, and four-eyes' refusals (decision 066). */

export type ApprovalRow = typeof staffApprovals.$inferSelect;

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

export function notWaiting(row: ApprovalRow): AppError {
  return new AppError(409, staffErrorCodes.APPROVAL_NOT_WAITING, `This approval is ${row.status}.`);
}

export function samePerson(): AppError {
  return new AppError(
    409,
    staffErrorCodes.FOUR_EYES_SAME_PERSON,
    'The second approval must come from a different staff member.',
  );
}

export function insufficientFunds(error: InsufficientFunds): AppError {
  return new AppError(
    409,
    paymentsErrorCodes.INSUFFICIENT_FUNDS,
    `The balance is ${formatMoney(error.balance)}: this debit would take it below zero.`,
  );
}
