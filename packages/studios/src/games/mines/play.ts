import { openRound, type RoundDeps } from '../../game/round-money';
import { fairKey, type PlaySession } from '../../game/session';
import {
  armIdle,
  failure,
  int,
  isChip,
  locked,
  type ActionAnswer,
  type GameHandler,
} from '../play-kit';
import { finishStepped, whenFree, type SteppedRound } from '../stepped';
import { minesCashout, minesMultiplier, placeMines, TILES } from './math';

interface MinesRound extends SteppedRound {
  bet: number;
  count: number;
  mines: number[];
  opened: number[];
}

function finish(session: PlaySession, deps: RoundDeps, round: MinesRound): Promise<ActionAnswer> {
  const hit = round.opened.some((t) => round.mines.includes(t));
  const win = hit ? 0 : minesCashout(round.bet, round.count, round.opened.length);
  return finishStepped(
    session,
    deps,
    'mines',
    round,
    { bet: round.bet, mines: round.count, opened: [...round.opened] },
    { mines: round.mines, win },
  ).then((answer) => ({ ...answer, opened: round.opened, bet: round.bet, count: round.count }));
}

function view(round: MinesRound): Record<string, unknown> {
  const safe = round.opened.length;
  return {
    bet: round.bet,
    count: round.count,
    opened: round.opened,
    multiplier: minesMultiplier(round.count, safe),
    next: minesMultiplier(round.count, safe + 1),
    cashout: safe > 0 ? minesCashout(round.bet, round.count, safe) : 0,
  };
}

const current = (session: PlaySession): MinesRound | undefined =>
  session.round?.type === 'mines' ? (session.round.state as MinesRound) : undefined;

/**
 * Mines on the wallet: start {bet, mines} takes the bet; reveal {tile} opens a tile; cashout
 * pays the multiplier reached. An abandoned round cashes out what was reached, or returns
 * the stake when no tile was opened.
 */
export const minesPlay: GameHandler = {
  act(session, body, deps) {
    const action = body['action'];
    return locked(session, async () => {
      const open = current(session);
      if (action === 'start') {
        if (open) return { ...failure(session, 'BUSY'), round: view(open) };
        const bet = body['bet'];
        const count = int(body['mines']);
        if (!isChip(bet) || count === undefined || count < 1 || count > TILES - 1) {
          return failure(session, 'BAD_BET');
        }
        const opened = await openRound(session, bet, deps);
        if (!opened.ok) return failure(session, opened.error);
        const draw = deps.fair.nextRound(fairKey(session));
        const round: MinesRound = {
          money: opened.round,
          draw,
          finished: false,
          bet,
          count,
          mines: placeMines(draw.rng, count),
          opened: [],
        };
        session.round = {
          type: 'mines',
          state: round,
          settle: () =>
            whenFree(session, async () => {
              if (!round.finished) await finish(session, deps, round);
            }),
        };
        armIdle(session);
        return { ok: true, ...view(round), balance: session.balance, fair: draw.public };
      }
      if (!open) return failure(session, 'NO_ROUND');
      if (action === 'reveal') {
        const tile = int(body['tile']);
        if (tile === undefined || tile < 0 || tile >= TILES || open.opened.includes(tile)) {
          return failure(session, 'BAD_REQUEST');
        }
        open.opened.push(tile);
        if (open.mines.includes(tile) || open.opened.length === TILES - open.count) {
          return finish(session, deps, open);
        }
        armIdle(session);
        return { ok: true, ...view(open), balance: session.balance, fair: open.draw.public };
      }
      if (action === 'cashout') {
        if (open.opened.length === 0) return failure(session, 'BAD_REQUEST');
        return finish(session, deps, open);
      }
      return failure(session, 'BAD_REQUEST');
    });
  },
  view(session) {
    const open = current(session);
    return open ? view(open) : undefined;
  },
};
