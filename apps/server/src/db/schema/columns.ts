import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * The column shapes every table file uses, written once. Each is exactly the column the
 * tables wrote out before (drizzle-kit sees no change): a helper names a shape, never a new
 * type or default.
 */

/** `timestamp with time zone`, read as a Date. */
export const timestamptz = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** When the row was written (`created_at`, not null, set by the code). */
export const createdAt = () => timestamptz('created_at').notNull();

/** When the row last changed (`updated_at`, not null, set by the code). */
export const updatedAt = () => timestamptz('updated_at').notNull();

/** A random id the code makes (`id uuid primary key`). */
export const uuidId = () => uuid('id').primaryKey();

/** What deleting a row does to the rows that point at it: `cascade`, or it is refused. */
export type OnDelete = 'cascade' | undefined;

/** A row of another table this row belongs to (`uuid not null`, a foreign key to it). */
export const uuidRef = <N extends string>(
  name: N,
  target: () => AnyPgColumn,
  onDelete?: OnDelete,
) => uuid(name).notNull().references(target, { onDelete });

/** A 64-bit integer read as a bigint: money in thousandths, ledger ids, counts. */
export const int8 = <N extends string>(name: N) => bigint(name, { mode: 'bigint' });

/** A 64-bit amount that starts at 0 (`not null default 0`). */
export const int8Zero = <N extends string>(name: N) =>
  int8(name)
    .notNull()
    .default(sql`0`);

/** An id the database counts up (`bigint generated always as identity primary key`). */
export const identityId = () => int8('id').primaryKey().generatedAlwaysAsIdentity();

/** An id the database counts up from a sequence (`bigserial primary key`). */
export const serialId = () => bigserial('id', { mode: 'bigint' }).primaryKey();

/** PostgreSQL bytea as a Buffer on both drivers (pg gives a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** `'a', 'b', …` of a list of words, for a check that a column holds one of them. */
export const inList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A check that a column holds one of a list of words. */
export const checkIn = (name: string, column: unknown, values: readonly string[]) =>
  check(name, sql`${column} in (${inList(values)})`);
