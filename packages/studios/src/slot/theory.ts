import { evaluateLinePacked, scatterPayFor } from './evaluate';
import { REELS, REEL_STRIPS, ROWS } from './paytable';
import { SCATTER, SYMBOL_COUNT } from './symbols';

export interface TheoreticalRtp {
  /** Exact return per unit bet as a fraction (both parts are integers). */
  numerator: bigint;
  denominator: bigint;
  /** The same as a percentage, for reports. */
  percent: number;
  /** The part of the RTP from line wins and from scatters, in percent. */
  linePercent: number;
  scatterPercent: number;
}

/**
 * The exact RTP of the reel strips and paytable. Every reel stop is equally likely and the
 * reels are independent, so on any one payline the five symbols are independent with each
 * reel's symbol frequencies: the expected line pay is a finite sum over symbol tuples.
 * Scatters are counted on the whole grid, by convolving each reel's scatter-count distribution.
 * Return per total bet = E[line pay in line bets] (each of the lines has the same expectation,
 * and the bet is one line bet per line) + E[scatter pay in total bets].
 */
export function theoreticalRtp(
  strips: readonly (readonly number[])[] = REEL_STRIPS,
): TheoreticalRtp {
  const counts = strips.map((strip) => {
    const c = new Array<number>(SYMBOL_COUNT).fill(0);
    for (const s of strip) c[s] = (c[s] as number) + 1;
    return c;
  });
  const denominator = strips.reduce((acc, strip) => acc * BigInt(strip.length), 1n);

  let lineNumerator = 0n;
  const c = counts;
  for (let a = 0; a < SYMBOL_COUNT; a++) {
    const ca = c[0]![a]!;
    if (ca === 0) continue;
    for (let b = 0; b < SYMBOL_COUNT; b++) {
      const cb = c[1]![b]!;
      if (cb === 0) continue;
      for (let d = 0; d < SYMBOL_COUNT; d++) {
        const cd = c[2]![d]!;
        if (cd === 0) continue;
        for (let e = 0; e < SYMBOL_COUNT; e++) {
          const ce = c[3]![e]!;
          if (ce === 0) continue;
          for (let f = 0; f < SYMBOL_COUNT; f++) {
            const cf = c[4]![f]!;
            if (cf === 0) continue;
            const pay = Math.floor(evaluateLinePacked(a, b, d, e, f) / 256);
            if (pay > 0) lineNumerator += BigInt(pay * ca * cb * cd * ce) * BigInt(cf);
          }
        }
      }
    }
  }

  // ways[k] = number of stop combinations showing k scatters on the grid.
  let ways: bigint[] = [1n];
  for (let reel = 0; reel < REELS; reel++) {
    const strip = strips[reel] as readonly number[];
    const perReel: bigint[] = [];
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < ROWS; row++) if (strip[(stop + row) % strip.length] === SCATTER) k++;
      perReel[k] = (perReel[k] ?? 0n) + 1n;
    }
    const next: bigint[] = [];
    ways.forEach((w, i) =>
      perReel.forEach((p, j) => {
        next[i + j] = (next[i + j] ?? 0n) + w * (p ?? 0n);
      }),
    );
    ways = next;
  }
  let scatterNumerator = 0n;
  ways.forEach((w, k) => {
    scatterNumerator += BigInt(scatterPayFor(k)) * (w ?? 0n);
  });

  const numerator = lineNumerator + scatterNumerator;
  const toPercent = (n: bigint): number => Number((n * 100_000_000n) / denominator) / 1_000_000;
  return {
    numerator,
    denominator,
    percent: toPercent(numerator),
    linePercent: toPercent(lineNumerator),
    scatterPercent: toPercent(scatterNumerator),
  };
}
