import type { ProviderSlug } from '@casino/contracts';
import type { Logger } from '../../lib/logger';
import type { CatalogSync, SyncReport } from './catalog-sync';

export interface CatalogSchedulerOptions {
  sync: CatalogSync;
  logger: Logger;
  /**
   * simulated: the first sync runs before listen (the studios are in-process and fast). A
   * function decides at start: true only when the catalog is still empty, so a restart
   * (after a crash, say) serves the catalog it has at once and syncs it in the background.
   */
  awaitFirstSync: boolean | (() => Promise<boolean>);
  /** 0: no periodic re-sync. */
  intervalMs: number;
  /** Pauses between retries of a provider whose sync failed at start-up. */
  retryDelaysMs?: readonly number[];
  /**
   * Runs a periodic sync only if no other instance is running one (the database's
   * withClusterLock): N instances sync once per interval, not N times.
   */
  clusterLock?: (name: string, task: () => Promise<void>) => Promise<boolean>;
}

export interface CatalogScheduler {
  /**
   * The start-up sync: awaited in simulated mode, in the background otherwise. `current`:
   * the catalog is known to be what a sync would write now (a new embedded database whose
   * image holds exactly the catalogs the studios answer, decision 096), so only the
   * periodic syncs are scheduled.
   */
  start(options?: { current?: boolean }): Promise<SyncReport[] | undefined>;
  stop(): void;
}

const defaultRetryDelaysMs = [5_000, 30_000, 2 * 60_000, 10 * 60_000];

/**
 * When the catalog is read from the providers: at start-up (a provider that fails is retried
 * with growing pauses, each provider on its own), then every interval. Timers are unref'd and
 * stopped on close, so they never hold the process up.
 */
export function createCatalogScheduler(options: CatalogSchedulerOptions): CatalogScheduler {
  const delays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const later = (ms: number, work: () => void): void => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) work();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const retry = (provider: ProviderSlug, attempt: number): void => {
    const delay = delays[attempt];
    if (delay === undefined) {
      options.logger.error(
        { provider },
        'game catalog sync still failing after retries; trying again at the next interval',
      );
      return;
    }
    later(delay, () => {
      void options.sync.syncProvider(provider).then((report) => {
        if (!report.ok && report.retryable) retry(provider, attempt + 1);
      });
    });
  };

  const retryFailures = (reports: SyncReport[]): void => {
    for (const report of reports) {
      if (!report.ok && report.retryable) retry(report.provider, 0);
    }
  };

  const schedulePeriodic = (): void => {
    if (options.intervalMs <= 0) return;
    later(options.intervalMs, () => {
      const syncAll = async () => {
        await options.sync.syncAll();
      };
      const once = options.clusterLock?.('catalog-sync', syncAll) ?? syncAll();
      void once.catch(() => undefined).finally(schedulePeriodic);
    });
  };

  return {
    async start({ current = false } = {}) {
      schedulePeriodic();
      if (current) return undefined;
      const awaitFirst =
        typeof options.awaitFirstSync === 'function'
          ? await options.awaitFirstSync()
          : options.awaitFirstSync;
      if (awaitFirst) {
        const reports = await options.sync.syncAll();
        retryFailures(reports);
        return reports;
      }
      void options.sync.syncAll().then(retryFailures);
      return undefined;
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
