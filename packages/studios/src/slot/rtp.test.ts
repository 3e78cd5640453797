import { describe, expect, it } from 'vitest';
import { seededRng } from '../shared/rng';
import { evaluateGrid, evaluateLinePacked, gridFor } from './evaluate';
import { LINE_COUNT, REEL_STRIPS, ROWS } from './paytable';
import { spin, winFor } from './spin';
import { SCATTER } from './symbols';
import { theoreticalRtp } from './theory';

const SPINS = 1_000_000;

describe('slot mathematics', () => {
  it('has the documented theoretical RTP', () => {
    const rtp = theoreticalRtp();
    // docs/protocols/slot-math.md quotes this number; a change to the tables must update both.
    expect(rtp.percent).toBeCloseTo(96.144, 3);
    expect(rtp.numerator * 1000n < rtp.denominator * 970n).toBe(true);
  });

  it('measures the theoretical RTP over a million seeded spins (±0.5 pp, and within 4 standard errors)', () => {
    const rng = seededRng(20_240_601);
    let returned = 0;
    let squares = 0;
    let hits = 0;
    const started = performance.now();
    for (let i = 0; i < SPINS; i++) {
      const units = spin(rng).payUnits;
      const r = units / LINE_COUNT;
      returned += r;
      squares += r * r;
      if (units > 0) hits++;
    }
    const elapsed = performance.now() - started;
    const mean = returned / SPINS;
    const sd = Math.sqrt(squares / SPINS - mean * mean);
    const standardErrorPp = (sd / Math.sqrt(SPINS)) * 100;
    const measured = mean * 100;
    const theory = theoreticalRtp().percent;
    console.info(
      `RTP measured ${measured.toFixed(3)} % vs theory ${theory.toFixed(3)} % over ${SPINS} spins` +
        ` (sd ${sd.toFixed(3)} bets, SE ${standardErrorPp.toFixed(3)} pp, hit rate` +
        ` ${((hits / SPINS) * 100).toFixed(1)} %, ${Math.round(elapsed)} ms)`,
    );
    expect(Math.abs(measured - theory)).toBeLessThan(0.5);
    expect(Math.abs(measured - theory)).toBeLessThan(4 * standardErrorPp);
  });

  it('never shows two scatters on one reel', () => {
    for (const strip of REEL_STRIPS) {
      for (let stop = 0; stop < strip.length; stop++) {
        let scatters = 0;
        for (let row = 0; row < ROWS; row++)
          if (strip[(stop + row) % strip.length] === SCATTER) scatters++;
        expect(scatters).toBeLessThanOrEqual(1);
      }
    }
  });

  it('reads lines left to right with wild substitution and pays the better reading', () => {
    const pay = (...s: [number, number, number, number, number]): number =>
      Math.floor(evaluateLinePacked(...s) / 256);
    // ace ace ace + two others: 3 × ace
    expect(pay(6, 6, 6, 7, 8)).toBe(6);
    // wild wild ace ace king: 4 × ace
    expect(pay(0, 0, 6, 6, 7)).toBe(12);
    // wild wild wild ten ten: 3 wilds (20) beats 5 tens (12)
    expect(pay(0, 0, 0, 10, 10)).toBe(20);
    // a win must start on reel 1
    expect(pay(7, 6, 6, 6, 6)).toBe(0);
    // the scatter breaks a line
    expect(pay(6, 6, SCATTER, 6, 6)).toBe(0);
    expect(pay(0, 0, 0, 0, 0)).toBe(200);
  });

  it('pays the same outcome for a spin and for its stops, in exact thousandths', () => {
    const rng = seededRng(7);
    for (let i = 0; i < 1000; i++) {
      const outcome = spin(rng);
      const again = evaluateGrid(outcome.stops, gridFor(outcome.stops), LINE_COUNT);
      expect(again.payUnits).toBe(outcome.payUnits);
      expect(Number.isInteger(winFor(outcome, 100))).toBe(true);
    }
  });
});
