import type { Rng } from '../../shared/rng';
import { drawDistinct, toCent } from '../cards';

/**
 * Mines: a 5 × 5 field hides `mines` mines (1–24, the player's choice), placed before the
 * round by the first `mines` positions of a forward Fisher–Yates shuffle of the 25 tiles.
 * After n safe tiles the cash-out pays 0.97 · C(25, n) / C(25 − mines, n) times the stake,
 * rounded down to the cent: 97 % of the fair odds, so every strategy that opens at least
 * one tile returns 97 % less the rounding (minesRtpExact states it exactly).
 */
export const TILES = 25;
export const MINES_RTP_PERCENT = 97;

export function placeMines(rng: Rng, mines: number): number[] {
  return drawDistinct(rng, TILES, mines).sort((a, b) => a - b);
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** The cash-out after `safe` safe tiles, in thousandths down to the cent, for a stake. */
export function minesCashout(stake: number, mines: number, safe: number): number {
  if (safe === 0) return stake;
  const num = BigInt(stake) * BigInt(MINES_RTP_PERCENT) * choose(TILES, safe);
  const den = 100n * choose(TILES - mines, safe);
  return toCent(Number(num / den));
}

/** The multiplier after `safe` safe tiles, in hundredths (rounded down), for display. */
export const minesMultiplier = (mines: number, safe: number): number =>
  Math.floor(minesCashout(100_000, mines, safe) / 1_000);

/** Exact RTP (percent) of "open `safe` tiles, then cash out" with a given stake. */
export function minesRtpExact(stake: number, mines: number, safe: number): number {
  const survive = Number(choose(TILES - mines, safe)) / Number(choose(TILES, safe));
  return ((survive * minesCashout(stake, mines, safe)) / stake) * 100;
}
