import type { GameCategory, GameSort, ProviderSlug } from '@casino/contracts';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { games, lobbyPins, lobbySections, users } from '../../db/schema';
import type { CatalogEntry } from '../providers';
import { createCatalogStatements, rowColumns } from './catalog-statements';
import type { GameRow } from './game-view';
import { foldSearchText } from './search-text';
import { visibleInLobby } from './lobby-visible';
import { isUuid } from '../../lib/uuid';

export interface GameFilter {
  provider?: ProviderSlug | undefined;
  category?: GameCategory | undefined;
  /** Folded words; each must occur in the folded name. */
  words: string[];
  sort: GameSort;
  /** For sort=recent: whose launches. Without it, recent lists the newest games. */
  playerId?: string | undefined;
  /** The player's country, set only when some game is blocked there (decision 089). */
  country?: string | undefined;
  /** The lobby section whose pinned games this list leaves out (they are read apart). */
  pinSection?: string | undefined;
}

/** The lobby settings the catalog service caches with its pages (decision 089). */
export interface LobbySettings {
  /** Each pin section's pinned game ids, first on top. */
  pins: Map<string, string[]>;
  /** The home sections in staff's order (only those staff ordered). */
  sections: string[];
  /** The countries some game is blocked in. */
  blockedCountries: Set<string>;
}

export interface CatalogRepository {
  page(filter: GameFilter, limit: number, offset: number): Promise<GameRow[]>;
  count(filter: GameFilter): Promise<number>;
  /** The games pinned to the filter's section that the filter shows, in order. */
  pinnedRows(filter: GameFilter & { pinSection: string }): Promise<GameRow[]>;
  /** Pins, section order and the countries with blocked games, for the service's cache. */
  lobbySettings(): Promise<LobbySettings>;
  /** A player's country of residence (ISO alpha-2), or null while unknown. */
  countryOf(userId: string): Promise<string | null>;
  /** An enabled game of the provider, by the provider's id or ours. */
  findEnabled(
    provider: ProviderSlug,
    ref: string,
  ): Promise<(GameRow & { id: string; blockedCountries: string[] }) | undefined>;
  /** Upserts the provider's catalog and disables its games that are not in it. */
  replaceProviderCatalog(
    provider: ProviderSlug,
    entries: CatalogEntry[],
    at: Date,
  ): Promise<{ upserted: number; disabled: number }>;
}

/**
 * Moves the rows a sync wrote from the trigram index's pending list into the index proper.
 * GIN's fast update parks new entries in a list that every search must read through; for a
 * catalog written once a day and searched all day, that list is pure cost (a search that
 * takes 0.2 ms with it flushed took 12 ms with 50,000 pending rows). Autovacuum would
 * flush it too, but at a time of its choosing. Performance only: a failure is ignored.
 */
async function flushSearchIndex(db: Database): Promise<void> {
  try {
    await db.execute(sql`select gin_clean_pending_list('games_search_text_trgm_idx'::regclass)`);
  } catch {
    // e.g. a database role that does not own the index; searches stay correct, only slower.
  }
}

/** `offered`: the providers whose games the lists show (default: all). */
export function createCatalogRepository(
  db: Database,
  offered?: readonly ProviderSlug[],
): CatalogRepository {
  const statements = createCatalogStatements(db, offered);
  return {
    page: (filter, limit, offset) => statements.page(filter, limit, offset),
    count: (filter) => statements.count(filter),
    pinnedRows: (filter) => statements.pinnedRows(filter),

    async lobbySettings() {
      const [pinRows, sectionRows, countryRows] = await Promise.all([
        db
          .select({ section: lobbyPins.section, gameId: lobbyPins.gameId })
          .from(lobbyPins)
          .orderBy(asc(lobbyPins.section), asc(lobbyPins.position)),
        db
          .select({ section: lobbySections.section })
          .from(lobbySections)
          .orderBy(asc(lobbySections.position)),
        db.execute<{ country: string }>(
          // Few games are blocked anywhere: the partial index games_blocked_idx finds them.
          sql`select distinct unnest(${games.blockedCountries}) as country from ${games} where ${games.blockedCountries} <> '{}'::text[]`,
        ),
      ]);
      const pins = new Map<string, string[]>();
      for (const row of pinRows)
        pins.set(row.section, [...(pins.get(row.section) ?? []), row.gameId]);
      return {
        pins,
        sections: sectionRows.map((row) => row.section),
        blockedCountries: new Set(countryRows.rows.map((row) => row.country)),
      };
    },

    async countryOf(userId) {
      const [row] = await db
        .select({ country: users.country })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.country ?? null;
    },

    async findEnabled(provider, ref) {
      const byRef = isUuid(ref)
        ? or(eq(games.providerGameId, ref), eq(games.id, ref))
        : eq(games.providerGameId, ref);
      const rows = await db
        .select({ ...rowColumns, blockedCountries: games.blockedCountries })
        .from(games)
        .where(and(eq(games.provider, provider), visibleInLobby(), byRef))
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
        names: e.names ?? null,
        // Every edition is found: "Жар" and "Firebird" both find the Firebird.
        searchText: foldSearchText([e.name, e.names?.en, e.names?.ru].filter(Boolean).join(' ')),
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
      const result = await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 500) {
          await tx
            .insert(games)
            .values(rows.slice(i, i + 500))
            .onConflictDoUpdate({
              target: [games.provider, games.providerGameId],
              set: {
                name: sql`excluded.name`,
                names: sql`excluded.names`,
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
      await flushSearchIndex(db);
      return result;
    },
  };
}
