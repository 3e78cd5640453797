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
  /**
   * LISTENs on a channel: `onPayload` gets every NOTIFY payload committed on it by any
   * connection, this process's or another instance's. PostgreSQL: one dedicated connection
   * that reconnects after a failure (notifications sent meanwhile are lost: live updates,
   * not a queue). Resolves once listening; the returned function stops.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `task` only if no other instance holds the named lock (a session-level advisory
   * lock on PostgreSQL), and returns whether it ran: scheduled jobs run once per cluster.
   */
  withClusterLock(name: string, task: () => Promise<void>): Promise<boolean>;
}

/** An open database: query it directly (it is a Drizzle instance) and control it. */
export type DatabaseConnection = Database & DatabaseControl;
