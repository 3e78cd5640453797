import { join } from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import type { DatabaseConnection } from './database';
import { openPglite } from './pglite-connection';
import { openPostgres } from './postgres-connection';

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  logger?: Logger,
): Promise<DatabaseConnection> {
  if (config.databaseUrl !== undefined) {
    return openPostgres({ url: config.databaseUrl, ...(logger ? { logger } : {}) });
  }
  return openPglite({ dataDir: join(config.dataDir, 'pglite') });
}
