import type { GameType } from './types';

/**
 * Game types the studio can actually open. A generated title whose type is not here (a
 * Hold'em or Sic Bo table, a scratch card, any live table: no shared live-dealer table
 * exists) is left out of every catalog, so nothing is listed that opens something else.
 */
export const PLAYABLE_TYPES: ReadonlySet<GameType> = new Set<GameType>([
  'slot',
  'roulette',
  'blackjack',
  'baccarat',
  'crash',
  'mines',
  'plinko',
  'keno',
]);

/** The game type a table or instant title names ("Cheeky Baccarat" is baccarat). */
export function gameTypeOfTitle(title: string): GameType | undefined {
  const lower = title.toLowerCase();
  const types: GameType[] = [
    'roulette',
    'blackjack',
    'baccarat',
    'crash',
    'mines',
    'plinko',
    'keno',
  ];
  return types.find((type) => lower.includes(type));
}
