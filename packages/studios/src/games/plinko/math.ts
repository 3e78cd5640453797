import type { Rng } from '../../shared/rng';
import { toCent } from '../cards';

/**
 * Plinko: the ball meets 12 rows of pegs and goes right on rng.int(2) = 1 at each, so it
 * lands in bin k (0–12) with probability C(12, k) / 4096. Each risk level has its own
 * multipliers (hundredths of the stake); PLINKO_RTP gives their exact RTPs.
 */
export const PLINKO_ROWS = 12;
export type PlinkoRisk = 'low' | 'medium' | 'high';

export const PLINKO_PAYS: Record<PlinkoRisk, readonly number[]> = {
  low: [1000, 300, 160, 130, 110, 100, 45, 100, 110, 130, 160, 300, 1000],
  medium: [3300, 1100, 400, 200, 110, 55, 30, 55, 110, 200, 400, 1100, 3300],
  high: [17000, 2400, 810, 200, 70, 20, 10, 20, 70, 200, 810, 2400, 17000],
};

/** The ball's path: 0 left, 1 right, one per row. */
export function dropBall(rng: Rng): number[] {
  return Array.from({ length: PLINKO_ROWS }, () => rng.int(2));
}

export const binOf = (path: readonly number[]): number => path.reduce((a, b) => a + b, 0);

export function plinkoReturn(stake: number, risk: PlinkoRisk, bin: number): number {
  return toCent(Math.floor((stake * (PLINKO_PAYS[risk][bin] ?? 0)) / 100));
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
}

/** Exact RTP (percent): Σ C(12, k) · pay(k) / 4096. */
export function plinkoRtp(risk: PlinkoRisk): number {
  let sum = 0;
  for (let k = 0; k <= PLINKO_ROWS; k++) sum += binomial(PLINKO_ROWS, k) * PLINKO_PAYS[risk][k]!;
  return sum / 2 ** PLINKO_ROWS;
}
