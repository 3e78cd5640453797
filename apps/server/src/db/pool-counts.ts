import type { DatabaseConnection } from './database';

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The node-postgres pool's counts (metrics); undefined on PGlite, which has no pool. */
export function poolCounts(
  db: DatabaseConnection,
): { total: number; idle: number; waiting: number } | undefined {
  if (db.driver !== 'postgres') return undefined;
  const pool = (db as unknown as { $client?: Partial<PoolLike> }).$client;
  if (typeof pool?.totalCount !== 'number') return undefined;
  return { total: pool.totalCount, idle: pool.idleCount ?? 0, waiting: pool.waitingCount ?? 0 };
}
