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
  // So can a client that is checked out but between two queries (a transaction waiting on
  // our code, a job holding its cluster lock) when PostgreSQL restarts: the pool's idle
  // listener is detached while a client is out, and node-postgres then emits 'error' on the
  // client itself, with no listener an uncaught exception that took the whole server down
  // (found by the fault load, decision 055). The client's next query fails instead, and the
  // pool drops a client that is no longer queryable when it comes back.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      options.logger?.warn(
        { err: { message: error.message, code: (error as { code?: unknown }).code } },
        'PostgreSQL connection lost',
      );
    });
  });
  const db = drizzle({ client: pool, schema });
  const listeners = new Set<Listener>();
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
    listen(channel: string, onPayload: (payload: string) => void) {
      const listener = startListener(options, channel, onPayload);
      listeners.add(listener);
      return listener.ready.then(() => async () => {
        listeners.delete(listener);
        await listener.stop();
      });
    },
    async withClusterLock(name: string, task: () => Promise<void>) {
      const holder = await pool.connect();
      try {
        const { rows } = await holder.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [`casino-job:${name}`],
        );
        if (!rows[0]?.locked) return false;
        try {
          await task();
        } finally {
          await holder
            .query('select pg_advisory_unlock(hashtextextended($1, 0))', [`casino-job:${name}`])
            .catch(() => {});
        }
        return true;
      } finally {
        holder.release();
      }
    },
    close() {
      closing ??= Promise.all([...listeners].map((l) => l.stop())).then(() => pool.end());
      return closing;
    },
  });
}

interface Listener {
  /** Resolves when the first LISTEN succeeded (or failed: then retries go on behind it). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * A connection of its own (outside the pool: a pooled client would be handed to queries) that
 * LISTENs on `channel` and, when it drops (PostgreSQL restarted), reconnects after a second.
 */
function startListener(
  options: PostgresOptions,
  channel: string,
  onPayload: (payload: string) => void,
): Listener {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000 });
    const again = () => {
      if (stopped || client !== next) return;
      client = undefined;
      next.removeAllListeners();
      void next.end().catch(() => {});
      retry = setTimeout(() => void connect(), 1_000);
    };
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', (error) => {
      options.logger?.warn({ err: error, channel }, 'LISTEN connection failed; reconnecting');
      again();
    });
    next.on('end', again);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      options.logger?.warn({ err: error, channel }, 'LISTEN failed; retrying');
      again();
    }
  };
  const ready = connect();
  return {
    ready,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
