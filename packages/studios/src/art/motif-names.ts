import type { GameCategory } from '../catalog/types';

/** The large symbols the artwork can draw (see motifs.ts), grouped by what suits a category. */
export const MOTIFS_BY_CATEGORY: Record<GameCategory, readonly string[]> = {
  slots: [
    'crown',
    'gem',
    'star',
    'moon',
    'sun',
    'flame',
    'bolt',
    'clover',
    'bell',
    'seven',
    'horseshoe',
    'anchor',
    'key',
    'eye',
    'lotus',
    'feather',
    'mountain',
    'wave',
    'planet',
    'heart',
    'mask',
    'shield',
  ],
  table: ['spade', 'heart', 'club', 'diamond', 'chip', 'wheel'],
  live: ['wheel', 'chip', 'spade', 'diamond'],
  instant: ['dice', 'bolt', 'star', 'planet', 'gem'],
};
