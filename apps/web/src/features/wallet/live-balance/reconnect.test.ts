import { describe, expect, it } from 'vitest';
import { healthyStreamMs, isFailure, maxBackoffMs, nextStep } from './reconnect';

const low = () => 0;
const high = () => 0.999_999;

function delay(step: ReturnType<typeof nextStep>): number {
  if (step.action !== 'reconnect') throw new Error(`expected a reconnect, got ${step.action}`);
  return step.delayMs;
}

describe('nextStep (the reconnect rule)', () => {
  it('comes back within a second after a healthy stream ended (token expiry, restart)', () => {
    const ended = { kind: 'ended', openMs: healthyStreamMs } as const;
    expect(delay(nextStep(ended, 5, low))).toBe(250);
    expect(delay(nextStep(ended, 5, high))).toBe(1000);
    expect(isFailure(ended)).toBe(false);
  });

  it('backs off exponentially with jitter from 1 s to 30 s for failures', () => {
    const network = { kind: 'network' } as const;
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => delay(nextStep(network, n, high)))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    // At least half the step, so many tabs spread out without coming back at once.
    expect(delay(nextStep(network, 3, low))).toBe(4000);
    expect(delay(nextStep(network, 50, high))).toBeLessThanOrEqual(maxBackoffMs);
    expect(isFailure(network)).toBe(true);
  });

  it('treats a stream that ended at once as a failure', () => {
    const quick = { kind: 'ended', openMs: 50 } as const;
    expect(isFailure(quick)).toBe(true);
    expect(delay(nextStep(quick, 2, high))).toBe(4000);
  });

  it('refreshes the token after a first 401, backs off after a second in a row', () => {
    expect(nextStep({ kind: 'unauthorized' }, 0)).toEqual({ action: 'refresh' });
    expect(delay(nextStep({ kind: 'unauthorized' }, 1, high))).toBe(2000);
  });

  it('follows Retry-After of a 429 (too many streams) or 503, within 1 s to 5 min', () => {
    expect(nextStep({ kind: 'status', status: 429, retryAfterSeconds: 30 }, 0)).toEqual({
      action: 'reconnect',
      delayMs: 30_000,
    });
    expect(delay(nextStep({ kind: 'status', status: 503, retryAfterSeconds: 0 }, 0))).toBe(1000);
    expect(delay(nextStep({ kind: 'status', status: 429, retryAfterSeconds: 86_400 }, 0))).toBe(
      300_000,
    );
    expect(delay(nextStep({ kind: 'status', status: 429 }, 0, high))).toBe(1000);
  });

  it('backs off on server errors and stops on other client errors', () => {
    expect(delay(nextStep({ kind: 'status', status: 502 }, 1, high))).toBe(2000);
    expect(nextStep({ kind: 'status', status: 404 }, 0)).toEqual({ action: 'stop' });
    expect(nextStep({ kind: 'status', status: 403 }, 0)).toEqual({ action: 'stop' });
  });
});
