import type { DatabaseControl } from '../db/database';

/** A job run soon after start-up, then every interval (housekeeping, reconciliation). */
export interface PeriodicJob {
  /** Schedules the first run; timers are unref'd. Calling it again does nothing. */
  start: () => void;
  /** No more runs; resolves once a run already under way has finished. */
  stop: () => Promise<void>;
}

export interface PeriodicJobOptions {
  /** The cluster lock's name: with several instances on one database, each run on one. */
  name: string;
  run: () => Promise<void>;
  withClusterLock?: DatabaseControl['withClusterLock'] | undefined;
  intervalMs: number;
  /** Before the first run, so start-up is not slowed. */
  firstDelayMs: number;
  /** A run that threw (the job's own failures are its to log; this is the last resort). */
  onError: (err: unknown) => void;
}

/** The next run is scheduled when the previous one ends, so runs never overlap. */
export function createPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  const schedule = (ms: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      const once = (options.withClusterLock?.(options.name, options.run) ?? options.run()).catch(
        options.onError,
      );
      running = once.finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
    }, ms);
    timer.unref();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(options.firstDelayMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
