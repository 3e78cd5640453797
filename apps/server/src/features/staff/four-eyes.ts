import { randomUUID } from 'node:crypto';
import { paymentsErrorCodes } from '@casino/contracts';
import type { Approval } from '@casino/contracts/operator';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { staffApprovals } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { CashierDeps } from '../payments';
import type { PaymentRow } from '../payments';
import { approveWithdrawal, rejectWithdrawal } from '../payments';
import type { Ledger } from '../wallet';
import type { PostingResult } from '../wallet';
import { formatMoney } from '../wallet';
import { InsufficientFunds } from '../wallet';
import {
  approvalView,
  decideApproval,
  lockApproval,
  notWaiting,
  type ApprovalRow,
} from './approval-records';
import { appendAudit, appendAuditAfter } from './audit-log';
import { actorName, auditOf, type StaffContext } from './staff-actor';

/**
 * Four-eyes (docs/decisions/066): a manual adjustment or a withdrawal approval above
 * BACKOFFICE_FOUR_EYES_AMOUNT waits in staff_approvals until a second, different person
 * approves; nothing moves before. The approval row is locked while it is decided, so of two
 * concurrent second approvals one moves the money and the other finds it decided; the money
 * moves under a key derived from the approval (the ledger's idempotency, the payout's
 * pending → processing step), so even a retry after a crash moves it once.
 */

export interface FourEyesDeps {
  db: Database;
  clock: Clock;
  ledger: Ledger;
  cashier: CashierDeps;
  /** Thousandths: strictly above it, two people. */
  threshold: bigint;
}

export type AdjustmentOutcome =
  | { kind: 'posted'; result: PostingResult; userId: string }
  | { kind: 'waiting'; approval: Approval };
export type WithdrawalOutcome =
  { kind: 'approved'; payment: PaymentRow } | { kind: 'waiting'; approval: Approval };

const abs = (n: bigint) => (n < 0n ? -n : n);

export function insufficientFunds(error: InsufficientFunds): AppError {
  return new AppError(
    409,
    paymentsErrorCodes.INSUFFICIENT_FUNDS,
    `The balance is ${formatMoney(error.balance)}: this debit would take it below zero.`,
  );
}

