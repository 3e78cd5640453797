/** How a stream attempt ended, as the reconnect rule sees it. */
export type StreamOutcome =
  /** The server ended a stream that was open (token expiry, shutdown, deploy). */
  | { kind: 'ended'; openMs: number }
  /** No answer, or the connection broke while reading. */
  | { kind: 'network' }
  /** 401: the access token is stale (or the session is over). */
  | { kind: 'unauthorized' }
  /** Any other answer than 200. */
  | { kind: 'status'; status: number; retryAfterSeconds?: number | undefined };

export type NextStep =
  | { action: 'reconnect'; delayMs: number }
  /** Renew the access token through the app's refresh, then reconnect at once. */
  | { action: 'refresh' }
  /** Give up: the server has no stream for us (the focus and route refetches remain). */
  | { action: 'stop' };

/** A stream that stayed open this long was healthy: its end starts the count again. */
export const healthyStreamMs = 10_000;
export const maxBackoffMs = 30_000;
const maxRetryAfterMs = 5 * 60_000;

/**
 * The reconnect rule. `failures` counts the attempts that failed in a row before this one
 * (0 for the first). Exponential backoff from 1 s to 30 s with jitter (half fixed, half
 * random, so many tabs do not come back at the same instant after a restart):
 *
 * - a healthy stream that ended: reconnect within a second, the count reset;
 * - 401: refresh the token and reconnect, once; a second 401 in a row backs off;
 * - 429 / 503 with Retry-After: wait that long (at most 5 minutes);
 * - network errors, 5xx, a stream that ended at once: back off;
 * - any other 4xx (no such route, forbidden): stop.
 */
export function nextStep(
  outcome: StreamOutcome,
  failures: number,
  random: () => number = Math.random,
): NextStep {
  const backoff = (): NextStep => {
    const base = Math.min(maxBackoffMs, 1000 * 2 ** Math.min(failures, 10));
    return { action: 'reconnect', delayMs: Math.round(base / 2 + (random() * base) / 2) };
  };
  switch (outcome.kind) {
    case 'ended':
      if (outcome.openMs >= healthyStreamMs) {
        return { action: 'reconnect', delayMs: Math.round(250 + random() * 750) };
      }
      return backoff();
    case 'network':
      return backoff();
    case 'unauthorized':
      return failures === 0 ? { action: 'refresh' } : backoff();
    case 'status': {
      const { status, retryAfterSeconds } = outcome;
      if (retryAfterSeconds !== undefined && (status === 429 || status === 503)) {
        return {
          action: 'reconnect',
          delayMs: Math.min(maxRetryAfterMs, Math.max(1000, retryAfterSeconds * 1000)),
        };
      }
      if (status === 408 || status === 429 || status >= 500) return backoff();
      return { action: 'stop' };
    }
  }
}

/** Whether an attempt counts as a failure for the next backoff. */
export function isFailure(outcome: StreamOutcome): boolean {
  return !(outcome.kind === 'ended' && outcome.openMs >= healthyStreamMs);
}
