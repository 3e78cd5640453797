import { providerSlugs, type ProviderSlug } from '@casino/contracts';
import { and, asc, desc, eq, fillPlaceholders, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { games, lobbyPins, recentLaunches } from '../../db/schema';
import type { GameFilter } from './catalog-repository';
import type { GameRow } from './game-view';
import { visibleInLobby } from './lobby-visible';

/**
 * The list queries, built once per SHAPE of filter (sort, which filters are set, how many
 * search words) as Drizzle prepared statements with placeholders, then only executed. Building
 * a query per request cost more than running it; and on PostgreSQL a named statement is
 * parsed and planned once per connection.
 *
 * Search shapes stay unnamed: a named statement's generic plan is chosen without the search
 * words, yet "gold" (thousands of matches: walk the popularity index) and "змеи" (none: ask
 * the trigram index) need opposite plans. Unnamed, they are planned for their actual words.
 */

export const rowColumns = {
  id: games.id,
  provider: games.provider,
  providerGameId: games.providerGameId,
  name: games.name,
  names: games.names,
  image: games.image,
  category: games.category,
  tags: games.tags,
  isNew: games.isNew,
  isTop: games.isTop,
  popularity: games.popularity,
  hasDemo: games.hasDemo,
  hasReal: games.hasReal,
  demoUrl: games.demoUrl,
  staffMark: games.staffMark,
};

interface Shape {
  sort: GameFilter['sort'];
  provider: boolean;
  category: boolean;
  words: number;
  /** sort=recent for a signed-in player: joins their launches. */
  player: boolean;
  /** A player whose country some games are blocked in: those are left out (decision 089). */
  country: boolean;
  /** The section has pinned games: they are read apart and left out here (decision 089). */
  pinned: boolean;
}

function shapeOf(filter: GameFilter): Shape {
  return {
    sort: filter.sort,
    provider: filter.provider !== undefined,
    category: filter.category !== undefined,
    words: filter.words.length,
    player: filter.sort === 'recent' && filter.playerId !== undefined,
    country: filter.country !== undefined,
    pinned: filter.pinSection !== undefined,
  };
}

function keyOf(shape: Shape): string {
  return `${shape.sort}_${shape.provider ? 'p' : ''}${shape.category ? 'c' : ''}${shape.player ? 'r' : ''}${shape.country ? 'k' : ''}${shape.pinned ? 'x' : ''}${shape.words}`;
}

/** LIKE treats % _ and \ specially; folded words hold none, but a word is data, not syntax. */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The conditions of every list and of the pinned games: visible to this player, filtered. */
function seenBy(
  shape: Pick<Shape, 'provider' | 'category' | 'country'>,
  offered: readonly ProviderSlug[],
): SQL[] {
  const conditions: SQL[] = [visibleInLobby()];
  // A provider the operator switched off keeps its rows (they come back when it is switched
  // on again) but is never listed. A constant of the process, so part of the statement.
  if (offered.length < providerSlugs.length) conditions.push(inArray(games.provider, [...offered]));
  if (shape.provider) conditions.push(eq(games.provider, sql.placeholder('provider')));
  if (shape.category) conditions.push(eq(games.category, sql.placeholder('category')));
  if (shape.country) {
    conditions.push(
      sql`not (${sql.placeholder('country')}::text = any(${games.blockedCountries}))`,
    );
  }
  return conditions;
}

function whereOf(shape: Shape, offered: readonly ProviderSlug[]): SQL | undefined {
  const conditions = seenBy(shape, offered);
  // The pinned games come first, read apart (pinnedRows); the rest of the list is the rest.
  if (shape.pinned) {
    conditions.push(
      sql`not exists (select 1 from ${lobbyPins} where ${lobbyPins.section} = ${sql.placeholder('section')} and ${lobbyPins.gameId} = ${games.id})`,
    );
  }
  for (let i = 0; i < shape.words; i++) {
    conditions.push(like(games.searchText, sql.placeholder(`w${i}`)));
  }
  if (shape.sort === 'top') conditions.push(eq(games.isTop, true));
  return and(...conditions);
}

/** The list orders; every one ends with the id, so equal keys never swap between pages. */
function orderOf(shape: Shape): SQL[] {
  if (shape.player) return [desc(recentLaunches.lastLaunchedAt), asc(games.id)];
  switch (shape.sort) {
    case 'all':
    case 'top':
      return [desc(games.popularity), asc(games.name), asc(games.id)];
    case 'new':
    case 'recent':
      return [sql`${games.releasedAt} desc nulls last`, asc(games.id)];
  }
}

function valuesOf(filter: GameFilter): Record<string, unknown> {
  const values: Record<string, unknown> = {
    provider: filter.provider,
    category: filter.category,
    player: filter.playerId,
    country: filter.country,
    section: filter.pinSection,
  };
  filter.words.forEach((word, i) => {
    values[`w${i}`] = containsPattern(word);
  });
  return values;
}

/**
 * `offered`: the providers the operator runs (simulated or external); the lists show only
 * their games.
 */
export function createCatalogStatements(
  db: Database,
  offered: readonly ProviderSlug[] = providerSlugs,
) {
  // Named statements differ by the offered set too (two apps on one connection in tests).
  const offeredKey =
    offered.length < providerSlugs.length ? `_${offered.map((p) => p[0]).join('')}` : '';
  const recentJoin = and(
    eq(recentLaunches.gameId, games.id),
    eq(recentLaunches.userId, sql.placeholder('player')),
  );

  const pageQuery = (shape: Shape) => {
    const base = db.select(rowColumns).from(games);
    const joined = shape.player ? base.innerJoin(recentLaunches, recentJoin) : base;
    return joined
      .where(whereOf(shape, offered))
      .orderBy(...orderOf(shape))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  };

  const countQuery = (shape: Shape) => {
    const base = db.select({ total: sql<string>`count(*)` }).from(games);
    return (shape.player ? base.innerJoin(recentLaunches, recentJoin) : base).where(
      whereOf(shape, offered),
    );
  };

  const name = (kind: string, shape: Shape) =>
    shape.words > 0 ? '' : `games_${kind}_${keyOf(shape)}${offeredKey}`;

  const pages = new Map<string, ReturnType<ReturnType<typeof pageQuery>['prepare']>>();
  const counts = new Map<string, ReturnType<ReturnType<typeof countQuery>['prepare']>>();

  /** The statement of `shape` in `cache`, prepared the first time the shape is asked for. */
  const preparedOnce = <S>(cache: Map<string, S>, shape: Shape, prepare: () => S): S => {
    const key = keyOf(shape);
    let statement = cache.get(key);
    if (!statement) {
      statement = prepare();
      cache.set(key, statement);
    }
    return statement;
  };

  // An empty name makes node-postgres send an unnamed statement (see above).
  const pageStatement = (shape: Shape) =>
    preparedOnce(pages, shape, () => pageQuery(shape).prepare(name('page', shape)));
  const countStatement = (shape: Shape) =>
    preparedOnce(counts, shape, () => countQuery(shape).prepare(name('count', shape)));

  return {
    page(filter: GameFilter, limit: number, offset: number): Promise<GameRow[]> {
      return pageStatement(shapeOf(filter)).execute({ ...valuesOf(filter), limit, offset });
    },

    async count(filter: GameFilter): Promise<number> {
      const rows = await countStatement(shapeOf(filter)).execute(valuesOf(filter));
      return Number(rows[0]?.total ?? 0);
    },

    /**
     * The games pinned to the filter's section that this filter shows, in the pins' order
     * (decision 089). Read only for a section with pins, on a cache miss: not prepared.
     */
    pinnedRows(filter: GameFilter & { pinSection: string }): Promise<GameRow[]> {
      const shape = shapeOf(filter);
      return db
        .select(rowColumns)
        .from(lobbyPins)
        .innerJoin(games, eq(games.id, lobbyPins.gameId))
        .where(and(eq(lobbyPins.section, sql.placeholder('section')), ...seenBy(shape, offered)))
        .orderBy(asc(lobbyPins.position))
        .prepare('')
        .execute(valuesOf(filter));
    },

    /** The statement a page request runs, as node-postgres receives it (for the benchmark). */
    describePage(filter: GameFilter, limit: number, offset: number) {
      const shape = shapeOf(filter);
      const { sql: text, params } = pageQuery(shape).toSQL();
      return {
        name: name('page', shape),
        text,
        values: fillPlaceholders(params, { ...valuesOf(filter), limit, offset }),
      };
    },
  };
}