export function createFourEyes(deps: FourEyesDeps) {
  const { db, clock } = deps;
  const view = approvalView;
  const decide = (
    tx: Database,
    context: StaffContext,
    row: ApprovalRow,
    status: 'approved' | 'rejected',
    reason: string | null,
  ) => decideApproval(tx, clock.now(), context, row, status, reason);

  /** The adjustment of an approved approval: once, under the approval's own key. */
  async function postApprovedAdjustment(context: StaffContext, row: ApprovalRow) {
    try {
      await deps.ledger.postAdjustment({
        userId: row.userId,
        amount: row.amount,
        reason: row.reason ?? 'four-eyes adjustment',
        idempotencyKey: `four-eyes:${row.id}`,
        actor: `${row.requestedByEmail ?? row.requestedBy} + ${actorName(context.actor)}`,
      });
    } catch (error) {
      if (!(error instanceof InsufficientFunds)) throw error;
      const failure = `insufficient funds (balance ${formatMoney(error.balance)})`;
      await db.transaction(async (tx) => {
        await tx
          .update(staffApprovals)
          .set({ status: 'failed', failure })
          .where(eq(staffApprovals.id, row.id));
        await appendAudit(
          tx,
          clock.now(),
          auditOf(context, {
            action: 'approvals.failed',
            targetKind: 'approval',
            targetId: row.id,
            after: { status: 'failed', failure },
          }),
        );
      });
      return { ...row, status: 'failed' as const, failure };
    }
    return row;
  }

  return {
    threshold: deps.threshold,
    view: (row: ApprovalRow) => view(db, row),

    /**
     * A manual adjustment: at or below the amount, posted now (audited); above it, an
     * approval waiting for a second person (the same key again answers the same approval).
     */
    async requestAdjustment(
      context: StaffContext,
      input: { userId: string; amount: bigint; reason: string; idempotencyKey: string },
    ): Promise<AdjustmentOutcome> {
      if (abs(input.amount) <= deps.threshold) {
        const result = await deps.ledger.postAdjustment({
          userId: input.userId,
          amount: input.amount,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
          actor: actorName(context.actor),
        });
        if (result.outcome === 'applied') {
          await appendAuditAfter(
            db,
            clock.now(),
            auditOf(context, {
              action: 'wallet.adjust',
              targetKind: 'player',
              targetId: input.userId,
              before: { balance: formatMoney(result.balanceAfter - result.entry.amount) },
              after: {
                amount: formatMoney(result.entry.amount),
                balance: formatMoney(result.balanceAfter),
                transaction_id: result.transactionId,
              },
              reason: input.reason,
            }),
          );
        }
        return { kind: 'posted', result, userId: input.userId };
      }
      const now = clock.now();
      return db.transaction(async (tx) => {
        const key = `${context.actor.id}:${input.idempotencyKey}`;
        const inserted = await tx
          .insert(staffApprovals)
          .values({
            id: randomUUID(),
            kind: 'adjustment',
            status: 'waiting',
            userId: input.userId,
            amount: input.amount,
            reason: input.reason,
            idempotencyKey: key,
            requestedBy: context.actor.id,
            requestedByEmail: context.actor.email,
            requestedAt: now,
          })
          .onConflictDoNothing({ target: staffApprovals.idempotencyKey })
          .returning();
        const row =
          inserted[0] ??
          (await tx.select().from(staffApprovals).where(eq(staffApprovals.idempotencyKey, key)))[0];
        if (!row) throw new Error('four-eyes: the approval vanished');
        if (inserted[0]) {
          await appendAudit(
            tx,
            now,
            auditOf(context, {
              action: 'wallet.adjust.requested',
              targetKind: 'player',
              targetId: input.userId,
              after: { approval_id: row.id, amount: formatMoney(input.amount), status: 'waiting' },
              reason: input.reason,
            }),
          );
        }
        return { kind: 'waiting', approval: await view(tx, row) };
      });
    },

    /**
     * A withdrawal's approval: at or below the amount it is paid out now; above it the first
     * approval waits and a different person's second one pays it out. The payment's row is
     * locked meanwhile, so the decisions on one payment run one after the other.
     */
    async approveWithdrawal(context: StaffContext, paymentId: string): Promise<WithdrawalOutcome> {
      const payment = await deps.cashier.repo.byId(paymentId);
      if (!payment || payment.direction !== 'withdrawal' || payment.amount <= deps.threshold) {
        const approved = await approveWithdrawal(deps.cashier, paymentId);
        await auditWithdrawal(context, payment, approved);
        return { kind: 'approved', payment: approved };
      }
      const now = clock.now();
      const step = await db.transaction(async (tx) => {
        await tx.execute(sql`select id from payments where id = ${paymentId} for update`);
        const rows = await tx
          .select()
          .from(staffApprovals)
          .where(
            and(
              eq(staffApprovals.paymentId, paymentId),
              inArray(staffApprovals.status, ['waiting', 'approved']),
            ),
          )
          .orderBy(desc(staffApprovals.requestedAt))
          .for('update');
        const approved = rows.find((r) => r.status === 'approved');
        if (approved) return { pay: true as const, row: approved, fresh: false };
        const waiting = rows.find((r) => r.status === 'waiting');
        if (waiting) {
          return {
            pay: true as const,
            row: await decide(tx, context, waiting, 'approved', null),
            fresh: true,
          };
        }
        if (payment.status !== 'pending')
          return { pay: true as const, row: undefined, fresh: false };
        const row: ApprovalRow = {
          id: randomUUID(),
          kind: 'withdrawal',
          status: 'waiting',
          userId: payment.userId,
          amount: payment.amount,
          reason: null,
          paymentId,
          idempotencyKey: null,
          requestedBy: context.actor.id,
          requestedByEmail: context.actor.email,
          requestedAt: now,
          decidedBy: null,
          decidedByEmail: null,
          decidedAt: null,
          failure: null,
        };
        await tx.insert(staffApprovals).values(row);
        await appendAudit(
          tx,
          now,
          auditOf(context, {
            action: 'withdrawals.approve.requested',
            targetKind: 'payment',
            targetId: paymentId,
            before: { status: payment.status },
            after: { approval_id: row.id, status: 'waiting' },
          }),
        );
        return { pay: false as const, row };
      });
      if (!step.pay) return { kind: 'waiting', approval: await view(db, step.row) };
      // Pending → processing happens once (an atomic step of the cashier's), whoever calls.
      const paid = await approveWithdrawal(deps.cashier, paymentId);
      if (step.fresh) await auditWithdrawal(context, payment, paid);
      return { kind: 'approved', payment: paid };
    },

    async rejectWithdrawal(context: StaffContext, paymentId: string, reason: string | undefined) {
      const before = await deps.cashier.repo.byId(paymentId);
      const rejected = await rejectWithdrawal(deps.cashier, paymentId, reason);
      await db.transaction(async (tx) => {
        const now = clock.now();
        await tx
          .update(staffApprovals)
          .set({
            status: 'rejected',
            decidedBy: context.actor.id,
            decidedByEmail: context.actor.email,
            decidedAt: now,
          })
          .where(
            and(eq(staffApprovals.paymentId, paymentId), eq(staffApprovals.status, 'waiting')),
          );
        await appendAudit(
          tx,
          now,
          auditOf(context, {
            action: 'withdrawals.reject',
            targetKind: 'payment',
            targetId: paymentId,
            before: { status: before?.status ?? null },
            after: {
              status: rejected.status,
              user_id: rejected.userId,
              amount: formatMoney(rejected.amount),
            },
            reason: reason ?? null,
          }),
        );
      });
      return rejected;
    },

    /** The second approval from the queue (either kind). */
    async approve(context: StaffContext, approvalId: string): Promise<Approval> {
      const first = (
        await db.select().from(staffApprovals).where(eq(staffApprovals.id, approvalId))
      )[0];
      if (!first) throw new AppError(404, 'NOT_FOUND', 'No such approval.');
      if (first.kind === 'withdrawal') {
        if (!context.actor.permissions.has('withdrawals:decide')) {
          throw new AppError(403, 'FORBIDDEN', 'This needs the permission withdrawals:decide.');
        }
        if (first.status !== 'waiting') throw notWaiting(first);
        await this.approveWithdrawal(context, first.paymentId ?? '');
        const after = (
          await db.select().from(staffApprovals).where(eq(staffApprovals.id, approvalId))
        )[0];
        return view(db, after ?? first);
      }
      const decided = await db.transaction(async (tx) => {
        const row = await lockApproval(tx, approvalId);
        if (!row) throw new AppError(404, 'NOT_FOUND', 'No such approval.');
        return decide(tx, context, row, 'approved', null);
      });
      return view(db, await postApprovedAdjustment(context, decided));
    },

    async reject(context: StaffContext, approvalId: string, reason: string): Promise<Approval> {
      const row = await db.transaction(async (tx) => {
        const locked = await lockApproval(tx, approvalId);
        if (!locked) throw new AppError(404, 'NOT_FOUND', 'No such approval.');
        return decide(tx, context, locked, 'rejected', reason);
      });
      return view(db, row);
    },

    async list(status: ApprovalRow['status'], limit: number): Promise<Approval[]> {
      const rows = await db
        .select()
        .from(staffApprovals)
        .where(eq(staffApprovals.status, status))
        .orderBy(staffApprovals.requestedAt)
        .limit(limit);
      return Promise.all(rows.map((r) => view(db, r)));
    },

    async waitingFor(paymentIds: string[]) {
      if (paymentIds.length === 0) return [];
      return db
        .select()
        .from(staffApprovals)
        .where(
          and(inArray(staffApprovals.paymentId, paymentIds), eq(staffApprovals.status, 'waiting')),
        );
    },
  };

  async function auditWithdrawal(
    context: StaffContext,
    before: PaymentRow | undefined,
    after: PaymentRow,
  ) {
    await appendAuditAfter(
      db,
      clock.now(),
      auditOf(context, {
        action: 'withdrawals.approve',
        targetKind: 'payment',
        targetId: after.id,
        before: { status: before?.status ?? null },
        after: { status: after.status, user_id: after.userId, amount: formatMoney(after.amount) },
      }),
    );
  }
}

export type FourEyes = ReturnType<typeof createFourEyes>;
