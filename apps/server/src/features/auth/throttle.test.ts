import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  afterRefund,
  lockWaitSeconds,
  throttleKeys,
  throttlePolicies,
  type ThrottlePolicy,
} from './throttle';
import type { ThrottleRow } from './throttle-repository';

const start = new Date('2025-06-01T12:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const fresh: ThrottleRow = {
  key: 'k',
  failures: 0,
  windowStartedAt: start,
  lockedUntil: null,
  lockCount: 0,
  updatedAt: start,
};

function fail(
  row: ThrottleRow,
  times: number,
  now: Date,
  policy: ThrottlePolicy = throttlePolicies.pair,
) {
  let current = row;
  for (let i = 0; i < times; i++) current = afterFailure(current, policy, now);
  return current;
}

describe('throttle policy', () => {
  it('locks a pair after five failures, for a minute', () => {
    const four = fail(fresh, 4, start);
    expect(four.lockedUntil).toBeNull();
    const five = afterFailure(four, throttlePolicies.pair, start);
    expect(five.lockedUntil).toEqual(at(60_000));
    expect(five.failures).toBe(0);
    expect(lockWaitSeconds([five], start)).toBe(60);
    expect(lockWaitSeconds([five], at(59_001))).toBe(1);
    expect(lockWaitSeconds([five], at(60_000))).toBe(0);
  });

  it('doubles each further pair lock up to 15 minutes', () => {
    let row = fresh;
    const locks: number[] = [];
    let now = start;
    for (let round = 0; round < 6; round++) {
      row = fail(row, 5, now);
      const lockMs = (row.lockedUntil?.getTime() ?? 0) - now.getTime();
      locks.push(lockMs / 60_000);
      now = row.lockedUntil ?? now;
    }
    expect(locks).toEqual([1, 2, 4, 8, 15, 15]);
  });

  it('forgets old failures after the window and old locks after a quiet day', () => {
    const three = fail(fresh, 3, start);
    const later = afterFailure(three, throttlePolicies.pair, at(15 * 60_000));
    expect(later.failures).toBe(1);

    const locked = fail(fail(fresh, 5, start), 5, at(60_000));
    expect(locked.lockCount).toBe(2);
    const dayLater = fail(locked, 5, at(25 * 60 * 60_000));
    expect((dayLater.lockedUntil?.getTime() ?? 0) - at(25 * 60 * 60_000).getTime()).toBe(60_000);
  });

  it('gives the account a looser cap with a short fixed lock', () => {
    const nineteen = fail(fresh, 19, start, throttlePolicies.account);
    expect(nineteen.lockedUntil).toBeNull();
    const twenty = afterFailure(nineteen, throttlePolicies.account, start);
    expect(lockWaitSeconds([twenty], start)).toBe(300);
    const again = fail(twenty, 20, at(300_000), throttlePolicies.account);
    expect(lockWaitSeconds([again], at(300_000))).toBe(300);
  });

  it('waits for the longest lock among several', () => {
    expect(lockWaitSeconds([{ lockedUntil: at(10_000) }, { lockedUntil: at(90_000) }], start)).toBe(
      90,
    );
    expect(lockWaitSeconds([], start)).toBe(0);
  });

  it('keys by scope, subject and IP', () => {
    expect(throttleKeys('login', 'a@b.co', '10.0.0.1')).toEqual({
      pair: 'login:pair:a@b.co|10.0.0.1',
      account: 'login:account:a@b.co',
      ip: 'login:ip:10.0.0.1',
    });
  });

  it('a success gives back its counted attempt, lifting a lock it set itself', () => {
    const policy = throttlePolicies.account;
    const nineteen = fail(fresh, 19, start, policy);
    const twentieth = afterFailure(nineteen, policy, start);
    expect(twentieth.lockedUntil).not.toBeNull();
    const lifted = afterRefund(twentieth, { before: nineteen, after: twentieth }, start, at(1));
    expect(lifted.lockedUntil).toBeNull();
    expect(lifted.failures).toBe(19);
    // Not a lock of its own: one failure fewer in the window that held the attempt.
    const three = fail(fresh, 3, start, policy);
    const four = afterFailure(three, policy, start);
    expect(afterRefund(four, { before: three, after: four }, start, at(1)).failures).toBe(3);
    // A window started after the attempt no longer holds it.
    const later = { ...four, windowStartedAt: at(60_000) };
    expect(afterRefund(later, { before: three, after: four }, start, at(61_000))).toBe(later);
  });
});
