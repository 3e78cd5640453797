import { healthResponseSchema } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { testDatabaseDriver } from '../helpers/test-database';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports ok with the database up, on the driver the suite runs on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = healthResponseSchema.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ status: 'up', driver: testDatabaseDriver() });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('reports degraded with 503 once the database is closed', async () => {
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    const body = healthResponseSchema.parse(res.json());
    expect(body.status).toBe('degraded');
    expect(body.database).toEqual({ status: 'down', driver: testDatabaseDriver() });
  });
});
