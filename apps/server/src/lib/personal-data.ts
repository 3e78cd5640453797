import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';

/** Work left for after the closing transaction committed: files and stores outside it. */
export type AfterErase = () => Promise<void>;

/**
 * A feature that stores something about a player: it lists its tables that name a player,
 * puts what it holds into the player's data export, and erases it when the account closes
 * (decisions 053 and 083). The privacy feature calls every owner in one list; a table with a
 * player reference that no owner lists fails `test/structure/personal-data-owners.test.ts`.
 */
export interface PersonalDataOwner {
  /** The feature, and the part of it where a feature has two (for logs and the test). */
  name: string;
  /**
   * Every table of the feature with a player reference. What `erase` leaves in them is kept
   * on purpose (the ledger, the audit trail…): the owner's file says why.
   */
  tables: readonly PgTable[];
  /** The player's data as sections of the export file, in the file's own words (snake case). */
  export?(userId: string, db: Database): Promise<Record<string, unknown>>;
  /**
   * Throws the answer that refuses the closure while this feature forbids it (money on the
   * balance…). Every owner's check runs, in the closing transaction, before any erase.
   */
  assertClosable?(userId: string, tx: Database): Promise<void>;
  /** Erases or pseudonymises the player's data in the closing transaction. */
  erase?(userId: string, tx: Database, now: Date): Promise<AfterErase | undefined>;
}

/** A moment in the export file: ISO 8601, or null where there is none. */
export const exportedTime = (date: Date | null | undefined) => date?.toISOString() ?? null;
