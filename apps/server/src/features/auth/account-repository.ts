import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users, wallets } from '../../db/schema';

export interface AccountRow {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
}

export interface NewAccount {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  currency: string;
  /** YYYY-MM-DD. */
  dateOfBirth?: string | undefined;
}

/** The accounts side of auth: find by e-mail, create (with the wallet), password hash. */
export interface AccountRepository {
  findByEmail(email: string): Promise<AccountRow | undefined>;
  findById(id: string): Promise<AccountRow | undefined>;
  /** Which of the two an existing account already uses (username case-insensitively). */
  taken(username: string, email: string): Promise<{ username: boolean; email: boolean }>;
  /** Inserts the user and its empty wallet; run it in a transaction so both or neither exist. */
  create(account: NewAccount, now: Date): Promise<void>;
  setPasswordHash(id: string, passwordHash: string, now: Date): Promise<void>;
}

const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  passwordHash: users.passwordHash,
};

export function createAccountRepository(db: Database): AccountRepository {
  return {
    async findByEmail(email) {
      const rows = await db.select(columns).from(users).where(eq(users.email, email));
      return rows[0];
    },
    async findById(id) {
      const rows = await db.select(columns).from(users).where(eq(users.id, id));
      return rows[0];
    },
    async taken(username, email) {
      const rows = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(or(sql`lower(${users.username}) = lower(${username})`, eq(users.email, email)));
      return {
        username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
        email: rows.some((r) => r.email === email),
      };
    },
    async create(account, now) {
      await db.insert(users).values({
        id: account.id,
        username: account.username,
        email: account.email,
        passwordHash: account.passwordHash,
        dateOfBirth: account.dateOfBirth ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await db.insert(wallets).values({
        userId: account.id,
        currency: account.currency,
        createdAt: now,
        updatedAt: now,
      });
    },
    async setPasswordHash(id, passwordHash, now) {
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
    },
  };
}
