import type { Rng } from '../../shared/rng';

/**
 * European roulette: one zero, 37 pockets. Every bet covers n numbers and returns 36 / n
 * times its stake when one of them comes up (straight 35:1, split 17:1, street 11:1, corner
 * 8:1, line 5:1, dozen and column 2:1, the even chances 1:1), so every bet's RTP is exactly
 * 36/37 = 97.297 %. There is no la partage: a zero loses the even chances.
 */
export const POCKETS = 37;

export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

/** Wheel order (clockwise from zero), for drawing the wheel. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];

export type RouletteBetKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'line'
  | 'dozen'
  | 'column'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';

export interface RouletteSpot {
  /** "split:1-2", "red", "dozen:2": what the client sends. */
  key: string;
  kind: RouletteBetKind;
  numbers: readonly number[];
  /** The payout in multiples of the stake (the stake itself comes back too). */
  payout: number;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every legal spot on the European table, keyed by what the client sends. */
function buildSpots(): Map<string, RouletteSpot> {
  const spots = new Map<string, RouletteSpot>();
  const add = (kind: RouletteBetKind, numbers: number[], key?: string): void => {
    const sorted = [...numbers].sort((a, b) => a - b);
    const k = key ?? `${kind}:${sorted.join('-')}`;
    spots.set(k, { key: k, kind, numbers: sorted, payout: 36 / sorted.length - 1 });
  };
  for (let n = 0; n <= 36; n++) add('straight', [n]);
  // The layout: row r (0–11) holds r·3+1, r·3+2, r·3+3; column c (0–2) is c+1, c+4, …
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) add('split', [n, n + 1]);
    if (n <= 33) add('split', [n, n + 3]);
  }
  for (const n of [1, 2, 3]) add('split', [0, n]);
  for (let r = 0; r < 12; r++) add('street', range(r * 3 + 1, r * 3 + 3));
  // The zero's streets (trios) and its corner (first four).
  add('street', [0, 1, 2]);
  add('street', [0, 2, 3]);
  add('corner', [0, 1, 2, 3]);
  for (let r = 0; r < 11; r++) {
    for (const c of [1, 2]) {
      const n = r * 3 + c;
      add('corner', [n, n + 1, n + 3, n + 4]);
    }
    add('line', range(r * 3 + 1, r * 3 + 6));
  }
  for (let d = 0; d < 3; d++) add('dozen', range(d * 12 + 1, d * 12 + 12), `dozen:${d + 1}`);
  for (let c = 0; c < 3; c++) {
    add(
      'column',
      range(0, 11).map((r) => r * 3 + c + 1),
      `column:${c + 1}`,
    );
  }
  const all = range(1, 36);
  add(
    'red',
    all.filter((n) => RED_NUMBERS.has(n)),
    'red',
  );
  add(
    'black',
    all.filter((n) => !RED_NUMBERS.has(n)),
    'black',
  );
  add(
    'odd',
    all.filter((n) => n % 2 === 1),
    'odd',
  );
  add(
    'even',
    all.filter((n) => n % 2 === 0),
    'even',
  );
  add('low', range(1, 18), 'low');
  add('high', range(19, 36), 'high');
  return spots;
}

export const ROULETTE_SPOTS: ReadonlyMap<string, RouletteSpot> = buildSpots();

/** One draw: the pocket, uniformly among the 37. */
export function spinWheel(rng: Rng): number {
  return rng.int(POCKETS);
}

export interface RouletteStake {
  spot: string;
  amount: number;
}

/** What the stakes return (stake included) when `pocket` comes up; exact in thousandths. */
export function rouletteReturn(stakes: readonly RouletteStake[], pocket: number): number {
  let total = 0;
  for (const { spot, amount } of stakes) {
    const s = ROULETTE_SPOTS.get(spot);
    if (s?.numbers.includes(pocket)) total += amount * (s.payout + 1);
  }
  return total;
}
