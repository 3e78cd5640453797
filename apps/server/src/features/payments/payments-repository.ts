import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { InTransaction } from '../../db/in-transaction';
import { paymentWebhookEvents, payments, type PaymentStatus } from '../../db/schema';

/** A payments row (see db/schema/payments.ts). */
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
type PaymentPatch = Partial<
  Pick<
    PaymentRow,
    | 'providerRef'
    | 'redirectUrl'
    | 'failureCode'
    | 'failureMessage'
    | 'ledgerEntryId'
    | 'reversalEntryId'
    | 'payAddress'
    | 'payAmount'
    | 'payCurrency'
    | 'actuallyPaid'
    | 'creditedAmount'
  >
>;

/** Withdrawal statuses whose money must have come back (one reversal each). */
export const givenBackStatuses: readonly PaymentStatus[] = ['canceled', 'rejected', 'failed'];

/**
 * The payments table. A status only moves through `advance`: one conditional UPDATE, so of
 * two racing changes (a player's cancel and an operator's approval, a webhook and its retry)
 * exactly one wins and the other sees nothing to change.
 */
export function paymentsRepository(db: Database) {
  return {
    /** The new row, or undefined when this player already used the key (a repeat). */
    async insert(row: NewPayment): Promise<PaymentRow | undefined> {
      const [inserted] = await db
        .insert(payments)
        .values(row)
        .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
        .returning();
      return inserted;
    },

    async byKey(userId: string, idempotencyKey: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
      return row;
    },

    async byId(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** Only this player's: another player's payment is "not found", never "forbidden". */
    async own(userId: string, id: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.userId, userId)));
      return row;
    },

    async listOwn(userId: string, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
    },

    /** Withdrawals waiting for the operator (or for their payout), oldest first. */
    async withdrawalsIn(status: PaymentStatus, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.direction, 'withdrawal'), eq(payments.status, status)))
        .orderBy(asc(payments.createdAt), asc(payments.id))
        .limit(limit);
    },

    /** Cards this player deposited with successfully: where withdrawals may go. */
    async savedCards(
      userId: string,
    ): Promise<{ cardToken: string; cardBrand: string; cardLast4: string }[]> {
      const { rows } = await db.execute<{
        card_token: string;
        card_brand: string;
        card_last4: string;
      }>(sql`
        select distinct on (card_token) card_token, card_brand, card_last4
        from payments
        where user_id = ${userId}::uuid and direction = 'deposit' and status = 'succeeded'
          and card_token is not null
        order by card_token, created_at desc`);
      return rows.map((r) => ({
        cardToken: r.card_token,
        cardBrand: r.card_brand,
        cardLast4: r.card_last4,
      }));
    },

    /**
     * Moves the payment to `to` if it is in one of `from`, with `patch`; the updated row, or
     * undefined when it was not in `from` (someone else moved it first).
     */
    async advance(
      id: string,
      from: readonly PaymentStatus[],
      to: PaymentStatus,
      patch: PaymentPatch,
      now: Date,
      /** The caller's step in the same transaction, when the row moved (an audit row). */
      inTransaction?: InTransaction<PaymentRow>,
    ): Promise<PaymentRow | undefined> {
      const move = async (tx: Database) => {
        const [row] = await tx
          .update(payments)
          .set({ ...patch, status: to, updatedAt: now })
          .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
          .returning();
        if (row && inTransaction) await inTransaction(tx, row);
        return row;
      };
      return inTransaction ? db.transaction(move) : move(db);
    },

    /** Fields that do not change the status (the provider's id, a reversal's row). */
    async patch(id: string, patch: PaymentPatch, now: Date): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ ...patch, updatedAt: now })
        .where(eq(payments.id, id))
        .returning();
      return row;
    },

    /**
     * Rows a stopped process (or a webhook that never came) may have left half-way, untouched
     * since `before`, oldest first, a page after `after`: card deposits pending or waiting for
     * 3-D Secure with a charge sent, withdrawals still "requested", and withdrawals canceled,
     * rejected or failed whose reversal is not recorded. reconciliation.ts puts them right.
     */
    async unfinished(
      before: Date,
      after: Pick<PaymentRow, 'updatedAt' | 'id'> | undefined,
      limit: number,
    ): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            lt(payments.updatedAt, before),
            after === undefined
              ? undefined
              : sql`(${payments.updatedAt}, ${payments.id}) > (${after.updatedAt}, ${after.id})`,
            or(
              and(
                eq(payments.direction, 'deposit'),
                eq(payments.method, 'card'),
                inArray(payments.status, ['pending', 'requires_action']),
                isNotNull(payments.providerRef),
              ),
              and(eq(payments.direction, 'withdrawal'), eq(payments.status, 'requested')),
              and(
                eq(payments.direction, 'withdrawal'),
                inArray(payments.status, [...givenBackStatuses]),
                isNull(payments.reversalEntryId),
              ),
            ),
          ),
        )
        .orderBy(asc(payments.updatedAt), asc(payments.id))
        .limit(limit);
    },

    /** A withdrawal the ledger refused (over the balance): as if never submitted. */
    async dropRequested(id: string): Promise<void> {
      await db.delete(payments).where(and(eq(payments.id, id), eq(payments.status, 'requested')));
    },

    async eventSeen(provider: string, eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ eventId: paymentWebhookEvents.eventId })
        .from(paymentWebhookEvents)
        .where(
          and(
            eq(paymentWebhookEvents.provider, provider),
            eq(paymentWebhookEvents.eventId, eventId),
          ),
        );
      return row !== undefined;
    },

    async recordEvent(
      provider: string,
      eventId: string,
      type: string,
      paymentId: string | null,
      now: Date,
    ): Promise<void> {
      await db
        .insert(paymentWebhookEvents)
        .values({ provider, eventId, type, paymentId, receivedAt: now })
        .onConflictDoNothing();
    },
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
