import { createServer, type Server } from 'node:http';
import type { Game, GamePage } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import { systemClock } from '../../src/lib/clock';
import { catalogEntry, createTestPlayer, seedGames, type TestPlayer } from '../helpers/games';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * Each provider is configured on its own (issue 9): an operator with one contract runs that
 * provider for real, keeps the others simulated, or switches one off, which then disappears
 * from every list and answers 404 PROVIDER_DISABLED on its own endpoints.
 */

const errorCode = (body: unknown) => (body as { error: { code: string } }).error.code;

describe('a provider switched off (PRAGMATIC_MODE=off)', () => {
  let t: TestApp;
  let player: TestPlayer;
  const secretKey = 'pp-secret-kept-for-late-callbacks';

  beforeAll(async () => {
    t = await buildTestApp({
      env: { PRAGMATIC_MODE: 'off', PRAGMATIC_SECRET_KEY: secretKey },
    });
    await t.app.gameCatalog.sync.syncAll();
    // Games of the provider from before the switch stay in the table, never listed.
    await seedGames(t.db, 'pragmatic', [
      catalogEntry({ providerGameId: 'vs20olympgate', name: 'Gates of Olympus' }),
    ]);
    player = await createTestPlayer(t.db, systemClock);
  });

  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json<unknown>() };
  };

  it('is not among the providers the casino offers', async () => {
    const res = await get('/api/games/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [{ provider: 'endorphina' }, { provider: 'gbgames' }] });
  });

  it('answers 404 PROVIDER_DISABLED on its list and its launch, guest or signed in', async () => {
    for (const url of [
      '/api/pragmatic/list?currency=USD&page=1&limit=20',
      '/api/total/games?currency=USD&provider=pragmatic',
      '/api/pragmatic/user-auth/en/vs20olympgate',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(errorCode(res.body), url).toBe('PROVIDER_DISABLED');
    }
    const signedIn = await get('/api/pragmatic/user-auth/en/vs20olympgate', player.authorization);
    expect(signedIn.status).toBe(404);
    expect(errorCode(signedIn.body)).toBe('PROVIDER_DISABLED');
  });

  it('is gone from the combined lists, search and recent included', async () => {
    const all = (await get('/api/total/games?currency=USD&page=1&limit=100')).body as GamePage;
    expect(all.total).toBeGreaterThan(0);
    expect(all.data.every((g: Game) => g.provider !== 'pragmatic')).toBe(true);
    let seen = 0;
    for (let page = 1; page <= all.totalPages; page++) {
      const p = (await get(`/api/total/games?page=${page}&limit=100`)).body as GamePage;
      seen += p.data.filter((g) => g.provider === 'pragmatic').length;
    }
    expect(seen).toBe(0);
    const search = (await get('/api/total/games?search=olympus')).body as GamePage;
    expect(search.data.filter((g) => g.provider === 'pragmatic')).toEqual([]);
    for (const sort of ['new', 'top', 'recent']) {
      const sorted = (await get(`/api/total/games?sort=${sort}&limit=100`)).body as GamePage;
      expect(
        sorted.data.filter((g) => g.provider === 'pragmatic'),
        sort,
      ).toEqual([]);
    }
  });

  it('keeps the other providers fully served', async () => {
    const endo = (await get('/api/endo-game/list?currency=USD&page=1&limit=20')).body as GamePage;
    expect(endo.data).toHaveLength(20);
    const gb = await get('/api/provider2-game/list/USD/EN');
    expect(Object.keys(gb.body as object).length).toBeGreaterThan(0);
  });

  it('has no studio mounted and nothing synced', async () => {
    const studio = await t.app.inject({
      method: 'POST',
      url: '/studios/pragmatic/IntegrationService/v3/http/CasinoGameAPI/getCasinoGames/',
    });
    expect(studio.statusCode).toBe(404);
    expect(t.app.gameCatalog.adapters.pragmatic).toBeUndefined();
  });

  it('still answers its wallet callbacks with the kept secret, so late wins can land', async () => {
    const params = { userId: player.id, providerId: 'PragmaticPlay' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pragmatic/wallet/balance.html',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...params,
        hash: pragmaticHash(params, secretKey),
      }).toString(),
    });
    expect(res.json()).toMatchObject({ error: 0, currency: 'USD', cash: 25 });
  });
});

