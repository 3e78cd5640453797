import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * What a raw `db.execute(sql…)` returns on both drivers (PGlite's Results and pg's
 * QueryResult): the rows. Without it, raw results would be typed `unknown`.
 */
export interface SharedQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}

export interface QueryRows<Row> {
  rows: Row[];
}

/**
 * Drizzle over either driver: repositories take this type and are written once for PGlite
 * and PostgreSQL. A transaction (`db.transaction(tx => …)`) is one too.
 */
export type Database = PgDatabase<SharedQueryResultHKT, typeof schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

/** What the app needs to run and watch the database, beyond queries. */
export interface DatabaseControl {
  readonly driver: DatabaseDriver;
  /** Applies pending migrations from apps/server/drizzle/. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Closes the connection (or pool); safe to call more than once. */
  close(): Promise<void>;
}

/** An open database: query it directly (it is a Drizzle instance) and control it. */
export type DatabaseConnection = Database & DatabaseControl;
