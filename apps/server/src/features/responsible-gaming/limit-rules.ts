import { rgCoolingOffHours, type RgBlockRequest } from '@casino/contracts';
import type { RgBlockKind } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * The rules of decision 070 as plain functions of the values in force and "now": what a
 * change does (at once, or pending for 24 hours and a second confirmation) and when a block
 * ends. The service applies their verdict under the player's row lock.
 */

export const coolingOffMs = rgCoolingOffHours * 3_600_000;

/** A limit as the rules see it: in force, and a change waiting for its confirmation. */
export interface LimitState<T> {
  amount: T;
  /** The raise waiting (null: a removal); meaningful only with pendingAt. */
  pendingAmount: T | null;
  pendingAt: Date | null;
}

export type LimitVerdict<T> =
  /** In force at once (a new limit, a lower one, the same one): any pending change dropped. */
  | { effect: 'apply'; amount: T }
  /** A raise or removal: waits; the old limit holds until then. */
  | { effect: 'pending'; amount: T | null; confirmableAt: Date }
  | { effect: 'none' };

/**
 * A change asked by the player (`by: 'player'`) or by staff. Lowering or adding applies at
 * once; raising or removing waits for the cooling-off. Staff may only add or lower: lifting
 * what the player set is the player's alone.
 */
export function judgeChange<T extends bigint | number>(
  current: LimitState<T> | undefined,
  requested: T | null,
  by: 'player' | 'staff',
  now: Date,
): LimitVerdict<T> {
  const loosens = current !== undefined && (requested === null || requested > current.amount);
  if (!loosens) {
    return requested === null ? { effect: 'none' } : { effect: 'apply', amount: requested };
  }
  if (by === 'staff') {
    throw new AppError(
      409,
      'RG_NOT_ALLOWED',
      'Staff may add a limit or lower one, never raise or remove a limit.',
    );
  }
  return {
    effect: 'pending',
    amount: requested,
    confirmableAt: new Date(now.getTime() + coolingOffMs),
  };
}

/** The pending change to apply now, or a refusal saying from when it may be confirmed. */
export function judgeConfirmation<T>(
  current: LimitState<T> | undefined,
  now: Date,
): { amount: T | null } {
  if (!current || current.pendingAt === null) {
    throw new AppError(409, 'RG_NOTHING_PENDING', 'There is no change waiting to be confirmed.');
  }
  const from = confirmableAt(current.pendingAt);
  if (now < from) {
    throw new AppError(
      409,
      'RG_TOO_EARLY',
      `The change can be confirmed from ${from.toISOString()}.`,
      [{ path: 'confirmable_at', message: from.toISOString() }],
    );
  }
  return { amount: current.pendingAmount };
}

export const confirmableAt = (pendingAt: Date) => new Date(pendingAt.getTime() + coolingOffMs);

const hour = 3_600_000;
const day = 24 * hour;
const durations: Record<RgBlockRequest['duration'], ((from: Date) => Date) | null> = {
  '24h': (from) => new Date(from.getTime() + day),
  '7d': (from) => new Date(from.getTime() + 7 * day),
  '30d': (from) => new Date(from.getTime() + 30 * day),
  '6w': (from) => new Date(from.getTime() + 42 * day),
  '6m': (from) => addMonths(from, 6),
  '1y': (from) => addMonths(from, 12),
  '5y': (from) => addMonths(from, 60),
  permanent: null,
};

function addMonths(from: Date, months: number): Date {
  const at = new Date(from.getTime());
  at.setUTCMonth(at.getUTCMonth() + months);
  return at;
}

/** What a permanent self-exclusion stores as its end (a date, so both drivers read it). */
export const permanentUntil = new Date('9999-12-31T00:00:00.000Z');
export const isPermanent = (until: Date) => until.getTime() >= permanentUntil.getTime();

/** When a block asked now ends; null: permanent. */
export function blockEnd(request: RgBlockRequest, now: Date): Date | null {
  const end = durations[request.duration];
  return end === null ? null : end(now);
}

export interface BlockState {
  blockKind: RgBlockKind | null;
  /** permanentUntil for a permanent one. */
  blockedUntil: Date | null;
  liftRequestedAt: Date | null;
}

/**
 * Whether a block holds at `now`. A time-out ends by itself; a self-exclusion's term ending is
 * not enough: the player asks to lift it after the term, and it lifts 24 hours after that.
 * The same rule as rg_bet_refusal in migration 0020.
 */
export function blockInForce(state: BlockState, now: Date): boolean {
  if (state.blockKind === null || state.blockedUntil === null) return false;
  if (state.blockedUntil > now) return true;
  if (state.blockKind === 'time_out') return false;
  return state.liftRequestedAt === null || confirmableAt(state.liftRequestedAt) > now;
}

/** A new block may extend the one in force, never end sooner. */
export function assertNotShortening(state: BlockState, end: Date | null, now: Date): void {
  if (!blockInForce(state, now) || state.blockedUntil === null) return;
  const current = state.blockedUntil.getTime();
  const next = (end ?? permanentUntil).getTime();
  if (next < current) {
    throw new AppError(
      409,
      'RG_NOT_ALLOWED',
      'A time-out or self-exclusion in force cannot be shortened.',
    );
  }
}
