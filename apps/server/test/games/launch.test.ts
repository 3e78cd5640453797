import type { Game, LaunchResponse } from '@casino/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTokens } from '../../src/db/schema';
import { hashLaunchToken } from '../../src/features/game-sessions/launch-token';
import { fixedClock } from '../../src/lib/clock';
import {
  catalogEntry,
  createTestPlayer,
  freePort,
  seedGames,
  type TestPlayer,
} from '../helpers/games';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const clock = fixedClock(new Date());
let t: TestApp;
let player: TestPlayer;
let endo: Game[];
let pragmatic: Game[];
let gb: Game[];

async function launch(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json<unknown>(), headers: res.headers };
}

beforeAll(async () => {
  t = await buildTestApp({ env: { LAUNCH_TOKEN_TTL_SECONDS: '3600' }, clock });
  await t.app.gameCatalog.sync.syncAll();
  player = await createTestPlayer(t.db, clock);
  const list = async (provider: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/total/games?provider=${provider}&limit=100` })
    ).json<{ data: Game[] }>().data;
  endo = await list('endorphina');
  pragmatic = await list('pragmatic');
  gb = await list('gbgames');
});

afterAll(async () => {
  await t.close();
});

describe('a guest', () => {
  it('gets the Endorphina demo link, with exit, lang and currency', async () => {
    const game = endo.find((g) => g.demo)!;
    const res = await launch(
      `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(game.gameId)}&lang=ru`,
    );
    expect(res.status).toBe(200);
    const { url, mode } = res.body as LaunchResponse;
    expect(mode).toBe('demo');
    expect(url.startsWith(`${game.demo_url!}&`)).toBe(true);
    const params = new URL(url, 'http://127.0.0.1:3000').searchParams;
    expect(params.get('exit')).toBe('/endorphina');
    expect(params.get('lang')).toBe('ru');
    expect(params.get('currency')).toBe('USD');
    expect(params.get('token')).toBeNull();
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('gets Pragmatic and GB demo sessions from the providers', async () => {
    const p = pragmatic.find((g) => g.demo)!;
    const pr = await launch(`/api/pragmatic/user-auth/EN/${p.gameId}`);
    expect(pr.status).toBe(200);
    expect(pr.body).toMatchObject({ mode: 'demo' });
    expect((pr.body as LaunchResponse).url).toMatch(
      /\/studios\/pragmatic\/gs2c\/openGame\.do\?tc=/,
    );
    const g = gb.find((x) => x.demo)!;
    const gr = await launch(`/api/provider2-game/launch?gameId=${g.gameId}`);
    expect(gr.status).toBe(200);
    expect(gr.body).toMatchObject({ mode: 'demo' });
    expect((gr.body as LaunchResponse).url).toMatch(/\/studios\/gbgames\/game\/\w+$/);
  });

  it('is asked to sign in (401) for a game without a demo', async () => {
    const live = pragmatic.find((g) => !g.demo)!;
    const res = await launch(`/api/pragmatic/user-auth/en/${live.gameId}`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('creates no launch token', async () => {
    const before = await t.db.select().from(launchTokens);
    await launch(
      `/api/endo-game/launch?gameId=${encodeURIComponent(endo.find((g) => g.demo)!.gameId)}`,
    );
    expect(await t.db.select().from(launchTokens)).toHaveLength(before.length);
  });
});

describe('a signed-in player', () => {
  it('gets a real-money Endorphina link with a fresh opaque token, stored only hashed', async () => {
    const game = endo[3]!;
    const res = await launch(
      `/api/endo-game/launch?currency=usd&gameId=${encodeURIComponent(game.gameId)}`,
      player.authorization,
    );
    expect(res.status).toBe(200);
    const { url, mode } = res.body as LaunchResponse;
    expect(mode).toBe('real');
    const params = new URL(url, 'http://127.0.0.1:3000').searchParams;
    const token = params.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(player.accessToken);
    expect(url).not.toContain(player.accessToken);
    expect(player.accessToken).not.toContain(token);
    expect(params.get('exit')).toBe('/endorphina');

    const [row] = await t.db
      .select()
      .from(launchTokens)
      .where(eq(launchTokens.tokenHash, hashLaunchToken(token)));
    expect(row).toMatchObject({
      userId: player.id,
      gameId: game.id,
      provider: 'endorphina',
      currency: 'USD',
    });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(3600 * 1000);
    expect(row!.createdAt.getTime()).toBe(clock.now().getTime());
    // Nothing stored holds the token itself.
    const all = JSON.stringify(await t.db.select().from(launchTokens));
    expect(all).not.toContain(token);
  });

  it('gets a different token on every launch', async () => {
    const url = `/api/endo-game/launch?gameId=${encodeURIComponent(endo[0]!.gameId)}`;
    const tokenOf = async () =>
      new URL(
        ((await launch(url, player.authorization)).body as LaunchResponse).url,
        'http://127.0.0.1:3000',
      ).searchParams.get('token');
    expect(await tokenOf()).not.toBe(await tokenOf());
  });

  it('gets real-money Pragmatic and GB launches, each bound to its game', async () => {
    const p = pragmatic.find((g) => !g.demo)!; // a live game: real only
    const pr = await launch(
      `/api/pragmatic/user-auth/ru/${p.gameId}?currency=USD`,
      player.authorization,
    );
    expect(pr.status).toBe(200);
    expect(pr.body).toMatchObject({ mode: 'real' });
    const g = gb[5]!;
    const gr = await launch(
      `/api/provider2-game/launch?gameId=${g.gameId}&lang=ru`,
      player.authorization,
    );
    expect(gr.status).toBe(200);
    expect(gr.body).toMatchObject({ mode: 'real' });
    const rows = await t.db.select().from(launchTokens).where(eq(launchTokens.userId, player.id));
    expect(rows.map((r) => [r.provider, r.gameId])).toEqual(
      expect.arrayContaining([
        ['pragmatic', p.id],
        ['gbgames', g.id],
      ]),
    );
  });

  it('is refused with 401 when the bearer token is not valid, never served as a guest', async () => {
    const res = await launch(
      `/api/endo-game/launch?gameId=${encodeURIComponent(endo[0]!.gameId)}`,
      {
        authorization: 'Bearer nope',
      },
    );
    expect(res.status).toBe(401);
  });
});

describe('unknown and disabled games', () => {
  it.each([
    ['/api/endo-game/launch?gameId=endorphina_NoSuchGame@ENDORPHINA', false],
    ['/api/pragmatic/user-auth/en/vs10nosuchgame', false],
    ['/api/provider2-game/launch?gameId=gb-no-such-game', true],
  ])('%s → 404 GAME_NOT_FOUND', async (url, signedIn) => {
    const res = await launch(url, signedIn ? player.authorization : {});
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'GAME_NOT_FOUND' } });
  });

  it('a disabled game, or another provider’s game, is not found', async () => {
    await seedGames(t.db, 'gbgames', [catalogEntry({ providerGameId: 'gb-retired' })], {
      enabled: false,
    });
    for (const headers of [{}, player.authorization]) {
      expect((await launch('/api/provider2-game/launch?gameId=gb-retired', headers)).status).toBe(
        404,
      );
    }
    const res = await launch(
      `/api/provider2-game/launch?gameId=${endo[0]!.gameId}`,
      player.authorization,
    );
    expect(res.status).toBe(404);
  });

  it('refuses bad launch parameters with 400', async () => {
    expect((await launch('/api/endo-game/launch?currency=EUR&gameId=x')).status).toBe(400);
    expect((await launch('/api/endo-game/launch')).status).toBe(400);
    expect((await launch('/api/provider2-game/launch?gameId=x&lang=de')).status).toBe(400);
    expect((await launch('/api/pragmatic/user-auth/de/vs10x')).status).toBe(400);
  });
});

describe('a provider that is down', () => {
  it('answers 503 PROVIDER_UNAVAILABLE for server-to-server launches', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const down = await buildTestApp({
      env: {
        PROVIDERS: 'external',
        ENDORPHINA_URL: closed,
        ENDORPHINA_NODE_ID: 'node',
        ENDORPHINA_SALT: 'salt',
        PRAGMATIC_API_URL: `${closed}/IntegrationService/v3/http/CasinoGameAPI`,
        PRAGMATIC_SECURE_LOGIN: 'login',
        PRAGMATIC_SECRET_KEY: 'key',
        GBGAMES_URL: closed,
        GBGAMES_SECRET: 'secret',
      },
    });
    try {
      const someone = await createTestPlayer(down.db, clock);
      await seedGames(down.db, 'pragmatic', [catalogEntry({ providerGameId: 'vs10down' })]);
      await seedGames(down.db, 'gbgames', [catalogEntry({ providerGameId: 'gb-down' })]);
      await seedGames(down.db, 'endorphina', [catalogEntry({ providerGameId: 'endo-down' })]);
      for (const url of [
        '/api/pragmatic/user-auth/en/vs10down',
        '/api/provider2-game/launch?gameId=gb-down',
      ]) {
        for (const headers of [{}, someone.authorization]) {
          const res = await down.app.inject({ method: 'GET', url, headers });
          expect(res.statusCode, url).toBe(503);
          expect(res.json()).toMatchObject({ error: { code: 'PROVIDER_UNAVAILABLE' } });
          expect(res.headers['retry-after']).toBe('30');
        }
      }
      // Endorphina's launch is a signed link the browser opens: nothing to call, so it works.
      const endoLaunch = await down.app.inject({
        method: 'GET',
        url: '/api/endo-game/launch?gameId=endo-down',
        headers: someone.authorization,
      });
      expect(endoLaunch.statusCode).toBe(200);
      expect(
        endoLaunch
          .json<LaunchResponse>()
          .url.startsWith(`${closed}/api/sessions/seamless/rest/v1?`),
      ).toBe(true);
      // The sync fails for every provider and leaves the catalog as it was.
      const reports = await down.app.gameCatalog.sync.syncAll();
      expect(reports.map((r) => r.ok)).toEqual([false, false, false]);
      expect(
        (await down.app.inject({ method: 'GET', url: '/api/total/games' })).json(),
      ).toMatchObject({ total: 3 });
    } finally {
      await down.close();
    }
  });
});
