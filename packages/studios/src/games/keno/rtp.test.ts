import { describe, expect, it } from 'vitest';
import { seededRng } from '../../shared/rng';
import { drawKeno, KENO_MAX_PICKS, kenoReturn, kenoRtp } from './math';

const ROUNDS = 1_000_000;

describe('keno', () => {
  it('returns between 95 % and 97.5 % for every pick count (exact)', () => {
    for (let picks = 1; picks <= KENO_MAX_PICKS; picks++) {
      expect(kenoRtp(picks)).toBeGreaterThanOrEqual(95);
      expect(kenoRtp(picks)).toBeLessThanOrEqual(97.5 + 1e-9);
    }
    expect(kenoRtp(1)).toBeCloseTo(95, 6);
    expect(kenoRtp(2)).toBeCloseTo(97.5, 6);
  });

  it('pays by hits', () => {
    expect(kenoReturn(1_000, [1, 2, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(37_000);
    expect(kenoReturn(1_000, [1, 2, 40], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(3_700);
  });

  it('measures the exact RTP over a million seeded draws with 1–10 picks (±0.6 pp, 4 SE)', () => {
    const rng = seededRng(4_040);
    let returned = 0;
    let squares = 0;
    let expected = 0;
    for (let i = 0; i < ROUNDS; i++) {
      // Picks 1..p: the draw is random, so which numbers are picked does not matter.
      const count = 1 + (i % 5);
      const picks = Array.from({ length: count }, (_, k) => k + 1);
      const r = kenoReturn(1_000, picks, drawKeno(rng)) / 1_000;
      returned += r;
      squares += r * r;
      expected += kenoRtp(count);
    }
    const mean = returned / ROUNDS;
    const se = (Math.sqrt(squares / ROUNDS - mean * mean) / Math.sqrt(ROUNDS)) * 100;
    const theory = expected / ROUNDS;
    console.info(
      `keno RTP ${(mean * 100).toFixed(3)} % vs ${theory.toFixed(3)} % (SE ${se.toFixed(3)})`,
    );
    expect(Math.abs(mean * 100 - theory)).toBeLessThan(Math.min(0.6, 4 * se));
  });
});
