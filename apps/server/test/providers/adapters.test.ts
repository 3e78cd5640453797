import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameCategories } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endorphinaAdapter,
  type EndorphinaSettings,
} from '../../src/features/providers/endorphina/adapter';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import { gbgamesAdapter } from '../../src/features/providers/gbgames/adapter';
import {
  inProcessTransport,
  type HttpTransport,
  type OutgoingRequest,
} from '../../src/lib/http-transport';
import { mapPragmaticGame, pragmaticAdapter } from '../../src/features/providers/pragmatic/adapter';
import {
  ProviderError,
  type CatalogEntry,
  type LaunchRequest,
  type ProviderAdapter,
} from '../../src/features/providers/provider-adapter';
import type { ProviderSettings } from '../../src/features/providers/provider-settings';
import { systemClock } from '../../src/lib/clock';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let settings: ProviderSettings;
let transport: HttpTransport;
const sent: OutgoingRequest[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  settings = t.app.gameCatalog.settings;
  const inProcess = inProcessTransport(t.app, settings.studiosApiUrl);
  transport = (request) => {
    sent.push(request);
    return inProcess(request);
  };
});

afterAll(async () => {
  await t.close();
});

const launch = (overrides: Partial<LaunchRequest> & { providerGameId: string }): LaunchRequest => ({
  demoUrl: null,
  mode: 'demo',
  currency: 'USD',
  language: 'ru',
  lobbyUrl: 'http://localhost:3000/lobby',
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

function expectWellMapped(
  list: CatalogEntry[],
  idPattern: RegExp,
  // Without PUBLIC_URL: same-origin paths, right at any address of the site (issue 25).
  imagePattern = /^\/studios\/\w+\/art\/v2\/[\w-]+\.svg$/,
): void {
  const ids = new Set(list.map((g) => g.providerGameId));
  expect(ids.size).toBe(list.length);
  for (const game of list) {
    expect(game.providerGameId).toMatch(idPattern);
    expect(game.name.length).toBeGreaterThan(0);
    expect(game.image).toMatch(imagePattern);
    expect(gameCategories).toContain(game.category);
    expect(game.popularity).toBeGreaterThanOrEqual(0);
    expect(game.popularity).toBeLessThanOrEqual(100);
    expect(game.releasedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(game.demo).toBe(game.demoUrl !== null);
    expect(game.real).toBe(true);
  }
  expect(list.some((g) => g.isNew)).toBe(true);
  expect(list.some((g) => g.isTop)).toBe(true);
  // Russian editions arrive as names.ru beside the studio's title (issue 25).
  expect(list.some((g) => /[А-Яа-яЁё]/.test(g.names?.ru ?? ''))).toBe(true);
}

describe('Endorphina adapter', () => {
  const adapter = (salt?: string, nodeId?: string): ProviderAdapter =>
    endorphinaAdapter(
      {
        ...settings.endorphina,
        ...(salt !== undefined ? { salt } : {}),
        ...(nodeId ? { nodeId } : {}),
      },
      transport,
    );

  it('reads the signed catalog and maps it to our game shape', async () => {
    const list = await adapter().fetchCatalog();
    expect(list).toHaveLength(113);
    expectWellMapped(list, /^endorphina_\w+@ENDORPHINA$/);
    const request = sent.at(-1)!;
    const url = new URL(request.url);
    expect(url.pathname).toBe('/studios/endorphina/api/games');
    expect(url.searchParams.get('sign')).toBe(
      endorphinaSign({ nodeId: settings.endorphina.nodeId }, settings.endorphina.salt),
    );
  });

  it('is refused by the studio with a wrong salt or node id', async () => {
    expect((await failure(adapter('wrong-salt').fetchCatalog())).failure).toBe('refused');
    expect((await failure(adapter(undefined, 'node-other').fetchCatalog())).failure).toBe(
      'refused',
    );
  });

  it('sends nothing at all without a salt (fail closed)', async () => {
    const before = sent.length;
    expect((await failure(adapter('').fetchCatalog())).failure).toBe('not-configured');
    const noSalt = adapter('');
    expect(
      (await failure(noSalt.launchUrl(launch({ providerGameId: 'x', mode: 'real', token: 't' }))))
        .failure,
    ).toBe('not-configured');
    expect(sent.length).toBe(before);
  });

  it('builds the signed launch link {url}/api/sessions/seamless/rest/v1?exit&nodeId&token&sign', async () => {
    // A same-origin path without PUBLIC_URL (issue 25), read here against any address.
    const url = new URL(
      await adapter().launchUrl(
        launch({ providerGameId: 'g', mode: 'real', token: 'tok-123', playerId: 'p1' }),
      ),
      'http://127.0.0.1:3000',
    );
    expect(url.pathname).toBe(`${settings.endorphina.url}/api/sessions/seamless/rest/v1`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({
      exit: 'http://localhost:3000/lobby',
      nodeId: settings.endorphina.nodeId,
      token: 'tok-123',
      lang: 'ru',
      sign: endorphinaSign(
        { exit: params['exit']!, lang: 'ru', nodeId: settings.endorphina.nodeId, token: 'tok-123' },
        settings.endorphina.salt,
      ),
    });
    // The studio accepts the link's sign (it goes on to ask our wallet, which is not
    // listening in this test, hence 502) and refuses a tampered one with 401.
    const good = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(good.statusCode).not.toBe(401);
    url.searchParams.set('token', 'tok-124');
    const tampered = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(tampered.statusCode).toBe(401);
  });

  it('opens a demo from the catalog link with exit, lang and currency', async () => {
    const game = (await adapter().fetchCatalog()).find((g) => g.demo)!;
    const url = new URL(
      await adapter().launchUrl(
        launch({ providerGameId: game.providerGameId, demoUrl: game.demoUrl }),
      ),
      'http://127.0.0.1:3000',
    );
    expect(url.searchParams.get('game')).toBe(game.providerGameId);
    expect(url.searchParams.get('exit')).toBe('http://localhost:3000/lobby');
    expect(url.searchParams.get('currency')).toBe('USD');
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/studios\/endorphina\/game\/\w+$/);
  });
});

describe('Endorphina game list and demo, as the provider gives them', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'endo-list-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const listFile = async (name: string, body: unknown): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, JSON.stringify(body));
    return path;
  };
  const configured = (extra: Partial<EndorphinaSettings>): ProviderAdapter =>
    endorphinaAdapter(
      {
        ...settings.endorphina,
        gamesUrl: undefined,
        imageUrl: undefined,
        demoUrl: undefined,
        demoAccountId: undefined,
        ...extra,
      },
      transport,
    );

  it('reads a list file in the public shape: names, no artwork (the view generates tiles), no demo without a demo host', async () => {
    const gamesFile = await listFile('public.json', [
      { id: 'endorphina_Geisha@ENDORPHINA', description: 'Geisha', bets: [100, 200], bonuses: [] },
      { id: 'endorphina_ZharPtitsa@ENDORPHINA', bets: [100] },
      { description: 'an entry without an id is left out' },
    ]);
    const before = sent.length;
    const list = await configured({ gamesFile }).fetchCatalog();
    expect(sent.length).toBe(before);
    expect(list.map((g) => [g.providerGameId, g.name, g.category, g.demo, g.demoUrl])).toEqual([
      ['endorphina_Geisha@ENDORPHINA', 'Geisha', 'slots', false, null],
      ['endorphina_ZharPtitsa@ENDORPHINA', 'Zhar Ptitsa', 'slots', false, null],
    ]);
    for (const game of list) expect(game.image).toBe('');
  });

  it('builds artwork from ENDORPHINA_IMAGE_URL, and reads {games: [...]} lists too', async () => {
    const gamesFile = await listFile('games.json', {
      games: [{ id: 'endorphina_ZharPtitsa@ENDORPHINA' }],
    });
    const [game] = await configured({
      gamesFile,
      imageUrl: 'https://cdn.example/endorphina/{name}.png?g={id}',
    }).fetchCatalog();
    expect(game?.image).toBe(
      'https://cdn.example/endorphina/ZharPtitsa.png?g=endorphina_ZharPtitsa%40ENDORPHINA',
    );
  });

  it('has no catalog without a list, and an unreadable or malformed list is a failure', async () => {
    const before = sent.length;
    expect((await failure(configured({}).fetchCatalog())).failure).toBe('not-configured');
    const missing = configured({ gamesFile: join(dir, 'missing.json') });
    expect((await failure(missing.fetchCatalog())).failure).toBe('unavailable');
    const notAList = configured({ gamesFile: await listFile('object.json', { id: 'x' }) });
    expect((await failure(notAList.fetchCatalog())).failure).toBe('unavailable');
    expect(sent.length).toBe(before);
  });

  it('asks the demo host for a demo link: MD5 of the game id, the exit encoded twice', async () => {
    // A game the studio (the demo host here) has a demo of, from its feed.
    const feed = endorphinaAdapter(settings.endorphina, transport);
    const withDemo = (await feed.fetchCatalog()).find((g) => g.demo)!;
    const id = withDemo.providerGameId;
    const adapterWithDemo = configured({
      gamesFile: await listFile('demo.json', [{ id }]),
      // The studio plays the demo host under its own base (as the adapter calls it).
      demoUrl: `${settings.studiosApiUrl}/endorphina`,
      demoAccountId: '9789',
    });
    const [game] = await adapterWithDemo.fetchCatalog();
    const md5 = createHash('md5').update(id).digest('hex');
    const link = `${settings.studiosApiUrl}/endorphina/api/link/accountId/9789/hash/${md5}`;
    expect(game).toMatchObject({ demo: true, demoUrl: link });
    const url = new URL(
      await adapterWithDemo.launchUrl(launch({ providerGameId: id, demoUrl: game!.demoUrl })),
      'http://127.0.0.1:3000',
    );
    expect(sent.at(-1)?.url).toBe(
      `${link}/returnURL/${encodeURIComponent(encodeURIComponent('http://localhost:3000/lobby'))}`,
    );
    expect(url.searchParams.get('game')).toBe(id);
    expect(url.searchParams.get('exit')).toBe('http://localhost:3000/lobby');
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/studios\/endorphina\/game\/\w+$/);
    // A game the demo host does not know: no demo to open.
    const unknown = `${settings.studiosApiUrl}/endorphina/api/link/accountId/9789/hash/${'0'.repeat(32)}`;
    expect(
      (await failure(adapterWithDemo.launchUrl(launch({ providerGameId: 'x', demoUrl: unknown }))))
        .failure,
    ).toBe('unavailable');
  });
});

