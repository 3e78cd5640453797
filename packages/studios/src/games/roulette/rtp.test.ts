import { describe, expect, it } from 'vitest';
import { seededRng } from '../../shared/rng';
import { POCKETS, RED_NUMBERS, ROULETTE_SPOTS, rouletteReturn, spinWheel } from './math';

const ROUNDS = 1_000_000;

describe('European roulette', () => {
  it('has every standard spot, and only those', () => {
    const count = (kind: string): number =>
      [...ROULETTE_SPOTS.values()].filter((s) => s.kind === kind).length;
    // 37 straights; 24 side-by-side + 33 one-above-the-other + 3 with the zero splits; 12
    // streets + the two zero trios; 22 corners + first four; 11 lines; 3 dozens; 3 columns.
    expect(count('straight')).toBe(37);
    expect(count('split')).toBe(60);
    expect(count('street')).toBe(14);
    expect(count('corner')).toBe(23);
    expect(count('line')).toBe(11);
    expect(count('dozen')).toBe(3);
    expect(count('column')).toBe(3);
    for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high']) expect(count(kind)).toBe(1);
    expect(ROULETTE_SPOTS.get('split:1-2')?.numbers).toEqual([1, 2]);
    expect(ROULETTE_SPOTS.get('split:2-3')).toBeDefined();
    expect(ROULETTE_SPOTS.get('split:3-4')).toBeUndefined(); // not adjacent on the layout
    expect(ROULETTE_SPOTS.get('corner:1-2-4-5')).toBeDefined();
    expect(ROULETTE_SPOTS.get('corner:2-3-5-6')).toBeDefined();
    expect(ROULETTE_SPOTS.get('corner:3-4-6-7')).toBeUndefined();
    expect(ROULETTE_SPOTS.get('column:1')?.numbers).toContain(34);
    expect(ROULETTE_SPOTS.get('red')?.numbers).toHaveLength(18);
    expect(RED_NUMBERS.has(0)).toBe(false);
  });

  it('pays every bet type right on every pocket (35, 17, 11, 8, 5, 2, 1 to one)', () => {
    const payouts: Record<string, number> = {
      straight: 35,
      split: 17,
      street: 11,
      corner: 8,
      line: 5,
      dozen: 2,
      column: 2,
      red: 1,
      black: 1,
      odd: 1,
      even: 1,
      low: 1,
      high: 1,
    };
    for (const spot of ROULETTE_SPOTS.values()) {
      let returned = 0;
      for (let pocket = 0; pocket < POCKETS; pocket++) {
        const back = rouletteReturn([{ spot: spot.key, amount: 1_000 }], pocket);
        const covered =
          spot.kind === 'red'
            ? RED_NUMBERS.has(pocket)
            : spot.kind === 'black'
              ? pocket > 0 && !RED_NUMBERS.has(pocket)
              : spot.kind === 'odd'
                ? pocket % 2 === 1
                : spot.kind === 'even'
                  ? pocket > 0 && pocket % 2 === 0
                  : spot.kind === 'low'
                    ? pocket >= 1 && pocket <= 18
                    : spot.kind === 'high'
                      ? pocket >= 19
                      : spot.numbers.includes(pocket);
        expect(back, `${spot.key} on ${pocket}`).toBe(
          covered ? 1_000 * (payouts[spot.kind]! + 1) : 0,
        );
        returned += back;
      }
      // Exhaustive: over the 37 equally likely pockets every bet returns 36 stakes, RTP 36/37.
      expect(returned).toBe(36 * 1_000);
    }
  });

  it('adds up several bets on one spin', () => {
    const stakes = [
      { spot: 'straight:17', amount: 100 },
      { spot: 'red', amount: 1_000 },
      { spot: 'split:17-20', amount: 200 },
      { spot: 'dozen:2', amount: 500 },
    ];
    // 17 is black and in the second dozen: 3 600 + 0 + 3 600 + 1 500.
    expect(rouletteReturn(stakes, 17)).toBe(8_700);
    expect(rouletteReturn(stakes, 0)).toBe(0);
  });

  it('measures 36/37 over a million seeded spins of a mixed board (±0.5 pp, 4 SE)', () => {
    const rng = seededRng(37_037);
    const spots = [...ROULETTE_SPOTS.keys()];
    let returned = 0;
    let squares = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const stake = { spot: spots[i % spots.length]!, amount: 1_000 };
      const r = rouletteReturn([stake], spinWheel(rng)) / 1_000;
      returned += r;
      squares += r * r;
    }
    const mean = returned / ROUNDS;
    const se = (Math.sqrt(squares / ROUNDS - mean * mean) / Math.sqrt(ROUNDS)) * 100;
    const theory = (36 / 37) * 100;
    console.info(
      `roulette RTP ${(mean * 100).toFixed(3)} % vs ${theory.toFixed(3)} % (SE ${se.toFixed(3)} pp)`,
    );
    expect(Math.abs(mean * 100 - theory)).toBeLessThan(Math.min(0.5, 4 * se));
  });
});
