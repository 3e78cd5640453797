import { ErrorCode, authErrorCodes } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { createThrottleRepository, type ThrottleRow } from './throttle-repository';

/**
 * How failed passwords slow an attacker down without letting a stranger lock a real player
 * out for long (docs/decisions/012-login-throttling.md):
 * - pair (account, IP): 5 failures → 1 minute, then 2, 4, 8, at most 15 minutes; a success
 *   from that IP clears it. This is what stops guessing from one place.
 * - account (from every IP): 20 failures in 15 minutes → 5 minutes. Looser and short, so a
 *   distributed attack is slowed while the owner is only briefly inconvenienced.
 * - IP (against every account): 100 failures in 15 minutes → 15 minutes (credential stuffing).
 * Counters live in the database, so every instance of the server agrees on them.
 */
export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
  /** Locks double up to this; equal to lockMs for a fixed lock. */
  maxLockMs: number;
}

const minute = 60_000;

export const throttlePolicies = {
  pair: { maxFailures: 5, windowMs: 15 * minute, lockMs: minute, maxLockMs: 15 * minute },
  account: { maxFailures: 20, windowMs: 15 * minute, lockMs: 5 * minute, maxLockMs: 5 * minute },
  ip: { maxFailures: 100, windowMs: 15 * minute, lockMs: 15 * minute, maxLockMs: 15 * minute },
} as const satisfies Record<string, ThrottlePolicy>;

/** A policy for each of the three counters of an attempt. */
export type ThrottlePolicies = Record<'pair' | 'account' | 'ip', ThrottlePolicy>;

/**
 * Wrong two-factor codes (docs/decisions/051). Only someone who already has the password gets
 * this far, so the counters are tighter than the password's, and the account's escalates:
 * - pair (one login challenge, or one account and IP for the gated actions): 5 → 15 minutes
 *   (longer than a challenge lives: that login must start again with the password);
 * - account (every challenge and action): 10 in an hour → 15 minutes, doubling up to a day.
 *   About 70 guesses a day at most: a six-digit code (3 valid of a million within the
 *   window) holds for years;
 * - IP: as for passwords.
 */
export const twoFactorThrottlePolicies = {
  pair: { maxFailures: 5, windowMs: 15 * minute, lockMs: 15 * minute, maxLockMs: 15 * minute },
  account: {
    maxFailures: 10,
    windowMs: 60 * minute,
    lockMs: 15 * minute,
    maxLockMs: 24 * 60 * minute,
  },
  ip: throttlePolicies.ip,
} as const satisfies ThrottlePolicies;

/**
 * Registrations (codes e-mailed) from one IP, whatever the addresses: REGISTRATIONS_PER_IP_HOUR
 * an hour, then the rest of the hour's wait. Each address has its own resend limits
 * (otpPolicy) on top. Counted whether or not the name or address is taken, so the limit tells
 * nothing about accounts.
 */
export function registrationPolicy(perHour: number): ThrottlePolicy {
  return {
    maxFailures: perHour,
    windowMs: 60 * minute,
    lockMs: 60 * minute,
    maxLockMs: 60 * minute,
  };
}

/** After a day without failures, a pair's next lock starts again from the shortest. */
export const forgetLocksAfterMs = 24 * 60 * minute;

/** The counter's state after one more failure at `now`. */
export function afterFailure(row: ThrottleRow, policy: ThrottlePolicy, now: Date): ThrottleRow {
  const t = now.getTime();
  let { failures, windowStartedAt, lockedUntil, lockCount } = row;
  if (t - row.updatedAt.getTime() >= forgetLocksAfterMs) lockCount = 0;
  if (t - windowStartedAt.getTime() >= policy.windowMs) {
    failures = 0;
    windowStartedAt = now;
  }
  failures += 1;
  if (failures >= policy.maxFailures) {
    const lockMs = Math.min(policy.lockMs * 2 ** lockCount, policy.maxLockMs);
    lockedUntil = new Date(t + lockMs);
    lockCount += 1;
    failures = 0;
    windowStartedAt = now;
  }
  return { ...row, failures, windowStartedAt, lockedUntil, lockCount, updatedAt: now };
}

/** Seconds until every lock among `rows` is over; 0 when none holds. */
export function lockWaitSeconds(rows: readonly Pick<ThrottleRow, 'lockedUntil'>[], now: Date) {
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
}

/** What is being guessed: a login (by e-mail) or the old password of a password change. */
export type ThrottleScope = 'login' | 'password';

export interface ThrottleKeys {
  pair: string;
  account: string;
  ip: string;
}

export function throttleKeys(scope: ThrottleScope, subject: string, ip: string): ThrottleKeys {
  return {
    pair: `${scope}:pair:${subject}|${ip}`,
    account: `${scope}:account:${subject}`,
    ip: `${scope}:ip:${ip}`,
  };
}

