import type { Game, GamePage } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldSearchText } from '../../src/features/games/search-text';
import { fixedClock, systemClock } from '../../src/lib/clock';
import { catalogEntry, createTestPlayer, seedGames } from '../helpers/games';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json<unknown>(), headers: res.headers };
};

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await get(url, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as GamePage;
};

beforeAll(async () => {
  // These tests write games straight into the table, behind the sync's back: no page cache.
  t = await buildTestApp({ env: { CATALOG_PAGE_CACHE_SECONDS: '0' } });
  const reports = await t.app.gameCatalog.sync.syncAll();
  expect(reports.every((r) => r.ok)).toBe(true);
  await seedGames(t.db, 'gbgames', [
    catalogEntry({ providerGameId: 'gb-t-cafe', name: 'Café Royale', popularity: 10 }),
    catalogEntry({ providerGameId: 'gb-t-jacks', name: "Jack's CAFÉ Deluxe", popularity: 10 }),
    catalogEntry({ providerGameId: 'gb-t-zoloto', name: 'Золото Инков', popularity: 10 }),
    catalogEntry({ providerGameId: 'gb-t-yolka', name: 'Ёлочка удачи', popularity: 10 }),
    catalogEntry({ providerGameId: 'gb-t-zmey', name: 'Змей Горыныч', popularity: 10 }),
  ]);
  await seedGames(
    t.db,
    'gbgames',
    [catalogEntry({ providerGameId: 'gb-t-hidden', name: 'Café Disabled' })],
    { enabled: false },
  );
});

afterAll(async () => {
  await t.close();
});

describe('provider lists', () => {
  it('GET /api/endo-game/all lists every Endorphina game in the contract shape', async () => {
    const res = await get('/api/endo-game/all?currency=usd');
    expect(res.status).toBe(200);
    const list = res.body as Game[];
    expect(list).toHaveLength(113);
    for (const game of list) {
      expect(game).toMatchObject({ type: 'ENDO', provider: 'endorphina', real: true });
      expect(game.gameId).toMatch(/^endorphina_\w+@ENDORPHINA$/);
      expect(game.image).toMatch(/^\/studios\/endorphina\/art\/v2\/.+\.svg$/);
      expect(game.real_url).toBe(
        `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(game.gameId)}`,
      );
      if (game.demo) expect(game.demo_url).toContain('/studios/endorphina/api/demo?game=');
      else expect(game.demo_url).toBeNull();
    }
  });

  it('GET /api/endo-game/list pages by 20, and past the end answers an empty page', async () => {
    const first = await page('/api/endo-game/list?currency=USD&page=1&limit=20');
    expect(first).toMatchObject({ page: 1, limit: 20, total: 113, totalPages: 6 });
    expect(first.data).toHaveLength(20);
    const byDefault = await page('/api/endo-game/list?currency=USD');
    expect(byDefault.data.map((g) => g.id)).toEqual(first.data.map((g) => g.id));
    const beyond = await page('/api/endo-game/list?currency=USD&page=7&limit=20');
    expect(beyond).toMatchObject({ data: [], page: 7, total: 113, totalPages: 6 });
  });

  it('GET /api/pragmatic/list answers the page as a plain array', async () => {
    const res = await get('/api/pragmatic/list?currency=USD&page=2&limit=20');
    expect(res.status).toBe(200);
    const list = res.body as Game[];
    expect(list).toHaveLength(20);
    expect(list.every((g) => g.type === 'PRAGMATIC' && g.provider === 'pragmatic')).toBe(true);
  });

  it('GET /api/provider2-game/list/USD/EN answers an object of games in display order', async () => {
    const all = await get('/api/provider2-game/list/USD/EN');
    expect(all.status).toBe(200);
    const map = all.body as Record<string, Game>;
    const keys = Object.keys(map);
    expect(keys).toHaveLength(85); // the studio’s 80 and the 5 enabled test games
    expect(keys).toEqual(keys.map((_, i) => String(i)));
    expect(Object.values(map).every((g) => g.type === 'GB')).toBe(true);
    const second = (await get('/api/provider2-game/list/usd/ru?page=2')).body as Record<
      string,
      Game
    >;
    expect(Object.keys(second)).toEqual(Array.from({ length: 20 }, (_, i) => String(20 + i)));
    expect(Object.values(second).map((g) => g.id)).toEqual(
      Object.values(map)
        .slice(20, 40)
        .map((g) => g.id),
    );
  });
});

