import type { Logger } from './logger';

/**
 * Work that must not hold up an answer (mail after a password-reset request or a sign-in):
 * started on the next turn of the event loop, once the answer is on its way; a failure is
 * logged, never thrown. `settle()` waits for what is running (app close, tests).
 */
export interface BackgroundTasks {
  run(what: string, work: () => Promise<void>): void;
  settle(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(what, work) {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => logger.error({ err: error }, `${what} failed`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
