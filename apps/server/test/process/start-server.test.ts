import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../../src/start-server';
import { spawnServer } from '../helpers/spawn-server';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';

// src/server.ts as the tier's production bundle runs it (test/process-setup.ts): through tsx
// every start would compile the app's ~300 modules again.
const entry = [inject('serverBundle')];

describe('server entry point', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'casino-start-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops with code 1 and a message naming a bad variable, without a stack trace', async () => {
    const server = spawnServer(entry, { PORT: 'eighty', DATA_DIR: dataDir });
    const { code, stderr } = await server.exited;
    expect(code).toBe(1);
    expect(stderr).toContain('PORT: must be a whole number (got "eighty")');
    expect(stderr).not.toMatch(/^\s+at /m);
    // The image the entry began writing for the new folder (decision 096) is not left behind.
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('stops with code 1 in production when the web app is not built', async () => {
    const server = spawnServer(entry, {
      NODE_ENV: 'production',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      DATA_DIR: dataDir,
    });
    const { code, stderr } = await server.exited;
    expect(code).toBe(1);
    expect(stderr).toContain('npm run build');
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('starts on PGlite under DATA_DIR and exits cleanly on SIGTERM', async () => {
    const server = spawnServer(entry, { NODE_ENV: 'test', DATA_DIR: join(dataDir, 'run') });
    const url = await server.listening;
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { driver: 'pglite' } });

    server.stop('SIGTERM');
    const { code, stdout } = await server.exited;
    expect(code).toBe(0);
    expect(stdout).toContain('"signal":"SIGTERM"');
  }, 60_000);
});

describe('startServer', () => {
  it('migrates, records the instance and listens, on the driver the suite runs on', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'casino-start-'));
    // On PostgreSQL, a fresh copy of the template stands in for the operator's database.
    const testDb = testDatabaseDriver() === 'postgres' ? await createTestDb() : undefined;
    if (testDb) await testDb.db.close();
    const { app, address } = await startServer({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
    });
    try {
      const res = await fetch(`${address}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ database: { driver: testDatabaseDriver() } });
    } finally {
      await app.close();
      await testDb?.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
