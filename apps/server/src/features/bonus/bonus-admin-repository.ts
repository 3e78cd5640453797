import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bonusOffers, playerBonuses, promoCodes, users } from '../../db/schema';
import type { OfferRow, PlayerBonusRow, PromoRow } from './bonus-repository';

export type NewOffer = typeof bonusOffers.$inferInsert;
export type NewPromo = typeof promoCodes.$inferInsert;

export interface ClaimFilter {
  status?: PlayerBonusRow['status'] | undefined;
  offerId?: string | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The back office's reads and writes of offers, promo codes and claims (decision 091). Writes
 * take the caller's transaction, which also writes the audit row. Money is never moved here.
 */
export function bonusAdminRepository(db: Database) {
  return {
    async offers(): Promise<Array<OfferRow & { claims: number }>> {
      const counts = await db
        .select({ offerId: playerBonuses.offerId, n: count() })
        .from(playerBonuses)
        .groupBy(playerBonuses.offerId);
      const byOffer = new Map(counts.map((c) => [c.offerId, Number(c.n)]));
      const rows = await db
        .select()
        .from(bonusOffers)
        .orderBy(asc(bonusOffers.sortOrder), asc(bonusOffers.id));
      return rows.map((r) => ({ ...r, claims: byOffer.get(r.id) ?? 0 }));
    },

    async offer(tx: Database, id: string, lock = false): Promise<OfferRow | undefined> {
      const query = tx.select().from(bonusOffers).where(eq(bonusOffers.id, id));
      const rows = lock ? await query.for('update') : await query;
      return rows[0];
    },

    async claimsOf(tx: Database, offerId: string): Promise<number> {
      const rows = await tx
        .select({ n: count() })
        .from(playerBonuses)
        .where(eq(playerBonuses.offerId, offerId));
      return Number(rows[0]?.n ?? 0);
    },

    async insertOffer(tx: Database, row: NewOffer): Promise<OfferRow> {
      const rows = await tx.insert(bonusOffers).values(row).returning();
      if (!rows[0]) throw new Error('offer insert returned no row');
      return rows[0];
    },

    async updateOffer(tx: Database, id: string, values: Partial<NewOffer>) {
      const rows = await tx
        .update(bonusOffers)
        .set(values)
        .where(eq(bonusOffers.id, id))
        .returning();
      return rows[0];
    },

    async promos(): Promise<PromoRow[]> {
      return db.select().from(promoCodes).orderBy(desc(promoCodes.id));
    },

    async promo(tx: Database, id: bigint, lock = false): Promise<PromoRow | undefined> {
      const query = tx.select().from(promoCodes).where(eq(promoCodes.id, id));
      const rows = lock ? await query.for('update') : await query;
      return rows[0];
    },

    async insertPromo(tx: Database, row: NewPromo): Promise<PromoRow> {
      const rows = await tx.insert(promoCodes).values(row).returning();
      if (!rows[0]) throw new Error('promo insert returned no row');
      return rows[0];
    },

    async updatePromo(tx: Database, id: bigint, values: Partial<NewPromo>) {
      const rows = await tx.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
      return rows[0];
    },

    /** Claims newest first, one more than the page to tell whether another follows. */
    async claims(filter: ClaimFilter) {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(playerBonuses.status, filter.status));
      if (filter.offerId) where.push(eq(playerBonuses.offerId, filter.offerId));
      if (filter.q) {
        const byEmail = ilike(users.email, `%${filter.q.replace(/[\\%_]/g, '\\$&')}%`);
        where.push(uuidPattern.test(filter.q) ? eq(users.id, filter.q) : byEmail);
      }
      return db
        .select({ claim: playerBonuses, email: users.email, code: promoCodes.code })
        .from(playerBonuses)
        .innerJoin(users, eq(users.id, playerBonuses.userId))
        .leftJoin(promoCodes, eq(promoCodes.id, playerBonuses.promoCodeId))
        .where(where.length > 0 ? and(...where) : undefined)
        .orderBy(desc(playerBonuses.id))
        .limit(filter.limit + 1)
        .offset((filter.page - 1) * filter.limit);
    },

    async claim(tx: Database, id: bigint) {
      const rows = await tx
        .select({ claim: playerBonuses, email: users.email, code: promoCodes.code })
        .from(playerBonuses)
        .innerJoin(users, eq(users.id, playerBonuses.userId))
        .leftJoin(promoCodes, eq(promoCodes.id, playerBonuses.promoCodeId))
        .where(eq(playerBonuses.id, id));
      return rows[0];
    },

    /** The pockets of these players now (an active bonus's balance). */
    async pockets(userIds: string[]): Promise<Map<string, bigint>> {
      if (userIds.length === 0) return new Map();
      const { rows } = await db.execute<{ user_id: string; bonus: string }>(sql`
        select user_id::text, bonus_balance::text as bonus from wallets
        where user_id in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
      return new Map(rows.map((r) => [r.user_id, BigInt(r.bonus)]));
    },
  };
}

export type BonusAdminRepository = ReturnType<typeof bonusAdminRepository>;
