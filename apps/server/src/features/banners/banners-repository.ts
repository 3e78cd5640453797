import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bannerArt, banners } from '../../db/schema';

export type BannerRow = typeof banners.$inferSelect;
export type BannerValues = Pick<BannerRow, 'link' | 'guestAction' | 'copy' | 'startsAt' | 'endsAt'>;

/**
 * The banners' SQL. Every write takes the database or transaction it is given (`tx`), so the
 * service can run it with the caller's audit step in one transaction (decision 081).
 */
export function createBannersRepository(db: Database) {
  return {
    /** Every banner: not retired by position, then retired ones, latest first. */
    async all(tx: Database = db): Promise<BannerRow[]> {
      return tx
        .select()
        .from(banners)
        .orderBy(
          sql`${banners.retiredAt} is not null`,
          asc(banners.position),
          desc(banners.retiredAt),
          asc(banners.createdAt),
        );
    },

    /** The banners that may be live (not retired, both cuts), in order; the clock decides. */
    async candidates(): Promise<BannerRow[]> {
      return db
        .select()
        .from(banners)
        .where(
          and(
            isNull(banners.retiredAt),
            isNotNull(banners.desktopArt),
            isNotNull(banners.mobileArt),
          ),
        )
        .orderBy(asc(banners.position), asc(banners.createdAt));
    },

    /** One banner, locked for the rest of the transaction. */
    async lock(tx: Database, id: string): Promise<BannerRow | undefined> {
      const rows = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
      return rows[0];
    },

    async insert(tx: Database, values: BannerValues, now: Date): Promise<BannerRow> {
      // Last in the order; two creations at once may share a position (then the older first).
      const [row] = await tx
        .insert(banners)
        .values({
          ...values,
          position: sql`(select coalesce(max(${banners.position}), 0) + 1 from ${banners} where ${banners.retiredAt} is null)`,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    },

    async update(
      tx: Database,
      id: string,
      values: Partial<Omit<BannerRow, 'id' | 'createdAt'>>,
    ): Promise<BannerRow> {
      const [row] = await tx.update(banners).set(values).where(eq(banners.id, id)).returning();
      return row!;
    },

    /** The banners not retired, locked, for a new order. */
    async lockActive(tx: Database): Promise<BannerRow[]> {
      return tx
        .select()
        .from(banners)
        .where(isNull(banners.retiredAt))
        .orderBy(asc(banners.position), asc(banners.createdAt))
        .for('update');
    },

    async saveArt(
      tx: Database,
      art: { name: string; bannerId: string; cut: 'desktop' | 'mobile'; bytes: Buffer },
      now: Date,
    ): Promise<void> {
      await tx.insert(bannerArt).values({
        ...art,
        contentType: 'image/webp',
        byteLength: art.bytes.length,
        createdAt: now,
      });
    },

    async art(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
      const rows = await db
        .select({ bytes: bannerArt.bytes, contentType: bannerArt.contentType })
        .from(bannerArt)
        .where(eq(bannerArt.name, name))
        .limit(1);
      return rows[0];
    },
  };
}

export type BannersRepository = ReturnType<typeof createBannersRepository>;
