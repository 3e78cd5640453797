import { z } from 'zod';
import { homeSections } from './home-sections';
import { limits } from './limits';

/**
 * Games (SPEC §3 "Game", §7 Games table). Every provider's catalog is mapped on the server to
 * this one shape; the web app never sees a provider's own fields.
 */
export const providerSlugs = ['endorphina', 'gbgames', 'pragmatic'] as const;
export type ProviderSlug = (typeof providerSlugs)[number];

/** The spec's `type` tag of a game: ENDO, PRAGMATIC, GB (or empty when unknown). */
export const gameTypes = ['ENDO', 'PRAGMATIC', 'GB', ''] as const;
export type GameType = (typeof gameTypes)[number];

export const gameCategories = ['slots', 'table', 'live', 'instant'] as const;
export type GameCategory = (typeof gameCategories)[number];

export const gameSorts = ['all', 'new', 'top', 'recent'] as const;
export type GameSort = (typeof gameSorts)[number];

export const gameSchema = z.object({
  /** Our id of the game (stable across catalog syncs). */
  id: z.string(),
  /** The provider's id of the game (game_id / gameid / symbol). */
  gameId: z.string(),
  /** The provider's title (the studio's own, in whatever language it chose). */
  name: z.string(),
  /**
   * The title's editions in the site's languages, when the provider lists them: a page shows
   * `names[language]`, else `name`, so an English page never shows a Russian edition.
   */
  names: z.object({ en: z.string().optional(), ru: z.string().optional() }).optional(),
  /** Tile artwork URL (3:4). */
  image: z.string(),
  type: z.enum(gameTypes),
  provider: z.enum(providerSlugs),
  category: z.string(),
  tags: z.array(z.string()),
  isNew: z.boolean(),
  isTop: z.boolean(),
  /**
   * Marked hot by staff (issue 30, decision 089): the tile's Hot badge. Optional so that a
   * game written before the mark existed still reads; the server always sends it.
   */
  isHot: z.boolean().optional(),
  popularity: z.number().int().nonnegative(),
  demo: z.boolean(),
  real: z.boolean(),
  /** Our launch endpoint for a real-money session (needs a signed-in player). */
  real_url: z.string().nullable(),
  /** The provider's public demo link, when the game has a demo. */
  demo_url: z.string().nullable(),
});
export type Game = z.infer<typeof gameSchema>;

const pageNumber = z.coerce
  .number({ error: 'page' })
  .int({ error: 'page' })
  .min(1, { error: 'page' })
  .max(100_000, { error: 'page' });

const pageLimit = z.coerce
  .number({ error: 'limit' })
  .int({ error: 'limit' })
  .min(1, { error: 'limit' })
  .max(100, { error: 'limit' });

/** Only USD exists (SPEC §9); the spec's clients send it as usd or USD. */
export const currencyQuery = z
  .string()
  .regex(/^usd$/i, { error: 'currency' })
  .transform(() => 'USD' as const);

export const gamePageQuerySchema = z.object({
  currency: currencyQuery.optional(),
  page: pageNumber.default(1),
  limit: pageLimit.default(limits.gamePageSize),
});
export type GamePageQuery = z.input<typeof gamePageQuerySchema>;

/** GET /total/games: the casino page's combined list with its filters. */
export const totalGamesQuerySchema = gamePageQuerySchema.extend({
  search: z.string().trim().max(100, { error: 'search' }).optional(),
  category: z.enum(gameCategories).optional(),
  provider: z.enum(providerSlugs).optional(),
  sort: z.enum(gameSorts).default('all'),
});
export type TotalGamesQuery = z.input<typeof totalGamesQuerySchema>;

/** A page of games; the list is in `data` (SPEC: "list in data.data" of the HTTP response). */
export const gamePageSchema = z.object({
  data: z.array(gameSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
});
export type GamePage = z.infer<typeof gamePageSchema>;

/** GET /endo-game/all: every game of the provider, no paging. */
export const allGamesQuerySchema = z.object({ currency: currencyQuery.optional() });

/** A language in a path (`EN`, `ru`): case-insensitive, answered lower-case. */
const pathLanguage = z
  .string()
  .regex(/^(en|ru)$/i, { error: 'lang' })
  .transform((value) => value.toLowerCase() as 'en' | 'ru');

/** GET /provider2-game/list/{currency}/{lang}: the path's parts. */
export const gameMapParamsSchema = z.object({ currency: currencyQuery, lang: pathLanguage });

/** Its query: without `page` the whole list, with it one page of `limit`. */
export const gameMapQuerySchema = z.object({
  page: pageNumber.optional(),
  limit: pageLimit.default(limits.gamePageSize),
});

/** GET /provider2-game/list/USD/EN: an object whose values are games (SPEC §7). */
export const gameMapSchema = z.record(z.string(), gameSchema);
export type GameMap = z.infer<typeof gameMapSchema>;

/** Answer of every launch endpoint. */
export const launchResponseSchema = z.object({
  url: z.string(),
  mode: z.enum(['real', 'demo']),
  /** The game's title in the launch's language: the game page's heading. */
  name: z.string(),
});
export type LaunchResponse = z.infer<typeof launchResponseSchema>;

export const launchQuerySchema = z.object({
  currency: currencyQuery.optional(),
  gameId: z.string().min(1).max(100),
  lang: z.enum(['en', 'ru']).optional(),
});

/** GET /pragmatic/user-auth/{lang}/{gameId}: the path's parts. */
export const pragmaticLaunchParamsSchema = z.object({
  lang: pathLanguage,
  gameId: z.string().min(1).max(100),
});
export const pragmaticLaunchQuerySchema = z.object({ currency: currencyQuery.optional() });

export const gamesErrorCodes = {
  GAME_NOT_FOUND: 'GAME_NOT_FOUND',
  /** The provider is configured but does not answer (503). */
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  /** The operator switched the provider off (`{PROVIDER}_MODE=off`): 404 on its endpoints. */
  PROVIDER_DISABLED: 'PROVIDER_DISABLED',
} as const;

/**
 * GET /games/providers: the providers this operator runs, in navigation order. A provider
 * switched off is not listed; the web app hides it from the lobby and the navigation.
 */
export const providerListSchema = z.object({
  data: z.array(z.object({ provider: z.enum(providerSlugs) })),
});
export type ProviderList = z.infer<typeof providerListSchema>;
export type GamesErrorCode = (typeof gamesErrorCodes)[keyof typeof gamesErrorCodes];

/** Banners of the home carousel (SPEC §3 "Banner"). */
export const bannerSchema = z.object({
  id: z.string(),
  desktop: z.string(),
  mobile: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/**
 * The lobby's layout (issue 30, decision 089). The home page's sections, in the order staff
 * chose; the web app renders them in this order. Every section is always listed once.
 */
export { homeSections, type HomeSection } from './home-sections';

/** A list the lobby shows to everyone alike, to whose top staff may pin games in order. */
export const pinSections = ['top', 'new', 'all'] as const;
export type PinSection = (typeof pinSections)[number];

/** A staff mark of a game: its tile wears a New or Hot badge whatever the catalog says. */
export const gameMarks = ['new', 'hot'] as const;
export type GameMark = (typeof gameMarks)[number];

export const lobbyLayoutSchema = z.object({
  sections: z.array(z.enum(homeSections)),
});
export type LobbyLayout = z.infer<typeof lobbyLayoutSchema>;
