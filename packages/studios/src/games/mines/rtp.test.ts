import { describe, expect, it } from 'vitest';
import { seededRng } from '../../shared/rng';
import { minesCashout, minesRtpExact, placeMines, TILES } from './math';

const ROUNDS = 1_000_000;

describe('mines', () => {
  it('returns 97 % (less the rounding to a cent) for every mine count and stop', () => {
    for (let mines = 1; mines <= 24; mines++) {
      for (let safe = 1; safe <= TILES - mines; safe++) {
        const rtp = minesRtpExact(1_000, mines, safe);
        expect(rtp).toBeLessThanOrEqual(97 + 1e-9);
        // The rounding down to a cent costs at most one cent per win: 1 pp of a 1.00 stake.
        expect(97 - rtp).toBeLessThanOrEqual(1);
        expect(97 - minesRtpExact(50_000, mines, safe)).toBeLessThanOrEqual(0.02);
      }
    }
    expect(minesCashout(1_000, 3, 1)).toBe(1_100); // 0.97 · 25/22 = 1.1022…, to the cent
    expect(minesCashout(1_000, 24, 1)).toBe(24_250);
  });

  it('places distinct mines', () => {
    const rng = seededRng(5);
    for (let i = 0; i < 1_000; i++) {
      const mines = placeMines(rng, 1 + (i % 24));
      expect(new Set(mines).size).toBe(mines.length);
      expect(mines.every((m) => m >= 0 && m < TILES)).toBe(true);
    }
  });

  it('measures the exact RTP over a million seeded rounds of mixed strategies (±0.5 pp, 4 SE)', () => {
    const rng = seededRng(2_525);
    const strategies: [number, number][] = [
      [1, 5],
      [3, 1],
      [3, 4],
      [5, 3],
      [10, 2],
      [24, 1],
    ];
    let returned = 0;
    let squares = 0;
    let expected = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const [mines, stop] = strategies[i % strategies.length]!;
      const field = new Set(placeMines(rng, mines));
      // The player opens tiles 0, 1, 2, … in order: any order is as good, the mines are random.
      let safe = 0;
      while (safe < stop && !field.has(safe)) safe++;
      const r = safe === stop ? minesCashout(1_000, mines, stop) / 1_000 : 0;
      returned += r;
      squares += r * r;
      expected += minesRtpExact(1_000, mines, stop);
    }
    const mean = returned / ROUNDS;
    const se = (Math.sqrt(squares / ROUNDS - mean * mean) / Math.sqrt(ROUNDS)) * 100;
    const theory = expected / ROUNDS;
    console.info(
      `mines RTP ${(mean * 100).toFixed(3)} % vs ${theory.toFixed(3)} % (SE ${se.toFixed(3)})`,
    );
    expect(Math.abs(mean * 100 - theory)).toBeLessThan(Math.min(0.5, 4 * se));
  });
});
