import type { Logger } from '../../lib/logger';
import type { BonusService } from './bonus-service';

export interface Settler {
  /** Settles the player's bonus soon (after the posting that asked has committed). */
  queue(userId: string): void;
  /** Resolves when nothing is queued or running (tests). */
  idle(): Promise<void>;
  /** Sweeps expired bonuses every interval; timers are unref'd. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * Runs the service's settle per player, one at a time per player: a burst of bets queues one
 * more run, not one each. A failure is logged; the next posting, read or sweep settles again
 * (every settle is idempotent).
 */
export function createSettler(deps: { service: BonusService; logger: Logger }): Settler {
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;
  let stopped = false;

  const run = (userId: string): Promise<void> => {
    const task = deps.service
      .settle(userId)
      .catch((err: unknown) => deps.logger.error({ err }, 'bonus: settle failed'))
      .finally(() => {
        running.delete(userId);
        if (again.delete(userId) && !stopped) running.set(userId, run(userId));
      });
    return task;
  };

  return {
    queue(userId) {
      if (stopped) return;
      if (running.has(userId)) {
        again.add(userId);
        return;
      }
      running.set(userId, run(userId));
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running.values()]);
      await sweeping;
    },
    start(intervalMs = 60_000) {
      const tick = () => {
        timer = setTimeout(() => {
          sweeping = deps.service
            .sweepExpired()
            .catch((err: unknown) => deps.logger.error({ err }, 'bonus: sweep failed'))
            .finally(() => {
              sweeping = undefined;
              if (!stopped) tick();
            });
        }, intervalMs);
        timer.unref();
      };
      if (!stopped && timer === undefined) tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...running.values(), sweeping]);
    },
  };
}
