import { describe, expect, it } from 'vitest';
import { seededRng } from '../../shared/rng';
import {
  baccaratReturn,
  baccaratTheory,
  bankerDraws,
  dealBaccarat,
  type BaccaratSide,
} from './math';

const ROUNDS = 1_000_000;

describe('baccarat', () => {
  const theory = baccaratTheory();

  it('has the published eight-deck probabilities and RTPs (exhaustive enumeration)', () => {
    expect(theory.player + theory.banker + theory.tie).toBeCloseTo(1, 10);
    expect(theory.banker).toBeCloseTo(0.458597, 5);
    expect(theory.player).toBeCloseTo(0.446247, 5);
    expect(theory.tie).toBeCloseTo(0.095156, 5);
    // docs/protocols/studio-games.md quotes these.
    expect(theory.rtp.banker).toBeCloseTo(98.942, 2);
    expect(theory.rtp.player).toBeCloseTo(98.765, 2);
    expect(theory.rtp.tie).toBeCloseTo(85.641, 2);
  });

  it('follows the banker’s tableau', () => {
    expect(bankerDraws(5, undefined)).toBe(true);
    expect(bankerDraws(6, undefined)).toBe(false);
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(3, 9)).toBe(true);
    expect(bankerDraws(4, 1)).toBe(false);
    expect(bankerDraws(5, 4)).toBe(true);
    expect(bankerDraws(6, 6)).toBe(true);
    expect(bankerDraws(6, 5)).toBe(false);
    expect(bankerDraws(7, 6)).toBe(false);
  });

  it('pays player 1:1, banker 0.95:1 and tie 8:1, pushing player and banker on a tie', () => {
    const stakes = { player: 1_000, banker: 2_000, tie: 100 };
    expect(baccaratReturn(stakes, 'player')).toBe(2_000);
    expect(baccaratReturn(stakes, 'banker')).toBe(3_900);
    expect(baccaratReturn(stakes, 'tie')).toBe(3_900);
  });

  it('measures each bet’s RTP over a million seeded deals (±0.3 pp player/banker, ±1.5 pp tie, 4 SE)', () => {
    const rng = seededRng(8_888);
    const sums: Record<BaccaratSide, [number, number]> = {
      player: [0, 0],
      banker: [0, 0],
      tie: [0, 0],
    };
    for (let i = 0; i < ROUNDS; i++) {
      const { winner } = dealBaccarat(rng);
      for (const side of ['player', 'banker', 'tie'] as const) {
        const r = baccaratReturn({ [side]: 1_000 }, winner) / 1_000;
        sums[side][0] += r;
        sums[side][1] += r * r;
      }
    }
    for (const [side, tolerance] of [
      ['player', 0.3],
      ['banker', 0.3],
      ['tie', 1.5],
    ] as const) {
      const [s, q] = sums[side];
      const mean = s / ROUNDS;
      const se = (Math.sqrt(q / ROUNDS - mean * mean) / Math.sqrt(ROUNDS)) * 100;
      const measured = mean * 100;
      console.info(
        `baccarat ${side} ${measured.toFixed(3)} % vs ${theory.rtp[side].toFixed(3)} % (SE ${se.toFixed(3)})`,
      );
      expect(Math.abs(measured - theory.rtp[side])).toBeLessThan(Math.min(tolerance, 4 * se));
    }
  });
});
