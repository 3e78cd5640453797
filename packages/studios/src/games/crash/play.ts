import { openRound, type RoundDeps } from '../../game/round-money';
import { fairKey, type PlaySession } from '../../game/session';
import { failure, int, isChip, locked, type ActionAnswer, type GameHandler } from '../play-kit';
import { finishStepped, whenFree, type SteppedRound } from '../stepped';
import { crashPoint, MAX_TARGET, MIN_TARGET, multiplierAt, timeToReach } from './math';

interface CrashRound extends SteppedRound {
  bet: number;
  /** Auto cash-out target, hundredths: the round's stated rule when the player does nothing. */
  auto: number;
  crash: number;
  startedAt: number;
}

/** The last finished round per session, for the page's status poll. */
const lastResult = new WeakMap<PlaySession, ActionAnswer>();

function finish(
  session: PlaySession,
  deps: RoundDeps,
  round: CrashRound,
  cashout: number | undefined,
): Promise<ActionAnswer> {
  const win = cashout !== undefined && cashout <= round.crash ? (round.bet * cashout) / 100 : 0;
  return finishStepped(
    session,
    deps,
    'crash',
    round,
    cashout === undefined
      ? { bet: round.bet, auto: round.auto }
      : { bet: round.bet, auto: round.auto, cashout },
    { crash: round.crash, win },
  ).then((answer) => {
    const full = { ...answer, cashout: cashout ?? null, bet: round.bet };
    lastResult.set(session, full);
    return full;
  });
}

const current = (session: PlaySession): CrashRound | undefined =>
  session.round?.type === 'crash' ? (session.round.state as CrashRound) : undefined;

/**
 * Crash on the wallet: start {bet, auto} takes the bet and the multiplier starts climbing on
 * the server's clock; cashout pays stake × the multiplier at that moment (the round's win,
 * which closes it); a bust pays 0. Nobody needs to be watching: the server settles the round
 * by itself at the auto cash-out target, or at the crash if that comes first.
 */
export const crashPlay: GameHandler = {
  act(session, body, deps) {
    const action = body['action'];
    if (action === 'status') {
      const open = current(session);
      if (open) {
        return Promise.resolve({
          ok: true,
          running: true,
          elapsed: Date.now() - open.startedAt,
          auto: open.auto,
          bet: open.bet,
          balance: session.balance,
        });
      }
      return Promise.resolve(lastResult.get(session) ?? failure(session, 'NO_ROUND'));
    }
    return locked(session, async () => {
      const open = current(session);
      if (action === 'start') {
        if (open) return failure(session, 'BUSY');
        const bet = body['bet'];
        const auto = int(body['auto']);
        if (!isChip(bet) || auto === undefined || auto < MIN_TARGET || auto > MAX_TARGET) {
          return failure(session, 'BAD_BET');
        }
        const opened = await openRound(session, bet, deps);
        if (!opened.ok) return failure(session, opened.error);
        const draw = deps.fair.nextRound(fairKey(session));
        const round: CrashRound = {
          money: opened.round,
          draw,
          finished: false,
          bet,
          auto,
          crash: crashPoint(draw.rng),
          startedAt: Date.now(),
        };
        const autoWins = auto <= round.crash;
        const settle = (): Promise<void> =>
          whenFree(session, async () => {
            if (!round.finished) await finish(session, deps, round, autoWins ? auto : undefined);
          });
        session.round = { type: 'crash', state: round, settle };
        const endsIn = timeToReach(autoWins ? auto : round.crash);
        session.round.timer = setTimeout(() => void settle(), endsIn);
        session.round.timer.unref();
        return {
          ok: true,
          running: true,
          elapsed: 0,
          auto,
          bet,
          balance: session.balance,
          fair: draw.public,
        };
      }
      if (action === 'cashout') {
        if (!open) return lastResult.get(session) ?? failure(session, 'NO_ROUND');
        const now = Math.min(multiplierAt(Date.now() - open.startedAt), open.auto);
        if (now > open.crash) return finish(session, deps, open, undefined);
        if (now < MIN_TARGET) return failure(session, 'TOO_EARLY');
        return finish(session, deps, open, now);
      }
      return failure(session, 'BAD_REQUEST');
    });
  },
  view(session) {
    const open = current(session);
    return open
      ? { running: true, elapsed: Date.now() - open.startedAt, auto: open.auto, bet: open.bet }
      : undefined;
  },
};
