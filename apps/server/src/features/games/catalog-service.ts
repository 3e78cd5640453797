import {
  homeSections,
  limits,
  type Game,
  type GameCategory,
  type GamePage,
  type GameSort,
  type HomeSection,
  type PinSection,
  type ProviderSlug,
} from '@casino/contracts';
import type { Clock } from '../../lib/clock';
import type { CatalogRepository, GameFilter, LobbySettings } from './catalog-repository';
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
  /** The signed-in player's country: games blocked there are left out (decision 089). */
  country?: string | null | undefined;
}

export interface CatalogService {
  page(query: ListQuery): Promise<GamePage>;
  /** Every enabled game of a provider, in display order. */
  all(provider: ProviderSlug, country?: string | null): Promise<Game[]>;
  /** The home page's sections in staff's order (decision 089). */
  homeSections(): Promise<HomeSection[]>;
  /** A player's country of residence, or null while unknown (decision 089). */
  countryOf(userId: string): Promise<string | null>;
  /** The name of an enabled game, by the provider's id (for its generated tile). */
  nameOf(provider: ProviderSlug, providerGameId: string): Promise<string | undefined>;
  /** Forget cached totals (after a sync changed the catalog). */
  catalogChanged(): void;
}

/**
 * The lobby section whose pins a list shows first (decision 089): the lists that are the same
 * for everyone. A search, or a player's own recent games, has none; a guest's "recent" is the
 * newest games, so the New section's.
 */
function pinSectionOf(sort: GameSort, words: string[], personal: boolean): PinSection | undefined {
  if (words.length > 0 || personal) return undefined;
  return sort === 'recent' ? 'new' : sort;
}

/** A staff mark outranks the catalog's badges: one badge a game (decision 048, 089). */
function badgesOf(game: Game, mark: string | null, top: Set<string>, fresh: Set<string>): Game {
  if (mark === 'hot') return { ...game, isHot: true, isTop: false, isNew: false };
  if (mark === 'new') return { ...game, isHot: false, isTop: false, isNew: true };
  return { ...game, isHot: false, isTop: top.has(game.id), isNew: fresh.has(game.id) };
}

