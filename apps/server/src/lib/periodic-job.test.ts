import { describe, expect, it, vi } from 'vitest';
import { createPeriodicJob } from './periodic-job';

describe('periodic job', () => {
  it('runs under the cluster lock by its name, so one instance of many runs each round', async () => {
    const locked: string[] = [];
    let runs = 0;
    const job = createPeriodicJob({
      name: 'payments-reconciliation',
      run: () => {
        runs += 1;
        return Promise.resolve();
      },
      // Another instance holds the lock every second round: that round is skipped here.
      withClusterLock: async (name, task) => {
        locked.push(name);
        if (locked.length % 2 === 0) return false;
        await task();
        return true;
      },
      intervalMs: 5,
      firstDelayMs: 1,
      onError: () => undefined,
    });
    job.start();
    await vi.waitFor(() => expect(locked.length).toBeGreaterThanOrEqual(4));
    await job.stop();
    expect(new Set(locked)).toEqual(new Set(['payments-reconciliation']));
    expect(runs).toBe(Math.ceil(locked.length / 2));
  });

  it('reports a failed run and keeps its schedule; stop waits for a run under way', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    let release: () => void = () => undefined;
    const job = createPeriodicJob({
      name: 'housekeeping',
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('database gone');
        await new Promise<void>((resolve) => (release = resolve));
      },
      intervalMs: 5,
      firstDelayMs: 1,
      onError: (err) => errors.push(err),
    });
    job.start();
    await vi.waitFor(() => expect(runs).toBe(2));
    expect(errors).toEqual([new Error('database gone')]);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(runs).toBe(2);
  });
});
