import { SYMBOL_COUNT } from './symbols';

/**
 * The slot's mathematics, shared by every studio's game page. docs/protocols/slot-math.md
 * explains it and states the exact theoretical RTP that theory.ts computes from these tables.
 */

export const REELS = 5;
export const ROWS = 3;

/** Row index (0 = top) on each reel, for each of the 10 paylines. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 2, 1, 0, 1],
];

/**
 * Line pays in multiples of the LINE bet for 3, 4 and 5 of a kind, by symbol index. The
 * scatter's row is unused (it pays on SCATTER_PAYS instead). Modest top pays keep the
 * volatility low, which is what lets a million-spin simulation pin the RTP down to a few
 * hundredths of a percentage point.
 */
export const LINE_PAYS: readonly (readonly [number, number, number])[] = [
  [20, 60, 200], // wild
  [0, 0, 0], // scatter
  [15, 40, 120], // seven
  [12, 30, 90], // crown
  [10, 25, 70], // gem
  [8, 20, 50], // bell
  [6, 12, 30], // ace
  [5, 10, 25], // king
  [4, 8, 20], // queen
  [3, 6, 15], // jack
  [2, 5, 12], // ten
];

/** Scatter pays in multiples of the TOTAL bet for 3, 4 and 5 scatters anywhere on the grid. */
export const SCATTER_PAYS: readonly [number, number, number] = [2, 5, 20];

/**
 * Reel strips. Each stop shows three consecutive symbols (wrapping round). Scatters are at
 * least three stops apart so a reel never shows two.
 */
export const REEL_STRIPS: readonly (readonly number[])[] = [
  [0, 7, 8, 9, 10, 4, 5, 6, 0, 1, 2, 7, 8, 3, 9, 10, 4, 0, 5, 6, 7, 8, 9, 10],
  [0, 7, 8, 9, 10, 4, 5, 6, 0, 1, 2, 7, 8, 3, 9, 10, 0, 4, 5, 6, 0, 7, 8, 9, 10],
  [0, 7, 8, 9, 10, 4, 5, 6, 0, 1, 2, 7, 8, 3, 9, 10, 0, 4, 5, 6, 0, 7, 8, 9, 10],
  [0, 7, 8, 9, 10, 4, 5, 6, 0, 1, 2, 7, 8, 3, 9, 10, 0, 4, 5, 6, 0, 7, 8, 9, 10],
  [0, 7, 8, 4, 5, 6, 9, 10, 0, 1, 2, 7, 8, 3, 4, 0, 5, 6, 9, 7, 8, 10],
];

/** Allowed total bets in thousandths of the currency unit (0.10 … 50.00), multiples of 10 lines. */
export const BET_LEVELS_MILLI: readonly number[] = [
  100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000,
];

export const LINE_COUNT = PAYLINES.length;

if (LINE_PAYS.length !== SYMBOL_COUNT) throw new Error('paytable: one pay row per symbol');
