import { stat, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GamePage, LaunchResponse } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/start-server';
import { systemClock } from '../../src/lib/clock';
import { createTestPlayer, freePort, type TestPlayer } from '../helpers/games';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';

/**
 * The whole loop over real HTTP, as in production with PROVIDERS=simulated: our launch
 * endpoint → the browser opens the provider's link → the studio calls our wallet callbacks
 * on 127.0.0.1:PORT with its own signatures → the game page shows our wallet's balance.
 */
describe('launch to game page, through the studios calling our wallet', () => {
  let t: TestApp;
  let base: string;
  let player: TestPlayer;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      env: { HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base },
    });
    await t.app.gameCatalog.scheduler.start();
    await t.app.listen({ port, host: '127.0.0.1' });
    player = await createTestPlayer(t.db, systemClock, 42_500n);
  });

  afterAll(async () => {
    await t.close();
  });

  const firstGame = async (provider: string) => {
    const res = await fetch(`${base}/api/total/games?provider=${provider}&limit=1`);
    return ((await res.json()) as GamePage).data[0]!;
  };

  const launch = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: player.authorization });
    expect(res.status).toBe(200);
    const body = (await res.json()) as LaunchResponse;
    expect(body.mode).toBe('real');
    return body.url;
  };

  /** Opens a link the way a browser would, up to the game page, and reads its state. */
  const balanceShownBy = async (link: string): Promise<number> => {
    let page = link;
    const opened = await fetch(link, { redirect: 'manual' });
    if (opened.status === 302) page = opened.headers.get('location')!;
    else expect(opened.status).toBe(200);
    expect(page).toMatch(/\/studios\/\w+\/game\/\w+$/);
    const state = await fetch(`${page}/state`);
    expect(state.status).toBe(200);
    return ((await state.json()) as { balance: number }).balance;
  };

  it('Endorphina: the signed link, then session and balance callbacks', async () => {
    const game = await firstGame('endorphina');
    const url = await launch(
      `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(game.gameId)}`,
    );
    expect(await balanceShownBy(url)).toBe(42_500);
  });

  it('Pragmatic: game/url/ with our token, then authenticate and balance', async () => {
    const game = await firstGame('pragmatic');
    expect(await balanceShownBy(await launch(`/api/pragmatic/user-auth/en/${game.gameId}`))).toBe(
      42_500,
    );
  });

  it('GB Games: the signed launch, then the balance message', async () => {
    const game = await firstGame('gbgames');
    expect(
      await balanceShownBy(await launch(`/api/provider2-game/launch?gameId=${game.gameId}`)),
    ).toBe(42_500);
  });
});

describe('startServer with simulated providers', () => {
  it('syncs the catalog before it listens, and keeps the generated secrets in DATA_DIR', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'casino-games-'));
    const testDb = testDatabaseDriver() === 'postgres' ? await createTestDb() : undefined;
    if (testDb) await testDb.db.close();
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      CATALOG_SYNC_INTERVAL_MINUTES: '0',
      ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
    };
    try {
      const first = await startServer(env);
      let secrets: string;
      try {
        // The very first request already sees every provider's games.
        const res = await fetch(`${first.address}/api/total/games`);
        expect(((await res.json()) as GamePage).total).toBe(329);
        const file = join(dataDir, 'providers.json');
        expect((await stat(file)).mode & 0o777).toBe(0o600);
        secrets = await readFile(file, 'utf8');
        expect(Object.keys(JSON.parse(secrets) as object)).toEqual([
          'endorphinaNodeId',
          'endorphinaSalt',
          'pragmaticSecureLogin',
          'pragmaticSecretKey',
          'gbgamesSecret',
        ]);
        expect(first.app.gameCatalog.settings.endorphina.salt).toBe(
          (JSON.parse(secrets) as { endorphinaSalt: string }).endorphinaSalt,
        );
      } finally {
        await first.app.close();
      }
      // A restart reuses them: the studios' back office and our adapters still agree.
      const second = await startServer(env);
      try {
        expect(await readFile(join(dataDir, 'providers.json'), 'utf8')).toBe(secrets);
        const reports = await second.app.gameCatalog.sync.syncAll();
        expect(reports.every((r) => r.ok)).toBe(true);
      } finally {
        await second.app.close();
      }
    } finally {
      await testDb?.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
