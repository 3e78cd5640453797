/** Reel symbols, by index. The numbers are the ones reel strips, grids and the game page use. */
export const SYMBOLS = [
  'wild',
  'scatter',
  'seven',
  'crown',
  'gem',
  'bell',
  'ace',
  'king',
  'queen',
  'jack',
  'ten',
] as const;

export type SymbolName = (typeof SYMBOLS)[number];

export const WILD = 0;
export const SCATTER = 1;
export const SYMBOL_COUNT = SYMBOLS.length;
