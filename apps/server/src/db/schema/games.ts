import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidId, uuidRef } from './columns';
import { userId } from './accounts';

/** A game title's editions by language; either may be missing. */
export type LocalizedNames = { en?: string; ru?: string };
import { sessions } from './sessions';

/**
 * The game catalog, synced from the providers (features/games/catalog-sync.ts). A game that
 * vanished from its provider's catalog is disabled, never deleted: launch tokens and recent
 * launches keep pointing at it, and it comes back with the same id if the provider does.
 */
export const games = pgTable(
  'games',
  {
    id: uuidId().defaultRandom(),
    /** endorphina, pragmatic or gbgames (contracts' ProviderSlug). */
    provider: text('provider').notNull(),
    /** The provider's own id: Endorphina game name, Pragmatic symbol, GB gameId. */
    providerGameId: text('provider_game_id').notNull(),
    name: text('name').notNull(),
    /**
     * The title's editions in the lobby's languages ({en?, ru?}), when the provider gives
     * them: a page in one language never shows the other's (issue 25).
     */
    names: jsonb('names').$type<LocalizedNames>(),
    /** The name folded for search (features/games/search-text.ts); trigram-indexed. */
    searchText: text('search_text').notNull(),
    image: text('image').notNull(),
    category: text('category').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isNew: boolean('is_new').notNull().default(false),
    /** The provider's "popular" flag, or popularity >= 70 where it has none. */
    isTop: boolean('is_top').notNull().default(false),
    popularity: integer('popularity').notNull().default(0),
    hasDemo: boolean('has_demo').notNull().default(false),
    hasReal: boolean('has_real').notNull().default(true),
    demoUrl: text('demo_url'),
    enabled: boolean('enabled').notNull().default(true),
    /** Switched off by staff (migration 0024, decision 086); the sync never touches it. */
    staffDisabled: boolean('staff_disabled').notNull().default(false),
    /** Staff's mark, new or hot: the tile's badge (decision 089); the sync never touches it. */
    staffMark: text('staff_mark'),
    /**
     * Countries (ISO 3166-1 alpha-2) whose players neither see nor launch the game (decision
     * 089); staff's, never the sync's.
     */
    blockedCountries: text('blocked_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    releasedAt: date('released_at'),
    syncedAt: timestamptz('synced_at').notNull(),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_provider_game_key').on(t.provider, t.providerGameId),
    // Substring search on the folded name (LIKE '%…%'): pg_trgm's GIN operator class.
    index('games_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // One index per list order, covering only enabled games, with the id as the tie-break so
    // a page is read straight off the index in the order the API promises. NULLS FIRST is
    // what ORDER BY … DESC means; an index with another null order would not serve it.
    index('games_order_popular_idx')
      .on(t.popularity.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.enabled}`),
    index('games_order_new_idx')
      .on(t.releasedAt.desc().nullsLast(), t.id)
      .where(sql`${t.enabled}`),
    index('games_provider_popular_idx')
      .on(t.provider, t.popularity.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.enabled}`),
    index('games_category_popular_idx')
      .on(t.category, t.popularity.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.enabled}`),
    check('games_popularity_range', sql`${t.popularity} between 0 and 100`),
    // The few games blocked somewhere (decision 089): the lobby's settings read them.
    index('games_blocked_idx')
      .on(t.id)
      .where(sql`${t.blockedCountries} <> '{}'::text[]`),
    check('games_staff_mark', sql`${t.staffMark} is null or ${t.staffMark} in ('new', 'hot')`),
  ],
);

/** The game a row is about (`game_id`, to games; a game is never deleted). */
const gameId = () => uuidRef('game_id', () => games.id);

/**
 * Opaque launch tokens handed to providers instead of the player's own access token. Only
 * the SHA-256 of the token is stored (the token is 256 random bits, so a plain hash is
 * enough); it binds the player, the game and the currency, and it expires.
 */
export const launchTokens = pgTable(
  'launch_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userId('cascade'),
    gameId: gameId(),
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    /**
     * The sign-in session the player launched from: once it ends (sign-out, revoked), the
     * launch token takes no more bets, though wins and refunds still land.
     */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    // A bet's live-launch condition and the latest launch read a player's tokens of one
    // provider that have not expired: this finds them without reading the expired ones a
    // player who opens many games keeps for a week (decision 108). It serves lookups by player
    // alone too.
    index('launch_tokens_user_live_idx').on(t.userId, t.provider, t.expiresAt),
    index('launch_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/** The games a player launched, most recent first: the "recent" sort of /total/games. */
export const recentLaunches = pgTable(
  'recent_launches',
  {
    userId: userId('cascade'),
    gameId: gameId(),
    lastLaunchedAt: timestamptz('last_launched_at').notNull(),
    launches: integer('launches').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index('recent_launches_user_recent_idx').on(
      t.userId,
      t.lastLaunchedAt.desc().nullsFirst(),
      t.gameId,
    ),
  ],
);

/** A provider switched off by staff: none of its games in the lobby, search or launch (0024). */
export const gameProviderControls = pgTable('game_provider_controls', {
  provider: text('provider').primaryKey(),
  disabled: boolean('disabled').notNull().default(false),
  updatedAt: updatedAt().defaultNow(),
});

/**
 * Games pinned by staff to the top of a lobby section (decision 089), first `position` on
 * top. A game switched off or restricted stays pinned but is not shown while it is.
 */
export const lobbyPins = pgTable(
  'lobby_pins',
  {
    /** contracts' PinSection: top, new, all. */
    section: text('section').notNull(),
    gameId: gameId(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.section, t.gameId] }),
    uniqueIndex('lobby_pins_section_position_key').on(t.section, t.position),
  ],
);

/** The home page's sections in staff's order (decision 089); none listed: the default order. */
export const lobbySections = pgTable('lobby_sections', {
  /** contracts' HomeSection: banners, top, recent. */
  section: text('section').primaryKey(),
  position: integer('position').notNull(),
});