describe('Pragmatic adapter', () => {
  const adapter = (secretKey?: string, secureLogin?: string): ProviderAdapter =>
    pragmaticAdapter(
      {
        ...settings.pragmatic,
        ...(secretKey !== undefined ? { secretKey } : {}),
        ...(secureLogin ? { secureLogin } : {}),
      },
      transport,
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
    const art = await t.app.inject(list[0]!.image);
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toMatch(/^image\/svg\+xml/);
    for (const game of list.filter((g) => g.demo)) {
      expect(game.demoUrl).toBe(
        `${settings.studiosUrl}/pragmatic/gs2c/openGame.do?gameSymbol=${game.providerGameId}&lang=en&cur=USD`,
      );
    }
    // GetFeatures: slot features become tags.
    expect(list.some((g) => g.tags.includes('wilds'))).toBe(true);
    expect(list.filter((g) => g.category === 'live').every((g) => !g.demo)).toBe(true);
    const request = sent.at(-1)!;
    expect(request.url).toBe(`${settings.pragmatic.apiUrl}/getCasinoGames/`);
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
      new RegExp(`^${settings.studiosUrl}/pragmatic/gs2c/openGame\\.do\\?tc=\\w+&stylename=`),
    );
    const body = new URLSearchParams(sent.at(-1)!.body);
    expect(Object.fromEntries(body)).toMatchObject({
      secureLogin: settings.pragmatic.secureLogin,
      symbol: game.providerGameId,
      playMode: 'REAL',
      token: 'lt',
      externalPlayerId: 'p1',
      currency: 'USD',
      language: 'ru',
    });
    const demo = await adapter().launchUrl(launch({ providerGameId: game.providerGameId }));
    expect(demo).toContain('/gs2c/openGame.do?tc=');
    expect(new URLSearchParams(sent.at(-1)!.body).get('token')).toBeNull();
  });

  it('sends country (PRAGMATIC_COUNTRY, default MT) on game/url/, and leaves empty values out', async () => {
    const game = (await adapter().fetchCatalog()).find((g) => g.demo)!;
    await adapter().launchUrl(launch({ providerGameId: game.providerGameId }));
    expect(new URLSearchParams(sent.at(-1)!.body).get('country')).toBe('MT');
    const configured = pragmaticAdapter({ ...settings.pragmatic, country: 'DE' }, transport);
    // An empty lobbyUrl is neither hashed nor sent, and the studio (same rule) accepts the hash.
    const url = await configured.launchUrl(
      launch({ providerGameId: game.providerGameId, lobbyUrl: '' }),
    );
    expect(url).toContain('/gs2c/openGame.do?tc=');
    const body = new URLSearchParams(sent.at(-1)!.body);
    expect(body.get('country')).toBe('DE');
    expect(body.has('lobbyUrl')).toBe(false);
  });

  it('without an image host: no artwork (the catalog view generates a tile); demo links on the configured demo host', async () => {
    const list = await pragmaticAdapter(
      { ...settings.pragmatic, imageUrl: null, demoUrl: 'https://demo.pragmatic.example' },
      transport,
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
      { ...settings.gbgames, ...(secret !== undefined ? { secret } : {}) },
      transport,
      systemClock,
    );

  it('reads the catalog with a signed, timestamped query', async () => {
    const list = await adapter().fetchCatalog();
    expect(list).toHaveLength(80);
    expectWellMapped(list, /^gb-[a-z0-9-]+$/);
    expect(sent.at(-1)!.headers?.['x-gb-signature']).toMatch(/^[0-9a-f]{64}$/);
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
    expect(real).toMatch(new RegExp(`^${settings.studiosUrl}/gbgames/game/\\w+$`));
    const sentBody = JSON.parse(sent.at(-1)!.body!) as Record<string, string>;
    expect(sentBody).toMatchObject({ token: 'lt', playerId: 'p1', mode: 'real', currency: 'USD' });
    const demo = await adapter().launchUrl(launch({ providerGameId: game.providerGameId }));
    expect(demo).toMatch(new RegExp(`^${settings.studiosUrl}/gbgames/game/\\w+$`));
    const error = await failure(adapter().launchUrl(launch({ providerGameId: 'gb-no-such-game' })));
    expect(error.failure).toBe('game-not-found');
  });
});
