import type { Game, GameCategory, GameType, Language, ProviderSlug } from '@casino/contracts';

/*
 * The game contract's constants, mirrored. The contract module (packages/contracts/src/games.ts)
 * builds its zod schemas at module level, so importing any value from it brings zod (about
 * 25 KB gzip) into the home page's first download; types are free. catalog.test.ts holds these
 * equal to the contract's.
 */

export const providerSlugs = [
  'endorphina',
  'gbgames',
  'pragmatic',
] as const satisfies readonly ProviderSlug[];

export const gameCategories = [
  'slots',
  'table',
  'live',
  'instant',
] as const satisfies readonly GameCategory[];

export const gameTypes = ['ENDO', 'PRAGMATIC', 'GB', ''] as const satisfies readonly GameType[];

export const gamesErrorCodes = {
  GAME_NOT_FOUND: 'GAME_NOT_FOUND',
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  PROVIDER_DISABLED: 'PROVIDER_DISABLED',
} as const;

export const isProviderSlug = (value: unknown): value is ProviderSlug =>
  (providerSlugs as readonly unknown[]).includes(value);

export const isGameCategory = (value: unknown): value is GameCategory =>
  (gameCategories as readonly unknown[]).includes(value);

/**
 * The title a page in `language` shows (issue 25): the game's edition in that language, else
 * the studio's own title, so an English page never shows a Russian edition.
 */
export const gameTitle = (game: Pick<Game, 'name' | 'names'>, language: Language): string =>
  game.names?.[language] ?? game.name;
