import {
  limits,
  type Game,
  type GameCategory,
  type GamePage,
  type GameSort,
  type ProviderSlug,
} from '@casino/contracts';
import type { Clock } from '../../lib/clock';
import type { CatalogRepository, GameFilter } from './catalog-repository';
import { createCatalogCache } from './catalog-cache';
import { toGame, type GameRow } from './game-view';
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
  /** The name of an enabled game, by the provider's id (for its generated tile). */
  nameOf(provider: ProviderSlug, providerGameId: string): Promise<string | undefined>;
  /** Forget cached totals (after a sync changed the catalog). */
  catalogChanged(): void;
}

export function createCatalogService(deps: {
  repository: CatalogRepository;
  clock: Clock;
  /** How long a public list page is served from memory; 0 reads every page from the database. */
  pageCacheSeconds: number;
}): CatalogService {
  const counts = createCatalogCache<number>({ ttlMs: 60_000, maxEntries: 5_000 });
  // Public pages (everything but a player's own recent list) are the same for every visitor
  // and change only when a sync changes the catalog, which clears this cache.
  const pages = createCatalogCache<GamePage>({
    ttlMs: deps.pageCacheSeconds * 1000,
    maxEntries: 2_000,
  });

  // Which games wear a badge, so that a badge means something (issue 16, decision 048): Top
  // for the games of the top list (the 14 the home page shows expanded), New for the newest
  // by release date (as many), and at most one each: a newest game in the top list is Top.
  const badgeSets = createCatalogCache<{ top: Set<string>; fresh: Set<string> }>({
    ttlMs: Math.max(deps.pageCacheSeconds, 0) * 1000,
    maxEntries: 1,
  });

  async function badges(): Promise<{ top: Set<string>; fresh: Set<string> }> {
    const now = deps.clock.now().getTime();
    const cached = deps.pageCacheSeconds > 0 ? badgeSets.get('badges', now) : undefined;
    if (cached) return cached;
    const generation = badgeSets.generation();
    const size = limits.topGamesExpanded;
    const [top, newest] = await Promise.all([
      deps.repository.page({ words: [], sort: 'top' }, size, 0),
      deps.repository.page({ words: [], sort: 'new' }, size, 0),
    ]);
    const topIds = new Set(top.map((row) => row.id));
    const sets = {
      top: topIds,
      fresh: new Set(newest.map((row) => row.id).filter((id) => !topIds.has(id))),
    };
    badgeSets.set('badges', sets, now, generation);
    return sets;
  }

  async function withBadges(rows: GameRow[]): Promise<Game[]> {
    const { top, fresh } = await badges();
    return rows.map((row) => ({
      ...toGame(row),
      isTop: top.has(row.id),
      isNew: fresh.has(row.id),
    }));
  }

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
    const generation = counts.generation();
    const counted = await deps.repository.count(filter);
    counts.set(key, counted, now, generation);
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
      const personal = filter.sort === 'recent' && filter.playerId !== undefined;
      const cacheKey =
        personal || deps.pageCacheSeconds <= 0
          ? undefined
          : JSON.stringify([
              filter.provider,
              filter.category,
              filter.sort,
              filter.words,
              query.page,
              query.limit,
            ]);
      const now = deps.clock.now().getTime();
      const cached = cacheKey === undefined ? undefined : pages.get(cacheKey, now);
      if (cached) return cached;
      const generation = pages.generation();
      const offset = (query.page - 1) * query.limit;
      const rows = await deps.repository.page(filter, query.limit, offset);
      // A short page is the last one, so it tells the total without counting; small search
      // results (the common case) never pay for a count.
      const count =
        rows.length > 0 && rows.length < query.limit ? offset + rows.length : await total(filter);
      const page: GamePage = {
        data: await withBadges(rows),
        page: query.page,
        limit: query.limit,
        total: count,
        totalPages: Math.ceil(count / query.limit),
      };
      if (cacheKey === undefined) return page;
      // Frozen: every request that hits the cache shares this object, and the answer's JSON is
      // made once for it (http/serializer.ts).
      Object.freeze(page);
      pages.set(cacheKey, page, now, generation);
      return page;
    },

    async all(provider) {
      const key = `all:${provider}`;
      const now = deps.clock.now().getTime();
      const cached = deps.pageCacheSeconds > 0 ? pages.get(key, now) : undefined;
      if (cached) return cached.data;
      const generation = pages.generation();
      const data = await withBadges(
        await deps.repository.page({ provider, words: [], sort: 'all' }, 10_000, 0),
      );
      if (deps.pageCacheSeconds > 0) {
        pages.set(
          key,
          { data, page: 1, limit: data.length, total: data.length, totalPages: 1 },
          now,
          generation,
        );
      }
      return data;
    },

    async nameOf(provider, providerGameId) {
      return (await deps.repository.findEnabled(provider, providerGameId))?.name;
    },

    catalogChanged() {
      badgeSets.clear();
      counts.clear();
      pages.clear();
    },
  };
}
