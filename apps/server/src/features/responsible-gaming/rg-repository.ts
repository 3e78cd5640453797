import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  rgChanges,
  rgLimits,
  rgPlayers,
  type RgLimitKind,
  type RgLimitPeriod,
} from '../../db/schema';

export type RgPlayerRow = typeof rgPlayers.$inferSelect;
export type RgLimitRow = typeof rgLimits.$inferSelect;
export type RgChangeRow = typeof rgChanges.$inferSelect;

/** Sums of one rolling window per period, in thousandths. */
export type WindowSums = Record<RgLimitPeriod, bigint>;
export interface PlayUsage {
  wager: WindowSums;
  loss: WindowSums;
  /** Seconds played in the last 24 hours (rg_hourly.play_seconds). */
  playSeconds: number;
}

export const periodHours: Record<RgLimitPeriod, number> = { day: 24, week: 168, month: 720 };

/** The first clock hour a rolling window of `hours` reads (the same rule as rg_bet_refusal). */
export function windowStart(now: Date, hours: number): Date {
  const start = new Date(now.getTime() - hours * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  return start;
}

type Num = string | number | bigint | null;
const big = (value: Num) => BigInt(value ?? 0);

/**
 * The responsible-gaming tables. Changes run inside the service's transaction, after
 * `lockPlayer`, so two changes of one player (and a bet, which takes the same lock) never
 * interleave.
 */
export function rgRepository(db: Database) {
  return {
    async player(userId: string, tx: Database = db): Promise<RgPlayerRow | undefined> {
      const [row] = await tx.select().from(rgPlayers).where(eq(rgPlayers.userId, userId));
      return row;
    },

    /** Creates the player's row if missing; true when it did (the caller adds the defaults). */
    async ensurePlayer(
      tx: Database,
      userId: string,
      realityCheckMinutes: number,
      now: Date,
    ): Promise<boolean> {
      const inserted = await tx
        .insert(rgPlayers)
        .values({ userId, realityCheckMinutes, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ userId: rgPlayers.userId });
      return inserted.length > 0;
    },

    /** The row lock rg_bet_refusal takes too: the player's bets wait for this change. */
    async lockPlayer(tx: Database, userId: string): Promise<RgPlayerRow> {
      const [row] = await tx
        .select()
        .from(rgPlayers)
        .where(eq(rgPlayers.userId, userId))
        .for('update');
      if (!row) throw new Error(`rg_players row of ${userId} is missing`);
      return row;
    },

    async updatePlayer(
      tx: Database,
      userId: string,
      patch: Partial<Omit<RgPlayerRow, 'userId' | 'createdAt'>>,
    ): Promise<void> {
      await tx.update(rgPlayers).set(patch).where(eq(rgPlayers.userId, userId));
    },

    async limits(userId: string, tx: Database = db): Promise<RgLimitRow[]> {
      return tx.select().from(rgLimits).where(eq(rgLimits.userId, userId));
    },

    async putLimit(tx: Database, row: RgLimitRow): Promise<void> {
      await tx
        .insert(rgLimits)
        .values(row)
        .onConflictDoUpdate({
          target: [rgLimits.userId, rgLimits.kind, rgLimits.period],
          set: {
            amount: row.amount,
            pendingAmount: row.pendingAmount,
            pendingAt: row.pendingAt,
            setBy: row.setBy,
            warnedAt: row.warnedAt,
            updatedAt: row.updatedAt,
          },
        });
    },

    async deleteLimit(
      tx: Database,
      userId: string,
      kind: RgLimitKind,
      period: RgLimitPeriod,
    ): Promise<void> {
      await tx
        .delete(rgLimits)
        .where(
          and(eq(rgLimits.userId, userId), eq(rgLimits.kind, kind), eq(rgLimits.period, period)),
        );
    },

    async markWarned(userId: string, kind: RgLimitKind, period: RgLimitPeriod, at: Date) {
      await db
        .update(rgLimits)
        .set({ warnedAt: at })
        .where(
          and(eq(rgLimits.userId, userId), eq(rgLimits.kind, kind), eq(rgLimits.period, period)),
        );
    },

    async recordChange(tx: Database, change: Omit<RgChangeRow, 'id'>): Promise<void> {
      await tx.insert(rgChanges).values(change);
    },

    async history(userId: string, limit = 200): Promise<RgChangeRow[]> {
      return db
        .select()
        .from(rgChanges)
        .where(eq(rgChanges.userId, userId))
        .orderBy(desc(rgChanges.id))
        .limit(limit);
    },

    async countChanges(userId: string, actions: string[], since: Date): Promise<number> {
      const { rows } = await db.execute<{ n: Num }>(sql`
        select count(*) as n from rg_changes
        where user_id = ${userId}::uuid and created_at >= ${since.toISOString()}::timestamptz
          and action in (${sql.join(
            actions.map((a) => sql`${a}`),
            sql`, `,
          )})`);
      return Number(rows[0]?.n ?? 0);
    },

    /** Stakes and net cash losses per window, and play time, from the hourly running sums. */
    async playUsage(userId: string, now: Date): Promise<PlayUsage> {
      const day = windowStart(now, periodHours.day).toISOString();
      const week = windowStart(now, periodHours.week).toISOString();
      const month = windowStart(now, periodHours.month).toISOString();
      const { rows } = await db.execute<Record<string, Num>>(sql`
        select
          sum(wagered) filter (where hour >= ${day}::timestamptz) as wager_day,
          sum(wagered) filter (where hour >= ${week}::timestamptz) as wager_week,
          sum(wagered) as wager_month,
          sum(cash_loss) filter (where hour >= ${day}::timestamptz) as loss_day,
          sum(cash_loss) filter (where hour >= ${week}::timestamptz) as loss_week,
          sum(cash_loss) as loss_month,
          sum(play_seconds) filter (where hour >= ${day}::timestamptz) as play_day
        from rg_hourly where user_id = ${userId}::uuid and hour >= ${month}::timestamptz`);
      const r = rows[0] ?? {};
      return {
        wager: {
          day: big(r.wager_day ?? 0),
          week: big(r.wager_week ?? 0),
          month: big(r.wager_month ?? 0),
        },
        loss: {
          day: big(r.loss_day ?? 0),
          week: big(r.loss_week ?? 0),
          month: big(r.loss_month ?? 0),
        },
        playSeconds: Number(r.play_day ?? 0),
      };
    },

    /**
     * Deposits per window: every deposit not failed or expired (a pending one counts, so a
     * player cannot start many at once past the limit), what was credited for a partial one;
     * `exceptPaymentId` leaves one out (a pending deposit judged again without itself).
     */
    async depositUsage(
      userId: string,
      now: Date,
      tx: Database = db,
      exceptPaymentId?: string,
    ): Promise<WindowSums> {
      const day = windowStart(now, periodHours.day).toISOString();
      const week = windowStart(now, periodHours.week).toISOString();
      const month = windowStart(now, periodHours.month).toISOString();
      const { rows } = await tx.execute<Record<string, Num>>(sql`
        with d as (
          select created_at, case when status = 'partially_paid'
            then coalesce(credited_amount, 0) else amount end as amount
          from payments
          where user_id = ${userId}::uuid and direction = 'deposit'
            and status not in ('failed', 'expired', 'canceled', 'rejected')
            and created_at >= ${month}::timestamptz
            ${exceptPaymentId === undefined ? sql`` : sql`and id <> ${exceptPaymentId}::uuid`})
        select sum(amount) filter (where created_at >= ${day}::timestamptz) as day,
          sum(amount) filter (where created_at >= ${week}::timestamptz) as week,
          sum(amount) as month
        from d`);
      const r = rows[0] ?? {};
      return { day: big(r.day ?? 0), week: big(r.week ?? 0), month: big(r.month ?? 0) };
    },

    /** The sign-in session's start: the reality check counts the play session from it. */
    async sessionStartedAt(sessionId: string): Promise<Date | undefined> {
      const { rows } = await db.execute<{ created_at: string | Date }>(
        sql`select created_at from sessions where id = ${sessionId}::uuid`,
      );
      const at = rows[0]?.created_at;
      return at === undefined ? undefined : new Date(at);
    },

    /** Wins and refunds minus stakes since `since` (signed thousandths): the session's result. */
    async netResultSince(userId: string, since: Date): Promise<bigint> {
      const { rows } = await db.execute<{ net: Num }>(sql`
        select sum(amount) as net from ledger_entries
        where user_id = ${userId}::uuid and kind in ('bet', 'win', 'refund')
          and created_at >= ${since.toISOString()}::timestamptz`);
      return big(rows[0]?.net ?? 0);
    },

    /** Deposits − withdrawals credited or paid over the window (the affordability flag). */
    async netDepositsSince(userId: string, since: Date): Promise<bigint> {
      const { rows } = await db.execute<{ net: Num }>(sql`
        select sum(case when direction = 'deposit' then coalesce(credited_amount, amount)
            else -amount end) as net
        from payments
        where user_id = ${userId}::uuid and created_at >= ${since.toISOString()}::timestamptz
          and ((direction = 'deposit' and status in ('succeeded', 'partially_paid'))
            or (direction = 'withdrawal' and status in ('pending', 'processing', 'paid')))`);
      return big(rows[0]?.net ?? 0);
    },

    async failedDepositsSince(userId: string, since: Date): Promise<number> {
      const { rows } = await db.execute<{ n: Num }>(sql`
        select count(*) as n from payments
        where user_id = ${userId}::uuid and direction = 'deposit' and status = 'failed'
          and created_at >= ${since.toISOString()}::timestamptz`);
      return Number(rows[0]?.n ?? 0);
    },

    /** Distinct days with bets between 00:00 and 06:00 UTC over the window. */
    async nightPlayDaysSince(userId: string, since: Date): Promise<number> {
      const { rows } = await db.execute<{ n: Num }>(sql`
        select count(distinct date_trunc('day', hour, 'UTC')) as n from rg_hourly
        where user_id = ${userId}::uuid and hour >= ${since.toISOString()}::timestamptz
          and bets > 0 and extract(hour from hour at time zone 'UTC') < 6`);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

export type RgRepository = ReturnType<typeof rgRepository>;
