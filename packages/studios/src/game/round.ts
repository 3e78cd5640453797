import type { LineWin } from '../slot/evaluate';
import { BET_LEVELS_MILLI, LINE_COUNT } from '../slot/paytable';
import { spin, winFor } from '../slot/spin';
import { randomId, randomLongString } from '../shared/ids';
import type { Reconciler } from '../shared/reconciler';
import type { Rng } from '../shared/rng';
import type { PlaySession, RoundIds } from './session';

export type SpinErrorCode =
  | 'BAD_BET'
  | 'BUSY'
  | 'INSUFFICIENT_FUNDS'
  | 'SESSION_EXPIRED'
  | 'LIMIT_REACHED'
  | 'BET_REJECTED'
  | 'WALLET_UNAVAILABLE';

export type SpinAnswer =
  | {
      ok: true;
      roundId: string;
      /** Column-major symbols, reel by reel, top to bottom. */
      grid: number[];
      lines: (LineWin & { win: number })[];
      scatter: { count: number; win: number };
      bet: number;
      win: number;
      balance: number;
      /** The win is owed but the wallet has not confirmed it yet; it is being retried. */
      winPending: boolean;
    }
  | { ok: false; error: SpinErrorCode; balance: number };

export interface RoundDeps {
  rng: Rng;
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
 * One paid spin, in the order every seamless-wallet provider follows: take the bet, decide
 * the outcome on the server, pay the win (0 included) to close the round. A bet that stays
 * unconfirmed after the retries is refunded; a refund or a win that stays unconfirmed is
 * handed to the reconciler, which keeps trying in the background.
 */
export async function playRound(
  session: PlaySession,
  bet: number,
  deps: RoundDeps,
): Promise<SpinAnswer> {
  if (!BET_LEVELS_MILLI.includes(bet))
    return { ok: false, error: 'BAD_BET', balance: session.balance };
  if (session.busy) return { ok: false, error: 'BUSY', balance: session.balance };
  session.busy = true;
  try {
    const ids = newRoundIds();
    const betOutcome = await session.wallet.bet(ids, bet);
    switch (betOutcome.kind) {
      case 'refused': {
        const error: SpinErrorCode =
          betOutcome.code === 'INSUFFICIENT_FUNDS' ||
          betOutcome.code === 'SESSION_EXPIRED' ||
          betOutcome.code === 'LIMIT_REACHED'
            ? betOutcome.code
            : 'BET_REJECTED';
        return { ok: false, error, balance: session.balance };
      }
      case 'unconfirmed': {
        deps.log?.(`bet ${ids.betId} unconfirmed (${betOutcome.reason}); refunding`);
        await refundBet(session, ids, bet, deps);
        return { ok: false, error: 'WALLET_UNAVAILABLE', balance: session.balance };
      }
      case 'ok':
        break;
    }
    session.balance = betOutcome.value.balance;

    const outcome = spin(deps.rng);
    const win = winFor(outcome, bet);
    const lineBet = bet / LINE_COUNT;
    const answer: SpinAnswer & { ok: true } = {
      ok: true,
      roundId: ids.roundId,
      grid: outcome.grid,
      lines: outcome.lines.map((l) => ({ ...l, win: l.pay * lineBet })),
      scatter: { count: outcome.scatterCount, win: outcome.scatterPay * bet },
      bet,
      win,
      balance: session.balance,
      winPending: false,
    };

    const receipt = betOutcome.value;
    const settled = await session.wallet.settle(ids, bet, win, receipt);
    if (settled.kind === 'ok') {
      session.balance = settled.value;
      answer.balance = settled.value;
    } else if (settled.kind === 'unconfirmed') {
      deps.log?.(`win of round ${ids.roundId} unconfirmed (${settled.reason}); will retry`);
      answer.winPending = win > 0;
      deps.reconciler.add(`settle ${session.studio} round ${ids.roundId}`, async () => {
        const again = await session.wallet.settle(ids, bet, win, receipt);
        if (again.kind === 'ok') session.balance = again.value;
        return again.kind !== 'unconfirmed';
      });
    } else {
      // An operator must not refuse a win; the round is logged for the studio's support desk.
      deps.log?.(`win of round ${ids.roundId} refused: ${settled.code} ${settled.message}`);
    }
    return answer;
  } finally {
    session.busy = false;
  }
}

async function refundBet(
  session: PlaySession,
  ids: RoundIds,
  bet: number,
  deps: RoundDeps,
): Promise<void> {
  const refund = await session.wallet.refund(ids, bet);
  if (refund.kind === 'ok') {
    if (refund.value !== undefined) session.balance = refund.value;
    return;
  }
  if (refund.kind === 'unconfirmed') {
    deps.reconciler.add(`refund ${session.studio} bet ${ids.betId}`, async () => {
      const again = await session.wallet.refund(ids, bet);
      return again.kind !== 'unconfirmed';
    });
  }
}
