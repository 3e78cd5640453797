import { describe, expect, it } from 'vitest';
import { gbgamesAdapter } from '../../src/features/providers/gbgames/adapter';
import { mapPragmaticGame, pragmaticAdapter } from '../../src/features/providers/pragmatic/adapter';
import { type ProviderAdapter } from '../../src/features/providers/provider-adapter';
import { systemClock } from '../../src/lib/clock';
import { adaptersUnderTest, expectWellMapped, failure, launch } from './adapters-under-test';

const s = adaptersUnderTest();

describe('Pragmatic adapter', () => {
  const adapter = (secretKey?: string, secureLogin?: string): ProviderAdapter =>
    pragmaticAdapter(
      {
        ...s.settings.pragmatic,
        ...(secretKey !== undefined ? { secretKey } : {}),
        ...(secureLogin ? { secureLogin } : {}),
      },
      s.transport,
    );

  it('reads getCasinoGames with its MD5 hash and maps the gameList', async () => {
    const list = await adapter().fetchCatalog();
    expect(list).toHaveLength(136);
    // Artwork from the game id on the image host, as real integrations build it (the real
    // gameList carries none); the studio is the image host here.
    expectWellMapped(
      list,
      /^(vs10|tbl|lvx|inx)[a-z0-9]+$/,
      /^\/studios\/pragmatic\/game_pic\/square\/200\/[a-z0-9]+\.png$/,
    );
    const art = await s.t.app.inject(list[0]!.image);
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toMatch(/^image\/svg\+xml/);
    for (const game of list.filter((g) => g.demo)) {
      expect(game.demoUrl).toBe(
        `${s.settings.studiosUrl}/pragmatic/gs2c/openGame.do?gameSymbol=${game.providerGameId}&lang=en&cur=USD`,
      );
    }
    // GetFeatures: slot features become tags.
    expect(list.some((g) => g.tags.includes('wilds'))).toBe(true);
    expect(list.filter((g) => g.category === 'live').every((g) => !g.demo)).toBe(true);
    const request = s.sent.at(-1)!;
    expect(request.url).toBe(`${s.settings.pragmatic.apiUrl}/getCasinoGames/`);
    expect(request.headers?.['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('is refused (error 5) with a wrong secret key or secureLogin', async () => {
    expect((await failure(adapter('wrong').fetchCatalog())).failure).toBe('refused');
    expect((await failure(adapter(undefined, 'someone_else').fetchCatalog())).failure).toBe(
      'refused',
    );
    expect((await failure(adapter('').fetchCatalog())).failure).toBe('not-configured');
  });

  it('asks game/url/ for a REAL link with our token, and for a DEMO link', async () => {
    const game = (await adapter().fetchCatalog()).find((g) => g.demo)!;
    const real = await adapter().launchUrl(
      launch({ providerGameId: game.providerGameId, mode: 'real', token: 'lt', playerId: 'p1' }),
    );
    expect(real).toMatch(
      new RegExp(`^${s.settings.studiosUrl}/pragmatic/gs2c/openGame\\.do\\?tc=\\w+&stylename=`),
    );
    const body = new URLSearchParams(s.sent.at(-1)!.body);
    expect(Object.fromEntries(body)).toMatchObject({
      secureLogin: s.settings.pragmatic.secureLogin,
      symbol: game.providerGameId,
      playMode: 'REAL',
      token: 'lt',
      externalPlayerId: 'p1',
      currency: 'USD',
      language: 'ru',
    });
    const demo = await adapter().launchUrl(launch({ providerGameId: game.providerGameId }));
    expect(demo).toContain('/gs2c/openGame.do?tc=');
    expect(new URLSearchParams(s.sent.at(-1)!.body).get('token')).toBeNull();
  });

  it('sends country (PRAGMATIC_COUNTRY, default MT) on game/url/, and leaves empty values out', async () => {
    const game = (await adapter().fetchCatalog()).find((g) => g.demo)!;
    await adapter().launchUrl(launch({ providerGameId: game.providerGameId }));
    expect(new URLSearchParams(s.sent.at(-1)!.body).get('country')).toBe('MT');
    const configured = pragmaticAdapter({ ...s.settings.pragmatic, country: 'DE' }, s.transport);
    // An empty lobbyUrl is neither hashed nor s.sent, and the studio (same rule) accepts the hash.
    const url = await configured.launchUrl(
      launch({ providerGameId: game.providerGameId, lobbyUrl: '' }),
    );
    expect(url).toContain('/gs2c/openGame.do?tc=');
    const body = new URLSearchParams(s.sent.at(-1)!.body);
    expect(body.get('country')).toBe('DE');
    expect(body.has('lobbyUrl')).toBe(false);
  });

  it('without an image host: no artwork (the catalog view generates a tile); demo links on the configured demo host', async () => {
    const list = await pragmaticAdapter(
      { ...s.settings.pragmatic, imageUrl: null, demoUrl: 'https://demo.pragmatic.example' },
      s.transport,
    ).fetchCatalog();
    for (const game of list) {
      expect(game.image).toBe('');
      if (game.demo) {
        expect(game.demoUrl).toBe(
          `https://demo.pragmatic.example/gs2c/openGame.do?gameSymbol=${game.providerGameId}&lang=en&cur=USD`,
        );
      }
    }
  });

  it('maps a real getCasinoGames entry (no iconUrl) with artwork built from its gameID', () => {
    const real = {
      gameID: 'vs20doghouse',
      gameName: 'The Dog House',
      gameTypeID: 'vs',
      typeDescription: 'Video Slots',
      technology: 'html5',
      technologyID: 'H5',
      platform: 'MOBILE,DOWNLOAD,WEB',
      demoGameAvailable: true,
      aspectRatio: '16:9',
      gameIdNumeric: 1234,
      jurisdictions: ['99'],
      frbAvailable: true,
      variableFrbAvailable: true,
      lines: 20,
      dataType: 'RNG',
    };
    expect(
      mapPragmaticGame(real, {
        imageUrl: 'https://images.pragmatic.example',
        demoUrl: 'https://demo.pragmatic.example',
      }),
    ).toMatchObject({
      providerGameId: 'vs20doghouse',
      name: 'The Dog House',
      image: 'https://images.pragmatic.example/game_pic/square/200/vs20doghouse.png',
      category: 'slots',
      demoUrl:
        'https://demo.pragmatic.example/gs2c/openGame.do?gameSymbol=vs20doghouse&lang=en&cur=USD',
    });
  });

  it('reports an unknown symbol as game-not-found (error 8)', async () => {
    const error = await failure(adapter().launchUrl(launch({ providerGameId: 'vs10nosuchgame' })));
    expect(error.failure).toBe('game-not-found');
  });
});

describe('GB Games adapter', () => {
  const adapter = (secret?: string): ProviderAdapter =>
    gbgamesAdapter(
      { ...s.settings.gbgames, ...(secret !== undefined ? { secret } : {}) },
      s.transport,
      systemClock,
    );

  it('reads the catalog with a signed, timestamped query', async () => {
    const list = await adapter().fetchCatalog();
    expect(list).toHaveLength(80);
    expectWellMapped(list, /^gb-[a-z0-9-]+$/);
    expect(s.sent.at(-1)!.headers?.['x-gb-signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is refused with a wrong secret, and sends nothing without one', async () => {
    expect((await failure(adapter('wrong').fetchCatalog())).failure).toBe('refused');
    expect((await failure(adapter('').fetchCatalog())).failure).toBe('not-configured');
  });

  it('launches real and demo games through the signed launch call', async () => {
    const game = (await adapter().fetchCatalog()).find((g) => g.demo)!;
    const real = await adapter().launchUrl(
      launch({ providerGameId: game.providerGameId, mode: 'real', token: 'lt', playerId: 'p1' }),
    );
    expect(real).toMatch(new RegExp(`^${s.settings.studiosUrl}/gbgames/game/\\w+$`));
    const sentBody = JSON.parse(s.sent.at(-1)!.body!) as Record<string, string>;
    expect(sentBody).toMatchObject({ token: 'lt', playerId: 'p1', mode: 'real', currency: 'USD' });
    const demo = await adapter().launchUrl(launch({ providerGameId: game.providerGameId }));
    expect(demo).toMatch(new RegExp(`^${s.settings.studiosUrl}/gbgames/game/\\w+$`));
    const error = await failure(adapter().launchUrl(launch({ providerGameId: 'gb-no-such-game' })));
    expect(error.failure).toBe('game-not-found');
  });
});
