import { describe, expect, it } from 'vitest';
import { seededRng } from '../../shared/rng';
import { crashPoint, crashReturn, crashRtpExact, multiplierAt, timeToReach } from './math';

const ROUNDS = 1_000_000;
const TARGETS = [101, 150, 200, 300, 500, 1_000];

describe('crash', () => {
  it('returns 97 % for every cash-out target (exact count of the 2^32 draws)', () => {
    for (const t of [...TARGETS, 10_000, 100_000])
      expect(crashRtpExact(t) * 100).toBeCloseTo(97, 4);
  });

  it('pays a cash-out below the crash point and nothing at or after a bust', () => {
    expect(crashReturn(1_000, 250, 300)).toBe(2_500);
    expect(crashReturn(1_000, 300, 300)).toBe(3_000);
    expect(crashReturn(1_000, 301, 300)).toBe(0);
  });

  it('grows the multiplier with time, and timeToReach inverts it', () => {
    expect(multiplierAt(0)).toBe(100);
    for (const m of [101, 200, 1_000, 100_000]) {
      expect(multiplierAt(timeToReach(m))).toBeGreaterThanOrEqual(m);
      expect(multiplierAt(timeToReach(m) - 2)).toBeLessThan(m);
    }
  });

  it('measures 97 % over a million seeded rounds across targets (±0.5 pp, 4 SE)', () => {
    const rng = seededRng(1_0101);
    let returned = 0;
    let squares = 0;
    let instant = 0;
    let expected = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const target = TARGETS[i % TARGETS.length]!;
      const crash = crashPoint(rng);
      if (crash === 100) instant++;
      const r = crashReturn(1_000, target, crash) / 1_000;
      returned += r;
      squares += r * r;
      expected += crashRtpExact(target);
    }
    const mean = returned / ROUNDS;
    const se = (Math.sqrt(squares / ROUNDS - mean * mean) / Math.sqrt(ROUNDS)) * 100;
    const theory = (expected / ROUNDS) * 100;
    console.info(
      `crash RTP ${(mean * 100).toFixed(3)} % vs ${theory.toFixed(3)} % (SE ${se.toFixed(3)}), busts at 1.00× ${((instant / ROUNDS) * 100).toFixed(2)} %`,
    );
    expect(Math.abs(mean * 100 - theory)).toBeLessThan(Math.min(0.5, 4 * se));
    expect(instant / ROUNDS).toBeCloseTo(1 - 0.97 / 1.01, 2);
  });
});
