import { randomUUID } from 'node:crypto';
import type { Approval } from '@casino/contracts/operator';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { staffApprovals } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { PaymentsService } from '../payments';
import type { PaymentRow } from '../payments';
import type { Ledger } from '../wallet';
import type { LedgerEntry, PostingResult } from '../wallet';
import { formatMoney } from '../wallet';
import { InsufficientFunds } from '../wallet';
import { approvalView, notWaiting, samePerson, type ApprovalRow } from './approval-view';
import { appendAudit } from './audit-log';
import { auditStep } from './audit-step';
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
  cashier: PaymentsService;
  /** Thousandths: strictly above it, two people. */
  threshold: bigint;
}

export type AdjustmentOutcome =
  | { kind: 'posted'; result: PostingResult; userId: string }
  | { kind: 'waiting'; approval: Approval };
export type WithdrawalOutcome =
  { kind: 'approved'; payment: PaymentRow } | { kind: 'waiting'; approval: Approval };

const abs = (n: bigint) => (n < 0n ? -n : n);

export function createFourEyes(deps: FourEyesDeps) {
  const { db, clock } = deps;

  const lockApproval = async (tx: Database, id: string) =>
    (await tx.select().from(staffApprovals).where(eq(staffApprovals.id, id)).for('update'))[0];

  /** Records the second approval (a different person) in the caller's transaction. */
  async function decide(
    tx: Database,
    context: StaffContext,
    row: ApprovalRow,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<ApprovalRow> {
    if (row.status !== 'waiting') throw notWaiting(row);
    if (status === 'approved' && row.requestedBy === context.actor.id) throw samePerson();
    const now = clock.now();
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
    view: (row: ApprovalRow) => approvalView(db, row),

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
          // In the posting's transaction: only an applied posting writes it (decision 081).
          inTransaction: auditStep(clock, context, (entry: LedgerEntry) => ({
            action: 'wallet.adjust',
            targetKind: 'player',
            targetId: input.userId,
            before: { balance: formatMoney(entry.balanceBefore) },
            after: {
              amount: formatMoney(entry.amount),
              balance: formatMoney(entry.balanceAfter),
              transaction_id: entry.id,
            },
            reason: input.reason,
          })),
        });
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
        return { kind: 'waiting', approval: await approvalView(tx, row) };
      });
    },

    /**
     * A withdrawal's approval: at or below the amount it is paid out now; above it the first
     * approval waits and a different person's second one pays it out. The payment's row is
     * locked meanwhile, so the decisions on one payment run one after the other.
     */
    async approveWithdrawal(context: StaffContext, paymentId: string): Promise<WithdrawalOutcome> {
      const payment = await deps.cashier.byId(paymentId);
      if (!payment || payment.direction !== 'withdrawal' || payment.amount <= deps.threshold) {
        const approved = await deps.cashier.approveWithdrawal(paymentId, auditApproval(context));
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
        if (approved) return { pay: true as const, row: approved };
        const waiting = rows.find((r) => r.status === 'waiting');
        if (waiting) {
          return { pay: true as const, row: await decide(tx, context, waiting, 'approved', null) };
        }
        if (payment.status !== 'pending') return { pay: true as const, row: undefined };
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
      if (!step.pay) return { kind: 'waiting', approval: await approvalView(db, step.row) };
      // Pending → processing happens once (an atomic step of the cashier's), whoever calls,
      // and the audit row is written in that step's transaction. So every caller hands it the
      // audit row: of concurrent second approvals, the one that decided the approval is not
      // always the one whose call moves the payment, and only the mover's row is written.
      const paid = await deps.cashier.approveWithdrawal(paymentId, auditApproval(context));
      return { kind: 'approved', payment: paid };
    },

    async rejectWithdrawal(context: StaffContext, paymentId: string, reason: string | undefined) {
      // The waiting approval ends and the audit row is written in the payment's transaction.
      return deps.cashier.rejectWithdrawal(paymentId, reason, async (tx, rejected) => {
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
            before: { status: 'pending' },
            after: {
              status: rejected.status,
              user_id: rejected.userId,
              amount: formatMoney(rejected.amount),
            },
            reason: reason ?? null,
          }),
        );
      });
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
        return approvalView(db, after ?? first);
      }
      const decided = await db.transaction(async (tx) => {
        const row = await lockApproval(tx, approvalId);
        if (!row) throw new AppError(404, 'NOT_FOUND', 'No such approval.');
        return decide(tx, context, row, 'approved', null);
      });
      return approvalView(db, await postApprovedAdjustment(context, decided));
    },

    async reject(context: StaffContext, approvalId: string, reason: string): Promise<Approval> {
      const row = await db.transaction(async (tx) => {
        const locked = await lockApproval(tx, approvalId);
        if (!locked) throw new AppError(404, 'NOT_FOUND', 'No such approval.');
        return decide(tx, context, locked, 'rejected', reason);
      });
      return approvalView(db, row);
    },

    async list(status: ApprovalRow['status'], limit: number): Promise<Approval[]> {
      const rows = await db
        .select()
        .from(staffApprovals)
        .where(eq(staffApprovals.status, status))
        .orderBy(staffApprovals.requestedAt)
        .limit(limit);
      return Promise.all(rows.map((r) => approvalView(db, r)));
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

  /** The approval's audit row, in the transaction of the payment's pending → processing. */
  function auditApproval(context: StaffContext) {
    return auditStep(clock, context, (after: PaymentRow) => ({
      action: 'withdrawals.approve',
      targetKind: 'payment',
      targetId: after.id,
      before: { status: 'pending' },
      after: { status: after.status, user_id: after.userId, amount: formatMoney(after.amount) },
    }));
  }
}

export type FourEyes = ReturnType<typeof createFourEyes>;
