import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import type { Tracing } from '../lib/tracing/tracing';
import type { DatabaseConnection } from './database';
import { openPglite } from './pglite-connection';
import { findPgliteImage, holdsDatabase } from './pglite-image';
import { openPostgres } from './postgres-connection';

/**
 * Where build.mjs puts the migrated PGlite image: beside the bundle (dist/). Run from source
 * (tsx) there is none, and a new database is migrated from scratch.
 */
const imageDir = dirname(fileURLToPath(import.meta.url));

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  logger?: Logger,
  options: { pgliteImageDir?: string; tracing?: Tracing | undefined } = {},
): Promise<DatabaseConnection> {
  const { tracing } = options;
  if (config.databaseUrl !== undefined) {
    const db = openPostgres({ url: config.databaseUrl, ...(logger ? { logger } : {}) });
    tracing?.tracePgPool(db.$client);
    return db;
  }
  const dataDir = join(config.dataDir, 'pglite');
  // A new embedded database starts as a copy of the migrated image; an existing one opens as
  // it is (migrate() then applies only what is new).
  const image = (await holdsDatabase(dataDir))
    ? undefined
    : await findPgliteImage(options.pgliteImageDir ?? imageDir);
  if (image) logger?.info('new embedded database: starting from the migrated image');
  const db = await openPglite({ dataDir, ...(image ? { loadDataDir: image } : {}) });
  tracing?.tracePglite(db.$client);
  return db;
}
