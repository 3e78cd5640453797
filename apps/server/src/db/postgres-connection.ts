import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from '../lib/logger';
import type { DatabaseConnection } from './database';
import { migrationsFolder } from './migrations-folder';
import * as schema from './schema';

export interface PostgresOptions {
  url: string;
  logger?: Logger;
  /** Pool size; the default suits one small instance. */
  max?: number;
}

/** A node-postgres pool, used when DATABASE_URL is set. */
export function openPostgres(options: PostgresOptions): DatabaseConnection & { $client: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    // Without a timeout a dead server makes requests (and the health check) hang forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client can fail (server restart); without a listener that crashes the process.
  pool.on('error', (error) => {
    options.logger?.error({ err: error }, 'idle PostgreSQL client failed');
  });
  const db = drizzle({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return Object.assign(db, {
    driver: 'postgres' as const,
    migrate: () => migrate(db, { migrationsFolder }),
    async ping() {
      await pool.query('select 1');
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  });
}
