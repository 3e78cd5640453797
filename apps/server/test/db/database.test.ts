import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../../src/db/migrations-folder';
import { openDatabase } from '../../src/db/open-database';
import { openPostgres } from '../../src/db/postgres-connection';
import { appMeta } from '../../src/db/schema';
import { createAppMetaRepository } from '../../src/features/instance/app-meta-repository';
import { ensureInstanceIdentity } from '../../src/features/instance/instance-service';
import { fixedClock } from '../../src/lib/clock';
import { withAdmin } from '../helpers/postgres-admin';
import { createTestDb, testDatabaseDriver, type TestDatabase } from '../helpers/test-database';
import { withDatabaseName } from '../helpers/test-database-template';

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

  it('returns numeric and bigint values as exact strings on both drivers', async () => {
    const { rows } = await first.db.execute<{ amount: unknown; count: unknown }>(
      sql`select 12345678901234567.89::numeric as amount, 9007199254740993::int8 as count`,
    );
    expect(rows[0]).toEqual({ amount: '12345678901234567.89', count: '9007199254740993' });
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

describe.runIf(testDatabaseDriver() === 'postgres')('migrations on PostgreSQL', () => {
  it('lets instances starting together on an empty database migrate one at a time', async () => {
    const template = inject('testDatabaseTemplate');
    if (template.driver !== 'postgres') return;
    const name = `${template.databasePrefix}empty_${randomBytes(4).toString('hex')}`;
    await withAdmin(template.adminUrl, (admin) => admin.query(`create database ${name}`));
    const instances = [1, 2, 3].map(() =>
      openPostgres({ url: withDatabaseName(template.adminUrl, name), max: 2 }),
    );
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const { rows } = await instances[0]!.execute<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(rows[0]?.count).toBe(migrationCount());
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await withAdmin(template.adminUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    }
  });
});

function migrationCount(): number {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}
