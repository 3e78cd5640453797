export type StudioName = 'endorphina' | 'pragmatic' | 'gbgames';

export type GameCategory = 'slots' | 'table' | 'live' | 'instant';

/** The game that opens: every catalog entry names one, and only types with a game are listed. */
export type GameType =
  'slot' | 'roulette' | 'blackjack' | 'baccarat' | 'crash' | 'mines' | 'plinko' | 'keno';

/** One title as the studio knows it; each protocol's catalog answer maps it to its own shape. */
export interface CatalogGame {
  studio: StudioName;
  /** The identifier the protocol uses (Endorphina `game`, Pragmatic `symbol`, GB `gameId`). */
  id: string;
  /** ASCII, lowercase and dashed: the stable part of the artwork URL. */
  slug: string;
  /** The studio's own title (Latin letters: English or the title's own language). */
  name: string;
  /** Its editions in the lobby's languages, when it has a Russian one. */
  names?: { en: string; ru: string };
  description: string;
  category: GameCategory;
  /** What the game page plays; the title and the category always agree with it. */
  gameType: GameType;
  isNew: boolean;
  isPopular: boolean;
  /** 0–100; the lobby may sort by it. */
  popularity: number;
  demo: boolean;
  /** ISO date. */
  released: string;
  /** Seeds the generated artwork so it is stable for the game's lifetime. */
  artSeed: number;
  /** The large symbol on the artwork. */
  motif: string;
}

/** The title a page in `language` shows: the edition in that language, else the studio's. */
export function titleIn(game: Pick<CatalogGame, 'name' | 'names'>, language: 'en' | 'ru'): string {
  return game.names?.[language] ?? game.name;
}
