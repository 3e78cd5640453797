import { ErrorCode } from '@casino/contracts';
import { AppError } from '../errors';

export interface UploadGateOptions {
  /** Uploads read and processed at once on this instance; the rest wait their turn. */
  concurrent: number;
  /** Uploads that may wait; past this, 503 with Retry-After. */
  waiting: number;
  /** The 429 of a player's second upload while the first is under way (a generic one else). */
  busy?: { message: string; retryAfterSeconds: number };
}

/**
 * Bounds uploads (issue 25: 40 identity documents at once took 141 s and 1.2 GB): one at a time
 * per player (a second while the first is under way is 429), and `concurrent` per instance with
 * at most `waiting` in line behind them (503 past that). A waiting upload's body is not read:
 * TCP holds the client back, not our memory.
 */
export function createUploadGate(options: UploadGateOptions) {
  const busyPlayers = new Set<string>();
  const queue: (() => void)[] = [];
  let running = 0;

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run<T>(playerId: string, work: () => Promise<T>): Promise<T> {
      if (busyPlayers.has(playerId)) {
        throw new AppError(
          429,
          ErrorCode.RATE_LIMITED,
          options.busy?.message ??
            'Another upload of yours is still being processed: wait for it to finish.',
          undefined,
          options.busy?.retryAfterSeconds ?? 2,
        );
      }
      if (running >= options.concurrent && queue.length >= options.waiting) {
        throw new AppError(
          503,
          ErrorCode.SERVICE_UNAVAILABLE,
          'Too many uploads right now: try again in a few seconds.',
          undefined,
          5,
        );
      }
      busyPlayers.add(playerId);
      try {
        if (running < options.concurrent) running += 1;
        else await new Promise<void>((resolve) => queue.push(resolve));
        try {
          return await work();
        } finally {
          release();
        }
      } finally {
        busyPlayers.delete(playerId);
      }
    },
    /** Uploads under way and waiting (tests, the benchmark). */
    load: () => ({ running, waiting: queue.length }),
  };
}

export type UploadGate = ReturnType<typeof createUploadGate>;
