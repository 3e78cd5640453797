import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandIo } from '../../src/commands/command';
import { gamesSync } from '../../src/commands/games-sync';
import { runCommand } from '../../src/commands/run-command';

const runGamesSyncCommand = (io: CommandIo) => runCommand(gamesSync, [], io);
import { freePort } from '../helpers/games';
import { testSecrets } from '../helpers/test-app';
import { createTestDb, testDatabaseDriver, type TestDatabase } from '../helpers/test-database';

describe('npm run games:sync', () => {
  let dataDir: string;
  let testDb: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'casino-games-sync-'));
    testDb = testDatabaseDriver() === 'postgres' ? await createTestDb() : undefined;
    if (testDb) await testDb.db.close();
    env = {
      ...testSecrets,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://casino.test',
      ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
    };
  });

  afterEach(async () => {
    await testDb?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('syncs every simulated provider and says so', async () => {
    const out: string[] = [];
    const code = await runGamesSyncCommand({ env, out: (l) => out.push(l), err: () => undefined });
    expect(code).toBe(0);
    expect(out).toEqual([
      'endorphina: 113 games synced, 0 disabled',
      'pragmatic: 136 games synced, 0 disabled',
      'gbgames: 80 games synced, 0 disabled',
    ]);
  }, 60_000);

  it('runs without PUBLIC_URL: the simulated catalogs link same-origin paths (issue 25)', async () => {
    const { PUBLIC_URL: _unset, ...withoutUrl } = env;
    const out: string[] = [];
    const code = await runGamesSyncCommand({
      env: withoutUrl,
      out: (l) => out.push(l),
      err: () => undefined,
    });
    expect(code).toBe(0);
    expect(out).toHaveLength(3);
  }, 60_000);

  it('exits 1 and names the providers that failed', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const out: string[] = [];
    const code = await runGamesSyncCommand({
      env: {
        ...env,
        PROVIDERS: 'external',
        ENDORPHINA_URL: closed,
        ENDORPHINA_NODE_ID: 'n',
        ENDORPHINA_SALT: 's',
        PRAGMATIC_API_URL: closed,
        PRAGMATIC_SECURE_LOGIN: 'l',
        PRAGMATIC_SECRET_KEY: 'k',
        GBGAMES_URL: closed,
        GBGAMES_SECRET: 'g',
      },
      out: (l) => out.push(l),
      err: () => undefined,
    });
    expect(code).toBe(1);
    expect(out).toHaveLength(3);
    expect(out.every((line) => line.includes('FAILED, previous catalog kept'))).toBe(true);
  }, 60_000);

  it('explains a configuration problem instead of throwing', async () => {
    const err: string[] = [];
    const code = await runGamesSyncCommand({
      env: { ...env, PROVIDERS: 'external' },
      out: () => undefined,
      err: (l) => err.push(l),
    });
    expect(code).toBe(1);
    expect(err.join('\n')).toContain('ENDORPHINA_URL: required when PROVIDERS=external');
  });
});