/** An attempt counted by countAttempt: what a success gives back. */
export interface CountedAttempt {
  keys: ThrottleKeys;
  at: Date;
  /** Each counter before and after this attempt was counted. */
  counted: Record<ThrottleScopeName, { before: ThrottleRow; after: ThrottleRow }>;
}

type ThrottleScopeName = keyof ThrottleKeys;

/**
 * A counter after a success gives back the attempt counted in advance: a lock this attempt
 * set is lifted (the counter goes back to where it was), else one failure of the window that
 * held the attempt is taken off.
 */
export function afterRefund(
  row: ThrottleRow,
  counted: { before: ThrottleRow; after: ThrottleRow },
  at: Date,
  now: Date,
): ThrottleRow {
  const { before, after } = counted;
  const setLock =
    after.lockedUntil !== null && after.lockedUntil.getTime() !== before.lockedUntil?.getTime();
  if (setLock && row.lockedUntil?.getTime() === after.lockedUntil?.getTime()) {
    return { ...before, key: row.key, updatedAt: now };
  }
  if (row.failures === 0 || row.windowStartedAt.getTime() > at.getTime()) return row;
  return { ...row, failures: row.failures - 1, updatedAt: now };
}

function tooManyAttempts(wait: number): AppError {
  return new AppError(
    429,
    authErrorCodes.TOO_MANY_ATTEMPTS,
    'Too many failed attempts. Try again later.',
    undefined,
    wait,
  );
}

export interface AuthThrottle {
  /**
   * Counts the attempt as a failure on every key BEFORE the secret is checked, in one
   * transaction holding the counters' row locks, or refuses it (429 TOO_MANY_ATTEMPTS with
   * Retry-After, nothing counted) while any key is locked. Checking first and counting after
   * the (slow) password hash let every request of a burst through; counted first, a burst of
   * any size gets at most the policy's number of checks, on one instance or many.
   * `policies` defaults to the password's (throttlePolicies).
   */
  countAttempt(keys: ThrottleKeys, policies?: ThrottlePolicies): Promise<CountedAttempt>;
  /**
   * The secret was right: the pair counter starts over (this IP is the owner's) and the
   * account and IP counters give back the attempt counted in advance.
   */
  succeeded(attempt: CountedAttempt): Promise<void>;
  /** Counts a registration from this IP (registrationPolicy); 429 RATE_LIMITED past it. */
  countRegistration(ip: string): Promise<void>;
}

export function createAuthThrottle(deps: {
  db: Database;
  clock: Clock;
  /** Registrations allowed per IP and hour. */
  registrationsPerIpHour: number;
}): AuthThrottle {
  const perIp = registrationPolicy(deps.registrationsPerIpHour);
  return {
    async countAttempt(keys, policies = throttlePolicies) {
      const now = deps.clock.now();
      const outcome = await deps.db.transaction(async (tx) => {
        const repository = createThrottleRepository(tx);
        // Always in the same order, so two transactions never wait on each other's rows.
        const pair = await repository.lock(keys.pair, now);
        const account = await repository.lock(keys.account, now);
        const ip = await repository.lock(keys.ip, now);
        const locked = lockWaitSeconds([pair, account, ip], now);
        if (locked > 0) return locked;
        const count = async (before: ThrottleRow, scope: ThrottleScopeName) => {
          const after = afterFailure(before, policies[scope], now);
          await repository.store(after);
          return { before, after };
        };
        return {
          pair: await count(pair, 'pair'),
          account: await count(account, 'account'),
          ip: await count(ip, 'ip'),
        };
      });
      if (typeof outcome === 'number') throw tooManyAttempts(outcome);
      return { keys, at: now, counted: outcome };
    },
    async countRegistration(ip) {
      const now = deps.clock.now();
      const wait = await deps.db.transaction(async (tx) => {
        const repository = createThrottleRepository(tx);
        const row = await repository.lock(`register:ip:${ip}`, now);
        const locked = lockWaitSeconds([row], now);
        if (locked === 0) await repository.store(afterFailure(row, perIp, now));
        return locked;
      });
      if (wait > 0) {
        throw new AppError(
          429,
          ErrorCode.RATE_LIMITED,
          'Too many registrations from this address. Try again later.',
          undefined,
          wait,
        );
      }
    },
    async succeeded(attempt) {
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const repository = createThrottleRepository(tx);
        await repository.clear([attempt.keys.pair]);
        for (const scope of ['account', 'ip'] as const) {
          const row = await repository.lock(attempt.keys[scope], now);
          const refunded = afterRefund(row, attempt.counted[scope], attempt.at, now);
          if (refunded !== row) await repository.store(refunded);
        }
      });
    },
  };
}
