import type {
  RealityCheckMinutes,
  RgLimitKey,
  RgLimitRequest,
  RgSessionLimitRequest,
} from '@casino/contracts';
import type { Database } from '../../db/database';
import type { InTransaction } from '../../db/in-transaction';
import type { RgLimitPeriod } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { fromDecimalString } from '../wallet';
import { judgeChange, judgeConfirmation, type LimitState } from './limit-rules';
import type { RgConfig } from './rg-config';
import type { RgLimitRow, RgPlayerRow, RgRepository } from './rg-repository';

export interface RgLimitsDeps {
  db: Database;
  clock: Clock;
  repo: RgRepository;
  config: RgConfig;
}

/** Who asked: the player, or a staff member (actor recorded as `staff:<name>`). */
/** What a change recorded in rg_changes: the old and the new value. */
export interface RgChange {
  action: string;
  oldValue: unknown;
  newValue: unknown;
}

/**
 * Who changes. A staff member's `audit` runs in the change's transaction (the back office's
 * audit row, decision 081), only when something changed.
 */
export type RgActor =
  { by: 'player' } | { by: 'staff'; name: string; reason: string; audit?: InTransaction<RgChange> };

/** The staff actor's audit step, in the change's transaction. */
async function auditChange(actor: RgActor, tx: Database, change: RgChange): Promise<void> {
  if (actor.by === 'staff' && actor.audit) await actor.audit(tx, change);
}

const actorName = (actor: RgActor) => (actor.by === 'player' ? 'player' : `staff:${actor.name}`);
const reasonOf = (actor: RgActor) => (actor.by === 'player' ? null : actor.reason);
const byPlayer: RgActor = { by: 'player' };
const money = (value: bigint | null) => (value === null ? null : value.toString());

/** Whose row a change is made to, who makes it, and when. */
export interface RgChangeAt {
  userId: string;
  actor: RgActor;
  now: Date;
}

/**
 * Limits, the session time limit and the reality check: each change under the player's
 * rg_players row lock (the lock the bet statement takes), recorded in rg_changes with who,
 * when, the old and the new value.
 */
