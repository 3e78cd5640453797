import {
  gameCategories,
  gamePageSchema,
  gameSchema,
  gamesErrorCodes,
  gameTypes,
  launchResponseSchema,
  providerSlugs,
} from '@casino/contracts';
import { describe, expect, it } from 'vitest';
import { fakeGame } from '../../../test/games-api';
import * as catalog from '../catalog';
import { gameListGuard, gameMapGuard, gamePageGuard, launchGuard, toGame } from './game-guards';
import { nextGamePage } from './paging';

describe('the hand-written guards mirror the contract', () => {
  it('keeps the constants equal to the contract', () => {
    expect(catalog.providerSlugs).toEqual(providerSlugs);
    expect(catalog.gameCategories).toEqual(gameCategories);
    expect(catalog.gameTypes).toEqual(gameTypes);
    expect(catalog.gamesErrorCodes).toEqual(gamesErrorCodes);
  });

  it('accepts what the contract accepts, unchanged', () => {
    const game = gameSchema.parse(fakeGame(3, { demo_url: 'https://x.test/demo' }));
    expect(toGame(game)).toEqual(game);
    const edited = gameSchema.parse(
      fakeGame(4, { name: 'Firebird', names: { en: 'Firebird', ru: 'Жар-птица' } }),
    );
    expect(toGame(edited)).toEqual(edited);
    const page = gamePageSchema.parse({
      data: [game],
      page: 1,
      limit: 20,
      total: 1,
      totalPages: 1,
    });
    expect(gamePageGuard.parse(page)).toEqual(page);
    expect(
      launchGuard.parse(launchResponseSchema.parse({ url: '/g', mode: 'demo', name: 'Firebird' })),
    ).toEqual({ url: '/g', mode: 'demo', name: 'Firebird' });
  });

  it('drops a game without the fields a tile needs, keeps the rest of the list', () => {
    const good = fakeGame(1);
    const list = gameListGuard.parse([good, { ...good, id: 7 }, { name: 'no id' }, null]);
    expect(list).toEqual([good]);
  });

  it('fills the optional fields a catalog may leave out', () => {
    const { id, gameId, name, image, provider } = fakeGame(2);
    expect(toGame({ id, gameId, name, image, provider })).toMatchObject({
      type: '',
      category: '',
      tags: [],
      isNew: false,
      isTop: false,
      real_url: null,
    });
  });

  it('turns the GB Games map into a list in the order of its keys', () => {
    const [a, b] = [fakeGame(1), fakeGame(2)];
    expect(gameMapGuard.parse({ '0': a, '1': b })).toEqual([a, b]);
  });

  it('refuses answers of the wrong shape', () => {
    expect(() => gamePageGuard.parse([])).toThrow();
    expect(() => gamePageGuard.parse({ data: [], page: '1' })).toThrow();
    expect(() => gameListGuard.parse({ data: [] })).toThrow();
    expect(() => gameMapGuard.parse([])).toThrow();
    expect(() => launchGuard.parse({ url: '/g', mode: 'free' })).toThrow();
  });
});

describe('nextGamePage', () => {
  it('goes on until page 10, or until the server says the list ends', () => {
    expect(nextGamePage(1, 20)).toBe(2);
    expect(nextGamePage(9, 20)).toBe(10);
    expect(nextGamePage(10, 20)).toBeUndefined();
    expect(nextGamePage(3, 12)).toBeUndefined();
    expect(nextGamePage(2, 20, 6)).toBe(3);
    expect(nextGamePage(6, 20, 6)).toBeUndefined();
    expect(nextGamePage(10, 20, 50)).toBeUndefined();
  });
});
