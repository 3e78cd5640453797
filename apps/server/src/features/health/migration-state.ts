import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { migrationsFolder } from '../../db/migrations-folder';

/**
 * Whether the database holds every migration this build ships: drizzle's migrator records
 * each applied migration's journal time (`created_at` = the journal's `when`) and applies
 * what is newer than the last one, so the database is migrated when its newest record is
 * at least the journal's newest. Once true it stays true (nothing un-applies a migration),
 * so a probe costs one query only until then.
 */
export function createMigrationState(db: Database, folder = migrationsFolder) {
  let migrated = false;
  let newest: Promise<number> | undefined;
  const journalNewest = async () => {
    const journal = JSON.parse(await readFile(join(folder, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    return Math.max(0, ...journal.entries.map((entry) => entry.when));
  };
  return {
    async check(): Promise<'applied' | 'pending' | 'unknown'> {
      if (migrated) return 'applied';
      try {
        newest ??= journalNewest();
        const { rows } = await db.execute<{ created_at: string | null }>(
          sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
        );
        const applied = Number(rows[0]?.created_at ?? 0);
        migrated = applied >= (await newest);
        return migrated ? 'applied' : 'pending';
      } catch {
        return 'unknown';
      }
    },
  };
}
