import type { Rng } from '../../shared/rng';
import { drawDistinct } from '../cards';

/**
 * Keno: 40 numbers (1–40), 10 drawn by the first ten positions of a forward Fisher–Yates
 * shuffle; the player picks 1–10 numbers. Pays by picks and hits, in hundredths of the stake;
 * the RTP for each pick count is exact (hypergeometric), between 95 % and 97.5 %.
 */
export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 10;

/** KENO_PAYS[picks][hits], hundredths of the stake. */
export const KENO_PAYS: Readonly<Record<number, readonly number[]>> = {
  1: [0, 380],
  2: [0, 180, 490],
  3: [0, 0, 370, 3700],
  4: [0, 0, 190, 640, 13000],
  5: [0, 0, 130, 390, 1500, 39000],
  6: [0, 0, 0, 410, 1100, 6900, 69000],
  7: [0, 0, 0, 260, 650, 2600, 13000, 100000],
  8: [0, 0, 0, 130, 530, 1300, 6600, 40000, 130000],
  9: [0, 0, 0, 140, 270, 680, 3400, 14000, 68000, 200000],
  10: [0, 0, 0, 0, 380, 640, 1300, 6400, 32000, 130000, 250000],
};

export function drawKeno(rng: Rng): number[] {
  return drawDistinct(rng, KENO_NUMBERS, KENO_DRAWN).map((i) => i + 1);
}

export function kenoReturn(
  stake: number,
  picks: readonly number[],
  drawn: readonly number[],
): number {
  const hits = picks.filter((p) => drawn.includes(p)).length;
  return (stake * (KENO_PAYS[picks.length]?.[hits] ?? 0)) / 100;
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
}

/** Exact RTP (percent) for `picks` numbers: Σ P(hits) · pay(hits). */
export function kenoRtp(picks: number): number {
  const table = KENO_PAYS[picks] ?? [];
  let sum = 0;
  for (let h = 0; h <= picks; h++) {
    const p =
      (choose(picks, h) * choose(KENO_NUMBERS - picks, KENO_DRAWN - h)) /
      choose(KENO_NUMBERS, KENO_DRAWN);
    sum += p * (table[h] ?? 0);
  }
  return sum;
}
