import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaseOptions, withCrossTabLock } from './cross-tab-lock';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('withCrossTabLock', () => {
  it('uses the Web Locks API when there is one', async () => {
    const request = vi.fn((_name: string, task: () => Promise<unknown>) => task());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    await expect(withCrossTabLock('x', () => Promise.resolve(7))).resolves.toBe(7);
    expect(request).toHaveBeenCalledWith('x', expect.any(Function));
  });

  describe('without Web Locks (a lease in local storage)', () => {
    it('runs one holder at a time', async () => {
      vi.stubGlobal('navigator', { ...navigator, locks: undefined });
      const log: string[] = [];
      const task = (id: string) => async () => {
        log.push(`start ${id}`);
        await sleep(30);
        log.push(`end ${id}`);
        return id;
      };
      const results = await Promise.all([
        withCrossTabLock('refresh', task('a')),
        withCrossTabLock('refresh', task('b')),
      ]);
      expect(results).toEqual(['a', 'b']);
      // No interleaving: each start is followed by its own end.
      expect(log[1]).toBe(`end ${log[0]?.slice(6)}`);
      expect(log[3]).toBe(`end ${log[2]?.slice(6)}`);
      expect(localStorage.getItem('lock:refresh')).toBeNull();
    });

    it('takes over a lease whose holder died (expired)', async () => {
      vi.stubGlobal('navigator', { ...navigator, locks: undefined });
      localStorage.setItem(
        'lock:refresh',
        JSON.stringify({ owner: 'dead-tab', expires: Date.now() - 1 }),
      );
      const started = Date.now();
      await expect(withCrossTabLock('refresh', () => Promise.resolve('ok'))).resolves.toBe('ok');
      expect(Date.now() - started).toBeLessThan(leaseOptions.leaseMs);
    });
  });
});
