import type { LineWin } from '../slot/evaluate';
import { BET_LEVELS_MILLI, LINE_COUNT } from '../slot/paytable';
import { spin, winFor } from '../slot/spin';
import { closeRound, openRound, type RoundDeps, type SpinErrorCode } from './round-money';
import { fairKey, type PlaySession } from './session';

export { newRoundIds, type RoundDeps, type SpinErrorCode } from './round-money';

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
      /** The provably fair inputs of this spin (the server seed is revealed on rotation). */
      fair: { serverSeedHash: string; clientSeed: string; nonce: number };
    }
  | { ok: false; error: SpinErrorCode; balance: number };

/**
 * One paid spin, in the order every seamless-wallet provider follows: take the bet, decide
 * the outcome on the server from the player's seeds, pay the win (0 included) to close the
 * round (round-money.ts).
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
    const opened = await openRound(session, bet, deps);
    if (!opened.ok) return { ok: false, error: opened.error, balance: session.balance };
    const { round } = opened;
    const draw = deps.fair.nextRound(fairKey(session));
    const outcome = spin(draw.rng);
    const win = winFor(outcome, bet);
    deps.fair.record(fairKey(session), draw, 'slot', { bet }, { stops: outcome.stops, win });
    const lineBet = bet / LINE_COUNT;
    const { winPending } = await closeRound(session, round, win, deps);
    return {
      ok: true,
      roundId: round.ids.roundId,
      grid: outcome.grid,
      lines: outcome.lines.map((l) => ({ ...l, win: l.pay * lineBet })),
      scatter: { count: outcome.scatterCount, win: outcome.scatterPay * bet },
      bet,
      win,
      balance: session.balance,
      winPending,
      fair: draw.public,
    };
  } finally {
    session.busy = false;
  }
}
