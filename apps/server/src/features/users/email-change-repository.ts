import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { emailChanges } from '../../db/schema';
import type { StoredCode } from '../auth';

export interface PendingEmailChange extends StoredCode {
  newEmail: string;
}

export interface EmailChangeRepository {
  /** One pending change per player: a new request replaces the old one and its code. */
  put(
    change: { userId: string; newEmail: string; codeHash: string; codeExpiresAt: Date },
    now: Date,
  ): Promise<void>;
  /** Row locked until the transaction ends. */
  findForUpdate(userId: string): Promise<PendingEmailChange | undefined>;
  countWrongAttempt(userId: string): Promise<void>;
  remove(userId: string): Promise<void>;
}

export function createEmailChangeRepository(db: Database): EmailChangeRepository {
  return {
    async put(change, now) {
      const fresh = {
        newEmail: change.newEmail,
        codeHash: change.codeHash,
        codeExpiresAt: change.codeExpiresAt,
        attempts: 0,
        createdAt: now,
      };
      await db
        .insert(emailChanges)
        .values({ userId: change.userId, ...fresh })
        .onConflictDoUpdate({ target: emailChanges.userId, set: fresh });
    },
    async findForUpdate(userId) {
      const rows = await db
        .select({
          newEmail: emailChanges.newEmail,
          codeHash: emailChanges.codeHash,
          codeExpiresAt: emailChanges.codeExpiresAt,
          attempts: emailChanges.attempts,
        })
        .from(emailChanges)
        .where(eq(emailChanges.userId, userId))
        .for('update');
      return rows[0];
    },
    async countWrongAttempt(userId) {
      await db
        .update(emailChanges)
        .set({ attempts: sql`${emailChanges.attempts} + 1` })
        .where(eq(emailChanges.userId, userId));
    },
    async remove(userId) {
      await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
    },
  };
}
