import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { DatabaseConnection } from '../../src/db/database';
import { openPglite } from '../../src/db/pglite-connection';
import { openPostgres } from '../../src/db/postgres-connection';
import { systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { createMemoryMailer } from '../helpers/memory-mailer';
import { createPlayer } from '../helpers/players';
import { testSecrets, type TestApp } from '../helpers/test-app';
import { createTestDb, testDatabaseDriver, type TestDatabase } from '../helpers/test-database';
import { identityOf, jpegDocument, operator, operatorToken, upload } from './identity-helpers';

/**
 * A document outlives the process that received it (issue 25's file store on the embedded
 * database, the chunks on PostgreSQL): the same data folder and database, a new server.
 */
let dataDir: string;
let config: Config;
let database: TestDatabase;
const mailer = createMemoryMailer();
const apps: TestApp[] = [];

async function serverOn(db: DatabaseConnection): Promise<TestApp> {
  const app = await buildApp({
    config,
    db,
    clock: systemClock,
    mailer,
    logger: createLogger(config),
  });
  const t: TestApp = { app, db, config, outbox: mailer.outbox, close: () => app.close() };
  apps.push(t);
  return t;
}

/** Stops `t` and opens its database again, as a restarted server would. */
async function restarted(t: TestApp): Promise<TestApp> {
  apps.splice(apps.indexOf(t), 1);
  if (testDatabaseDriver() === 'postgres') {
    await t.close();
    return serverOn(openPostgres({ url: database.url ?? '', max: 5 }));
  }
  // The test's PGlite lives in memory: its files are carried over as a dump.
  const dump = await (t.db as unknown as { $client: PGlite }).$client.dumpDataDir();
  await t.close();
  return serverOn(await openPglite({ loadDataDir: dump }));
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'casino-test-data-'));
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    ...testSecrets,
    REGISTRATIONS_PER_IP_HOUR: '100000',
    OPERATOR_API_TOKEN: operatorToken,
  });
  database = await createTestDb();
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await database.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

function download(t: TestApp, userId: string, kind: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/operator/identity/checks/${userId}/documents/${kind}`,
    headers: operator,
  });
}

describe('identity documents across a restart', () => {
  it('are listed and served, byte for byte, by the next server', async () => {
    const first = await serverOn(database.db);
    const player = await createPlayer(first);
    const sent = await upload(first, player, 'identity', await jpegDocument(), {
      filename: 'passport.jpg',
      type: 'image/jpeg',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const stored = (await download(first, player.id, 'identity')).rawPayload;
    expect(stored.length).toBeGreaterThan(0);
    if (testDatabaseDriver() === 'pglite') {
      // On the embedded database, in the data folder: one finished file, nothing partial.
      const files = await readdir(join(dataDir, 'identity-documents', player.id));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^[0-9a-f-]{36}$/);
    }

    const second = await restarted(first);
    expect((await identityOf(second, player)).documents).toMatchObject([
      { kind: 'identity', content_type: 'image/jpeg', size: stored.length },
    ]);
    const served = await download(second, player.id, 'identity');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored)).toBe(true);
  });
});
