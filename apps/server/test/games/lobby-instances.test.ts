import { randomBytes } from 'node:crypto';
import type { GamePage } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseConnection } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { createTestPlayer } from '../helpers/games';
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
    DATA_DIR: `/tmp/casino-lobby-${randomBytes(4).toString('hex')}`,
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
 * Issue 30, decision 089: a country restriction, a pin and the home sections' order set on
 * one instance reach the other, whose cached pages and settings the catalog_changed notice
 * clears, without a restart.
 */
describe(`lobby settings seen from a second instance (${testDatabaseDriver()})`, () => {
  // Two apps on one database: on PGlite on a busy machine, more than the default 20 s.
  it(
    'drops a blocked game, shows a pin first and the new section order',
    { timeout: 60_000 },
    async () => {
      const db = await sharedDatabase();
      const first = await instance(db);
      const second = await instance(db);
      await first.gameCatalog.sync.syncAll();
      const player = await createTestPlayer(db, systemClock);
      await db.execute(sql`update users set country = 'RU' where id = ${player.id}`);

      const list = async (query: string, headers = {}) => {
        const res = await second.inject({
          method: 'GET',
          url: `/api/total/games?${query}`,
          headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<GamePage>().data.map((g) => g.id);
      };
      const layout = async () =>
        (await second.inject({ method: 'GET', url: '/api/games/lobby' })).json<{
          sections: string[];
        }>().sections;
      const top = await list('sort=top&limit=14');
      const endo = await list('provider=endorphina&limit=100', player.authorization);
      const blocked = endo[0]!;
      const pinned = endo[endo.length - 1]!;
      // The second instance has them all cached before the changes.
      expect(top[0]).not.toBe(pinned);
      expect(await layout()).toEqual(['banners', 'top', 'recent']);

      await first.gameCatalog.lobby.setGame(blocked, { mark: null, countries: ['RU'] });
      await first.gameCatalog.lobby.setPins('top', [pinned]);
      await first.gameCatalog.lobby.setSections(['recent', 'top', 'banners']);

      await expect
        .poll(() => list('provider=endorphina&limit=100', player.authorization), {
          timeout: 5_000,
          interval: 50,
        })
        .not.toContain(blocked);
      await expect
        .poll(async () => (await list('sort=top&limit=14'))[0], { timeout: 5_000, interval: 50 })
        .toBe(pinned);
      await expect
        .poll(() => layout(), { timeout: 5_000, interval: 50 })
        .toEqual(['recent', 'top', 'banners']);
      // A guest, whose country is not known, still sees the blocked game.
      expect(await list('provider=endorphina&limit=100')).toContain(blocked);
    },
  );
});
