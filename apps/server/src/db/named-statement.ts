import { sql, type SQL } from 'drizzle-orm';
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

/**
 * A statement whose text never changes (every value is a parameter `$1…$n`), built once at
 * module load: `executePrepared` sends it by name with only its values, so neither the server
 * (no SQL text rebuilt per call) nor PostgreSQL (parsed and planned once per connection) pays
 * for the text again.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** Names taken by `prepared`: a name is one text for the process's life (pg requires it). */
const preparedTexts = new Map<string, string>();

/** Declares a prepared statement; the same name with another text is a programming error. */
export function prepared(name: string, text: string): PreparedStatement {
  const taken = preparedTexts.get(name);
  if (taken !== undefined && taken !== text) {
    throw new Error(`prepared statement ${name} declared twice with different texts`);
  }
  preparedTexts.set(name, text);
  return { name, text };
}

/**
 * A boolean SQL condition with a constant text, for a caller's statement to include (a bet's
 * live-launch admission): `text` numbers its own parameters `$1…$n` of `values`, and the
 * statement that includes it renumbers them once (`shiftParameters`). `name` names the text:
 * the same name always comes with the same text.
 */
export interface PreparedCondition {
  readonly name: string;
  readonly text: string;
  readonly values: readonly unknown[];
}

/**
 * A select with a constant text that yields at most one row, for a caller's statement to draw
 * values from (a launch token's player, for a win posted without a separate lookup): like a
 * `PreparedCondition`, `text` numbers its own parameters `$1…$n` of `values`, the including
 * statement renumbers them once, and `name` always comes with the same text. Its columns are
 * the contract between the two (the ledger documents the ones it reads).
 */
export interface PreparedSelect {
  readonly name: string;
  readonly text: string;
  readonly values: readonly unknown[];
}

/** `text` with every parameter `$k` renumbered `$(k + by)`. */
export function shiftParameters(text: string, by: number): string {
  return text.replace(/\$(\d+)/g, (_, k: string) => `$${Number(k) + by}`);
}

/** A text with `$k` parameters as a Drizzle SQL (for PGlite and transactions). */
export function sqlOfText(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const found of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, found.index)));
    chunks.push(sql`${values[Number(found[1]) - 1]}`);
    last = found.index + found[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** Whether `executePrepared` sends statements by name here (PostgreSQL's pool). */
export function preparesByName(db: Database): boolean {
  return (db as { $client?: unknown }).$client instanceof pg.Pool;
}

/**
 * Runs a prepared statement with its values: on PostgreSQL's pool by name (see above);
 * elsewhere (PGlite, which has one connection and no plan cache to gain, or a Drizzle
 * transaction) the same text unnamed through `db.execute`.
 */
export async function executePrepared<Row>(
  db: Database,
  statement: PreparedStatement,
  values: readonly unknown[],
): Promise<QueryRows<Row>> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    return db.execute<Row & Record<string, unknown>>(sqlOfText(statement.text, values));
  }
  const result = await client.query({
    name: statement.name,
    text: statement.text,
    values: values as unknown[],
  });
  return { rows: result.rows as Row[] };
}
