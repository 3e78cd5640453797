import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users, wallets } from '../../db/schema';

/** What GET /user/me is made of: the account and its wallet. */
export interface ProfileRow {
  id: string;
  username: string;
  email: string;
  avatar: string | null;
  createdAt: Date;
  /** Thousandths of the currency unit. */
  balance: bigint;
  currency: string;
  /** The bonus pocket, part of `balance`. */
  bonusBalance: bigint;
}

export interface ProfileRepository {
  find(userId: string): Promise<ProfileRow | undefined>;
  usernameTaken(username: string): Promise<boolean>;
  emailTaken(email: string): Promise<boolean>;
  /** Unique violations (users_username_lower_key) propagate to the caller. */
  setUsername(userId: string, username: string, now: Date): Promise<void>;
  /** Unique violations (users_email_key) propagate to the caller. */
  setEmail(userId: string, email: string, now: Date): Promise<void>;
  /** Points the account at a new avatar file; returns the file it pointed at before. */
  replaceAvatar(userId: string, avatar: string, now: Date): Promise<string | null>;
}

export function createProfileRepository(db: Database): ProfileRepository {
  return {
    async find(userId) {
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          avatar: users.avatar,
          createdAt: users.createdAt,
          balance: wallets.balance,
          currency: wallets.currency,
          bonusBalance: wallets.bonusBalance,
        })
        .from(users)
        .innerJoin(wallets, eq(wallets.userId, users.id))
        .where(eq(users.id, userId));
      return rows[0];
    },
    async usernameTaken(username) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return rows.length > 0;
    },
    async emailTaken(email) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return rows.length > 0;
    },
    async setUsername(userId, username, now) {
      await db.update(users).set({ username, updatedAt: now }).where(eq(users.id, userId));
    },
    async setEmail(userId, email, now) {
      await db.update(users).set({ email, updatedAt: now }).where(eq(users.id, userId));
    },
    async replaceAvatar(userId, avatar, now) {
      return db.transaction(async (tx) => {
        // Locked, so two uploads at once each learn the file the other replaced.
        const before = await tx
          .select({ avatar: users.avatar })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        await tx.update(users).set({ avatar, updatedAt: now }).where(eq(users.id, userId));
        return before[0]?.avatar ?? null;
      });
    },
  };
}
