import { authErrorCodes } from '@casino/contracts';
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

export interface AuthThrottle {
  /** 429 TOO_MANY_ATTEMPTS with Retry-After while any of the keys is locked. */
  assertAllowed(keys: ThrottleKeys): Promise<void>;
  recordFailure(keys: ThrottleKeys): Promise<void>;
  /** A right password from this IP: its pair counter starts over. */
  recordSuccess(keys: ThrottleKeys): Promise<void>;
}

export function createAuthThrottle(deps: { db: Database; clock: Clock }): AuthThrottle {
  const repository = createThrottleRepository(deps.db);
  const scopes = ['pair', 'account', 'ip'] as const;
  return {
    async assertAllowed(keys) {
      const now = deps.clock.now();
      const wait = lockWaitSeconds(await repository.find(scopes.map((s) => keys[s])), now);
      if (wait > 0) {
        throw new AppError(
          429,
          authErrorCodes.TOO_MANY_ATTEMPTS,
          'Too many failed attempts. Try again later.',
          undefined,
          wait,
        );
      }
    },
    async recordFailure(keys) {
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const inTx = createThrottleRepository(tx);
        // Always in the same order, so two transactions never wait on each other's rows.
        for (const scope of scopes) {
          await inTx.update(keys[scope], now, (row) =>
            afterFailure(row, throttlePolicies[scope], now),
          );
        }
      });
    },
    async recordSuccess(keys) {
      await repository.clear([keys.pair]);
    },
  };
}
