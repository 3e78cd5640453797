import { getTableConfig, integer, pgTable, PgTable, uuid } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import type { PersonalDataOwner } from '../../src/lib/personal-data';
import { personalDataOwners } from '../../src/features/privacy/personal-data-owners';

/** The registered owners, with stand-ins for what only a running app holds. */
const owners = personalDataOwners({
  avatars: {
    save: () => Promise.reject(new Error('not in this test')),
    read: () => Promise.resolve(undefined),
    remove: () => Promise.resolve(),
  },
  forgetDocuments: () => Promise.resolve(),
});

/** A table names a player: a foreign key to `users`, or a `user_id` column (reports keep no key). */
function namesAPlayer(table: PgTable): boolean {
  const config = getTableConfig(table);
  const usersKey = config.foreignKeys.some(
    (key) => getTableConfig(key.reference().foreignTable).name === 'users',
  );
  return usersKey || config.columns.some((column) => column.name === 'user_id');
}

/** The tables that name a player and no owner lists. */
function unowned(tables: PgTable[], by: readonly PersonalDataOwner[]): string[] {
  const owned = new Set(by.flatMap((owner) => owner.tables));
  return tables
    .filter((table) => namesAPlayer(table) && !owned.has(table))
    .map((table) => getTableConfig(table).name);
}

const schemaTables: PgTable[] = Object.values(schema as Record<string, unknown>).flatMap((value) =>
  is(value, PgTable) ? [value] : [],
);

describe('personal data owners (decision 083)', () => {
  it('own every table of the schema that names a player, users included', () => {
    expect(unowned([...schemaTables, schema.users], owners)).toEqual([]);
    expect(owners.some((owner) => owner.tables.includes(schema.users))).toBe(true);
  });

  it('fail the walk for a new table with a player reference and no owner', () => {
    const favourites = pgTable('favourite_games', {
      userId: uuid('user_id').references(() => schema.users.id),
      gameId: integer('game_id'),
    });
    const scores = pgTable('scores', { userId: uuid('user_id'), score: integer('score') });
    const counters = pgTable('counters', { value: integer('value') });
    expect(unowned([favourites, scores, counters], owners)).toEqual(['favourite_games', 'scores']);
  });

  it('list each table once, so one feature answers for it', () => {
    const tables = owners.flatMap((owner) => owner.tables.map((t) => getTableConfig(t).name));
    expect(tables.length).toBe(new Set(tables).size);
  });

  it("come in the order of the export file's sections, the wallet check before payments", () => {
    expect(owners.map((owner) => owner.name)).toEqual([
      'users',
      'auth',
      'wallet',
      'payments',
      'bonus',
      'auth: two-factor',
      'identity',
      'chat',
      'support',
      'game-sessions',
      'games',
      'responsible-gaming',
      'reports',
      'staff',
      'privacy',
    ]);
  });
});
