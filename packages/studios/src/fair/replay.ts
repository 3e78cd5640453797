import type { GameType } from '../catalog/types';
import { baccaratReturn, dealBaccarat, type BaccaratStakes } from '../games/baccarat/math';
import { BlackjackTable, type BlackjackMove } from '../games/blackjack/table';
import { crashPoint, crashReturn } from '../games/crash/math';
import { drawKeno, kenoReturn } from '../games/keno/math';
import { minesCashout, placeMines } from '../games/mines/math';
import { binOf, dropBall, plinkoReturn, type PlinkoRisk } from '../games/plinko/math';
import { rouletteReturn, spinWheel, type RouletteStake } from '../games/roulette/math';
import type { Rng } from '../shared/rng';
import { spin, winFor } from '../slot/spin';

type Params = Record<string, unknown>;
type Outcome = Record<string, unknown>;

const num = (v: unknown): number => (typeof v === 'number' ? v : NaN);

/**
 * Each game's outcome from its round's random stream and the player's choices: the game
 * pages play through these same functions, and the verifier runs them again from the revealed
 * seeds, so a verified round is the round that was played (cards, wheel, crash point, field,
 * ball, draw or reels, and the win).
 */
export const REPLAY: Record<GameType, (rng: Rng, params: Params) => Outcome> = {
  slot(rng, p) {
    const outcome = spin(rng);
    return { stops: outcome.stops, win: winFor(outcome, num(p['bet'])) };
  },
  roulette(rng, p) {
    const pocket = spinWheel(rng);
    return { pocket, win: rouletteReturn(p['stakes'] as RouletteStake[], pocket) };
  },
  baccarat(rng, p) {
    const deal = dealBaccarat(rng);
    return {
      player: deal.player,
      banker: deal.banker,
      winner: deal.winner,
      win: baccaratReturn(p['stakes'] as BaccaratStakes, deal.winner),
    };
  },
  blackjack(rng, p) {
    const table = new BlackjackTable(rng, num(p['bet']));
    for (const step of (p['moves'] as string[] | undefined) ?? []) {
      if (step === 'insurance' || step === 'no-insurance') table.insure(step === 'insurance');
      else table.move(step as BlackjackMove);
    }
    if (table.phase !== 'over') table.standAll();
    return table.summary();
  },
  crash(rng, p) {
    const crash = crashPoint(rng);
    const target = num(p['cashout']);
    return { crash, win: Number.isFinite(target) ? crashReturn(num(p['bet']), target, crash) : 0 };
  },
  mines(rng, p) {
    const count = num(p['mines']);
    const mines = placeMines(rng, count);
    const opened = (p['opened'] as number[] | undefined) ?? [];
    const hit = opened.some((t) => mines.includes(t));
    const win = hit ? 0 : minesCashout(num(p['bet']), count, opened.length);
    return { mines, win };
  },
  plinko(rng, p) {
    const path = dropBall(rng);
    const bin = binOf(path);
    return { path, bin, win: plinkoReturn(num(p['bet']), p['risk'] as PlinkoRisk, bin) };
  },
  keno(rng, p) {
    const drawn = drawKeno(rng);
    return { drawn, win: kenoReturn(num(p['bet']), p['picks'] as number[], drawn) };
  },
};