describe('one provider for real, the others simulated (PRAGMATIC_MODE=external)', () => {
  let t: TestApp;
  let provider: Server;
  const calls: string[] = [];
  const secretKey = 'pp-real-secret';

  beforeAll(async () => {
    // The real provider's Integration API, as its getCasinoGames answers: no iconUrl.
    provider = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        calls.push(`${request.method} ${request.url}`);
        const params = Object.fromEntries(new URLSearchParams(body));
        const hashOk = params['hash'] === pragmaticHash(params, secretKey);
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify(
            hashOk
              ? {
                  error: '0',
                  description: 'OK',
                  gameList: [
                    {
                      gameID: 'vs20olympgate',
                      gameName: 'Gates of Olympus',
                      gameTypeID: 'vs',
                      typeDescription: 'Video Slots',
                      technology: 'html5',
                      platform: 'MOBILE,DOWNLOAD,WEB',
                      demoGameAvailable: true,
                      aspectRatio: '16:9',
                      technologyID: 'H5',
                      gameIdNumeric: 1512,
                      jurisdictions: ['99'],
                      frbAvailable: true,
                      variableFrbAvailable: true,
                      lines: 20,
                      dataType: 'RNG',
                    },
                  ],
                }
              : { error: '5', description: 'Invalid hash' },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const address = provider.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await buildTestApp({
      env: {
        PRAGMATIC_MODE: 'external',
        PRAGMATIC_API_URL: `http://127.0.0.1:${port}/IntegrationService/v3/http/CasinoGameAPI`,
        PRAGMATIC_SECURE_LOGIN: 'orbita_real',
        PRAGMATIC_SECRET_KEY: secretKey,
      },
    });
    await t.app.gameCatalog.sync.syncAll();
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  it("lists the real provider's catalog beside the simulated studios' games", async () => {
    expect(calls).toEqual(['POST /IntegrationService/v3/http/CasinoGameAPI/getCasinoGames/']);
    const pragmatic = (
      await t.app.inject({ method: 'GET', url: '/api/pragmatic/list?page=1&limit=20' })
    ).json<Game[]>();
    expect(pragmatic.map((g) => [g.gameId, g.name])).toEqual([
      ['vs20olympgate', 'Gates of Olympus'],
    ]);
    // Never an empty picture, whatever the provider's catalog carries.
    expect(pragmatic[0]!.image).not.toBe('');
    const tile = await t.app.inject({ method: 'GET', url: pragmatic[0]!.image });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(tile.body).toContain('Gates of');
    const endo = (
      await t.app.inject({ method: 'GET', url: '/api/endo-game/list?page=1&limit=20' })
    ).json<GamePage>();
    expect(endo.data).toHaveLength(20);
    const providers = (await t.app.inject({ method: 'GET', url: '/api/games/providers' })).json<{
      data: unknown[];
    }>();
    expect(providers.data).toEqual([
      { provider: 'endorphina' },
      { provider: 'gbgames' },
      { provider: 'pragmatic' },
    ]);
  });

  it("answers a malformed or unknown tile name in the API's error shape, never a 5xx", async () => {
    for (const [url, status] of [
      ['/api/games/tile/pragmatic/%00.svg', 400],
      ['/api/games/tile/pragmatic/vs%0A20.svg', 400],
      ['/api/games/tile/nope/x.svg', 400],
      ['/api/games/tile/pragmatic/vs20olympgate.png', 404],
      ['/api/games/tile/pragmatic/unknown-game.svg', 404],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json<{ error: { code: string } }>().error.code, url).toMatch(
        /^(VALIDATION_FAILED|NOT_FOUND)$/,
      );
    }
  });

  it('mounts no simulated Pragmatic studio', async () => {
    const studio = await t.app.inject({
      method: 'POST',
      url: '/studios/pragmatic/IntegrationService/v3/http/CasinoGameAPI/getCasinoGames/',
    });
    expect(studio.statusCode).toBe(404);
    const endoStudio = t.app.gameCatalog.settings.modes.endorphina;
    expect(endoStudio).toBe('simulated');
  });
});

describe('every provider off (PROVIDERS=off)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PROVIDERS: 'off' } });
    await t.app.gameCatalog.sync.syncAll();
    await seedGames(t.db, 'endorphina', [catalogEntry({ providerGameId: 'left-behind' })]);
  });

  afterAll(async () => {
    await t.close();
  });

  it('offers no provider and lists no game, without failing', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/games/providers' });
    expect(providers.json()).toEqual({ data: [] });
    for (const sort of ['all', 'new', 'top', 'recent']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/total/games?sort=${sort}` });
      expect(res.statusCode, sort).toBe(200);
      expect(res.json<GamePage>()).toMatchObject({ data: [], total: 0 });
    }
    const search = await t.app.inject({ method: 'GET', url: '/api/total/games?search=left' });
    expect(search.json<GamePage>().data).toEqual([]);
  });
});
