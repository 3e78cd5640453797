import { eq, inArray } from 'drizzle-orm';
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
   * Reads the counter (locked until the transaction ends; a missing one starts at zero),
   * lets `next` compute its new state and stores it. Run inside a transaction.
   */
  update(key: string, now: Date, next: (row: ThrottleRow) => ThrottleRow): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export function createThrottleRepository(db: Database): ThrottleRepository {
  return {
    async find(keys) {
      if (keys.length === 0) return [];
      return db.select().from(authThrottles).where(inArray(authThrottles.key, keys));
    },
    async update(key, now, next) {
      // Insert-if-missing first, so there is always a row to lock: two failures at once are
      // then counted one after the other instead of both reading the same old count.
      await db
        .insert(authThrottles)
        .values({ key, failures: 0, windowStartedAt: now, updatedAt: now })
        .onConflictDoNothing({ target: authThrottles.key });
      const rows = await db
        .select()
        .from(authThrottles)
        .where(eq(authThrottles.key, key))
        .for('update');
      const current = rows[0];
      if (!current) throw new Error(`auth_throttles lost the row ${key} it just wrote`);
      const updated = next(current);
      await db
        .update(authThrottles)
        .set({
          failures: updated.failures,
          windowStartedAt: updated.windowStartedAt,
          lockedUntil: updated.lockedUntil,
          lockCount: updated.lockCount,
          updatedAt: updated.updatedAt,
        })
        .where(eq(authThrottles.key, key));
    },
    async clear(keys) {
      if (keys.length === 0) return;
      await db.delete(authThrottles).where(inArray(authThrottles.key, keys));
    },
  };
}