export function createCatalogService(deps: {
  repository: CatalogRepository;
  clock: Clock;
  /** How long a public list page is served from memory; 0 reads every page from the database. */
  pageCacheSeconds: number;
}): CatalogService {
  const counts = createCatalogCache<number>({ ttlMs: 60_000, maxEntries: 5_000 });
  // Public pages (everything but a player's own recent list) are the same for every visitor
  // of a country and change only when the catalog or the lobby's settings do, which clears
  // this cache (on every instance: NOTIFY catalog_changed).
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
  // Pins, the home sections' order and the countries with blocked games (decision 089):
  // three small reads that every list needs, kept until a change is heard (the same notice
  // as the pages), even with the page cache off: otherwise each page would pay for them
  // three times (its own list and both badge lists). The time limit is the backstop.
  const settingsCache = createCatalogCache<LobbySettings>({
    ttlMs: Math.max(deps.pageCacheSeconds, 30) * 1000,
    maxEntries: 1,
  });

  async function settings(): Promise<LobbySettings> {
    const now = deps.clock.now().getTime();
    const cached = settingsCache.get('settings', now);
    if (cached) return cached;
    const generation = settingsCache.generation();
    const read = await deps.repository.lobbySettings();
    settingsCache.set('settings', read, now, generation);
    return read;
  }

  /**
   * The filter a list runs: the player's country only when some game is blocked there (any
   * other player shares the guests' pages), the section's pins when it has some.
   */
  async function filterOf(query: Omit<ListQuery, 'page' | 'limit'>): Promise<GameFilter> {
    const words = searchWords(query.search);
    const sort = query.sort ?? 'all';
    const lobby = await settings();
    const section = pinSectionOf(sort, words, sort === 'recent' && query.playerId !== undefined);
    return {
      provider: query.provider,
      category: query.category,
      words,
      sort,
      playerId: query.playerId,
      country:
        query.country && lobby.blockedCountries.has(query.country) ? query.country : undefined,
      pinSection: section && lobby.pins.get(section)?.length ? section : undefined,
    };
  }

  async function total(filter: GameFilter): Promise<number> {
    // A player's recent games change with every launch: never cached.
    if (filter.sort === 'recent' && filter.playerId) return deps.repository.count(filter);
    const key = JSON.stringify([
      filter.provider ?? '',
      filter.category ?? '',
      filter.sort === 'top',
      filter.words,
      filter.country ?? '',
      filter.pinSection ?? '',
    ]);
    const now = deps.clock.now().getTime();
    const cached = counts.get(key, now);
    if (cached !== undefined) return cached;
    const generation = counts.generation();
    const counted = await deps.repository.count(filter);
    counts.set(key, counted, now, generation);
    return counted;
  }

  /**
   * A page of a list and its total. With pins, the list is the section's pinned games (that
   * this filter shows) followed by the rest of it without them; the page is cut from that.
   */
  async function listRows(
    filter: GameFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: GameRow[]; count: () => Promise<number> }> {
    const pinSection = filter.pinSection;
    if (pinSection === undefined) {
      const rows = await deps.repository.page(filter, limit, offset);
      // A short page is the last one, so it tells the total without counting; small search
      // results (the common case) never pay for a count.
      const short = rows.length > 0 && rows.length < limit;
      return { rows, count: async () => (short ? offset + rows.length : total(filter)) };
    }
    const pinned = await deps.repository.pinnedRows({ ...filter, pinSection });
    const head = pinned.slice(offset, offset + limit);
    const restOffset = Math.max(0, offset - pinned.length);
    const restLimit = limit - head.length;
    const rest = restLimit > 0 ? await deps.repository.page(filter, restLimit, restOffset) : [];
    const short = restLimit > 0 && rest.length < restLimit && (rest.length > 0 || restOffset === 0);
    return {
      rows: [...head, ...rest],
      count: async () => pinned.length + (short ? restOffset + rest.length : await total(filter)),
    };
  }

  async function badges(): Promise<{ top: Set<string>; fresh: Set<string> }> {
    const now = deps.clock.now().getTime();
    const cached = deps.pageCacheSeconds > 0 ? badgeSets.get('badges', now) : undefined;
    if (cached) return cached;
    const generation = badgeSets.generation();
    const size = limits.topGamesExpanded;
    const [top, newest] = await Promise.all([
      filterOf({ sort: 'top' }).then((filter) => listRows(filter, size, 0)),
      filterOf({ sort: 'new' }).then((filter) => listRows(filter, size, 0)),
    ]);
    const topIds = new Set(top.rows.map((row) => row.id));
    const sets = {
      top: topIds,
      fresh: new Set(newest.rows.map((row) => row.id).filter((id) => !topIds.has(id))),
    };
    badgeSets.set('badges', sets, now, generation);
    return sets;
  }

  async function withBadges(rows: GameRow[]): Promise<Game[]> {
    const { top, fresh } = await badges();
    return rows.map((row) => badgesOf(toGame(row), row.staffMark, top, fresh));
  }

  return {
    async page(query) {
      const filter = await filterOf(query);
      const personal = filter.sort === 'recent' && filter.playerId !== undefined;
      const cacheKey =
        personal || deps.pageCacheSeconds <= 0
          ? undefined
          : JSON.stringify([
              filter.provider,
              filter.category,
              filter.sort,
              filter.words,
              filter.country ?? '',
              query.page,
              query.limit,
            ]);
      const now = deps.clock.now().getTime();
      const cached = cacheKey === undefined ? undefined : pages.get(cacheKey, now);
      if (cached) return cached;
      const generation = pages.generation();
      const offset = (query.page - 1) * query.limit;
      const { rows, count: counted } = await listRows(filter, query.limit, offset);
      const count = await counted();
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

    async all(provider, country) {
      const filter = await filterOf({ provider, sort: 'all', country });
      const key = `all:${provider}:${filter.country ?? ''}`;
      const now = deps.clock.now().getTime();
      const cached = deps.pageCacheSeconds > 0 ? pages.get(key, now) : undefined;
      if (cached) return cached.data;
      const generation = pages.generation();
      const data = await withBadges((await listRows(filter, 10_000, 0)).rows);
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

    async homeSections() {
      const ordered = (await settings()).sections.filter((section): section is HomeSection =>
        (homeSections as readonly string[]).includes(section),
      );
      // A section staff never placed (one added later) keeps its default place, at the end.
      return [...ordered, ...homeSections.filter((section) => !ordered.includes(section))];
    },

    countryOf: (userId) => deps.repository.countryOf(userId),

    async nameOf(provider, providerGameId) {
      return (await deps.repository.findEnabled(provider, providerGameId))?.name;
    },

    catalogChanged() {
      settingsCache.clear();
      badgeSets.clear();
      counts.clear();
      pages.clear();
    },
  };
}
