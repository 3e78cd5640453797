import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrationsFolder } from '../../src/db/migrations-folder';
import { openPostgres } from '../../src/db/postgres-connection';
import { withAdmin } from '../helpers/postgres-admin';
import { quoteIdentifier, withDatabaseName } from '../helpers/test-database-template';
import { testDatabaseDriver } from '../helpers/test-database';

/**
 * Three instances started at once against one new PostgreSQL database: the advisory lock
 * of migrate() (db/postgres-connection.ts) lets one migrate while the others wait, then they
 * find nothing to do. Without it, two would run the same CREATE TABLE and one would fail.
 * (PGlite has one process per data folder: nothing to race.)
 */
describe.skipIf(testDatabaseDriver() !== 'postgres')('migrations on start under a lock', () => {
  it('three instances started at once migrate once', async () => {
    const template = inject('testDatabaseTemplate');
    if (template.driver !== 'postgres') return;
    const name = `${template.databasePrefix}lock_${randomBytes(3).toString('hex')}`;
    await withAdmin(template.adminUrl, (admin) =>
      admin.query(`create database ${quoteIdentifier(name)}`),
    );
    const url = withDatabaseName(template.adminUrl, name);
    const instances = [1, 2, 3].map(() => openPostgres({ url, max: 2 }));
    try {
      const outcomes = await Promise.allSettled(instances.map((db) => db.migrate()));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

      const journal = JSON.parse(
        await readFile(join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const { rows } = await instances[0]!.$client.query<{ applied: string; distinct: string }>(
        `select count(*)::text as applied, count(distinct hash)::text as distinct
           from drizzle.__drizzle_migrations`,
      );
      // Each migration recorded once: one instance applied them, the others found them done.
      expect(rows[0]).toEqual({
        applied: String(journal.entries.length),
        distinct: String(journal.entries.length),
      });
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await withAdmin(template.adminUrl, (admin) =>
        admin.query(`drop database if exists ${quoteIdentifier(name)} with (force)`),
      );
    }
  }, 120_000);
});
