import type { GameCategory, GameSort, ProviderSlug } from '@casino/contracts';
import { and, asc, desc, eq, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { games, recentLaunches } from '../../db/schema';
import type { CatalogEntry } from '../providers/provider-adapter';
import type { GameRow } from './game-view';
import { foldSearchText } from './search-text';

export interface GameFilter {
  provider?: ProviderSlug | undefined;
  category?: GameCategory | undefined;
  /** Folded words; each must occur in the folded name. */
  words: string[];
  sort: GameSort;
  /** For sort=recent: whose launches. Without it, recent lists the newest games. */
  playerId?: string | undefined;
}

export interface CatalogRepository {
  page(filter: GameFilter, limit: number, offset: number): Promise<GameRow[]>;
  count(filter: GameFilter): Promise<number>;
  /** An enabled game of the provider, by the provider's id or ours. */
  findEnabled(provider: ProviderSlug, ref: string): Promise<(GameRow & { id: string }) | undefined>;
  /** Upserts the provider's catalog and disables its games that are not in it. */
  replaceProviderCatalog(
    provider: ProviderSlug,
    entries: CatalogEntry[],
    at: Date,
  ): Promise<{ upserted: number; disabled: number }>;
}

const rowColumns = {
  id: games.id,
  provider: games.provider,
  providerGameId: games.providerGameId,
  name: games.name,
  image: games.image,
  category: games.category,
  tags: games.tags,
  isNew: games.isNew,
  isTop: games.isTop,
  popularity: games.popularity,
  hasDemo: games.hasDemo,
  hasReal: games.hasReal,
  demoUrl: games.demoUrl,
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** LIKE treats % _ and \ specially; folded words hold none, but a word is data, not syntax. */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filter: GameFilter): SQL | undefined {
  const conditions: SQL[] = [eq(games.enabled, true)];
  if (filter.provider) conditions.push(eq(games.provider, filter.provider));
  if (filter.category) conditions.push(eq(games.category, filter.category));
  for (const word of filter.words) conditions.push(like(games.searchText, containsPattern(word)));
  if (filter.sort === 'top') conditions.push(eq(games.isTop, true));
  return and(...conditions);
}

/** The list orders; every one ends with the id, so equal keys never swap between pages. */
function orderOf(sort: GameSort): SQL[] {
  switch (sort) {
    case 'all':
    case 'top':
      return [desc(games.popularity), asc(games.name), asc(games.id)];
    case 'new':
    case 'recent':
      return [sql`${games.releasedAt} desc nulls last`, asc(games.id)];
  }
}

export function createCatalogRepository(db: Database): CatalogRepository {
  return {
    async page(filter, limit, offset) {
      if (filter.sort === 'recent' && filter.playerId) {
        return db
          .select(rowColumns)
          .from(games)
          .innerJoin(
            recentLaunches,
            and(eq(recentLaunches.gameId, games.id), eq(recentLaunches.userId, filter.playerId)),
          )
          .where(whereOf(filter))
          .orderBy(desc(recentLaunches.lastLaunchedAt), asc(games.id))
          .limit(limit)
          .offset(offset);
      }
      return db
        .select(rowColumns)
        .from(games)
        .where(whereOf(filter))
        .orderBy(...orderOf(filter.sort))
        .limit(limit)
        .offset(offset);
    },

    async count(filter) {
      const base = db.select({ total: sql<string>`count(*)` }).from(games);
      const rows =
        filter.sort === 'recent' && filter.playerId
          ? await base
              .innerJoin(
                recentLaunches,
                and(
                  eq(recentLaunches.gameId, games.id),
                  eq(recentLaunches.userId, filter.playerId),
                ),
              )
              .where(whereOf(filter))
          : await base.where(whereOf(filter));
      return Number(rows[0]?.total ?? 0);
    },

    async findEnabled(provider, ref) {
      const byRef = uuidPattern.test(ref)
        ? or(eq(games.providerGameId, ref), eq(games.id, ref))
        : eq(games.providerGameId, ref);
      const rows = await db
        .select(rowColumns)
        .from(games)
        .where(and(eq(games.provider, provider), eq(games.enabled, true), byRef))
        .limit(1);
      return rows[0];
    },

    async replaceProviderCatalog(provider, entries, at) {
      // A provider that lists a game twice keeps its first entry (ON CONFLICT cannot update
      // one row twice in a statement).
      const byId = new Map<string, CatalogEntry>();
      for (const entry of entries) {
        if (!byId.has(entry.providerGameId)) byId.set(entry.providerGameId, entry);
      }
      const rows = [...byId.values()].map((e) => ({
        provider,
        providerGameId: e.providerGameId,
        name: e.name,
        searchText: foldSearchText(e.name),
        image: e.image,
        category: e.category,
        tags: e.tags,
        isNew: e.isNew,
        isTop: e.isTop,
        popularity: e.popularity,
        hasDemo: e.demo,
        hasReal: e.real,
        demoUrl: e.demoUrl,
        enabled: true,
        releasedAt: e.releasedAt,
        syncedAt: at,
      }));
      return db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 500) {
          await tx
            .insert(games)
            .values(rows.slice(i, i + 500))
            .onConflictDoUpdate({
              target: [games.provider, games.providerGameId],
              set: {
                name: sql`excluded.name`,
                searchText: sql`excluded.search_text`,
                image: sql`excluded.image`,
                category: sql`excluded.category`,
                tags: sql`excluded.tags`,
                isNew: sql`excluded.is_new`,
                isTop: sql`excluded.is_top`,
                popularity: sql`excluded.popularity`,
                hasDemo: sql`excluded.has_demo`,
                hasReal: sql`excluded.has_real`,
                demoUrl: sql`excluded.demo_url`,
                enabled: true,
                releasedAt: sql`excluded.released_at`,
                syncedAt: sql`excluded.synced_at`,
              },
            });
        }
        const disabled = await tx
          .update(games)
          .set({ enabled: false })
          .where(and(eq(games.provider, provider), eq(games.enabled, true), ne(games.syncedAt, at)))
          .returning({ id: games.id });
        return { upserted: rows.length, disabled: disabled.length };
      });
    },
  };
}
