import type { Rng } from '../../shared/rng';
import { toCent } from '../cards';

/**
 * Crash. The round's crash point (in hundredths of the stake) is drawn before the round
 * starts: u = rng.int(2^32), crash = max(100, ⌊97 · 2^32 / (2^32 − u)⌋). So for any cash-out
 * target a ≥ 1.01× the chance of reaching it is ⌊97 · 2^32 / a⌋ / 2^32 ≈ 0.97 / a and the
 * RTP is 97 % whatever the player's strategy (3.96 % of rounds crash at 1.00×).
 * The multiplier grows with time: m(t) = ⌊100 · e^(t / 16 667 ms)⌋ hundredths (2× at 11.6 s,
 * 10× at 38 s, 1 000× at 115 s).
 */
export const CRASH_RTP_PERCENT = 97;
export const MIN_TARGET = 101;
export const MAX_TARGET = 100_000;
const TWO_32 = 2 ** 32;
export const GROWTH_MS = 16_667;

export function crashPoint(rng: Rng): number {
  const u = rng.int(TWO_32);
  return Math.max(100, Math.floor((CRASH_RTP_PERCENT * TWO_32) / (TWO_32 - u)));
}

/** The multiplier shown `elapsedMs` after the start, in hundredths. */
export function multiplierAt(elapsedMs: number): number {
  return Math.floor(100 * Math.exp(Math.max(0, elapsedMs) / GROWTH_MS) + 1e-9);
}

/** When the multiplier first reaches `hundredths` (ms after the start). */
export function timeToReach(hundredths: number): number {
  return Math.ceil(Math.log(hundredths / 100) * GROWTH_MS);
}

/** A cash-out at `target` hundredths pays target × stake (to the cent, down) if reached. */
export function crashReturn(stake: number, target: number, crash: number): number {
  return target <= crash ? toCent(Math.floor((stake * target) / 100)) : 0;
}

/** Exact return per stake of a cash-out target, counting the u that reach it. */
export function crashRtpExact(target: number): number {
  return (target / 100) * (Math.floor((CRASH_RTP_PERCENT * TWO_32) / target) / TWO_32);
}