export function rgLimitsService(deps: RgLimitsDeps) {
  const { db, clock, repo, config } = deps;

  /**
   * Runs `work` in one transaction holding the player's row lock, creating the row (with
   * the operator's default deposit limits, recorded as set by 'operator') if it is new.
   */
  async function locked<T>(
    userId: string,
    work: (tx: Database, player: RgPlayerRow, now: Date) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      if (await repo.ensurePlayer(tx, userId, config.defaultRealityCheckMinutes, now)) {
        await addDefaults(tx, userId, now);
      }
      const player = await repo.lockPlayer(tx, userId);
      return work(tx, player, now);
    });
  }

  /**
   * Records a change in rg_changes with who made it and their reason (`reason` overrides it:
   * a request not yet in force records none), then runs a staff member's audit step in the
   * same transaction.
   */
  async function record(
    tx: Database,
    { userId, actor, now }: RgChangeAt,
    change: RgChange,
    reason = reasonOf(actor),
  ): Promise<void> {
    await repo.recordChange(tx, {
      userId,
      ...change,
      actor: actorName(actor),
      reason,
      createdAt: now,
    });
    await auditChange(actor, tx, change);
  }

  async function addDefaults(tx: Database, userId: string, now: Date) {
    for (const [period, amount] of Object.entries(config.defaultDepositLimits)) {
      if (amount === undefined) continue;
      await repo.putLimit(tx, {
        userId,
        kind: 'deposit',
        period: period as RgLimitPeriod,
        amount,
        pendingAmount: null,
        pendingAt: null,
        setBy: 'default',
        warnedAt: null,
        updatedAt: now,
      });
      await repo.recordChange(tx, {
        userId,
        action: 'limit_set',
        actor: 'operator',
        reason: 'default for new accounts',
        oldValue: null,
        newValue: { kind: 'deposit', period, amount: amount.toString() },
        createdAt: now,
      });
    }
  }

  async function setLimit(userId: string, request: RgLimitRequest, actor: RgActor) {
    const requested =
      request.amount === null ? null : fromDecimalString(request.amount, { scale: 2 });
    return locked(userId, async (tx, _player, now) => {
      const current = (await repo.limits(userId, tx)).find(
        (l) => l.kind === request.kind && l.period === request.period,
      );
      const verdict = judgeChange(current, requested, actor.by, now);
      const key = { kind: request.kind, period: request.period };
      const old = current ? { ...key, amount: money(current.amount) } : null;
      if (verdict.effect === 'none') return verdict;
      if (verdict.effect === 'apply') {
        await repo.putLimit(tx, {
          userId,
          ...key,
          amount: verdict.amount,
          pendingAmount: null,
          pendingAt: null,
          setBy: actor.by,
          warnedAt: current?.warnedAt ?? null,
          updatedAt: now,
        });
        await record(
          tx,
          { userId, actor, now },
          {
            action: current ? 'limit_lowered' : 'limit_set',
            oldValue: old,
            newValue: { ...key, amount: money(verdict.amount) },
          },
        );
        return verdict;
      }
      // A raise or removal: the limit in force (current, by judgeChange) stays until confirmed.
      await repo.putLimit(tx, {
        ...(current as RgLimitRow),
        pendingAmount: verdict.amount,
        pendingAt: now,
        updatedAt: now,
      });
      await record(
        tx,
        { userId, actor, now },
        {
          action: verdict.amount === null ? 'limit_removal_requested' : 'limit_raise_requested',
          oldValue: old,
          newValue: { ...key, amount: money(verdict.amount) },
        },
        null,
      );
      return verdict;
    });
  }

  async function confirmLimit(userId: string, key: RgLimitKey) {
    return locked(userId, async (tx, _player, now) => {
      const current = (await repo.limits(userId, tx)).find(
        (l) => l.kind === key.kind && l.period === key.period,
      );
      const { amount } = judgeConfirmation(current, now);
      const limit = current as RgLimitRow;
      if (amount === null) await repo.deleteLimit(tx, userId, key.kind, key.period);
      else {
        await repo.putLimit(tx, {
          ...limit,
          amount,
          pendingAmount: null,
          pendingAt: null,
          setBy: 'player',
          warnedAt: null,
          updatedAt: now,
        });
      }
      await record(
        tx,
        { userId, actor: byPlayer, now },
        {
          action: amount === null ? 'limit_removed' : 'limit_raised',
          oldValue: { ...key, amount: money(limit.amount) },
          newValue: amount === null ? null : { ...key, amount: money(amount) },
        },
      );
    });
  }

  /** Drops a pending raise or removal: the limit in force simply stays. */
  async function cancelPending(userId: string, key: RgLimitKey) {
    return locked(userId, async (tx, _player, now) => {
      const current = (await repo.limits(userId, tx)).find(
        (l) => l.kind === key.kind && l.period === key.period,
      );
      if (!current || current.pendingAt === null) return;
      await repo.putLimit(tx, { ...current, pendingAmount: null, pendingAt: null, updatedAt: now });
      await record(
        tx,
        { userId, actor: byPlayer, now },
        {
          action: 'limit_change_cancelled',
          oldValue: { ...key, amount: money(current.pendingAmount) },
          newValue: null,
        },
      );
    });
  }

  /**
   * The player's session limit, in force (any pending raise dropped) or pending from `now`,
   * and its rg_changes row: the one write of a player's own session limit change.
   */
  async function putSessionLimit(
    tx: Database,
    userId: string,
    player: RgPlayerRow,
    now: Date,
    change: { minutes: number | null; pending: boolean; action: string },
  ) {
    const { minutes } = change;
    await repo.updatePlayer(tx, userId, {
      ...(change.pending
        ? { sessionLimitPendingMinutes: minutes, sessionLimitPendingAt: now }
        : {
            sessionLimitMinutes: minutes,
            sessionLimitPendingMinutes: null,
            sessionLimitPendingAt: null,
          }),
      updatedAt: now,
    });
    await record(
      tx,
      { userId, actor: byPlayer, now },
      {
        action: change.action,
        oldValue: { minutes: player.sessionLimitMinutes },
        newValue: { minutes },
      },
    );
  }

  async function setSessionLimit(userId: string, request: RgSessionLimitRequest) {
    return locked(userId, async (tx, player, now) => {
      const current = sessionState(player);
      const verdict = judgeChange(current, request.minutes, 'player', now);
      if (verdict.effect === 'none') return verdict;
      const pending = verdict.effect === 'pending';
      await putSessionLimit(tx, userId, player, now, {
        minutes: verdict.amount,
        pending,
        action: pending ? 'session_limit_raise_requested' : 'session_limit_set',
      });
      return verdict;
    });
  }

  async function confirmSessionLimit(userId: string) {
    return locked(userId, async (tx, player, now) => {
      const { amount } = judgeConfirmation(sessionState(player), now);
      await putSessionLimit(tx, userId, player, now, {
        minutes: amount,
        pending: false,
        action: 'session_limit_raised',
      });
    });
  }

  async function setRealityCheck(userId: string, minutes: RealityCheckMinutes) {
    return locked(userId, async (tx, player, now) => {
      if (player.realityCheckMinutes === minutes) return;
      await repo.updatePlayer(tx, userId, { realityCheckMinutes: minutes, updatedAt: now });
      await record(
        tx,
        { userId, actor: byPlayer, now },
        {
          action: 'reality_check_set',
          oldValue: { minutes: player.realityCheckMinutes },
          newValue: { minutes },
        },
      );
    });
  }

  return {
    locked,
    record,
    setLimit,
    confirmLimit,
    cancelPending,
    setSessionLimit,
    confirmSessionLimit,
    setRealityCheck,
  };
}

function sessionState(player: RgPlayerRow): LimitState<number> | undefined {
  if (player.sessionLimitMinutes === null) return undefined;
  return {
    amount: player.sessionLimitMinutes,
    pendingAmount: player.sessionLimitPendingMinutes,
    pendingAt: player.sessionLimitPendingAt,
  };
}

export type RgLimitsService = ReturnType<typeof rgLimitsService>;
