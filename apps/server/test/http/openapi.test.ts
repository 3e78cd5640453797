import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

interface OpenApiDocument {
  openapi: string;
  info: { version: string };
  paths: Record<
    string,
    Record<string, { responses: Record<string, unknown>; security?: unknown[] }>
  >;
  components?: { securitySchemes?: Record<string, unknown> };
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

  it('lists the account routes, the signed-in ones with bearer security', async () => {
    const doc = (
      await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json<OpenApiDocument>();
    expect(doc.components?.securitySchemes).toHaveProperty('bearerAuth');
    const routes: [string, string, boolean][] = [
      ['/api/auth/register', 'post', false],
      ['/api/auth/verify', 'post', false],
      ['/api/auth/login', 'post', false],
      ['/api/auth/refresh', 'post', false],
      ['/api/auth/logout', 'delete', true],
      ['/api/user/me', 'get', true],
      ['/api/user/check/username', 'post', false],
      ['/api/user/check/email', 'post', false],
      ['/api/user/setting', 'patch', true],
      ['/api/user/verify-setting', 'post', true],
      ['/api/user/reset-password', 'patch', true],
      ['/api/user/change/avatar', 'post', true],
      ['/api/avatars/{name}', 'get', false],
    ];
    for (const [path, method, signedIn] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Boolean(operation?.security), `${method} ${path}`).toBe(signedIn);
    }
    // Response schemas are allow-lists: no hash or secret can be in them.
    expect(JSON.stringify(doc.paths['/api/user/me'])).not.toMatch(/password|hash/i);
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
