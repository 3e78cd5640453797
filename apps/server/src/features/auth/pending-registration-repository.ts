import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { pendingRegistrations } from '../../db/schema';
import { otpPolicy, type StoredCode } from './otp';

export interface PendingRegistrationRepository {
  /** Stores a fresh code for the address (replacing any earlier one and its attempts). */
  put(
    entry: { email: string; username: string; codeHash: string; codeExpiresAt: Date },
    now: Date,
  ): Promise<void>;
  /** The stored code, row locked until the transaction ends. */
  findForUpdate(email: string): Promise<StoredCode | undefined>;
  countWrongAttempt(email: string, now: Date): Promise<void>;
  /**
   * Deletes the entry if it still holds this very code, alive; false when a resend replaced
   * it, another request consumed it first, or it died meanwhile.
   */
  consume(email: string, codeHash: string, now: Date): Promise<boolean>;
}

export function createPendingRegistrationRepository(db: Database): PendingRegistrationRepository {
  return {
    async put(entry, now) {
      const fresh = {
        username: entry.username,
        codeHash: entry.codeHash,
        codeExpiresAt: entry.codeExpiresAt,
        attempts: 0,
        updatedAt: now,
      };
      await db
        .insert(pendingRegistrations)
        .values({ email: entry.email, ...fresh, createdAt: now })
        .onConflictDoUpdate({ target: pendingRegistrations.email, set: fresh });
    },
    async findForUpdate(email) {
      const rows = await db
        .select({
          codeHash: pendingRegistrations.codeHash,
          codeExpiresAt: pendingRegistrations.codeExpiresAt,
          attempts: pendingRegistrations.attempts,
        })
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.email, email))
        .for('update');
      return rows[0];
    },
    async countWrongAttempt(email, now) {
      await db
        .update(pendingRegistrations)
        .set({ attempts: sql`${pendingRegistrations.attempts} + 1`, updatedAt: now })
        .where(eq(pendingRegistrations.email, email));
    },
    async consume(email, codeHash, now) {
      const rows = await db
        .delete(pendingRegistrations)
        .where(
          and(
            eq(pendingRegistrations.email, email),
            eq(pendingRegistrations.codeHash, codeHash),
            lt(pendingRegistrations.attempts, otpPolicy.maxAttempts),
            gt(pendingRegistrations.codeExpiresAt, now),
          ),
        )
        .returning({ email: pendingRegistrations.email });
      return rows.length > 0;
    },
  };
}
