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
  /** Pool size (at least 2: migrating holds one connection for its lock); default 10. */
  max?: number;
}

// Any fixed 64-bit number, the same in every instance of this server ("casino-migrate").
const migrationLockKey = '7236021817286893925';

/** A node-postgres pool, used when DATABASE_URL is set. */
export function openPostgres(options: PostgresOptions): DatabaseConnection & { $client: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: Math.max(2, options.max ?? 10),
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
    async migrate() {
      // Several instances may start at once against one database; the session-level
      // advisory lock lets one of them migrate while the others wait, then find nothing to do.
      const lockHolder = await pool.connect();
      try {
        await lockHolder.query('select pg_advisory_lock($1)', [migrationLockKey]);
        await migrate(db, { migrationsFolder });
      } finally {
        await lockHolder.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
        lockHolder.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  });
}
