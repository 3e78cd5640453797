import type { GameCategory } from '@casino/contracts';
import { flag, text } from '../catalog-fields';
import { mapCatalogEntry, type CatalogTable } from '../catalog-mapper';
import type { CatalogEntry } from '../provider-adapter';
import type { PragmaticSettings } from './adapter';

/** Pragmatic's game type ids (gameTypeID) by our category. */
const categoryByType: Record<string, GameCategory> = {
  vs: 'slots',
  cs: 'slots',
  tb: 'table',
  bj: 'table',
  rl: 'table',
  bc: 'table',
  lg: 'live',
  sc: 'instant',
};

/**
 * Pragmatic's catalog carries no demo link; its public demo opens at
 * {demo host}/gs2c/openGame.do with gameSymbol, lang and cur.
 */
export function pragmaticDemoUrl(demoUrl: string, symbol: string): string {
  const params = new URLSearchParams({ gameSymbol: symbol, lang: 'en', cur: 'USD' });
  return `${demoUrl}/gs2c/openGame.do?${params.toString()}`;
}

/**
 * A game's artwork. getCasinoGames carries none: integrations build it from the game id on
 * the provider's image host. Without one configured, none: the catalog view then serves a
 * generated tile (games/generated-tile.ts), never an empty image.
 */
export function pragmaticArtwork(
  imageUrl: string | null,
  game: { symbol: string; name: string },
): string {
  if (imageUrl === null) return '';
  return `${imageUrl}/game_pic/square/200/${encodeURIComponent(game.symbol)}.png`;
}

/** The hosts a catalog entry's links are built on. */
export type PragmaticCatalogHosts = Pick<PragmaticSettings, 'imageUrl' | 'demoUrl'>;

const demoAvailable = (raw: Readonly<Record<string, unknown>>): boolean =>
  flag(raw['demoGameAvailable']);

/**
 * One gameList entry of getCasinoGames (docs/protocols/pragmatic.md) as ours: the symbol is
 * the id, both it and a name (or description) are required; artwork and demo are built on the
 * configured hosts; the category from the game type, live for a live-casino data type.
 */
export const pragmaticCatalog: CatalogTable<PragmaticCatalogHosts> = {
  id: ['gameID', 'symbol'],
  name: ['gameName', 'description'],
  image: [],
  artwork: ({ id, name }, hosts) => pragmaticArtwork(hosts.imageUrl, { symbol: id, name }),
  category: (raw) =>
    categoryByType[(text(raw['gameTypeID']) ?? '').toLowerCase()] ??
    (raw['dataType'] === 'LC' ? 'live' : undefined),
  tags: ['features'],
  isNew: ['isNew'],
  isTop: ['isPopular'],
  popularity: ['popularity'],
  demoLink: (raw, symbol, hosts) =>
    demoAvailable(raw) ? pragmaticDemoUrl(hosts.demoUrl, symbol) : undefined,
  demoOffered: demoAvailable,
  releasedAt: ['releaseDate'],
};

/** Maps one gameList entry of getCasinoGames to ours. */
export function mapPragmaticGame(
  raw: unknown,
  hosts: PragmaticCatalogHosts,
): CatalogEntry | undefined {
  return mapCatalogEntry(pragmaticCatalog, raw, hosts);
}
