import type { Rng } from '../shared/rng';
import { evaluateGrid, gridFor, type SpinOutcome } from './evaluate';
import { LINE_COUNT, REEL_STRIPS } from './paytable';

/** Stops each reel at a uniformly random position and evaluates what shows. */
export function spin(rng: Rng): SpinOutcome {
  const stops = REEL_STRIPS.map((strip) => rng.int(strip.length));
  return evaluateGrid(stops, gridFor(stops), LINE_COUNT);
}

/** What a spin pays for a total bet, in the same unit as the bet (thousandths here). */
export function winFor(outcome: SpinOutcome, totalBet: number): number {
  // Bets are whole multiples of LINE_COUNT thousandths, so this is exact integer arithmetic.
  return (totalBet / LINE_COUNT) * outcome.payUnits;
}
