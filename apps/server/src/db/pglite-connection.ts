import { mkdir } from 'node:fs/promises';
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseConnection } from './database';
import { migrationsFolder } from './migrations-folder';
import * as schema from './schema';

export interface PgliteOptions {
  /** Folder of the persistent database; omit for an in-memory one. */
  dataDir?: string;
  /** A tarball from `dumpDataDir()` to start from (tests copy a migrated template this way). */
  loadDataDir?: Blob;
}

/** Embedded PostgreSQL (WASM): the default, so a fresh checkout runs with nothing installed. */
export async function openPglite(
  options: PgliteOptions = {},
): Promise<DatabaseConnection & { $client: PGlite }> {
  if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // bigint (int8) as text, as node-postgres returns it: raw queries (count(*), sums of
    // minor units) then give the same type on both drivers, and never a lossy number.
    parsers: { [types.INT8]: (value: string) => value },
  });
  const db = drizzle({ client, schema });
  let closing: Promise<void> | undefined;
  return Object.assign(db, {
    driver: 'pglite' as const,
    migrate: () => migrate(db, { migrationsFolder }),
    async ping() {
      await client.query('select 1');
    },
    close() {
      closing ??= client.closed ? Promise.resolve() : client.close();
      return closing;
    },
  });
}
