import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { openPglite } from '../../src/db/pglite-connection';
import { openPostgres } from '../../src/db/postgres-connection';
import { withAdmin } from './postgres-admin';
import { quoteIdentifier, withDatabaseName } from './test-database-template';

export interface TestDatabase {
  /** A fresh, migrated database of its own (PGlite in memory, or a PostgreSQL database). */
  db: DatabaseConnection;
  /** PostgreSQL only: the copy's connection URL, for code that opens its own connection. */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the copy. */
  destroy: () => Promise<void>;
}

let pgliteDump: Promise<Blob> | undefined;

/**
 * A copy of the migrated template made by global-setup.ts: PGlite loads the dumped data
 * folder into memory; PostgreSQL clones the template with CREATE DATABASE … TEMPLATE.
 */
export async function createTestDb(): Promise<TestDatabase> {
  const template = inject('testDatabaseTemplate');
  switch (template.driver) {
    case 'pglite': {
      // Read once per test file (worker), then every copy loads from memory.
      pgliteDump ??= readFile(template.dumpFile).then((bytes) => new Blob([bytes]));
      const db = await openPglite({ loadDataDir: await pgliteDump });
      return { db, destroy: () => db.close() };
    }
    case 'postgres': {
      const name = `${template.databasePrefix}${randomBytes(4).toString('hex')}`;
      await withAdmin(template.adminUrl, (admin) =>
        cloneTemplate(admin, name, template.templateName),
      );
      const url = withDatabaseName(template.adminUrl, name);
      const db = openPostgres({ url, max: 5 });
      return {
        db,
        url,
        destroy: async () => {
          await db.close();
          await withAdmin(template.adminUrl, (admin) =>
            admin.query(`drop database if exists ${quoteIdentifier(name)} with (force)`),
          );
        },
      };
    }
  }
}

/** The driver the suite runs on, for tests that assert driver-specific facts. */
export function testDatabaseDriver(): 'pglite' | 'postgres' {
  return inject('testDatabaseTemplate').driver;
}

async function cloneTemplate(
  admin: { query(sql: string): Promise<unknown> },
  name: string,
  templateName: string,
): Promise<void> {
  // Two files cloning at the same instant can see "source database is being accessed by
  // other users" (SQLSTATE 55006) while the other clone holds it; a short retry settles it.
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(
        `create database ${quoteIdentifier(name)} template ${quoteIdentifier(templateName)}`,
      );
      return;
    } catch (error) {
      const busy = (error as { code?: unknown }).code === '55006';
      if (!busy || attempt >= 20) throw error;
      await sleep(50 * attempt);
    }
  }
}
