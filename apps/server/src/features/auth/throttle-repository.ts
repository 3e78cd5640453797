import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { authThrottles } from '../../db/schema';

export interface ThrottleRow {
  key: string;
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
  lockCount: number;
  updatedAt: Date;
}

export interface ThrottleRepository {
  find(keys: string[]): Promise<ThrottleRow[]>;
  /**
   * The counter, created at zero when missing, locked until the transaction ends: attempts
   * on one key are counted one after the other, on every instance. One statement (an upsert
   * that returns the row it locked), so a counter deleted meanwhile (a success clearing it)
   * is simply created again. Run inside a transaction.
   */
  lock(key: string, now: Date): Promise<ThrottleRow>;
  /** Writes a counter's new state (locked by `lock` in the same transaction). */
  store(row: ThrottleRow): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export function createThrottleRepository(db: Database): ThrottleRepository {
  return {
    async find(keys) {
      if (keys.length === 0) return [];
      return db.select().from(authThrottles).where(inArray(authThrottles.key, keys));
    },
    async lock(key, now) {
      // DO UPDATE (not DO NOTHING) locks an existing row and returns it unchanged.
      const rows = await db
        .insert(authThrottles)
        .values({ key, failures: 0, windowStartedAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: authThrottles.key, set: { key: sql`excluded.key` } })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('auth_throttles: the upsert returned no row');
      return row;
    },
    async store(row) {
      await db
        .update(authThrottles)
        .set({
          failures: row.failures,
          windowStartedAt: row.windowStartedAt,
          lockedUntil: row.lockedUntil,
          lockCount: row.lockCount,
          updatedAt: row.updatedAt,
        })
        .where(eq(authThrottles.key, row.key));
    },
    async clear(keys) {
      if (keys.length === 0) return;
      await db.delete(authThrottles).where(inArray(authThrottles.key, keys));
    },
  };
}
