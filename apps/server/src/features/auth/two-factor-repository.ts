import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { twoFactorAuthenticators, twoFactorRecoveryCodes } from '../../db/schema';

export interface AuthenticatorRow {
  userId: string;
  secretCiphertext: string;
  enabledAt: Date | null;
  lastUsedStep: number | null;
}

/** The rows of two-factor sign-in; every query is scoped by the player's id. */
export interface TwoFactorRepository {
  find(userId: string): Promise<AuthenticatorRow | undefined>;
  /** A new enrolment (not enabled), replacing a pending one; never an enabled one. */
  putPending(userId: string, secretCiphertext: string, now: Date): Promise<boolean>;
  /**
   * Records `step` as used when it is later than the last one used, in one statement: two
   * requests with the same code cannot both pass. False: replayed (or an older step).
   */
  useStep(userId: string, step: number, now: Date): Promise<boolean>;
  /** Turns a pending enrolment on; false if it was not pending. */
  enable(userId: string, now: Date): Promise<boolean>;
  /** Replaces every recovery code of the player with these hashes. */
  replaceRecoveryCodes(userId: string, hashes: string[], now: Date): Promise<void>;
  /** Marks an unused code used, in one statement (single use under concurrency). */
  useRecoveryCode(userId: string, hash: string, now: Date): Promise<boolean>;
  unusedRecoveryCodes(userId: string): Promise<number>;
  /** Removes the authenticator and the recovery codes. */
  remove(userId: string): Promise<void>;
}

export function createTwoFactorRepository(db: Database): TwoFactorRepository {
  const t = twoFactorAuthenticators;
  const r = twoFactorRecoveryCodes;
  return {
    async find(userId) {
      const rows = await db
        .select({
          userId: t.userId,
          secretCiphertext: t.secretCiphertext,
          enabledAt: t.enabledAt,
          lastUsedStep: t.lastUsedStep,
        })
        .from(t)
        .where(eq(t.userId, userId));
      return rows[0];
    },
    async putPending(userId, secretCiphertext, now) {
      const fresh = { secretCiphertext, lastUsedStep: null, createdAt: now, updatedAt: now };
      const rows = await db
        .insert(t)
        .values({ userId, ...fresh })
        .onConflictDoUpdate({ target: t.userId, set: fresh, setWhere: isNull(t.enabledAt) })
        .returning({ userId: t.userId });
      return rows.length === 1;
    },
    async useStep(userId, step, now) {
      const rows = await db
        .update(t)
        .set({ lastUsedStep: step, updatedAt: now })
        .where(and(eq(t.userId, userId), or(isNull(t.lastUsedStep), lt(t.lastUsedStep, step))))
        .returning({ userId: t.userId });
      return rows.length === 1;
    },
    async enable(userId, now) {
      const rows = await db
        .update(t)
        .set({ enabledAt: now, updatedAt: now })
        .where(and(eq(t.userId, userId), isNull(t.enabledAt)))
        .returning({ userId: t.userId });
      return rows.length === 1;
    },
    async replaceRecoveryCodes(userId, hashes, now) {
      await db.delete(r).where(eq(r.userId, userId));
      await db
        .insert(r)
        .values(hashes.map((codeHash) => ({ id: randomUUID(), userId, codeHash, createdAt: now })));
    },
    async useRecoveryCode(userId, hash, now) {
      const rows = await db
        .update(r)
        .set({ usedAt: now })
        .where(and(eq(r.userId, userId), eq(r.codeHash, hash), isNull(r.usedAt)))
        .returning({ id: r.id });
      return rows.length === 1;
    },
    async unusedRecoveryCodes(userId) {
      const rows = await db
        .select({ n: count() })
        .from(r)
        .where(and(eq(r.userId, userId), isNull(r.usedAt)));
      return rows[0]?.n ?? 0;
    },
    async remove(userId) {
      await db.delete(r).where(eq(r.userId, userId));
      await db.delete(t).where(eq(t.userId, userId));
    },
  };
}
