import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../db/database';

/**
 * A player's rows of one table, in the order of one column: what a section of the data
 * export lists (decision 083). Every such table names the player in its `userId` column.
 */
export async function playerRows<Fields extends SelectedFields>(
  db: Database,
  table: PgTable & { userId: PgColumn },
  userId: string,
  fields: Fields,
  order: PgColumn,
): Promise<SelectResultFields<Fields>[]> {
  const rows = await db
    .select(fields)
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(asc(order));
  // Drizzle types the rows from the table's own type; over any table it loses them, and the
  // fields' types are what the query selected.
  return rows as SelectResultFields<Fields>[];
}
