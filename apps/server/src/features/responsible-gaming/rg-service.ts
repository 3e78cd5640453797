import type { RgSessionResponse, RgStatusResponse } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { toDecimalString } from '../wallet';
import { blockInForce } from './limit-rules';
import { blockState, rgBlocks, type RgBlocksDeps } from './rg-blocks';
import type { RgConfig } from './rg-config';
import { rgDeposits } from './rg-deposits';
import { rgLimitsService } from './rg-limits-service';
import { rgRepository, type RgPlayerRow } from './rg-repository';
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

  /** RG_BLOCKED: what the player may not do during the block in force now. */
  function blockedError(
    player: RgPlayerRow | undefined,
    now: Date,
    action: RgBlockedAction = 'deposit',
  ): AppError {
    const view = blockView(player, now);
    const until = view?.until ? ` until ${view.until}` : '';
    const what = player?.blockKind === 'time_out' ? 'a time-out' : 'a self-exclusion';
    return new AppError(403, 'RG_BLOCKED', `${blockedText[action]} during ${what}${until}.`, [
      { path: 'until', message: view?.until ?? 'permanent' },
    ]);
  }

  /** 403 RG_BLOCKED while a time-out or self-exclusion holds. */
  async function assertNotBlocked(userId: string, action: RgBlockedAction): Promise<void> {
    const player = await repo.player(userId);
    const now = clock.now();
    if (blockInForce(blockState(player), now)) throw blockedError(player, now, action);
  }

  /**
   * Deposits (rg-deposits.ts): the early check before the payment service is asked, the
   * admission that makes the check and the payment row one locked transaction, and the note
   * of a deposit credited over a limit.
   */
  const deposits = rgDeposits({ db, clock, repo, limits, blockedError });

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
    assertMayDeposit: deposits.assertMayDeposit,
    admitDeposit: deposits.admitDeposit,
    noteDepositCredited: deposits.noteDepositCredited,
    isBlocked,
    mayReceiveMarketing,
    note,
  };
}

export type RgService = ReturnType<typeof createRgService>;
