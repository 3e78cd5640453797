import type { CatalogGame, StudioName } from '../catalog/types';
import { endorphinaArt } from './style-endorphina';
import { gbgamesArt } from './style-gbgames';
import { pragmaticArt } from './style-pragmatic';

const STYLES: Record<StudioName, (game: CatalogGame, id: string) => string> = {
  endorphina: endorphinaArt,
  pragmatic: pragmaticArt,
  gbgames: gbgamesArt,
};

/** Bump when the drawing code changes: it is part of the artwork URL, which is cached for a year. */
export const ART_VERSION = 2;

const cache = new Map<string, string>();

/** The game's 300 × 400 SVG tile, in its studio's style (memoised: it never changes). */
export function renderArt(game: CatalogGame): string {
  const key = `${game.studio}:${game.id}`;
  let svg = cache.get(key);
  if (!svg) {
    // Element ids are prefixed per game so two tiles inlined into one page cannot clash.
    svg = STYLES[game.studio](game, `g${game.artSeed.toString(36)}`);
    cache.set(key, svg);
  }
  return svg;
}
