import { LINE_PAYS, PAYLINES, REELS, REEL_STRIPS, ROWS, SCATTER_PAYS } from './paytable';
import { SCATTER, WILD } from './symbols';

export interface LineWin {
  /** Index into PAYLINES. */
  line: number;
  symbol: number;
  /** How many reels from the left the win covers (3–5). */
  count: number;
  /** In multiples of the line bet. */
  pay: number;
}

export interface SpinOutcome {
  stops: number[];
  /** Visible symbols, column-major: grid[reel * ROWS + row]. */
  grid: number[];
  lines: LineWin[];
  scatterCount: number;
  /** In multiples of the total bet. */
  scatterPay: number;
  /** The whole win in line-bet units: line pays plus scatter pay times the line count. */
  payUnits: number;
}

/**
 * One payline, left to right. Wild substitutes for everything but the scatter; a run of wilds
 * also pays on its own, and the line pays the better of the two readings (never both).
 * Packed as pay * 256 + symbol * 16 + count so the simulation's hot loop allocates nothing.
 */
export function evaluateLinePacked(
  s0: number,
  s1: number,
  s2: number,
  s3: number,
  s4: number,
): number {
  const s = scratch;
  s[0] = s0;
  s[1] = s1;
  s[2] = s2;
  s[3] = s3;
  s[4] = s4;
  let wildRun = 0;
  while (wildRun < REELS && s[wildRun] === WILD) wildRun++;
  const wildPay = wildRun >= 3 ? payFor(WILD, wildRun) : 0;
  if (wildRun === REELS) return pack(wildPay, WILD, REELS);
  const target = s[wildRun] as number;
  if (target === SCATTER) return wildPay > 0 ? pack(wildPay, WILD, wildRun) : 0;
  let count = wildRun;
  while (count < REELS && (s[count] === target || s[count] === WILD)) count++;
  const symbolPay = count >= 3 ? payFor(target, count) : 0;
  if (symbolPay === 0 && wildPay === 0) return 0;
  return symbolPay >= wildPay ? pack(symbolPay, target, count) : pack(wildPay, WILD, wildRun);
}

// Reused across calls: the simulation evaluates ten million lines and should allocate nothing.
const scratch = new Int32Array(REELS);

function payFor(symbol: number, count: number): number {
  return (LINE_PAYS[symbol] as readonly number[])[count - 3] as number;
}

function pack(pay: number, symbol: number, count: number): number {
  return pay * 256 + symbol * 16 + count;
}

export function scatterPayFor(count: number): number {
  return count >= 3 ? (SCATTER_PAYS[Math.min(count, 5) - 3] as number) : 0;
}

/** The grid a set of reel stops shows. */
export function gridFor(stops: readonly number[], strips = REEL_STRIPS): number[] {
  const grid: number[] = [];
  for (let reel = 0; reel < REELS; reel++) {
    const strip = strips[reel] as readonly number[];
    const stop = stops[reel] as number;
    for (let row = 0; row < ROWS; row++) grid.push(strip[(stop + row) % strip.length] as number);
  }
  return grid;
}

export function evaluateGrid(stops: number[], grid: number[], lineCount: number): SpinOutcome {
  const lines: LineWin[] = [];
  let payUnits = 0;
  for (let line = 0; line < PAYLINES.length; line++) {
    const rows = PAYLINES[line] as readonly number[];
    const packed = evaluateLinePacked(
      grid[0 * ROWS + (rows[0] as number)] as number,
      grid[1 * ROWS + (rows[1] as number)] as number,
      grid[2 * ROWS + (rows[2] as number)] as number,
      grid[3 * ROWS + (rows[3] as number)] as number,
      grid[4 * ROWS + (rows[4] as number)] as number,
    );
    if (packed === 0) continue;
    const pay = Math.floor(packed / 256);
    lines.push({ line, symbol: (packed >> 4) & 15, count: packed & 15, pay });
    payUnits += pay;
  }
  let scatterCount = 0;
  for (const symbol of grid) if (symbol === SCATTER) scatterCount++;
  const scatterPay = scatterPayFor(scatterCount);
  payUnits += scatterPay * lineCount;
  return { stops, grid, lines, scatterCount, scatterPay, payUnits };
}
