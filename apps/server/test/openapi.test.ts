import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app';

interface OpenApiDocument {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the health route with its response schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\.1/);
    const health = doc.paths['/api/health']?.get;
    expect(health).toBeDefined();
    expect(Object.keys(health?.responses ?? {})).toEqual(['200', '503']);
    expect(JSON.stringify(health?.responses['200'])).toContain('uptimeSeconds');
  });

  it('does not list its own documentation routes', async () => {
    const doc = (
      await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json<OpenApiDocument>();
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
  });

  it('serves the browsable documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger');
  });
});
