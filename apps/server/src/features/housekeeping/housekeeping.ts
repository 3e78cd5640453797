import type { Database, DatabaseControl } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { createPeriodicJob } from '../../lib/periodic-job';
import { purgeStatements } from './purge-statements';

export interface PurgeReport {
  /** Rows deleted per kind, in the order purged. */
  deleted: Record<string, number>;
}

export interface Housekeeping {
  /** Deletes what has outlived its retention (purge-statements.ts), now. */
  runOnce(): Promise<PurgeReport>;
  /** Runs soon after start-up, then every interval; timers are unref'd. */
  start(): void;
  /** No more runs; resolves once a run already under way has finished. */
  stop(): Promise<void>;
}

export interface HousekeepingOptions {
  /** withClusterLock: with several instances on one database, each run happens on one. */
  db: Database & Partial<Pick<DatabaseControl, 'withClusterLock'>>;
  clock: Clock;
  logger: Logger;
  /** Between runs; default an hour. */
  intervalMs?: number;
  /** Before the first run, so start-up is not slowed; default a minute. */
  firstDelayMs?: number;
}

/**
 * Short-lived rows (expired codes, idle throttles, launch tokens long past settlement, ended
 * sessions) deleted periodically, each kind in its own statement, so one failing never stops
 * the others and no long transaction holds locks. Ledger rows are never touched.
 */
export function createHousekeeping(options: HousekeepingOptions): Housekeeping {
  const intervalMs = options.intervalMs ?? 60 * 60_000;
  const firstDelayMs = options.firstDelayMs ?? 60_000;

  const runOnce = async (): Promise<PurgeReport> => {
    const deleted: Record<string, number> = {};
    for (const { name, statement } of purgeStatements(options.clock.now())) {
      try {
        const { rows } = await options.db.execute<{ n: number }>(statement);
        deleted[name] = Number(rows[0]?.n ?? 0);
      } catch (err) {
        options.logger.error({ err, kind: name }, 'housekeeping: purge failed');
      }
    }
    const total = Object.values(deleted).reduce((sum, n) => sum + n, 0);
    if (total > 0) options.logger.info({ deleted }, 'housekeeping: stale rows purged');
    return { deleted };
  };

  const job = createPeriodicJob({
    name: 'housekeeping',
    run: async () => {
      await runOnce();
    },
    withClusterLock: options.db.withClusterLock?.bind(options.db),
    intervalMs,
    firstDelayMs,
    onError: (err) => options.logger.error({ err }, 'housekeeping: run failed'),
  });

  return { runOnce, start: job.start, stop: job.stop };
}
