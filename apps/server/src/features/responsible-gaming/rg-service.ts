import type { RgSessionResponse, RgStatusResponse } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { toDecimalString } from '../wallet';
import { blockInForce } from './limit-rules';
import { blockState, rgBlocks, type RgBlocksDeps } from './rg-blocks';
import type { RgConfig } from './rg-config';
import { rgLimitsService } from './rg-limits-service';
import { rgRepository } from './rg-repository';
import { blockView, readUsage, statusView } from './rg-status';

export interface RgServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  config: RgConfig;
  endOtherSessions: RgBlocksDeps['endOtherSessions'];
  endLaunches: RgBlocksDeps['endLaunches'];
}

/** What a blocked player may not do, for the refusal's message. */
export type RgBlockedAction = 'deposit' | 'bonus' | 'chat' | 'play';
const blockedText: Record<RgBlockedAction, string> = {
  deposit: 'Deposits are closed',
  bonus: 'Bonuses and promo codes are closed',
  chat: 'Chat is closed',
  play: 'Games are closed',
};

const dollars = (thousandths: bigint) =>
  toDecimalString(thousandths, { scale: 2, rounding: 'floor' });

/**
 * The responsible-gaming service: the player's settings (rg-limits-service.ts), blocks
 * (rg-blocks.ts), and the guards other features call before money or messages move.
 * Bets are judged by the database itself (rg_bet_refusal in the bet statement).
 */
export function createRgService(deps: RgServiceDeps) {
  const { db, clock, config } = deps;
  const repo = rgRepository(db);
  const limits = rgLimitsService({ db, clock, repo, config });
  const blocks = rgBlocks({ ...deps, repo, limits });

  /** Materialises the operator's defaults for a player seen for the first time. */
  async function ensure(userId: string): Promise<void> {
    if ((await repo.player(userId)) === undefined) await limits.locked(userId, async () => {});
  }

  async function status(userId: string): Promise<RgStatusResponse> {
    await ensure(userId);
    const now = clock.now();
    const [player, rows, usage] = await Promise.all([
      repo.player(userId),
      repo.limits(userId),
      readUsage(repo, userId, now),
    ]);
    return statusView(config, player, rows, usage, now);
  }

  /** 403 RG_BLOCKED while a time-out or self-exclusion holds. */
  async function assertNotBlocked(userId: string, action: RgBlockedAction): Promise<void> {
    const player = await repo.player(userId);
    const now = clock.now();
    if (!blockInForce(blockState(player), now)) return;
    const view = blockView(player, now);
    const until = view?.until ? ` until ${view.until}` : '';
    const what = player?.blockKind === 'time_out' ? 'a time-out' : 'a self-exclusion';
    throw new AppError(403, 'RG_BLOCKED', `${blockedText[action]} during ${what}${until}.`, [
      { path: 'until', message: view?.until ?? 'permanent' },
    ]);
  }

  /**
   * Before the payment service is asked anything: a blocked player, or a deposit over what
   * a deposit limit still allows, is refused with the amount still available. Recorded for
   * the operator's "many declined deposits" flag.
   */
  async function assertMayDeposit(userId: string, amount: bigint): Promise<void> {
    await ensure(userId);
    await assertNotBlocked(userId, 'deposit');
    const now = clock.now();
    const [rows, deposits] = await Promise.all([
      repo.limits(userId),
      repo.depositUsage(userId, now),
    ]);
    let available: bigint | undefined;
    for (const limit of rows) {
      if (limit.kind !== 'deposit') continue;
      const left = limit.amount - deposits[limit.period];
      const room = left > 0n ? left : 0n;
      if (available === undefined || room < available) available = room;
    }
    if (available === undefined || amount <= available) return;
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
    throw new AppError(
      422,
      'RG_DEPOSIT_LIMIT',
      `This deposit is over your deposit limit: $${dollars(available)} is still available.`,
      [{ path: 'amount', message: dollars(available) }],
    );
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

  /** The reality check: time since sign-in, the net result of play since then. */
  async function session(userId: string, sessionId: string): Promise<RgSessionResponse> {
    await ensure(userId);
    const now = clock.now();
    const [startedAt, player, usage] = await Promise.all([
      repo.sessionStartedAt(sessionId),
      repo.player(userId),
      repo.playUsage(userId, now),
    ]);
    const since = startedAt ?? now;
    const net = await repo.netResultSince(userId, since);
    const limitSeconds =
      player?.sessionLimitMinutes == null ? undefined : player.sessionLimitMinutes * 60;
    return {
      started_at: since.toISOString(),
      net_result: (net < 0n ? '-' : '') + dollars(net < 0n ? -net : net),
      reality_check_minutes: (player?.realityCheckMinutes ??
        config.defaultRealityCheckMinutes) as RgSessionResponse['reality_check_minutes'],
      block: blockView(player, now),
      session_limit_reached: limitSeconds !== undefined && usage.playSeconds >= limitSeconds,
    };
  }

  /** Records something another feature did for responsible gaming (a bonus cancelled). */
  async function note(
    userId: string,
    action: string,
    reason: string,
    newValue: Record<string, unknown>,
  ): Promise<void> {
    await db.transaction(async (tx) =>
      repo.recordChange(tx, {
        userId,
        action,
        actor: 'system',
        reason,
        oldValue: null,
        newValue,
        createdAt: clock.now(),
      }),
    );
  }

  /** Whether a time-out or self-exclusion holds now (chat posts, marketing e-mails). */
  async function isBlocked(userId: string): Promise<boolean> {
    return blockInForce(blockState(await repo.player(userId)), clock.now());
  }

  /** Marketing e-mails go only to players without a block (none are sent today). */
  async function mayReceiveMarketing(userId: string): Promise<boolean> {
    return !(await isBlocked(userId));
  }

  /** The reality check's "stop": the player's game launches end (no more bets with them). */
  async function stopPlaying(userId: string): Promise<void> {
    await deps.endLaunches(userId, clock.now());
  }

  return {
    repo,
    stopPlaying,
    limits,
    blocks,
    ensure,
    status,
    session,
    assertNotBlocked,
    assertMayDeposit,
    noteDepositCredited,
    isBlocked,
    mayReceiveMarketing,
    note,
  };
}

export type RgService = ReturnType<typeof createRgService>;
