import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { checkCode, otpPolicy, type CodeCheck, type StoredCode } from './otp';

/** A table that holds one e-mailed code per key: the code's hash, its expiry, its wrong tries. */
type CodeTable = PgTable & { codeHash: PgColumn; codeExpiresAt: PgColumn; attempts: PgColumn };

type Row<T extends CodeTable> = T['$inferSelect'];

/**
 * What differs between the uses of the store: the table, the column that holds one code per
 * value (an address or a player), what else the code carries, and the timestamps it keeps.
 */
export interface CodeStoreShape<
  T extends CodeTable,
  K extends keyof Row<T> & keyof T & string,
  E extends keyof Row<T> & keyof T & string,
> {
  table: T;
  key: K;
  /** What the code carries besides itself (the new address of an e-mail change…). */
  carries: readonly E[];
  /** Written when a code is stored: `always` on a new or replaced row, `created` on a new one. */
  stamps(now: Date): { always: Record<string, Date>; created?: Record<string, Date> };
  /** Written with each wrong try, where the table keeps when it last changed. */
  touched?(now: Date): Record<string, Date>;
}

export type StoredWith<T extends CodeTable, E extends keyof Row<T>> = StoredCode & Pick<Row<T>, E>;

export interface CodeStore<Key, Carried> {
  /** Stores a fresh code for the key, replacing any earlier one and its count of wrong tries. */
  put(key: Key, code: Omit<StoredCode, 'attempts'> & Carried, now: Date): Promise<void>;
  /** The stored code, row locked until the transaction ends (one code cannot be used twice). */
  findForUpdate(key: Key): Promise<(StoredCode & Carried) | undefined>;
  countWrongAttempt(key: Key, now: Date): Promise<void>;
  /**
   * Judges a candidate (hashed from what is stored) under the row lock and counts a wrong
   * one while the code still lives; `undefined` when no code waits. Run it in a transaction.
   */
  judge(
    key: Key,
    candidate: (stored: StoredCode & Carried) => string,
    now: Date,
  ): Promise<{ check: CodeCheck; stored: StoredCode & Carried } | undefined>;
  /**
   * Deletes the entry if it still holds this very code, alive; false when a resend replaced
   * it, another request consumed it first, or it died meanwhile.
   */
  consume(key: Key, codeHash: string, now: Date): Promise<boolean>;
  remove(key: Key): Promise<void>;
}

/**
 * One store for every e-mailed code waiting for its answer (registrations, e-mail changes,
 * password resets): one row per key, replaced by a new code, locked while a code is judged.
 */
export function createCodeStore<
  T extends CodeTable,
  K extends keyof Row<T> & keyof T & string,
  E extends keyof Row<T> & keyof T & string,
>(db: Database, shape: CodeStoreShape<T, K, E>): CodeStore<Row<T>[K], Pick<Row<T>, E>> {
  // Drizzle cannot follow a table chosen by a type parameter; the shape's keys are checked
  // against the table above, so the columns are read through a plain record here.
  const table: CodeTable = shape.table;
  const columns = shape.table as unknown as Record<string, PgColumn | undefined>;
  const column = (name: string): PgColumn => {
    const found = columns[name];
    if (!found) throw new Error(`The code store's table has no column ${name}`);
    return found;
  };
  const keyColumn = column(shape.key);
  const whereKey = (key: unknown) => eq(keyColumn, key);
  const selection: Record<string, PgColumn> = {
    codeHash: table.codeHash,
    codeExpiresAt: table.codeExpiresAt,
    attempts: table.attempts,
  };
  for (const name of shape.carries) selection[name] = column(name);

  const store: CodeStore<Row<T>[K], Pick<Row<T>, E>> = {
    async put(key, code, now) {
      const stamps = shape.stamps(now);
      const carried = Object.fromEntries(
        shape.carries.map((name) => [name, (code as Record<string, unknown>)[name]]),
      );
      const fresh = {
        ...carried,
        codeHash: code.codeHash,
        codeExpiresAt: code.codeExpiresAt,
        attempts: 0,
        ...stamps.always,
      };
      await db
        .insert(table)
        .values({ [shape.key]: key, ...fresh, ...stamps.created } as never)
        .onConflictDoUpdate({ target: keyColumn, set: fresh });
    },
    async findForUpdate(key) {
      const rows = await db.select(selection).from(table).where(whereKey(key)).for('update');
      return rows[0] as (StoredCode & Pick<Row<T>, E>) | undefined;
    },
    async countWrongAttempt(key, now) {
      await db
        .update(table)
        .set({ attempts: sql`${table.attempts} + 1`, ...shape.touched?.(now) })
        .where(whereKey(key));
    },
    async judge(key, candidate, now) {
      const stored = await store.findForUpdate(key);
      if (!stored) return undefined;
      const check = checkCode(stored, candidate(stored), now);
      const wrong = check === 'invalid' || check === 'attempts_exceeded';
      if (wrong && stored.attempts < otpPolicy.maxAttempts) {
        await store.countWrongAttempt(key, now);
      }
      return { check, stored };
    },
    async consume(key, codeHash, now) {
      const rows = await db
        .delete(table)
        .where(
          and(
            whereKey(key),
            eq(table.codeHash, codeHash),
            lt(table.attempts, otpPolicy.maxAttempts),
            gt(table.codeExpiresAt, now),
          ),
        )
        .returning({ key: keyColumn });
      return rows.length > 0;
    },
    async remove(key) {
      await db.delete(table).where(whereKey(key));
    },
  };
  return store;
}
