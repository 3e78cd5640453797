import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, QueryRows } from './database';

const dialect = new PgDialect();
/** Statement text → its name; bounded by the few shapes the callers build. */
const names = new Map<string, string>();
const maxNames = 64;

/**
 * Runs `statement` as a NAMED prepared statement on PostgreSQL: each pooled connection parses
 * and plans it once, and every later run only binds and executes. For statements on the hot
 * path whose text is the same every time (all values are parameters), such as the ledger's
 * postings, planning was a large share of PostgreSQL's work. Elsewhere (PGlite, or inside a
 * Drizzle transaction, which has no pool of its own) it is a plain `db.execute`.
 *
 * Rows come back as the pg driver parses them (bigint as text, timestamptz as Date), which
 * callers of raw SQL already accept from both drivers.
 */
export async function executeNamed<Row>(db: Database, statement: SQL): Promise<QueryRows<Row>> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return db.execute<Row & Record<string, unknown>>(statement);
  const query = dialect.sqlToQuery(statement);
  let name = names.get(query.sql);
  if (name === undefined) {
    if (names.size >= maxNames) {
      // A caller builds texts that vary: stop naming rather than fill every connection.
      return db.execute<Row & Record<string, unknown>>(statement);
    }
    name = `orbita_${names.size + 1}`;
    names.set(query.sql, name);
  }
  const result = await client.query({ name, text: query.sql, values: query.params });
  return { rows: result.rows as Row[] };
}
