import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { createLogger } from '../logger';
import { createInProcessSharedState } from './in-process-shared-state';
import { createRedisSharedState } from './redis-shared-state';
import type { SharedState } from './shared-state';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = createLogger({ logLevel: 'silent', env: 'test' });
const opened: SharedState[] = [];
afterEach(async () => {
  for (const state of opened.splice(0)) await state.close();
});

/** Resolves with the first message on `channel`. */
function firstMessage(state: SharedState, channel: string) {
  return new Promise<string>((resolve) => {
    void state.subscribe(channel, resolve);
  });
}

const implementations: [string, () => Promise<{ a: SharedState; b: SharedState }>][] = [
  [
    'in-process',
    () => {
      const one = createInProcessSharedState(fixedClock(new Date()));
      opened.push(one);
      return Promise.resolve({ a: one, b: one });
    },
  ],
  [
    'redis (two connections, one prefix)',
    async () => {
      const prefix = `test-${randomBytes(6).toString('hex')}:`;
      const a = await createRedisSharedState({ url: redisUrl, prefix, logger });
      const b = await createRedisSharedState({ url: redisUrl, prefix, logger });
      opened.push(a, b);
      return { a, b };
    },
  ],
];

describe.each(implementations)('SharedState: %s', (_name, open) => {
  it('delivers a message to every subscriber, in order, and stops after unsubscribe', async () => {
    const { a, b } = await open();
    const got: string[] = [];
    const stop = await b.subscribe('ch', (m) => got.push(m));
    const other = firstMessage(a, 'ch');
    await a.publish('ch', 'one');
    await a.publish('ch', 'two');
    expect(await other).toBe('one');
    await expect.poll(() => got).toEqual(['one', 'two']);
    await stop();
    await a.publish('ch', 'three');
    await sleep(100);
    expect(got).toEqual(['one', 'two']);
  });

  it('counts with a fixed expiry window', async () => {
    const { a, b } = await open();
    expect(await a.increment('k', 1, 60_000)).toBe(1);
    expect(await b.increment('k', 2, 60_000)).toBe(3);
    expect(await b.read('k')).toBe(3);
    expect(await a.read('missing')).toBe(0);
    const left = await a.remainingMs('k');
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
  });
});

describe.each(implementations)('SharedState leases: %s', (_name, open) => {
  it('holds at most `limit` leases over every holder; a release frees one; renewing is free', async () => {
    const { a, b } = await open();
    expect(await a.acquireLease('l', 'one', 2, 60_000)).toBe(true);
    expect(await b.acquireLease('l', 'two', 2, 60_000)).toBe(true);
    expect(await a.acquireLease('l', 'three', 2, 60_000)).toBe(false);
    expect(await b.acquireLease('l', 'one', 2, 60_000)).toBe(true);
    await b.releaseLease('l', 'one');
    await b.releaseLease('l', 'never-held');
    expect(await a.acquireLease('l', 'three', 2, 60_000)).toBe(true);
    expect(await b.acquireLease('other', 'x', 1, 60_000)).toBe(true);
  });
});

describe('SharedState expiry', () => {
  it('in-process: a lease frees itself once its time passed', async () => {
    const clock = fixedClock(new Date('2026-01-01T00:00:00Z'));
    const state = createInProcessSharedState(clock);
    expect(await state.acquireLease('l', 'a', 1, 1000)).toBe(true);
    expect(await state.acquireLease('l', 'b', 1, 1000)).toBe(false);
    clock.advance(1000);
    expect(await state.acquireLease('l', 'b', 1, 1000)).toBe(true);
  });

  it('redis: a lease frees itself once its time passed', async () => {
    const a = await createRedisSharedState({
      url: redisUrl,
      prefix: `t-${randomBytes(6).toString('hex')}:`,
      logger,
    });
    opened.push(a);
    expect(await a.acquireLease('l', 'a', 1, 150)).toBe(true);
    expect(await a.acquireLease('l', 'b', 1, 150)).toBe(false);
    await sleep(250);
    expect(await a.acquireLease('l', 'b', 1, 150)).toBe(true);
  });

  it('in-process: a counter is gone once its window passed', async () => {
    const clock = fixedClock(new Date('2026-01-01T00:00:00Z'));
    const state = createInProcessSharedState(clock);
    await state.increment('k', 5, 1000);
    clock.advance(999);
    expect(await state.read('k')).toBe(5);
    clock.advance(1);
    expect(await state.read('k')).toBe(0);
    expect(await state.increment('k', 1, 1000)).toBe(1);
  });

  it('redis: a counter is gone once its window passed; prefixes keep deployments apart', async () => {
    const a = await createRedisSharedState({
      url: redisUrl,
      prefix: `t-${randomBytes(6).toString('hex')}:`,
      logger,
    });
    const b = await createRedisSharedState({
      url: redisUrl,
      prefix: `t-${randomBytes(6).toString('hex')}:`,
      logger,
    });
    opened.push(a, b);
    await a.increment('k', 1, 150);
    expect(await b.read('k')).toBe(0);
    await sleep(250);
    expect(await a.read('k')).toBe(0);
  });
});
