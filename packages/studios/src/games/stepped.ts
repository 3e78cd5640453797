import type { FairDraw } from '../fair/ledger';
import { closeRound, type MoneyRound, type RoundDeps } from '../game/round-money';
import { fairKey, type PlaySession } from '../game/session';
import type { GameType } from '../catalog/types';
import type { ActionAnswer } from './play-kit';

/** What every multi-step round keeps besides its game state. */
export interface SteppedRound {
  money: MoneyRound;
  draw: FairDraw;
  finished: boolean;
}

/**
 * Ends a multi-step round: records it for the verifier, pays the win (which closes the
 * round on the protocol) and frees the session for the next round.
 */
export async function finishStepped(
  session: PlaySession,
  deps: RoundDeps,
  game: GameType,
  round: SteppedRound,
  params: Record<string, unknown>,
  outcome: Record<string, unknown> & { win: number },
): Promise<ActionAnswer> {
  round.finished = true;
  if (session.round?.timer) clearTimeout(session.round.timer);
  session.round = undefined;
  deps.fair.record(fairKey(session), round.draw, game, params, outcome);
  const { winPending } = await closeRound(session, round.money, outcome.win, deps);
  return {
    ok: true,
    over: true,
    roundId: round.money.ids.roundId,
    staked: round.money.staked,
    ...outcome,
    balance: session.balance,
    winPending,
    fair: round.draw.public,
  };
}

/**
 * Runs a settlement that must not meet a player's request half-way: waits for the session's
 * lock (a wallet call in flight) and then holds it.
 */
export async function whenFree(session: PlaySession, run: () => Promise<void>): Promise<void> {
  for (let i = 0; session.busy && i < 600; i++) await new Promise((r) => setTimeout(r, 100));
  session.busy = true;
  try {
    await run();
  } finally {
    session.busy = false;
  }
}
