import { errorResponseSchema, readinessResponseSchema } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigrationState } from '../../src/features/health/migration-state';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { createTestDb } from '../helpers/test-database';

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers live, and ready with every check passing', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'alive' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(readinessResponseSchema.parse(ready.json())).toEqual({
      status: 'ready',
      checks: { database: 'up', migrations: 'applied', redis: 'unused', shutdown: 'running' },
    });
    // The existing check keeps its answer.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
  });

  it('once shutdown begins: ready 503 at once, live 200, anything else 503 in the error shape', async () => {
    t.app.lifecycle.beginShutdown();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'unready',
      checks: { shutdown: 'shutting-down' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: '/api/games' });
    expect(other.statusCode).toBe(503);
    expect(other.headers.connection).toBe('close');
    expect(errorResponseSchema.parse(other.json()).error.code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('readiness: migrations', () => {
  it('says pending while the newest migration of this build is not applied', async () => {
    const { db, destroy } = await createTestDb();
    try {
      expect(await createMigrationState(db).check()).toBe('applied');
      await db.execute(sql`
        delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      expect(await createMigrationState(db).check()).toBe('pending');
    } finally {
      await destroy();
    }
  });
});
