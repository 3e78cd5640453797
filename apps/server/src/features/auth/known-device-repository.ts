import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { knownDevices } from '../../db/schema';

export interface KnownDeviceRepository {
  /** Marks the browser seen now; true when the player had signed in from it before. */
  touch(userId: string, deviceHash: string, now: Date): Promise<boolean>;
  add(userId: string, deviceHash: string, now: Date): Promise<void>;
}

export function createKnownDeviceRepository(db: Database): KnownDeviceRepository {
  return {
    async touch(userId, deviceHash, now) {
      const seen = await db
        .update(knownDevices)
        .set({ lastSeenAt: now })
        .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
        .returning({ userId: knownDevices.userId });
      return seen.length > 0;
    },
    async add(userId, deviceHash, now) {
      await db
        .insert(knownDevices)
        .values({ userId, deviceHash, createdAt: now, lastSeenAt: now })
        .onConflictDoNothing();
    },
  };
}
