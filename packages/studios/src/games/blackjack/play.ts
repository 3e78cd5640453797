import { addStake, openRound } from '../../game/round-money';
import { fairKey, type PlaySession } from '../../game/session';
import { armIdle, failure, isChip, locked, type ActionAnswer, type GameHandler } from '../play-kit';
import { finishStepped, whenFree, type SteppedRound } from '../stepped';
import type { RoundDeps } from '../../game/round-money';
import { handTotal } from './rules';
import { BlackjackTable, type BlackjackMove } from './table';

interface BlackjackRound extends SteppedRound {
  table: BlackjackTable;
}

const MOVES: readonly string[] = ['hit', 'stand', 'double', 'split'];

function view(round: BlackjackRound): Record<string, unknown> {
  const t = round.table;
  const over = t.phase === 'over';
  return {
    phase: t.phase,
    bet: t.stake,
    // The hole card stays hidden until the round is over.
    dealer: over ? t.dealer : [t.dealer[0]],
    dealerTotal: over ? handTotal(t.dealer).total : undefined,
    hands: t.hands.map((h) => ({
      cards: h.cards,
      stake: h.stake,
      total: handTotal(h.cards).total,
      soft: handTotal(h.cards).soft,
      done: h.done,
    })),
    active: t.active,
    allowed: t.allowed(),
    insurance: t.insurance,
  };
}

function finish(
  session: PlaySession,
  deps: RoundDeps,
  round: BlackjackRound,
): Promise<ActionAnswer> {
  const t = round.table;
  return finishStepped(
    session,
    deps,
    'blackjack',
    round,
    { bet: t.stake, moves: [...t.log] },
    t.summary(),
  ).then((answer) => ({ ...answer, ...view(round), win: t.totalReturn() }));
}

/** The interrupted round's rule: insurance declined, every open hand stands. */
function settleInterrupted(
  session: PlaySession,
  deps: RoundDeps,
  round: BlackjackRound,
): Promise<void> {
  return whenFree(session, async () => {
    if (round.finished) return;
    round.table.standAll();
    await finish(session, deps, round);
  });
}

const current = (session: PlaySession): BlackjackRound | undefined =>
  session.round?.type === 'blackjack' ? (session.round.state as BlackjackRound) : undefined;

/**
 * Blackjack on the wallet: the deal is the round's bet; insurance, a double and a split are
 * further bets of the same round (each its own transaction); the round's one win closes it.
 * Actions: deal {bet}, insurance {take}, hit, stand, double, split.
 */
export const blackjackPlay: GameHandler = {
  act(session, body, deps) {
    const action = body['action'];
    return locked(session, async () => {
      const open = current(session);
      if (action === 'deal') {
        if (open) return { ...failure(session, 'BUSY'), round: view(open) };
        const bet = body['bet'];
        if (!isChip(bet)) return failure(session, 'BAD_BET');
        const opened = await openRound(session, bet, deps);
        if (!opened.ok) return failure(session, opened.error);
        const draw = deps.fair.nextRound(fairKey(session));
        const round: BlackjackRound = {
          money: opened.round,
          draw,
          finished: false,
          table: new BlackjackTable(draw.rng, bet),
        };
        if (round.table.phase === 'over') return finish(session, deps, round);
        session.round = {
          type: 'blackjack',
          state: round,
          settle: () => settleInterrupted(session, deps, round),
        };
        armIdle(session);
        return { ok: true, ...view(round), balance: session.balance, fair: draw.public };
      }
      if (!open) return failure(session, 'NO_ROUND');
      const t = open.table;
      if (action === 'insurance') {
        if (t.phase !== 'insurance') return failure(session, 'BAD_REQUEST');
        const take = body['take'] === true;
        if (take) {
          const paid = await addStake(session, open.money, t.stake / 2, deps);
          if (!paid.ok) return { ...failure(session, paid.error), ...view(open) };
        }
        t.insure(take);
      } else if (typeof action === 'string' && MOVES.includes(action)) {
        const move = action as BlackjackMove;
        if (!t.allowed().includes(move)) return failure(session, 'BAD_REQUEST');
        const cost = t.costOf(move);
        if (cost > 0) {
          const paid = await addStake(session, open.money, cost, deps);
          if (!paid.ok) return { ...failure(session, paid.error), ...view(open) };
        }
        t.move(move);
      } else {
        return failure(session, 'BAD_REQUEST');
      }
      if (t.phase === 'over') return finish(session, deps, open);
      armIdle(session);
      return { ok: true, ...view(open), balance: session.balance, fair: open.draw.public };
    });
  },
  view(session) {
    const open = current(session);
    return open ? view(open) : undefined;
  },
};