describe('GET /api/total/games', () => {
  it('pages through every enabled game with no repeats and no gaps, for each sort', async () => {
    for (const sort of ['all', 'new', 'top', 'recent']) {
      const first = await page(`/api/total/games?currency=USD&sort=${sort}`);
      const seen: string[] = [];
      for (let p = 1; p <= first.totalPages; p++) {
        const next = await page(`/api/total/games?currency=USD&sort=${sort}&page=${p}&limit=20`);
        expect(next.total).toBe(first.total);
        seen.push(...next.data.map((g) => g.id));
      }
      expect(seen).toHaveLength(first.total);
      expect(new Set(seen).size).toBe(first.total);
      // The same order read in bigger pages: pages never depend on the page size.
      const big: string[] = [];
      for (let p = 1; p <= Math.ceil(first.total / 100); p++) {
        big.push(
          ...(await page(`/api/total/games?sort=${sort}&page=${p}&limit=100`)).data.map(
            (g) => g.id,
          ),
        );
      }
      expect(big).toEqual(seen);
    }
  });

  it('all: popularity first, then name; top: only top games, by popularity', async () => {
    const all: Game[] = [];
    for (let p = 1; p <= 4; p++)
      all.push(...(await page(`/api/total/games?limit=100&page=${p}`)).data);
    expect(all).toHaveLength(334);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(
        a.popularity > b.popularity || (a.popularity === b.popularity && a.name <= b.name),
      ).toBe(true);
    }
    const top = await page('/api/total/games?sort=top&limit=100');
    // The top list: the games the providers mark top, by popularity. The Top badge goes to the
    // first 14 of it only, the ones the home page shows (decision 048, badges.test.ts).
    expect(top.total).toBeGreaterThan(14);
    for (let i = 1; i < top.data.length; i++) {
      expect(top.data[i - 1]!.popularity).toBeGreaterThanOrEqual(top.data[i]!.popularity);
    }
    expect(all.filter((g) => g.isTop).map((g) => g.id)).toEqual(
      top.data.slice(0, 14).map((g) => g.id),
    );
  });

  it('new lists the latest releases first; recent is the same for a guest', async () => {
    await seedGames(t.db, 'endorphina', [
      catalogEntry({
        providerGameId: 'endo-new-a',
        name: 'Newsort Alpha',
        releasedAt: '2031-05-01',
      }),
      catalogEntry({
        providerGameId: 'endo-new-b',
        name: 'Newsort Beta',
        releasedAt: '2031-06-01',
      }),
      catalogEntry({
        providerGameId: 'endo-new-c',
        name: 'Newsort Gamma',
        releasedAt: '2031-04-01',
      }),
    ]);
    const newest = await page('/api/total/games?sort=new&search=newsort');
    expect(newest.data.map((g) => g.gameId)).toEqual(['endo-new-b', 'endo-new-a', 'endo-new-c']);
    const guestRecent = await page('/api/total/games?sort=recent&search=newsort');
    expect(guestRecent.data.map((g) => g.gameId)).toEqual([
      'endo-new-b',
      'endo-new-a',
      'endo-new-c',
    ]);
    const firstNew = await page('/api/total/games?sort=new&limit=3');
    expect(firstNew.data.map((g) => g.gameId)).toEqual(['endo-new-b', 'endo-new-a', 'endo-new-c']);
  });

  it('recent lists the games the signed-in player launched, most recent first', async () => {
    const player = await createTestPlayer(t.db, systemClock);
    const other = await createTestPlayer(t.db, systemClock);
    const endo = (await page('/api/endo-game/list?limit=3')).data;
    for (const game of [endo[0]!, endo[1]!, endo[2]!, endo[0]!]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(game.gameId)}`,
        headers: player.authorization,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const recent = await page('/api/total/games?sort=recent', player.authorization);
    expect(recent.total).toBe(3);
    expect(recent.data.map((g) => g.id)).toEqual([endo[0]!.id, endo[2]!.id, endo[1]!.id]);
    expect((await page('/api/total/games?sort=recent', other.authorization)).total).toBe(0);
    const filtered = await page(
      '/api/total/games?sort=recent&provider=pragmatic',
      player.authorization,
    );
    expect(filtered.total).toBe(0);
  });

  it('a bad token on sort=recent is 401, so the web app refreshes instead of showing a guest list', async () => {
    const res = await get('/api/total/games?sort=recent', { authorization: 'Bearer not-a-token' });
    expect(res.status).toBe(401);
  });

  it('filters by category and by provider', async () => {
    const table = await page('/api/total/games?category=table&limit=100');
    expect(table.total).toBeGreaterThan(0);
    expect(table.data.every((g) => g.category === 'table')).toBe(true);
    const pragmatic = await page('/api/total/games?provider=pragmatic&limit=100');
    expect(pragmatic.total).toBe(136);
    expect(pragmatic.data.every((g) => g.provider === 'pragmatic')).toBe(true);
    const both = await page('/api/total/games?provider=gbgames&category=slots&limit=100');
    expect(both.data.every((g) => g.provider === 'gbgames' && g.category === 'slots')).toBe(true);
  });

  it('searches names without regard to case or accents, in Latin and Cyrillic', async () => {
    const names = async (search: string) =>
      (await page(`/api/total/games?limit=100&search=${encodeURIComponent(search)}`)).data.map(
        (g) => g.name,
      );
    const cafe = await names('cafe');
    expect(cafe).toEqual(expect.arrayContaining(['Café Royale', "Jack's CAFÉ Deluxe"]));
    expect(cafe).not.toContain('Café Disabled');
    expect(await names('CAFÉ')).toEqual(cafe);
    expect(await names('jacks cafe')).toEqual([]); // "jack's" folds to "jack s"
    expect(await names('jack cafe')).toEqual(["Jack's CAFÉ Deluxe"]);
    const zoloto = await names('ЗОЛОТО');
    expect(zoloto).toContain('Золото Инков');
    for (const name of zoloto) expect(foldSearchText(name)).toContain('золото');
    expect(await names('елочка')).toContain('Ёлочка удачи');
    expect(await names('змей')).toContain('Змей Горыныч');
    expect(await names('змеи')).not.toContain('Змей Горыныч');
    expect(await names('no such game at all')).toEqual([]);
  });

  it('answers an empty page for a search with no match', async () => {
    expect(await page('/api/total/games?search=zzzzqqqq')).toMatchObject({
      data: [],
      total: 0,
      totalPages: 0,
    });
  });

  it.each([
    ['page=0', 'querystring.page'],
    ['page=abc', 'querystring.page'],
    ['page=1.5', 'querystring.page'],
    ['limit=1000', 'querystring.limit'],
    ['limit=0', 'querystring.limit'],
    ['sort=x', 'querystring.sort'],
    ['category=x', 'querystring.category'],
    ['provider=netent', 'querystring.provider'],
    ['currency=EUR', 'querystring.currency'],
    [`search=${'x'.repeat(101)}`, 'querystring.search'],
  ])('refuses %s with 400 VALIDATION_FAILED naming the field', async (query, field) => {
    const res = await get(`/api/total/games?${query}`);
    expect(res.status).toBe(400);
    const body = res.body as { error: { code: string; fields: { path: string }[] } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields.map((f) => f.path)).toContain(field);
  });

  it.each([
    '/api/endo-game/list?page=0',
    '/api/endo-game/all?currency=EUR',
    '/api/pragmatic/list?limit=101',
    '/api/provider2-game/list/EUR/EN',
    '/api/provider2-game/list/USD/DE',
    '/api/provider2-game/list/USD/EN?page=x',
  ])('refuses %s with 400', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(400);
    expect((res.body as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });
});

describe('the public page cache', () => {
  it('serves a page from memory until it expires or the catalog changes', async () => {
    const clock = fixedClock(new Date());
    const cached = await buildTestApp({ clock, env: { CATALOG_PAGE_CACHE_SECONDS: '30' } });
    /** Writes games without firing triggers: no catalog_changed notice, as if it were lost. */
    const seedUnannounced = (entries: Parameters<typeof seedGames>[2]) =>
      cached.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await seedGames(tx, 'gbgames', entries);
      });
    try {
      await cached.app.gameCatalog.sync.syncAll();
      // The sync's writes are announced (NOTIFY catalog_changed) and heard a moment later; a
      // late one would clear the cache after `before` below. A notice of ours, sent after
      // them, is heard after them: once it is, none of theirs is still on its way.
      await new Promise<void>((resolve, reject) => {
        let stop: (() => Promise<void>) | undefined;
        cached.db
          .listen('catalog_changed', (payload) => {
            if (payload !== 'test-sentinel') return;
            void stop?.().then(resolve, reject);
          })
          .then(async (stopListening) => {
            stop = stopListening;
            await cached.db.execute(sql`select pg_notify('catalog_changed', 'test-sentinel')`);
          })
          .catch(reject);
      });
      const first = async () =>
        (
          await cached.app.inject({ method: 'GET', url: '/api/total/games?limit=1' })
        ).json<GamePage>().data[0]!.gameId;
      const before = await first();
      await seedUnannounced([
        catalogEntry({ providerGameId: 'gb-cache-star', name: 'Aaa Star', popularity: 100 }),
      ]);
      expect(await first()).toBe(before);
      // Without a notice, the time limit is the backstop.
      clock.advance(31_000);
      expect(await first()).toBe('gb-cache-star');

      await seedUnannounced([
        catalogEntry({ providerGameId: 'gb-cache-aaa', name: 'Aaa Aaa', popularity: 100 }),
      ]);
      expect(await first()).toBe('gb-cache-star');
      // A sync that changed the catalog clears the cache at once.
      await cached.app.gameCatalog.sync.syncProvider('endorphina');
      expect(await first()).toBe('gb-cache-aaa');

      // Any other write to the catalog (another instance, games:sync, SQL) is announced by
      // the trigger (NOTIFY catalog_changed) and clears it too (decision 054).
      await seedGames(cached.db, 'gbgames', [
        catalogEntry({ providerGameId: 'gb-cache-aa', name: 'Aa', popularity: 100 }),
      ]);
      await expect.poll(first, { timeout: 3_000, interval: 50 }).toBe('gb-cache-aa');
    } finally {
      await cached.close();
    }
  });

  it('never caches a player’s recent list', async () => {
    const cached = await buildTestApp({ env: { CATALOG_PAGE_CACHE_SECONDS: '30' } });
    try {
      await cached.app.gameCatalog.sync.syncAll();
      const player = await createTestPlayer(cached.db, systemClock);
      const recent = () =>
        cached.app
          .inject({
            method: 'GET',
            url: '/api/total/games?sort=recent',
            headers: player.authorization,
          })
          .then((res) => res.json<GamePage>().total);
      expect(await recent()).toBe(0);
      const game = (
        await cached.app.inject({ method: 'GET', url: '/api/endo-game/list?limit=1' })
      ).json<GamePage>().data[0]!;
      await cached.app.inject({
        method: 'GET',
        url: `/api/endo-game/launch?gameId=${encodeURIComponent(game.gameId)}`,
        headers: player.authorization,
      });
      expect(await recent()).toBe(1);
    } finally {
      await cached.close();
    }
  });
});
