import { randomBytes } from 'node:crypto';
import type { GamePage } from '@casino/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseConnection } from '../../src/db/database';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import { endorphinaWalletPrefix } from '../../src/features/providers/endorphina/wallet-routes';
import { systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { createTestPlayer } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { createMemoryMailer } from '../helpers/memory-mailer';
import { testSecrets } from '../helpers/test-app';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';

const apps: FastifyInstance[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** One database under two instances; the apps' close must not close it. */
async function sharedDatabase(): Promise<DatabaseConnection> {
  const { db, destroy } = await createTestDb();
  cleanups.push(destroy);
  return new Proxy(db, {
    get: (target, key) =>
      key === 'close' ? () => Promise.resolve() : (Reflect.get(target, key) as unknown),
  });
}

async function instance(db: DatabaseConnection): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: `/tmp/casino-switches-${randomBytes(4).toString('hex')}`,
    ...testSecrets,
  });
  const app = await buildApp({
    config,
    db,
    mailer: createMemoryMailer(),
    clock: systemClock,
    logger: createLogger(config),
  });
  apps.push(app);
  await app.ready();
  return app;
}

/**
 * Issue 30: a game switched off on one instance leaves the lobby, search and launch of the
 * other (its cached pages cleared by the catalog_changed notice, decision 086), and a round
 * opened on the other before the switch still settles there.
 */
describe(`a game switched off, seen from a second instance (${testDatabaseDriver()})`, () => {
  it('leaves its lobby, search and launch, and its open round still settles', async () => {
    const db = await sharedDatabase();
    const first = await instance(db);
    const second = await instance(db);
    await first.gameCatalog.sync.syncAll();
    const player = await createTestPlayer(db, systemClock, 25_005n);

    const lobby = async (query: string) => {
      const res = await second.inject({ method: 'GET', url: `/api/total/games?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<GamePage>().data.map((g) => g.id);
    };
    const listed = (
      await second.inject({
        method: 'GET',
        url: '/api/total/games?provider=endorphina&limit=1',
      })
    ).json<GamePage>();
    const game = listed.data[0]!;
    const search = `search=${encodeURIComponent(game.name)}&limit=100`;
    // The second instance has both pages in its cache before the switch.
    expect(await lobby('provider=endorphina&limit=100')).toContain(game.id);
    expect(await lobby(search)).toContain(game.id);

    // A bet on the second instance opens a round of the game.
    const token = await recordTestLaunch(db, systemClock, {
      provider: 'endorphina',
      gameId: game.id,
      userId: player.id,
    });
    const salt = second.gameCatalog.settings.endorphina.salt;
    const call = async (name: string, params: Record<string, string>) => {
      const res = await second.inject({
        method: 'POST',
        url: `${endorphinaWalletPrefix}/${name}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...params, sign: endorphinaSign(params, salt) }).toString(),
      });
      return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
    };
    const round = {
      token,
      currency: 'USD',
      game: game.gameId,
      player: player.id,
      gameId: String(1_000_000_000 + Math.floor(Math.random() * 1e6)),
      date: String(Date.now()),
    };
    const bet = await call('bet', {
      ...round,
      amount: '1000',
      id: `b${randomBytes(6).toString('hex')}`,
    });
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);

    // The first instance switches the game off.
    await first.gameCatalog.controls.switchGame(game.id, true);

    await expect
      .poll(() => lobby('provider=endorphina&limit=100'), { timeout: 5_000, interval: 50 })
      .not.toContain(game.id);
    expect(await lobby(search)).not.toContain(game.id);
    const launch = await second.inject({
      method: 'GET',
      url: `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(game.gameId)}`,
      headers: player.authorization,
    });
    expect(launch.statusCode, launch.body).toBe(404);

    // The open round's win is still accepted and paid.
    const before = (await second.wallet.getBalance(player.id)).balance;
    const win = await call('win', {
      ...round,
      amount: '2500',
      betTransactionId: bet.body['transactionId'] as string,
    });
    expect(win.status, JSON.stringify(win.body)).toBe(200);
    const after = (await second.wallet.getBalance(player.id)).balance;
    expect(Number(after)).toBeGreaterThan(Number(before));
  });
});
