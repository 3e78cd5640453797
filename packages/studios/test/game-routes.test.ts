import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogOf } from '../src/catalog/studio-catalogs';
import type { GameType } from '../src/catalog/types';
import { hashServerSeed } from '../src/fair/derive';
import { PUBLIC, pathOf, studiosApp } from './helpers/studios-app';

const BASE = '/studios/gbgames';
let studios: Awaited<ReturnType<typeof studiosApp>>;

beforeAll(async () => {
  studios = await studiosApp({
    gbgames: { publicUrl: `${PUBLIC}${BASE}`, secret: 's', operatorUrl: 'http://127.0.0.1:9' },
  });
});
afterAll(async () => {
  await studios.app.close();
});

async function open(type: GameType, language = 'en'): Promise<string> {
  const game = catalogOf('gbgames').list.find((g) => g.gameType === type && g.demo)!;
  const res = await studios.app.inject(
    `${BASE}/play/demo?gameId=${encodeURIComponent(game.id)}&language=${language}`,
  );
  expect(res.statusCode).toBe(302);
  return pathOf(res.headers.location as string);
}

const post = (url: string, payload: unknown) =>
  studios.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

describe('game pages and their API', () => {
  it.each<[GameType, string]>([
    ['roulette', 'Every bet'],
    ['blackjack', 'Blackjack pays 3:2'],
    ['baccarat', '5 % commission'],
    ['crash', 'RTP: 97 %'],
    ['mines', 'C(25, n)'],
    ['plinko', '12 rows'],
    ['keno', '10 of 40'],
  ])('opens %s as that game, self-contained, with its rules', async (type, rule) => {
    const page = await studios.app.inject(await open(type));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`class="studio-gbgames game-${type}"`);
    expect(page.body).toContain(rule);
    expect(page.body).toContain('id="fairBtn"');
    expect(page.body).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet|@import|url\(http|<img /);
  });

  it('shows the rules in Russian on a Russian launch', async () => {
    const page = await studios.app.inject(await open('blackjack', 'ru'));
    expect(page.body).toContain('Блэкджек платит 3:2');
    expect(page.body).toContain('lang="ru"');
  });

  it('refuses a bad bet, a bad spot and an action of another game', async () => {
    const roulette = await open('roulette');
    const bad = [
      { stakes: [{ spot: 'split:3-4', amount: 1_000 }] },
      { stakes: [{ spot: 'red', amount: 1_234 }] },
      { stakes: [] },
    ];
    for (const body of bad) {
      expect((await post(`${roulette}/play`, body)).json()).toMatchObject({
        ok: false,
        error: 'BAD_BET',
      });
    }
    const blackjack = await open('blackjack');
    expect((await post(`${blackjack}/play`, { action: 'hit' })).json()).toMatchObject({
      ok: false,
      error: 'NO_ROUND',
    });
    const slot = await open('slot');
    expect((await post(`${slot}/play`, { action: 'deal', bet: 1_000 })).statusCode).toBe(400);
  });

  it('commits to a seed, takes a client seed, reveals the old seed, refuses rotation mid-round', async () => {
    const page = await open('mines');
    const before = (await studios.app.inject(`${page}/fair`)).json<{
      current: { serverSeedHash: string; clientSeed: string; nonce: number };
    }>();
    expect(before.current.nonce).toBe(0);
    const start = (await post(`${page}/play`, { action: 'start', bet: 1_000, mines: 3 })).json<{
      fair: { serverSeedHash: string; nonce: number };
    }>();
    expect(start.fair).toMatchObject({ serverSeedHash: before.current.serverSeedHash, nonce: 0 });
    expect((await post(`${page}/fair/rotate`, {})).statusCode).toBe(409);
    await post(`${page}/play`, { action: 'reveal', tile: 0 });
    const state = (await studios.app.inject(`${page}/state`)).json<{ round?: unknown }>();
    if (state.round) await post(`${page}/play`, { action: 'cashout' });
    expect((await post(`${page}/fair/rotate`, { clientSeed: 'x'.repeat(65) })).statusCode).toBe(
      400,
    );
    const rotated = await post(`${page}/fair/rotate`, { clientSeed: 'my-seed!' });
    expect(rotated.statusCode).toBe(200);
    const { revealed, revealedHash, current } = rotated.json<{
      revealed: string;
      revealedHash: string;
      current: { serverSeedHash: string; clientSeed: string; nonce: number };
    }>();
    expect(revealedHash).toBe(before.current.serverSeedHash);
    expect(hashServerSeed(revealed)).toBe(revealedHash);
    expect(current).toMatchObject({ clientSeed: 'my-seed!', nonce: 0 });
    expect(current.serverSeedHash).not.toBe(revealedHash);
    const after = (await studios.app.inject(`${page}/fair`)).json<{
      rounds: { game: string; serverSeed?: string; nonce: number }[];
    }>();
    expect(after.rounds[0]).toMatchObject({ game: 'mines', nonce: 0, serverSeed: revealed });
  });
});
