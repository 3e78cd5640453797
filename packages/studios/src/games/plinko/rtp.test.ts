import { describe, expect, it } from 'vitest';
import { seededRng } from '../../shared/rng';
import { binOf, dropBall, plinkoReturn, plinkoRtp, type PlinkoRisk } from './math';

const ROUNDS = 1_000_000;
const RISKS: PlinkoRisk[] = ['low', 'medium', 'high'];

describe('plinko', () => {
  it('has the documented exact RTPs', () => {
    expect(plinkoRtp('low')).toBeCloseTo(96.7773, 3);
    expect(plinkoRtp('medium')).toBeCloseTo(97.0557, 3);
    expect(plinkoRtp('high')).toBeCloseTo(96.8604, 3);
  });

  it.each(RISKS)('measures the %s table over a million seeded balls (±0.5 pp, 4 SE)', (risk) => {
    const rng = seededRng(1_212 + risk.length);
    let returned = 0;
    let squares = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const r = plinkoReturn(1_000, risk, binOf(dropBall(rng))) / 1_000;
      returned += r;
      squares += r * r;
    }
    const mean = returned / ROUNDS;
    const se = (Math.sqrt(squares / ROUNDS - mean * mean) / Math.sqrt(ROUNDS)) * 100;
    console.info(
      `plinko ${risk} ${(mean * 100).toFixed(3)} % vs ${plinkoRtp(risk).toFixed(3)} % (SE ${se.toFixed(3)})`,
    );
    expect(Math.abs(mean * 100 - plinkoRtp(risk))).toBeLessThan(Math.min(0.5, 4 * se));
  });
});
