import type { FairDraw } from '../fair/ledger';
import { REPLAY } from '../fair/replay';
import {
  closeRound,
  openRound,
  type MoneyRound,
  type RoundDeps,
  type SpinErrorCode,
} from '../game/round-money';
import { fairKey, type PlaySession } from '../game/session';
import { BET_LEVELS_MILLI } from '../slot/paytable';
import type { GameType } from '../catalog/types';

/** The chips every game offers, in thousandths (0.10 … 50.00). */
export const CHIPS: readonly number[] = BET_LEVELS_MILLI;
export const isChip = (v: unknown): v is number => typeof v === 'number' && CHIPS.includes(v);

/** How long an open round waits for the player before its stated rule settles it. */
export const IDLE_SETTLE_MS = 60_000;

export type ActionAnswer = Record<string, unknown> & { ok: boolean; balance: number };
export type GameErrorCode = SpinErrorCode | 'BAD_REQUEST' | 'NO_ROUND' | 'TOO_EARLY';

export const failure = (session: PlaySession, error: GameErrorCode): ActionAnswer => ({
  ok: false,
  error,
  balance: session.balance,
});

export interface GameHandler {
  /** One action from the game page: a whole round for instant games, one step otherwise. */
  act(session: PlaySession, body: Record<string, unknown>, deps: RoundDeps): Promise<ActionAnswer>;
  /** The open round as the page shows it after a reload. */
  view?(session: PlaySession): Record<string, unknown> | undefined;
}

/** Runs an action with the session's lock: one wallet conversation at a time. */
export async function locked(
  session: PlaySession,
  run: () => Promise<ActionAnswer>,
): Promise<ActionAnswer> {
  if (session.busy) return failure(session, 'BUSY');
  session.busy = true;
  try {
    return await run();
  } finally {
    session.busy = false;
  }
}

/**
 * A one-step round: bet, outcome from the player's seeds (the same REPLAY function the
 * verifier runs), record, win. `stake` is the round's total stake.
 */
export async function instantRound(
  session: PlaySession,
  deps: RoundDeps,
  game: GameType,
  stake: number,
  params: Record<string, unknown>,
): Promise<ActionAnswer> {
  return locked(session, async () => {
    const opened = await openRound(session, stake, deps);
    if (!opened.ok) return failure(session, opened.error);
    const draw = deps.fair.nextRound(fairKey(session));
    const outcome = REPLAY[game](draw.rng, params);
    deps.fair.record(fairKey(session), draw, game, params, outcome);
    const win = outcome['win'] as number;
    const { winPending } = await closeRound(session, opened.round, win, deps);
    return {
      ok: true,
      roundId: opened.round.ids.roundId,
      bet: stake,
      ...outcome,
      win,
      balance: session.balance,
      winPending,
      fair: draw.public,
    };
  });
}

/** A multi-step round's bookkeeping: its money, its draw, and the idle timer. */
export interface Stepped<S> {
  money: MoneyRound;
  draw: FairDraw;
  state: S;
}

/** Re-arms the idle timer that settles an abandoned round by the game's rule. */
export function armIdle(session: PlaySession, ms = IDLE_SETTLE_MS): void {
  const round = session.round;
  if (!round) return;
  if (round.timer) clearTimeout(round.timer);
  round.timer = setTimeout(() => void round.settle(), ms);
  round.timer.unref();
}

export const int = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;
