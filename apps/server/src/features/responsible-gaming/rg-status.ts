import {
  rgWarningShare,
  type RealityCheckMinutes,
  type RgBlockView,
  type RgLimitKey,
  type RgLimitView,
  type RgStatusResponse,
} from '@casino/contracts';
import type { RgLimitKind, RgLimitPeriod } from '../../db/schema';
import { toDecimalString } from '../wallet';
import { blockInForce, confirmableAt, isPermanent } from './limit-rules';
import { blockState } from './rg-blocks';
import type { RgConfig } from './rg-config';
import type { RgLimitRow, RgPlayerRow, RgRepository, WindowSums } from './rg-repository';

const dollars = (thousandths: bigint) =>
  toDecimalString(thousandths, { scale: 2, rounding: 'floor' });

/** What each limit kind compares: deposits, net cash losses, stakes. */
export interface Usage {
  deposit: WindowSums;
  loss: WindowSums;
  wager: WindowSums;
  playSeconds: number;
}

export async function readUsage(repo: RgRepository, userId: string, now: Date): Promise<Usage> {
  const [play, deposit] = await Promise.all([
    repo.playUsage(userId, now),
    repo.depositUsage(userId, now),
  ]);
  return { deposit, loss: play.loss, wager: play.wager, playSeconds: play.playSeconds };
}

export const usedOf = (usage: Usage, kind: RgLimitKind, period: RgLimitPeriod) =>
  usage[kind][period];

/** A limit at or over 80 % of its amount (a 0 limit is always "nearly used"). */
export function nearlyUsed(limit: RgLimitRow, usage: Usage): boolean {
  const used = usedOf(usage, limit.kind, limit.period);
  // used / amount >= 0.8, in integers: used × 10 >= amount × 8.
  const share = BigInt(Math.round(rgWarningShare * 10));
  return used * 10n >= limit.amount * share;
}

export function blockView(player: RgPlayerRow | undefined, now: Date): RgBlockView {
  const state = blockState(player);
  if (!blockInForce(state, now) || state.blockKind === null || state.blockedUntil === null) {
    return null;
  }
  return {
    kind: state.blockKind,
    until: isPermanent(state.blockedUntil) ? null : state.blockedUntil.toISOString(),
  };
}

function limitView(limit: RgLimitRow, usage: Usage): RgLimitView {
  const used = usedOf(usage, limit.kind, limit.period);
  const available = limit.amount > used ? limit.amount - used : 0n;
  return {
    kind: limit.kind,
    period: limit.period,
    amount: dollars(limit.amount),
    // A net win makes the loss figure negative: shown as 0 used.
    used: dollars(used > 0n ? used : 0n),
    available: dollars(available),
    pending:
      limit.pendingAt === null
        ? null
        : {
            amount: limit.pendingAmount === null ? null : dollars(limit.pendingAmount),
            confirmable_at: confirmableAt(limit.pendingAt).toISOString(),
          },
    set_by: limit.setBy,
  };
}

const kindOrder: RgLimitKind[] = ['deposit', 'loss', 'wager'];
const periodOrder: RgLimitPeriod[] = ['day', 'week', 'month'];

/** The player's page: every limit with what its window holds, settings, the block. */
export function statusView(
  config: RgConfig,
  player: RgPlayerRow | undefined,
  limits: RgLimitRow[],
  usage: Usage,
  now: Date,
): RgStatusResponse {
  const sorted = [...limits].sort(
    (a, b) =>
      kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) ||
      periodOrder.indexOf(a.period) - periodOrder.indexOf(b.period),
  );
  const warnings: RgLimitKey[] = sorted
    .filter((l) => nearlyUsed(l, usage))
    .map((l) => ({ kind: l.kind, period: l.period }));
  return {
    limits: sorted.map((l) => limitView(l, usage)),
    reality_check_minutes: (player?.realityCheckMinutes ??
      config.defaultRealityCheckMinutes) as RealityCheckMinutes,
    session_limit: {
      minutes: player?.sessionLimitMinutes ?? null,
      played_minutes: Math.floor(usage.playSeconds / 60),
      pending:
        player?.sessionLimitPendingAt != null
          ? {
              minutes: player.sessionLimitPendingMinutes,
              confirmable_at: confirmableAt(player.sessionLimitPendingAt).toISOString(),
            }
          : null,
    },
    block: blockView(player, now),
    warnings,
    national_scheme_url: config.nationalSchemeUrl ?? null,
  };
}
