import type { Game, GamePage, LaunchResponse } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 25: the English lobby showed Russian titles ("Тёмный лес", "Северное сияние"). A title
 * exists in the player's language or in the studio's own, never in the other language: the
 * studios list a Russian edition beside their title, the API hands both over, search finds
 * either, and a launch names the game in the language it was launched in.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { CATALOG_PAGE_CACHE_SECONDS: '0' } });
  const reports = await t.app.gameCatalog.sync.syncAll();
  expect(reports.every((r) => r.ok)).toBe(true);
});
afterAll(async () => {
  await t.close();
});

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const cyrillic = /[\u0400-\u04ff]/;

describe('game titles in the lobby’s languages', () => {
  it('lists the studio’s title with its editions; no title of the studios is in Cyrillic', async () => {
    const all = await get<Game[]>('/api/endo-game/all?currency=usd');
    expect(all.find((g) => g.gameId === 'endorphina_TyomnyyLes@ENDORPHINA')).toMatchObject({
      name: 'Dark Forest',
      names: { en: 'Dark Forest', ru: 'Тёмный лес' },
    });
    expect(all.find((g) => g.gameId === 'endorphina_SevernoeSiyanie@ENDORPHINA')).toMatchObject({
      names: { en: 'Aurora Borealis', ru: 'Северное сияние' },
    });
    const first = await get<GamePage>('/api/total/games?limit=100&page=1');
    const listed = [...first.data];
    for (let page = 2; page <= first.totalPages; page += 1) {
      listed.push(...(await get<GamePage>(`/api/total/games?limit=100&page=${page}`)).data);
    }
    expect(listed.length).toBe(first.total);
    // What an English page shows: never Cyrillic.
    const english = listed.map((g) => g.names?.en ?? g.name);
    expect(english.filter((title) => cyrillic.test(title))).toEqual([]);
    // And the Russian lobby has its Russian editions.
    expect(listed.filter((g) => cyrillic.test(g.names?.ru ?? '')).length).toBeGreaterThan(5);
  });

  it('finds a game by either edition', async () => {
    const names = async (search: string) =>
      (await get<GamePage>(`/api/total/games?limit=100&search=${encodeURIComponent(search)}`)).data
        .filter((g) => g.provider === 'endorphina')
        .map((g) => g.name);
    expect(await names('жар-птица')).toContain('Firebird');
    expect(await names('FIREBIRD')).toContain('Firebird');
    expect(await names('тёмный')).toContain('Dark Forest');
  });

  it('names the launched game in the launch’s language', async () => {
    const id = encodeURIComponent('endorphina_ZharPtitsa@ENDORPHINA');
    const ru = await get<LaunchResponse>(`/api/endo-game/launch?gameId=${id}&lang=ru`);
    const en = await get<LaunchResponse>(`/api/endo-game/launch?gameId=${id}&lang=en`);
    expect([ru.name, en.name]).toEqual(['Жар-птица', 'Firebird']);
    const gb = await get<LaunchResponse>('/api/provider2-game/launch?gameId=gb-matryoshka&lang=en');
    expect(gb.name).toBe('Matryoshka');
    const pragmatic = await get<LaunchResponse>('/api/pragmatic/user-auth/ru/vs10zolotayarybka');
    expect(pragmatic.name).toBe('Золотая рыбка');
    // A title without a Russian edition is the studio's in either language.
    const all = await get<Game[]>('/api/endo-game/all?currency=usd');
    const plain = all.find((g) => !g.names && g.demo);
    const launched = await get<LaunchResponse>(
      `/api/endo-game/launch?gameId=${encodeURIComponent(plain?.gameId ?? '')}&lang=ru`,
    );
    expect(launched.name).toBe(plain?.name);
  });
});
