import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { toDecimalString } from '../wallet';
import { blockInForce } from './limit-rules';
import { blockState } from './rg-blocks';
import type { rgLimitsService } from './rg-limits-service';
import type { RgLimitRow, RgPlayerRow, RgRepository, WindowSums } from './rg-repository';

export interface RgDepositsDeps {
  db: Database;
  clock: Clock;
  repo: RgRepository;
  limits: Pick<ReturnType<typeof rgLimitsService>, 'locked'>;
  /** 403 RG_BLOCKED for a time-out or self-exclusion in force (rg-service.ts). */
  blockedError: (player: RgPlayerRow | undefined, now: Date) => AppError;
}

/** What a new deposit does inside the admission's transaction (the cashier's payment row). */
export interface DepositAdmission<T> {
  /** A twin with the same key that committed while this one waited: answered, not judged. */
  existing(tx: Database): Promise<T | undefined>;
  /** Runs only when the deposit fits every deposit limit. */
  insert(tx: Database): Promise<T>;
}

const dollars = (thousandths: bigint) =>
  toDecimalString(thousandths, { scale: 2, rounding: 'floor' });

/** What the lowest deposit limit still allows, or undefined without a deposit limit. */
function depositRoom(rows: RgLimitRow[], deposits: WindowSums): bigint | undefined {
  let available: bigint | undefined;
  for (const limit of rows) {
    if (limit.kind !== 'deposit') continue;
    const left = limit.amount - deposits[limit.period];
    const room = left > 0n ? left : 0n;
    if (available === undefined || room < available) available = room;
  }
  return available;
}

/**
 * The deposit guard (decision 070, issue 29): a deposit over what a deposit limit still
 * allows is refused with the amount still available, before the payment service hears of
 * it. `admitDeposit` makes the check and the payment row one transaction under the player's
 * rg_players row lock (decision 082), so deposits sent at once are judged one after the other
 * and never pass a limit together.
 */
export function rgDeposits(deps: RgDepositsDeps) {
  const { db, clock, repo, limits } = deps;

  /** Recorded for the operator's "many declined deposits" flag, then thrown. */
  async function refuse(
    userId: string,
    amount: bigint,
    available: bigint,
    now: Date,
    record: boolean,
  ): Promise<never> {
    if (record) {
      await db.transaction(async (tx) =>
        repo.recordChange(tx, {
          userId,
          action: 'deposit_refused',
          actor: 'system',
          reason: 'deposit limit',
          oldValue: null,
          newValue: { amount: amount.toString(), available: available.toString() },
          createdAt: now,
        }),
      );
    }
    throw new AppError(
      422,
      'RG_DEPOSIT_LIMIT',
      `This deposit is over your deposit limit: $${dollars(available)} is still available.`,
      [{ path: 'amount', message: dollars(available) }],
    );
  }

  /**
   * The early answer, before the payment service is asked anything: a blocked player, or a
   * deposit over what a deposit limit still allows. With `pendingPaymentId`, the deposit is
   * one already asked for (a pending crypto invoice shown again) and is judged without
   * itself: its address is not shown again once a limit no longer leaves room for it. Only a
   * new deposit is recorded as refused.
   */
  async function assertMayDeposit(
    userId: string,
    amount: bigint,
    options: { pendingPaymentId?: string } = {},
  ): Promise<void> {
    const player =
      (await repo.player(userId)) ??
      (await limits.locked(userId, (_tx, row) => Promise.resolve(row)));
    const now = clock.now();
    if (blockInForce(blockState(player), now)) throw deps.blockedError(player, now);
    const [rows, deposits] = await Promise.all([
      repo.limits(userId),
      repo.depositUsage(userId, now, db, options.pendingPaymentId),
    ]);
    const available = depositRoom(rows, deposits);
    if (available === undefined || amount <= available) return;
    await refuse(userId, amount, available, now, options.pendingPaymentId === undefined);
  }

  /**
   * A new deposit's limit check and its payment row, one transaction under the player's row
   * lock: the sums read after the lock include every deposit admitted before it.
   */
  async function admitDeposit<T>(
    userId: string,
    amount: bigint,
    admission: DepositAdmission<T>,
  ): Promise<T> {
    type Verdict =
      { admitted: T } | { blocked: RgPlayerRow; now: Date } | { available: bigint; now: Date };
    const verdict = await limits.locked(userId, async (tx, player, now): Promise<Verdict> => {
      const found = await admission.existing(tx);
      if (found !== undefined) return { admitted: found as T };
      if (blockInForce(blockState(player), now)) return { blocked: player, now };
      // One after the other: a transaction is one connection, which runs one query at a time
      // (node-postgres queues a second one, deprecated for its next major version).
      const rows = await repo.limits(userId, tx);
      const deposits = await repo.depositUsage(userId, now, tx);
      const available = depositRoom(rows, deposits);
      if (available !== undefined && amount > available) return { available, now };
      return { admitted: await admission.insert(tx) };
    });
    if ('admitted' in verdict) return verdict.admitted;
    if ('blocked' in verdict) throw deps.blockedError(verdict.blocked, verdict.now);
    return refuse(userId, amount, verdict.available, verdict.now, true);
  }

  /**
   * A deposit credited although it is over a limit (crypto cannot be refused once sent):
   * recorded for the operator.
   */
  async function noteDepositCredited(userId: string, amount: bigint): Promise<void> {
    const now = clock.now();
    const [rows, deposits] = await Promise.all([
      repo.limits(userId),
      repo.depositUsage(userId, now),
    ]);
    const over = rows.find((l) => l.kind === 'deposit' && deposits[l.period] > l.amount);
    if (!over) return;
    await db.transaction(async (tx) =>
      repo.recordChange(tx, {
        userId,
        action: 'deposit_over_limit',
        actor: 'system',
        reason: `credited over the ${over.period} deposit limit`,
        oldValue: null,
        newValue: { amount: amount.toString(), limit: over.amount.toString() },
        createdAt: now,
      }),
    );
  }

  return { assertMayDeposit, admitDeposit, noteDepositCredited };
}
