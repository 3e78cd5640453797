import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import { serverPackageRoot } from '../lib/package-root';
import type { Tracing } from '../lib/tracing/tracing';
import type { DatabaseConnection } from './database';
import { openPglite, holdsDatabase } from './pglite-connection';
import type { ImageAhead } from './pglite-image-ahead';
import { findPgliteImage } from './pglite-image';
import { openPostgres } from './postgres-connection';

/**
 * Where build.mjs puts the migrated PGlite image: beside the bundle (dist/). Run from source
 * (tsx: the commands, `npm run staff:create` before the back office's browser tests) this
 * module lies in src/db, and the build's dist/ is looked at instead; findPgliteImage takes an
 * image only if it holds this tree's migrations (or the first of them), else a new database
 * is migrated from scratch.
 */
const thisModule = fileURLToPath(import.meta.url);
const imageDir = thisModule.endsWith('.ts') ? join(serverPackageRoot, 'dist') : dirname(thisModule);

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  logger?: Logger,
  options: {
    pgliteImageDir?: string;
    tracing?: Tracing | undefined;
    /** The image being written ahead by the built server's entry (pglite-image-ahead.ts). */
    imageAhead?: ImageAhead | undefined;
  } = {},
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
  const image = holdsDatabase(dataDir)
    ? undefined
    : await findPgliteImage(options.pgliteImageDir ?? imageDir);
  if (image) logger?.info('new embedded database: starting from the migrated image');
  const db = await openPglite({ dataDir, ...(image ? { image, ahead: options.imageAhead } : {}) });
  tracing?.tracePglite(db.$client);
  return db;
}
