import { limits, type Game, type GamePage } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEntry, seedGames } from '../helpers/games';
import { buildTestApp, type TestApp } from '../helpers/test-app';

// Badges mean something (issue 16, decision 048): Top for the top list's games, New for the
// newest by release date, never both.
let t: TestApp;

const page = async (query: string): Promise<GamePage> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/total/games?currency=USD&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GamePage>();
};

/** Every game of the lobby, page by page (the spec's page limit is 10; the lists hold more). */
async function everyGame(): Promise<Game[]> {
  const found: Game[] = [];
  for (const provider of ['endorphina', 'pragmatic', 'gbgames']) {
    for (let n = 1; n <= limits.maxGamePage; n += 1) {
      const answer = await page(`sort=all&provider=${provider}&limit=50&page=${n}`);
      found.push(...answer.data);
      if (n >= answer.totalPages) break;
    }
  }
  return found;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { CATALOG_PAGE_CACHE_SECONDS: '0' } });
  const reports = await t.app.gameCatalog.sync.syncAll();
  expect(reports.every((r) => r.ok)).toBe(true);
  // The newest game of all is also the most popular top game: it is Top, not New as well.
  await seedGames(t.db, 'gbgames', [
    catalogEntry({
      providerGameId: 'gb-badge-both',
      // First by name among the most popular: surely in the top list's first 14.
      name: 'Aaaa Badge Both',
      isTop: true,
      isNew: true,
      popularity: 100,
      releasedAt: '2099-01-01',
    }),
    catalogEntry({
      providerGameId: 'gb-badge-new',
      name: 'Badge Newest',
      isNew: false,
      releasedAt: '2098-01-01',
    }),
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('game badges', () => {
  it('marks Top exactly the top list and New exactly the newest by date, at most one each', async () => {
    const top = await page(`sort=top&limit=${limits.topGamesExpanded}`);
    const newest = await page(`sort=new&limit=${limits.topGamesExpanded}`);
    const topIds = new Set(top.data.map((game) => game.id));
    const newIds = new Set(newest.data.map((game) => game.id).filter((id) => !topIds.has(id)));

    const games = await everyGame();
    expect(games.length).toBeGreaterThan(100);
    expect(
      games
        .filter((game) => game.isTop)
        .map((game) => game.id)
        .sort(),
    ).toEqual([...topIds].sort());
    expect(
      games
        .filter((game) => game.isNew)
        .map((game) => game.id)
        .sort(),
    ).toEqual([...newIds].sort());
    expect(games.filter((game) => game.isTop && game.isNew)).toEqual([]);
    expect(topIds.size).toBe(limits.topGamesExpanded);
  });

  it('gives the newest game New even without the provider saying so, and Top wins a tie', async () => {
    const games = await everyGame();
    const both = games.find((game) => game.gameId === 'gb-badge-both');
    const newest = games.find((game) => game.gameId === 'gb-badge-new');
    expect(both).toMatchObject({ isTop: true, isNew: false });
    expect(newest).toMatchObject({ isTop: false, isNew: true });
  });
});
