import type { FairLedger } from '../fair/ledger';
import { randomId, randomLongString } from '../shared/ids';
import type { Reconciler } from '../shared/reconciler';
import type { BetReceipt, PlaySession, RoundIds } from './session';

export type SpinErrorCode =
  | 'BAD_BET'
  | 'BUSY'
  | 'INSUFFICIENT_FUNDS'
  | 'SESSION_EXPIRED'
  | 'LIMIT_REACHED'
  | 'BET_REJECTED'
  | 'WALLET_UNAVAILABLE';

export interface RoundDeps {
  /** Server seeds, client seeds and nonces: every outcome's randomness (provably fair). */
  fair: FairLedger;
  reconciler: Reconciler;
  log?: (message: string) => void;
}

export function newRoundIds(): RoundIds {
  return {
    roundId: randomLongString(),
    betId: randomId(12),
    winId: randomId(12),
    refundId: randomId(12),
    startedAt: Date.now(),
  };
}

/**
 * The money of one round on the provider's wallet protocol, whatever the game: the opening
 * bet, any further stake of the same round (a blackjack double, split or insurance is a
 * second bet with its own transaction id and the round's id), and one closing win (0
 * included) that ends the round, followed by the protocol's end-of-round call where it has
 * one (the session wallet sends it). A stake that stays unconfirmed after the retries is
 * refunded; a refund or a win that stays unconfirmed goes to the reconciler.
 */
export interface MoneyRound {
  ids: RoundIds;
  receipt: BetReceipt;
  /** Everything staked so far, in thousandths. */
  staked: number;
  closed: boolean;
}

export type StakeResult = { ok: true } | { ok: false; error: SpinErrorCode };

function refusal(code: string): SpinErrorCode {
  return code === 'INSUFFICIENT_FUNDS' || code === 'SESSION_EXPIRED' || code === 'LIMIT_REACHED'
    ? code
    : 'BET_REJECTED';
}

async function refund(
  session: PlaySession,
  ids: RoundIds,
  amount: number,
  deps: RoundDeps,
): Promise<void> {
  const refunded = await session.wallet.refund(ids, amount);
  if (refunded.kind === 'ok') {
    if (refunded.value !== undefined) session.balance = refunded.value;
    return;
  }
  if (refunded.kind === 'unconfirmed') {
    deps.reconciler.add(`refund ${session.studio} bet ${ids.betId}`, async () => {
      const again = await session.wallet.refund(ids, amount);
      return again.kind !== 'unconfirmed';
    });
  }
}

/** Takes the round's first stake. */
export async function openRound(
  session: PlaySession,
  amount: number,
  deps: RoundDeps,
): Promise<{ ok: true; round: MoneyRound } | { ok: false; error: SpinErrorCode }> {
  const ids = newRoundIds();
  const bet = await session.wallet.bet(ids, amount);
  if (bet.kind === 'refused') return { ok: false, error: refusal(bet.code) };
  if (bet.kind === 'unconfirmed') {
    deps.log?.(`bet ${ids.betId} unconfirmed (${bet.reason}); refunding`);
    await refund(session, ids, amount, deps);
    return { ok: false, error: 'WALLET_UNAVAILABLE' };
  }
  session.balance = bet.value.balance;
  return { ok: true, round: { ids, receipt: bet.value, staked: amount, closed: false } };
}

/** A further stake in the same round: its own bet id, the round's id and start time. */
export async function addStake(
  session: PlaySession,
  round: MoneyRound,
  amount: number,
  deps: RoundDeps,
): Promise<StakeResult> {
  const ids: RoundIds = { ...round.ids, betId: randomId(12), refundId: randomId(12) };
  const bet = await session.wallet.bet(ids, amount);
  if (bet.kind === 'refused') return { ok: false, error: refusal(bet.code) };
  if (bet.kind === 'unconfirmed') {
    deps.log?.(`bet ${ids.betId} unconfirmed (${bet.reason}); refunding`);
    await refund(session, ids, amount, deps);
    return { ok: false, error: 'WALLET_UNAVAILABLE' };
  }
  session.balance = bet.value.balance;
  round.staked += amount;
  return { ok: true };
}

/**
 * Pays the round's win (0 included) against its first bet, which closes the round. Returns
 * whether a positive win is still waiting for the wallet's confirmation.
 */
export async function closeRound(
  session: PlaySession,
  round: MoneyRound,
  win: number,
  deps: RoundDeps,
): Promise<{ winPending: boolean }> {
  if (round.closed) return { winPending: false };
  round.closed = true;
  const { ids, receipt, staked } = round;
  const settled = await session.wallet.settle(ids, staked, win, receipt);
  if (settled.kind === 'ok') {
    session.balance = settled.value;
    return { winPending: false };
  }
  if (settled.kind === 'unconfirmed') {
    deps.log?.(`win of round ${ids.roundId} unconfirmed (${settled.reason}); will retry`);
    deps.reconciler.add(`settle ${session.studio} round ${ids.roundId}`, async () => {
      const again = await session.wallet.settle(ids, staked, win, receipt);
      if (again.kind === 'ok') session.balance = again.value;
      return again.kind !== 'unconfirmed';
    });
    return { winPending: win > 0 };
  }
  // An operator must not refuse a win; the round is logged for the studio's support desk.
  deps.log?.(`win of round ${ids.roundId} refused: ${settled.code} ${settled.message}`);
  return { winPending: false };
}
