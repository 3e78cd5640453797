import type { Game, GameType, ProviderSlug } from '@casino/contracts';
import { generatedTilePath } from './generated-tile';

/** A catalog row as the list queries read it. */
export interface GameRow {
  id: string;
  provider: string;
  providerGameId: string;
  name: string;
  names: { en?: string; ru?: string } | null;
  image: string;
  category: string;
  tags: string[];
  isNew: boolean;
  isTop: boolean;
  popularity: number;
  hasDemo: boolean;
  hasReal: boolean;
  demoUrl: string | null;
  /** Staff's mark (decision 089): new, hot or null. */
  staffMark: string | null;
}

const typeByProvider: Record<ProviderSlug, GameType> = {
  endorphina: 'ENDO',
  pragmatic: 'PRAGMATIC',
  gbgames: 'GB',
};

export function isProviderSlug(value: string): value is ProviderSlug {
  return value in typeByProvider;
}

/** Our launch endpoint for a game, as the web app calls it (relative to the site). */
export function launchPath(provider: ProviderSlug, providerGameId: string): string {
  const id = encodeURIComponent(providerGameId);
  switch (provider) {
    case 'endorphina':
      return `/api/endo-game/launch?currency=USD&gameId=${id}`;
    case 'pragmatic':
      return `/api/pragmatic/user-auth/en/${id}`;
    case 'gbgames':
      return `/api/provider2-game/launch?gameId=${id}`;
  }
}

/** The contract's game shape (SPEC §3): the web app never sees a provider's own fields. */
export function toGame(row: GameRow): Game {
  // The provider column only ever holds slugs (the sync writes it from the adapter's slug).
  const provider = row.provider as ProviderSlug;
  return {
    id: row.id,
    gameId: row.providerGameId,
    name: row.name,
    ...(row.names ? { names: row.names } : {}),
    // Never an empty picture: a game without artwork gets a tile generated from its name.
    image: row.image || generatedTilePath(provider, row.providerGameId),
    type: typeByProvider[provider] ?? '',
    provider,
    category: row.category,
    tags: row.tags,
    isNew: row.isNew,
    isTop: row.isTop,
    isHot: row.staffMark === 'hot',
    popularity: row.popularity,
    demo: row.hasDemo,
    real: row.hasReal,
    real_url: row.hasReal ? launchPath(provider, row.providerGameId) : null,
    demo_url: row.hasDemo ? row.demoUrl : null,
  };
}
