import type { Game, GameCategory, GamePage, GameSort, ProviderSlug } from '@casino/contracts';
import type { Clock } from '../../lib/clock';
import type { CatalogRepository, GameFilter } from './catalog-repository';
import { createCountCache } from './count-cache';
import { toGame } from './game-view';
import { searchWords } from './search-text';

export interface ListQuery {
  provider?: ProviderSlug | undefined;
  category?: GameCategory | undefined;
  search?: string | undefined;
  sort?: GameSort;
  page: number;
  limit: number;
  /** The signed-in player, for sort=recent. */
  playerId?: string | undefined;
}

export interface CatalogService {
  page(query: ListQuery): Promise<GamePage>;
  /** Every enabled game of a provider, in display order. */
  all(provider: ProviderSlug): Promise<Game[]>;
  /** Forget cached totals (after a sync changed the catalog). */
  catalogChanged(): void;
}

export function createCatalogService(deps: {
  repository: CatalogRepository;
  clock: Clock;
}): CatalogService {
  const counts = createCountCache({ ttlMs: 60_000, maxEntries: 5_000 });

  async function total(filter: GameFilter): Promise<number> {
    // A player's recent games change with every launch: never cached.
    if (filter.sort === 'recent' && filter.playerId) return deps.repository.count(filter);
    const key = JSON.stringify([
      filter.provider ?? '',
      filter.category ?? '',
      filter.sort === 'top',
      filter.words,
    ]);
    const now = deps.clock.now().getTime();
    const cached = counts.get(key, now);
    if (cached !== undefined) return cached;
    const counted = await deps.repository.count(filter);
    counts.set(key, counted, now);
    return counted;
  }

  return {
    async page(query) {
      const filter: GameFilter = {
        provider: query.provider,
        category: query.category,
        words: searchWords(query.search),
        sort: query.sort ?? 'all',
        playerId: query.playerId,
      };
      const offset = (query.page - 1) * query.limit;
      const rows = await deps.repository.page(filter, query.limit, offset);
      // A short page is the last one, so it tells the total without counting; small search
      // results (the common case) never pay for a count.
      const count =
        rows.length > 0 && rows.length < query.limit ? offset + rows.length : await total(filter);
      return {
        data: rows.map(toGame),
        page: query.page,
        limit: query.limit,
        total: count,
        totalPages: Math.ceil(count / query.limit),
      };
    },

    async all(provider) {
      const rows = await deps.repository.page({ provider, words: [], sort: 'all' }, 10_000, 0);
      return rows.map(toGame);
    },

    catalogChanged() {
      counts.clear();
    },
  };
}
