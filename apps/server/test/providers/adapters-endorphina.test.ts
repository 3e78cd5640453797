import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endorphinaAdapter,
  type EndorphinaSettings,
} from '../../src/features/providers/endorphina/adapter';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import { type ProviderAdapter } from '../../src/features/providers/provider-adapter';
import { adaptersUnderTest, expectWellMapped, failure, launch } from './adapters-under-test';

const s = adaptersUnderTest();

describe('Endorphina adapter', () => {
  const adapter = (salt?: string, nodeId?: string): ProviderAdapter =>
    endorphinaAdapter(
      {
        ...s.settings.endorphina,
        ...(salt !== undefined ? { salt } : {}),
        ...(nodeId ? { nodeId } : {}),
      },
      s.transport,
    );

  it('reads the signed catalog and maps it to our game shape', async () => {
    const list = await adapter().fetchCatalog();
    expect(list).toHaveLength(113);
    expectWellMapped(list, /^endorphina_\w+@ENDORPHINA$/);
    const request = s.sent.at(-1)!;
    const url = new URL(request.url);
    expect(url.pathname).toBe('/studios/endorphina/api/games');
    expect(url.searchParams.get('sign')).toBe(
      endorphinaSign({ nodeId: s.settings.endorphina.nodeId }, s.settings.endorphina.salt),
    );
  });

  it('is refused by the studio with a wrong salt or node id', async () => {
    expect((await failure(adapter('wrong-salt').fetchCatalog())).failure).toBe('refused');
    expect((await failure(adapter(undefined, 'node-other').fetchCatalog())).failure).toBe(
      'refused',
    );
  });

  it('sends nothing at all without a salt (fail closed)', async () => {
    const before = s.sent.length;
    expect((await failure(adapter('').fetchCatalog())).failure).toBe('not-configured');
    const noSalt = adapter('');
    expect(
      (await failure(noSalt.launchUrl(launch({ providerGameId: 'x', mode: 'real', token: 't' }))))
        .failure,
    ).toBe('not-configured');
    expect(s.sent.length).toBe(before);
  });

  it('builds the signed launch link {url}/api/sessions/seamless/rest/v1?exit&nodeId&token&sign', async () => {
    // A same-origin path without PUBLIC_URL (issue 25), read here against any address.
    const url = new URL(
      await adapter().launchUrl(
        launch({ providerGameId: 'g', mode: 'real', token: 'tok-123', playerId: 'p1' }),
      ),
      'http://127.0.0.1:3000',
    );
    expect(url.pathname).toBe(`${s.settings.endorphina.url}/api/sessions/seamless/rest/v1`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({
      exit: 'http://localhost:3000/lobby',
      nodeId: s.settings.endorphina.nodeId,
      token: 'tok-123',
      lang: 'ru',
      sign: endorphinaSign(
        {
          exit: params['exit']!,
          lang: 'ru',
          nodeId: s.settings.endorphina.nodeId,
          token: 'tok-123',
        },
        s.settings.endorphina.salt,
      ),
    });
    // The studio accepts the link's sign (it goes on to ask our wallet, which is not
    // listening in this test, hence 502) and refuses a tampered one with 401.
    const good = await s.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(good.statusCode).not.toBe(401);
    url.searchParams.set('token', 'tok-124');
    const tampered = await s.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
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
    const res = await s.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
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
        ...s.settings.endorphina,
        gamesUrl: undefined,
        imageUrl: undefined,
        demoUrl: undefined,
        demoAccountId: undefined,
        ...extra,
      },
      s.transport,
    );

  it('reads a list file in the public shape: names, no artwork (the view generates tiles), no demo without a demo host', async () => {
    const gamesFile = await listFile('public.json', [
      { id: 'endorphina_Geisha@ENDORPHINA', description: 'Geisha', bets: [100, 200], bonuses: [] },
      { id: 'endorphina_ZharPtitsa@ENDORPHINA', bets: [100] },
      { description: 'an entry without an id is left out' },
    ]);
    const before = s.sent.length;
    const list = await configured({ gamesFile }).fetchCatalog();
    expect(s.sent.length).toBe(before);
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
    const before = s.sent.length;
    expect((await failure(configured({}).fetchCatalog())).failure).toBe('not-configured');
    const missing = configured({ gamesFile: join(dir, 'missing.json') });
    expect((await failure(missing.fetchCatalog())).failure).toBe('unavailable');
    const notAList = configured({ gamesFile: await listFile('object.json', { id: 'x' }) });
    expect((await failure(notAList.fetchCatalog())).failure).toBe('unavailable');
    expect(s.sent.length).toBe(before);
  });

  it('asks the demo host for a demo link: MD5 of the game id, the exit encoded twice', async () => {
    // A game the studio (the demo host here) has a demo of, from its feed.
    const feed = endorphinaAdapter(s.settings.endorphina, s.transport);
    const withDemo = (await feed.fetchCatalog()).find((g) => g.demo)!;
    const id = withDemo.providerGameId;
    const adapterWithDemo = configured({
      gamesFile: await listFile('demo.json', [{ id }]),
      // The studio plays the demo host under its own base (as the adapter calls it).
      demoUrl: `${s.settings.studiosApiUrl}/endorphina`,
      demoAccountId: '9789',
    });
    const [game] = await adapterWithDemo.fetchCatalog();
    const md5 = createHash('md5').update(id).digest('hex');
    const link = `${s.settings.studiosApiUrl}/endorphina/api/link/accountId/9789/hash/${md5}`;
    expect(game).toMatchObject({ demo: true, demoUrl: link });
    const url = new URL(
      await adapterWithDemo.launchUrl(launch({ providerGameId: id, demoUrl: game!.demoUrl })),
      'http://127.0.0.1:3000',
    );
    expect(s.sent.at(-1)?.url).toBe(
      `${link}/returnURL/${encodeURIComponent(encodeURIComponent('http://localhost:3000/lobby'))}`,
    );
    expect(url.searchParams.get('game')).toBe(id);
    expect(url.searchParams.get('exit')).toBe('http://localhost:3000/lobby');
    const res = await s.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/studios\/endorphina\/game\/\w+$/);
    // A game the demo host does not know: no demo to open.
    const unknown = `${s.settings.studiosApiUrl}/endorphina/api/link/accountId/9789/hash/${'0'.repeat(32)}`;
    expect(
      (await failure(adapterWithDemo.launchUrl(launch({ providerGameId: 'x', demoUrl: unknown }))))
        .failure,
    ).toBe('unavailable');
  });
});
