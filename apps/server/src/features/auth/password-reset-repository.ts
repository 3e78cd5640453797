import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { passwordResets } from '../../db/schema';
import type { StoredCode } from './otp';

export interface PasswordResetRepository {
  /** One waiting reset per player: a new request replaces the old code (and its count). */
  put(reset: { userId: string; codeHash: string; codeExpiresAt: Date }, now: Date): Promise<void>;
  /** Row locked until the transaction ends, so one code cannot be used twice at once. */
  findForUpdate(userId: string): Promise<StoredCode | undefined>;
  countWrongAttempt(userId: string): Promise<void>;
  remove(userId: string): Promise<void>;
}

export function createPasswordResetRepository(db: Database): PasswordResetRepository {
  return {
    async put(reset, now) {
      const fresh = {
        codeHash: reset.codeHash,
        codeExpiresAt: reset.codeExpiresAt,
        attempts: 0,
        createdAt: now,
      };
      await db
        .insert(passwordResets)
        .values({ userId: reset.userId, ...fresh })
        .onConflictDoUpdate({ target: passwordResets.userId, set: fresh });
    },
    async findForUpdate(userId) {
      const rows = await db
        .select({
          codeHash: passwordResets.codeHash,
          codeExpiresAt: passwordResets.codeExpiresAt,
          attempts: passwordResets.attempts,
        })
        .from(passwordResets)
        .where(eq(passwordResets.userId, userId))
        .for('update');
      return rows[0];
    },
    async countWrongAttempt(userId) {
      await db
        .update(passwordResets)
        .set({ attempts: sql`${passwordResets.attempts} + 1` })
        .where(eq(passwordResets.userId, userId));
    },
    async remove(userId) {
      await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
    },
  };
}
