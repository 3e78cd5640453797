import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bonusOffers, playerBonuses, promoCodes, users } from '../../db/schema';

/**
 * The bonus feature's rows (offers, promo codes, players' bonuses) and the ledger reads it
 * needs (deposits, a bonus's last row). A bonus's wagering so far is its row's `wagered`,
 * kept by the ledger's triggers as its bets and refunds post (migration 0032, decision 103).
 * Money never moves here: only through the ledger's bonus transaction (bonus-service.ts),
 * whose `tx` these functions take when they write.
 */

export type OfferRow = typeof bonusOffers.$inferSelect;
export type PromoRow = typeof promoCodes.$inferSelect;
export type PlayerBonusRow = typeof playerBonuses.$inferSelect;
export type NewPlayerBonus = typeof playerBonuses.$inferInsert;

export const openStatuses = ['awaiting_deposit', 'active'] as const;

export function bonusRepository(db: Database) {
  return {
    /** Every offer, disabled ones too (a claimed bonus keeps its offer's title). */
    async allOffers(): Promise<OfferRow[]> {
      return db.select().from(bonusOffers).orderBy(asc(bonusOffers.sortOrder), asc(bonusOffers.id));
    },

    async offer(id: string, tx: Database = db): Promise<OfferRow | undefined> {
      const rows = await tx.select().from(bonusOffers).where(eq(bonusOffers.id, id));
      return rows[0];
    },

    /** Upper-case look-up: codes are case-insensitive. */
    async promo(code: string, tx: Database = db): Promise<PromoRow | undefined> {
      const rows = await tx
        .select()
        .from(promoCodes)
        .where(eq(promoCodes.code, code.toUpperCase()));
      return rows[0];
    },

    /** One more use of a code, if it has one left: atomic against every other player. */
    async takePromoUse(tx: Database, id: bigint): Promise<boolean> {
      const rows = await tx
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1` })
        .where(and(eq(promoCodes.id, id), sql`${promoCodes.uses} < ${promoCodes.maxUses}`))
        .returning({ id: promoCodes.id });
      return rows.length === 1;
    },

    async open(userId: string, tx: Database = db): Promise<PlayerBonusRow | undefined> {
      const rows = await tx
        .select()
        .from(playerBonuses)
        .where(
          and(eq(playerBonuses.userId, userId), inArray(playerBonuses.status, [...openStatuses])),
        );
      return rows[0];
    },

    /** Claims waiting behind the open bonus, oldest (the next to start) first. */
    async queued(userId: string, tx: Database = db): Promise<PlayerBonusRow[]> {
      return tx
        .select()
        .from(playerBonuses)
        .where(and(eq(playerBonuses.userId, userId), eq(playerBonuses.status, 'queued')))
        .orderBy(asc(playerBonuses.id));
    },

    async byId(userId: string, id: bigint, tx: Database = db) {
      const rows = await tx
        .select()
        .from(playerBonuses)
        .where(and(eq(playerBonuses.userId, userId), eq(playerBonuses.id, id)));
      return rows[0];
    },

    async history(userId: string, limit: number): Promise<PlayerBonusRow[]> {
      return db
        .select()
        .from(playerBonuses)
        .where(
          and(
            eq(playerBonuses.userId, userId),
            sql`${playerBonuses.status} not in ('queued', 'awaiting_deposit', 'active')`,
          ),
        )
        .orderBy(desc(playerBonuses.id))
        .limit(limit);
    },

    /** Offers this player claimed (for "once per player" and the daily cooldown). */
    async claims(userId: string, tx: Database = db) {
      return tx
        .select({
          offerId: playerBonuses.offerId,
          kind: playerBonuses.kind,
          promoCodeId: playerBonuses.promoCodeId,
          claimedAt: playerBonuses.claimedAt,
        })
        .from(playerBonuses)
        .where(eq(playerBonuses.userId, userId));
    },

    async insert(tx: Database, row: NewPlayerBonus): Promise<PlayerBonusRow> {
      const rows = await tx.insert(playerBonuses).values(row).returning();
      const inserted = rows[0];
      if (!inserted) throw new Error('player bonus insert returned no row');
      return inserted;
    },

    async update(
      tx: Database,
      id: bigint,
      from: readonly PlayerBonusRow['status'][],
      values: Partial<NewPlayerBonus>,
    ): Promise<PlayerBonusRow | undefined> {
      const rows = await tx
        .update(playerBonuses)
        .set(values)
        .where(and(eq(playerBonuses.id, id), inArray(playerBonuses.status, [...from])))
        .returning();
      return rows[0];
    },

    /** The player's country of residence (offers' eligible countries); null while unknown. */
    async country(userId: string, tx: Database = db): Promise<string | null> {
      const rows = await tx
        .select({ country: users.country })
        .from(users)
        .where(eq(users.id, userId));
      return rows[0]?.country ?? null;
    },

    /** Total of the player's deposits (thousandths): promo codes' minimum deposit. */
    async depositsTotal(userId: string, tx: Database = db): Promise<bigint> {
      const { rows } = await tx.execute<{ total: string | null }>(sql`
        select sum(amount) as total from ledger_entries
        where user_id = ${userId}::uuid and kind = 'deposit'`);
      return BigInt(rows[0]?.total ?? 0);
    },

    /** The first deposit of at least `min` since `since`: what a deposit match is granted on. */
    async depositSince(
      userId: string,
      since: Date,
      min: bigint,
      tx: Database = db,
    ): Promise<{ id: string; amount: bigint } | undefined> {
      const { rows } = await tx.execute<{ id: string; amount: string }>(sql`
        select id, amount from ledger_entries
        where user_id = ${userId}::uuid and kind = 'deposit'
          and created_at >= ${since.toISOString()}::timestamptz and amount >= ${min.toString()}::bigint
        order by id limit 1`);
      const row = rows[0];
      return row ? { id: String(row.id), amount: BigInt(row.amount) } : undefined;
    },

    /** The newest ledger row of a bonus: a bet still waiting for its win keeps a bonus open. */
    async lastKind(bonusId: bigint, tx: Database = db): Promise<string | undefined> {
      const { rows } = await tx.execute<{ kind: string }>(sql`
        select kind from ledger_entries where bonus_id = ${bonusId.toString()}::bigint
        order by id desc limit 1`);
      return rows[0]?.kind;
    },

    /** Players whose open bonus has expired by `now` (the sweep). */
    async expiredOpen(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ userId: playerBonuses.userId })
        .from(playerBonuses)
        .where(
          and(
            inArray(playerBonuses.status, [...openStatuses]),
            sql`${playerBonuses.expiresAt} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .limit(limit);
      return rows.map((r) => r.userId);
    },
  };
}

export type BonusRepository = ReturnType<typeof bonusRepository>;
