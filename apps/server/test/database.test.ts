import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database';
import { appMeta } from '../src/db/schema';
import { createAppMetaRepository } from '../src/features/instance/app-meta-repository';
import { ensureInstanceIdentity } from '../src/features/instance/instance-service';
import { fixedClock } from '../src/lib/clock';
import { createTestDb, testDatabaseDriver, type TestDatabase } from './helpers/test-database';

describe('test database helper', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDb(), createTestDb()]);
  });
  afterAll(async () => {
    await Promise.all([first.destroy(), second.destroy()]);
  });

  it('opens the driver the suite runs on (TEST_DATABASE_URL picks PostgreSQL)', () => {
    expect(first.db.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(first.db.driver).toBe(testDatabaseDriver());
  });

  it('gives a migrated database', async () => {
    const migrations = await first.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(migrations.rows[0]?.count).toBeGreaterThanOrEqual(1);
    await expect(first.db.select().from(appMeta)).resolves.toEqual([]);
  });

  it('gives each caller its own copy', async () => {
    await first.db.insert(appMeta).values({ key: 'only-in-first', value: '1' });
    const inSecond = await second.db.select().from(appMeta);
    expect(inSecond).toEqual([]);
  });

  it('runs transactions and rolls them back on error', async () => {
    await expect(
      second.db.transaction(async (tx) => {
        await tx.insert(appMeta).values({ key: 'rolled-back', value: '1' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await second.db.select().from(appMeta)).toEqual([]);
  });

  it('pings while open and fails after close', async () => {
    const extra = await createTestDb();
    await expect(extra.db.ping()).resolves.toBeUndefined();
    await extra.db.close();
    await extra.db.close(); // twice is harmless
    await expect(extra.db.ping()).rejects.toThrow();
    await extra.destroy();
  });

  it('applies migrations again without harm', async () => {
    await expect(first.db.migrate()).resolves.toBeUndefined();
  });
});

describe('instance identity', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.destroy();
  });

  it('is created once and read back unchanged', async () => {
    const repository = createAppMetaRepository(t.db);
    const clock = fixedClock(new Date('2025-03-01T10:00:00Z'));
    const first = await ensureInstanceIdentity(repository, clock);
    clock.advance(86_400_000);
    const again = await ensureInstanceIdentity(repository, clock);
    expect(again).toEqual(first);
    expect(first.installedAt.toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(first.instanceId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe.runIf(testDatabaseDriver() === 'pglite')('embedded PGlite on disk', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'casino-pglite-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates DATA_DIR/pglite and keeps data across restarts', async () => {
    const nested = join(dataDir, 'not', 'yet', 'there');
    const db = await openDatabase({ dataDir: nested, databaseUrl: undefined });
    expect(db.driver).toBe('pglite');
    await db.migrate();
    const { instanceId } = await ensureInstanceIdentity(
      createAppMetaRepository(db),
      fixedClock(new Date()),
    );
    await db.close();

    const reopened = await openDatabase({ dataDir: nested, databaseUrl: undefined });
    try {
      await reopened.migrate();
      expect(await createAppMetaRepository(reopened).get('instance_id')).toBe(instanceId);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
